/**
 * Dutch dates (spec part 1 §9: 'd MMM yyyy HH:mm' in Dutch) through dayjs and its nl locale, the
 * design card's date library. Not Intl.DateTimeFormat: its Dutch short months carry a dot ('mrt.')
 * and differ between browsers' ICU versions. dayjs reads the server's 'YYYY-MM-DD HH:mm:ss' as
 * local time in every engine.
 */
import dayjs from 'dayjs';
import 'dayjs/locale/nl';

export type DateInput = Date | string | number;

/** The date as dayjs reads it in Dutch, or null when it is missing or unreadable. */
function read(d: DateInput | null | undefined): dayjs.Dayjs | null {
  if (d === null || d === undefined || d === '') return null;
  const day = dayjs(d).locale('nl');
  return day.isValid() ? day : null;
}

/** '5 mrt 2026 14:07'; an empty string for a missing or unreadable date, so tables never show 'Invalid Date'. */
export function formatDateTime(d: DateInput | null | undefined): string {
  return read(d)?.format('D MMM YYYY HH:mm') ?? '';
}

/** '5 maart 2026'. */
export function formatDate(d: DateInput | null | undefined): string {
  return read(d)?.format('D MMMM YYYY') ?? '';
}

/** '07:42' today, else '5 mrt 2026 07:42': how fresh something stored is. */
export function formatRecent(d: DateInput): string {
  const day = read(d);
  if (!day) return '';
  return day.isSame(dayjs(), 'day') ? day.format('HH:mm') : formatDateTime(day.toDate());
}

/** '5 mrt 2026' (issue 31: 'Wordt verwijderd op d MMM yyyy'). */
export function formatDay(d: DateInput | null | undefined): string {
  return read(d)?.format('D MMM YYYY') ?? '';
}

/** '2026-09-07': a calendar day in local time, as a date field and the server take it. */
export const isoDay = (d: Date): string => dayjs(d).format('YYYY-MM-DD');

/** 'ma 9 mrt': a day in a chart or its table, where the year is the caption's. */
export function formatShortDay(d: DateInput | null | undefined): string {
  return read(d)?.format('dd D MMM') ?? '';
}
