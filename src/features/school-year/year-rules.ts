/** The wizard's pure parts: the name check, the body it sends, and the Dutch summary line. */
import type { ClassAction, StudentAction, YearCounts } from '../../api/school-year/types';
import { plural } from '../../lib/plural';

export interface ClassEdit {
  action?: ClassAction;
  nextName?: string;
  nextLevel?: string;
}
export interface StudentEdit {
  action?: StudentAction;
  nextLevel?: string;
  nextClass?: string | null;
}

/**
 * Step 1's check of the year's name, before the server is asked: the same form the server demands
 * (two consecutive years), said under the field.
 */
export function nameProblem(name: string): string | null {
  const m = /^(\d{4})-(\d{4})$/.exec(name.trim());
  if (!name.trim()) return 'Vul de naam van het schooljaar in, bijvoorbeeld 2027-2028.';
  if (!m || Number(m[2]) !== Number(m[1]) + 1) return 'Schrijf het schooljaar als twee opeenvolgende jaren, bijvoorbeeld 2027-2028.';
  return null;
}

export function planBody(
  name: string,
  startsOn: string | null,
  classes: ReadonlyMap<number, ClassEdit>,
  students: ReadonlyMap<number, StudentEdit>,
) {
  return {
    name: name.trim(),
    startsOn: startsOn ?? '',
    classes: [...classes].map(([id, e]) => ({ id, ...e })),
    students: [...students].map(([id, e]) => ({ id, ...e })),
  };
}

/** '12 klassen → 9 klassen, 298 leerlingen: 246 door, 1 blijft zitten, 51 van school' (issue 31). */
export function summaryLine(c: YearCounts): string {
  const k = (n: number) => plural(n, 'klas', 'klassen');
  return `${k(c.classesBefore)} → ${k(c.classesAfter)}, ${plural(c.students, 'leerling', 'leerlingen')}: ${c.door} door, ${c.zitten} ${c.zitten === 1 ? 'blijft' : 'blijven'} zitten, ${c.weg} van school`;
}

export const ACTION_LABELS: Record<StudentAction, string> = { door: 'Gaat door', zitten: 'Blijft zitten', weg: 'Gaat van school' };

export const ONLINE_ONLY = 'Het nieuwe schooljaar kan alleen met internet worden ingesteld.';
