/**
 * The 24-hour rules of check requests (part 1 §4, §9), shared by the teacher's decision here, the
 * feed, and the student's request in the students' app. Expiry is derived from the clock on every
 * read (see docs/api-students-app.md): an OPEN request older than 24 h reads EXPIRED, an approval
 * older than 24 h reads APPROVED_EXPIRED.
 */
import type { CheckStatus } from '../../../src/api/dashboard/types';
import { CHECK_REQUEST_TTL_MS } from '../../constants';

export const EXPIRED_REASON = 'Deze aanvraag is verlopen: een aanvraag vervalt na 24 uur.';

export const CHECK_NOT_FOUND = 'Deze aanvraag is niet gevonden.';

/** The status a reader sees now: the stored decision with the 24-hour rules applied. */
export function effectiveStatus(status: CheckStatus, createdAt: Date | string, decidedAt: Date | string | null, now: Date): CheckStatus {
  const age = (d: Date | string) => now.getTime() - new Date(d).getTime();
  if (status === 'OPEN' && age(createdAt) > CHECK_REQUEST_TTL_MS) return 'EXPIRED';
  if (status === 'APPROVED' && decidedAt !== null && age(decidedAt) > CHECK_REQUEST_TTL_MS) return 'APPROVED_EXPIRED';
  return status;
}
