/**
 * Dutch dates in the server's messages and answers (spec part 1 §9: 'd MMM yyyy HH:mm' in Dutch),
 * through dayjs and its nl locale like the page (src/lib/dates.ts), so both write a date alike.
 * Times in Dutch time whatever the server's own zone (a container runs in UTC).
 */
import dayjs from 'dayjs';
import 'dayjs/locale/nl';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

const ZONE = 'Europe/Amsterdam';

/** '5 mrt 2024 14:07' in Dutch time. */
export const dutchDateTime = (d: Date): string => dayjs(d).tz(ZONE).locale('nl').format('D MMM YYYY HH:mm');

/** '5 maart 2026' for a calendar day 'YYYY-MM-DD' (no zone: a day is the same everywhere). */
export const dutchDay = (iso: string): string => dayjs(iso).locale('nl').format('D MMMM YYYY');

/** Today in the Netherlands as a calendar day 'YYYY-MM-DD' (after 23:00 UTC in winter it is already tomorrow there). */
export const dutchToday = (d: Date): string => dayjs(d).tz(ZONE).format('YYYY-MM-DD');
