/**
 * When a queued row may leave, and which refusals settle it. Kept apart from the replay loop so the
 * page's timer and the worker judge a row the same way.
 */
import type { CheckStatus } from '../api/dashboard/types';
import type { OutboxEntry } from './schema';
import { ROW_MAX_WAIT_MS } from '../constants';

/**
 * Whether a row's retry time has come. The times are wall-clock times, and a tablet's clock jumps
 * (set two hours ahead, then corrected by a time server): a try that, by the clock now, lies in the
 * future, or a wait longer than any backoff, means the clock moved, and the row is due at once
 * rather than held for the size of the jump. A clock moved forward only makes a row due sooner.
 */
export function isDue(entry: Pick<OutboxEntry, 'nextAttemptAt' | 'attemptedAt'>, now: number): boolean {
  if (entry.nextAttemptAt <= now) return true;
  if (entry.attemptedAt !== undefined && entry.attemptedAt > now) return true;
  return entry.nextAttemptAt - now > ROW_MAX_WAIT_MS;
}

/**
 * A check request's state that no retry can change (server/areas/dashboard/handlers.ts answers a
 * decision on it with 409 and this `status`): the feed shows the request as it is, so the refused
 * decision is settled, not left under 'Niet verzonden'.
 */
export const SETTLED_STATUSES: readonly string[] = ['EXPIRED', 'APPROVED', 'APPROVED_EXPIRED', 'REJECTED', 'CANCELED'] satisfies Exclude<
  CheckStatus,
  'OPEN'
>[];
