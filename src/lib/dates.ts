/** Dutch date formatting (spec part 1 §9: dates shown as 'd MMM yyyy HH:mm' in Dutch). */
import dayjs from 'dayjs';
import 'dayjs/locale/nl';

export type DateInput = Date | string | number;

/** '5 mrt 2026 14:07'; an empty string for a missing or unreadable date, so tables never show 'Invalid Date'. */
export function formatDateTime(d: DateInput | null | undefined): string {
  if (d === null || d === undefined || d === '') return '';
  const day = dayjs(d);
  return day.isValid() ? day.locale('nl').format('D MMM YYYY HH:mm') : '';
}

/** '5 maart 2026'. */
export function formatDate(d: DateInput | null | undefined): string {
  if (d === null || d === undefined || d === '') return '';
  const day = dayjs(d);
  return day.isValid() ? day.locale('nl').format('D MMMM YYYY') : '';
}

/** '07:42' today, else '5 mrt 2026 07:42': how fresh something stored is. */
export function formatRecent(d: DateInput): string {
  const day = dayjs(d);
  return day.isSame(dayjs(), 'day') ? day.format('HH:mm') : formatDateTime(d);
}
