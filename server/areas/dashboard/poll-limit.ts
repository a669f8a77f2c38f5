/**
 * Issue 29.7: a per-user limit on the 5 s poll, sized to real use: one poll per 5 s per open screen,
 * with room for five screens (a tablet, a laptop, the board, two tabs) and a burst for page loads.
 * In memory, not in rate_limits: the poll's point is to cost no write, and one process serving a
 * flood is what it protects. Several processes each allow this much. Real time, not the app's
 * clock: tests that hold their clock still still poll as often as they like within the burst.
 */
import { TooManyRequests } from '../../http-error';

const SCREENS = 5;
const POLL_SECS = 5;
export const BURST = 30;
export const RATE = SCREENS / POLL_SECS; // polls a second

const buckets = new Map<number, { tokens: number; at: number }>();

const POLL_TOO_OFTEN = 'Er wordt te vaak naar nieuwe activiteiten gevraagd. Wacht een paar seconden.';

/** Takes one poll from the user's bucket, or refuses with 429 and how long to wait. */
export function takePoll(userId: number, t: number = Date.now()): void {
  const b = buckets.get(userId) ?? { tokens: BURST, at: t };
  b.tokens = Math.min(BURST, b.tokens + ((t - b.at) / 1000) * RATE);
  b.at = t;
  if (b.tokens < 1) {
    buckets.set(userId, b);
    throw new TooManyRequests(POLL_TOO_OFTEN, Math.ceil((1 - b.tokens) / RATE));
  }
  b.tokens -= 1;
  buckets.set(userId, b);
  // Full buckets say nothing: forget them now and then so the map stays the size of the active users.
  if (buckets.size > 20_000) for (const [k, v] of buckets) if (v.tokens + ((t - v.at) / 1000) * RATE >= BURST) buckets.delete(k);
}
