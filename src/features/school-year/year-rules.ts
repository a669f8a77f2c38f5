/** The wizard's pure parts: its defaults, the body it sends, and the Dutch summary line. */
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

/** The school year that starts after `today`: from July on, next year's ('2027-2028' in November 2026). */
export function nextYearStart(today: Date): number {
  return today.getMonth() >= 6 ? today.getFullYear() + 1 : today.getFullYear();
}

export const yearName = (start: number) => `${start}-${start + 1}`;

/** The first Monday of September: the usual first school day (regions differ; the administrator can change it). */
export function firstMondayOfSeptember(year: number): Date {
  const d = new Date(year, 8, 1);
  d.setDate(1 + ((8 - d.getDay()) % 7));
  return d;
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
