/**
 * The school a change was made in (issue 36). A queued write may arrive after the teacher switched
 * school, on this device or another; the client sends `X-Organisation-Id` with the school it was
 * made in, and the write is applied there, never to whatever school is current when it arrives.
 */
import type { FastifyRequest } from 'fastify';
import { loadCallerIn, type SessionUser } from '../auth/session-user';
import type { TokenCaller } from '../auth/tokens';
import type { Database } from '../db/database';
import { badRequest, HttpError } from '../http-error';

const SCHOOL_HEADER = 'x-organisation-id';

const MAX_ID = 2147483647;

/** The header's school id, undefined when absent; a malformed header is the request's fault (400). */
export function changeSchoolOf(req: FastifyRequest): number | undefined {
  const raw = req.headers[SCHOOL_HEADER];
  if (raw === undefined) return undefined;
  const id = typeof raw === 'string' && /^[1-9][0-9]{0,9}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!(id <= MAX_ID)) throw badRequest('Ongeldige X-Organisation-Id: stuur het nummer van de school waarvoor de wijziging is gemaakt.');
  return id;
}

/** The refusal of a change for a school she has no (more) access to; names a school she was a member of only. */
function otherSchoolRefused(schoolName: string | null): HttpError {
  const message = schoolName
    ? `Deze wijziging is gemaakt voor een andere school (${schoolName}), waar je geen toegang meer toe hebt.`
    : 'Deze wijziging is gemaakt voor een andere school, waar je geen toegang toe hebt.';
  return new HttpError(403, message, undefined, { reason: 'school' });
}

/**
 * The caller as a member of the change's school: null when the session has ended (401, as without
 * the header), a 403 with reason 'school' when she is no active member there. Her current school
 * stays as it is. A header naming her current school behaves as no header: no membership there
 * means no session, as loadCaller says.
 */
export async function loadChangeCaller(db: Database, caller: TokenCaller, school: number): Promise<SessionUser | null> {
  const found = await loadCallerIn(db, caller, school);
  if (!found) return null;
  if (found.membership === 'active') return found.user;
  if (found.currentSchool) return null;
  throw otherSchoolRefused(found.schoolName);
}
