/**
 * Issue 31.2, the access log: who viewed or changed a student's profile, portfolio or results, and
 * when. Written by the server on those reads and writes; kept ACCESS_LOG_DAYS (pruned by
 * server/jobs/student-retention.ts, documented in docs/privacy.md).
 */
import type { AccessLogEntry } from '../../../src/api/students/types';
import type { SessionUser } from '../../auth/session-user';
import type { Queryable } from '../../db/database';
import { iso } from '../portfolios/queries';
import { accessLogRows, addAccessLog } from './privacy-queries';
import { ACCESS_LOG_QUIET_MS } from '../../constants';

/** A year: long enough to answer a parent's question about last school year, short enough to hold little. */
export const ACCESS_LOG_DAYS = 365;
const SHOWN = 100;

export type Access = Pick<AccessLogEntry, 'action' | 'subject'>;

export function logAccess(db: Queryable, user: SessionUser, studentId: number, access: Access, now: Date): Promise<void> {
  return addAccessLog(
    db,
    { organisationId: user.organisationId, studentId, actorId: user.id, actorEmail: user.email, ...access },
    now,
    ACCESS_LOG_QUIET_MS,
  );
}

export async function accessLogOf(db: Queryable, organisationId: number, studentId: number): Promise<AccessLogEntry[]> {
  const rows = await accessLogRows(db, organisationId, studentId, SHOWN);
  return rows.map((r) => ({
    at: iso(r.created_at),
    who: r.actor_email,
    action: r.action as AccessLogEntry['action'],
    subject: r.subject as AccessLogEntry['subject'],
  }));
}
