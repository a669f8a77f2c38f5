/** Answer types of the teachers screen (spec part 2 §3). */

export interface Teacher {
  id: number;
  name: string;
  email: string;
  status: 'active' | 'inactive';
}
