/**
 * The school year's calendar: when a year is over, the earliest first school day a request may set,
 * and the year the wizard proposes. Days are Dutch calendar days 'YYYY-MM-DD', compared as text.
 */
import { dutchDay } from '../../dutch-dates';
import { badRequest } from '../../http-error';

/** 2027 for '2027-2028'; the plan has already checked the name's form. */
const firstYearOf = (name: string) => Number(/^\s*(\d{4})/.exec(name)?.[1]);

/** A Dutch school year runs from 1 August to 31 July (WVO): 2025-2026 is over after 31 July 2026. */
const lastDayOf = (first: number) => `${first + 1}-07-31`;

/** The first Monday of September: the usual first school day (regions differ; the administrator can change it). */
function firstMondayOfSeptember(year: number): string {
  const weekday = new Date(Date.UTC(year, 8, 1)).getUTCDay();
  return `${year}-09-${String(1 + ((8 - weekday) % 7)).padStart(2, '0')}`;
}

/**
 * A year that is over cannot be set: its classes would be archived under a year before it, and the
 * current year set after it would move every student up twice.
 */
export function refuseYearOver(name: string, today: string): void {
  const first = firstYearOf(name);
  if (lastDayOf(first) >= today) return;
  throw badRequest(
    `Schooljaar ${name.trim()} is al voorbij: het liep tot en met ${dutchDay(lastDayOf(first))}. Kies het schooljaar dat nu loopt of het volgende.`,
    { name: `Schooljaar ${name.trim()} is al voorbij.` },
  );
}

/** 1 July of the earliest year that is not over: the lower bound of the date picker. */
export function earliestStart(today: string): string {
  const year = Number(today.slice(0, 4));
  return `${today > lastDayOf(year - 1) ? year : year - 1}-07-01`;
}

/**
 * The year the wizard starts with: up to its first Monday of September the one that starts then, after
 * it the next; never a year already set (the last one set plus one).
 */
export function proposedYear(today: string, lastName: string | null): { name: string; startsOn: string } {
  const year = Number(today.slice(0, 4));
  const first = Math.max(today <= firstMondayOfSeptember(year) ? year : year + 1, lastName ? firstYearOf(lastName) + 1 : 0);
  return { name: `${first}-${first + 1}`, startsOn: firstMondayOfSeptember(first) };
}
