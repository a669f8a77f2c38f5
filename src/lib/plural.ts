/** Dutch counts (spec part 1 §9): '1 leerling', '3 leerlingen', '0 klassen'. */
export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

export const students = (n: number): string => plural(n, 'leerling', 'leerlingen');
export const classes = (n: number): string => plural(n, 'klas', 'klassen');
