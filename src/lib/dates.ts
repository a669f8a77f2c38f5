/**
 * Dutch date formatting (spec part 1 §9: dates shown as 'd MMM yyyy HH:mm' in Dutch).
 *
 * Written out instead of dayjs: the app only formats, and dayjs with its Dutch locale (3.7 KB gz) was in
 * the first load of every page with a date (issue 17, docs/decisions.md). Not Intl.DateTimeFormat: its
 * Dutch short months carry a dot ('mrt.') and differ between browsers' ICU versions. Dates are read as
 * dayjs read them, so the server's 'YYYY-MM-DD HH:mm:ss' stays local time in every engine.
 */
export type DateInput = Date | string | number;

// dayjs' nl locale.
const MONTHS = ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'];
const MONTHS_SHORT = ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'];

// dayjs' REGEX_PARSE: a date and optional time without a zone, read as local time.
const LOCAL = /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/;

/** The date dayjs(d) would read, or null when it is missing or unreadable. */
function read(d: DateInput | null | undefined): Date | null {
  if (d === null || d === undefined || d === '') return null;
  let date: Date;
  const local = typeof d === 'string' && !/Z$/i.test(d) ? LOCAL.exec(d) : null;
  if (local) {
    const n = (i: number) => Number(local[i] || 0);
    date = new Date(n(1), Number(local[2]) - 1 || 0, Number(local[3] || 1), n(4), n(5), n(6), Number((local[7] || '0').substring(0, 3)));
  } else {
    date = new Date(d);
  }
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number) => String(n).padStart(2, '0');
const time = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** '5 mrt 2026 14:07'; an empty string for a missing or unreadable date, so tables never show 'Invalid Date'. */
export function formatDateTime(d: DateInput | null | undefined): string {
  const day = read(d);
  return day ? `${day.getDate()} ${MONTHS_SHORT[day.getMonth()]} ${day.getFullYear()} ${time(day)}` : '';
}

/** '5 maart 2026'. */
export function formatDate(d: DateInput | null | undefined): string {
  const day = read(d);
  return day ? `${day.getDate()} ${MONTHS[day.getMonth()]} ${day.getFullYear()}` : '';
}

/** '07:42' today, else '5 mrt 2026 07:42': how fresh something stored is. */
export function formatRecent(d: DateInput): string {
  const day = read(d);
  if (!day) return '';
  return day.toDateString() === new Date().toDateString() ? time(day) : formatDateTime(day);
}
