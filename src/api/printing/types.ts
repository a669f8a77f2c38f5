/** Answer types of the print module (spec part 2 §3). */

export interface Level {
  key: string;
  value: string;
}
