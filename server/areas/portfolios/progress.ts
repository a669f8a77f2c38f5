/**
 * 'Voortgang' of a class (issue 32): the period check and the answer's shape. The counting is done
 * in SQL (classProgressRows); here only the rows are put in the order the page shows them.
 */
import { PROGRESS_STATES, type ClassProgress, type ProgressState } from '../../../src/api/portfolios/types';
import type { Queryable } from '../../db/database';
import { badRequest, notFound } from '../../http-error';
import { activityPerDay, classProgressRows, type Period } from './queries';

const CLASS_NOT_FOUND = 'Deze klas is niet gevonden.';
const PERIOD_REVERSED = 'De periode klopt niet: de begindatum ligt na de einddatum.';
const NO_SUCH_DAY = (day: string) => `De datum ${day} bestaat niet. Kies een datum in de kalender.`;
/** Dates before the method existed or far ahead are typing errors, not a period. */
const OUT_OF_RANGE = 'Kies een periode tussen 2000 en 2100.';

/** A 'YYYY-MM-DD' that names a real day (the schema has checked the pattern). */
function checkDay(day: string | undefined): string | null {
  if (day === undefined) return null;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) throw badRequest(NO_SUCH_DAY(day));
  if (y < 2000 || y > 2100) throw badRequest(OUT_OF_RANGE);
  return day;
}

export function checkPeriod(query: { from?: string; to?: string }): Period {
  const from = checkDay(query.from);
  const to = checkDay(query.to);
  // ISO days compare as text.
  if (from && to && from > to) throw badRequest(PERIOD_REVERSED);
  return { from, to };
}

const zeroCounts = (): Record<ProgressState, number> =>
  Object.fromEntries(PROGRESS_STATES.map((s) => [s, 0])) as Record<ProgressState, number>;

const collator = new Intl.Collator('nl', { numeric: true, sensitivity: 'base' });

/** Today as a Dutch calendar day, 'YYYY-MM-DD' (en-CA writes that order). */
const dutchDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' });

export async function classProgress(
  db: Queryable,
  organisationId: number,
  classroomId: number,
  query: { from?: string; to?: string },
  now: Date,
): Promise<ClassProgress> {
  const period = checkPeriod(query);
  // Side by side on PostgreSQL's pool (PGlite takes them in turn); both are scoped to the school, so the
  // days' counts of a class that is not found are never shown.
  const [row, perDay] = await Promise.all([
    classProgressRows(db, organisationId, classroomId, period),
    activityPerDay(db, organisationId, classroomId, period.to ?? dutchDay.format(now)),
  ]);
  if (!row) throw notFound(CLASS_NOT_FOUND);
  const lessons = row.lessons.map((l) => ({
    id: l.id,
    title: l.title,
    chapterId: l.chapterId,
    counts: zeroCounts(),
    grades: { G: 0, V: 0, O: 0 },
  }));
  const byId = new Map(lessons.map((l) => [l.id, l]));
  for (const c of row.counts) {
    const lesson = byId.get(c.lessonId);
    if (lesson) lesson.counts[c.state] = c.n;
  }
  for (const g of row.grades) {
    const lesson = byId.get(g.lessonId);
    if (lesson) lesson.grades[g.grade] = g.n;
  }
  const chapters = new Map<number, string>();
  for (const l of row.lessons) chapters.set(l.chapterId, l.chapterName);
  return {
    classroomId,
    classroomName: row.room_name ?? '',
    chapters: [...chapters].map(([id, name]) => ({ id, name })),
    lessons,
    students: [...row.students].sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id),
    from: period.from,
    to: period.to,
    activityPerDay: perDay,
  };
}
