/**
 * Issue 31.2, the access log: who viewed or changed a student's profile, portfolio or results, and
 * when. Written by the server on those reads and writes; kept ACCESS_LOG_DAYS (pruned by
 * server/jobs/student-retention.ts, documented in docs/privacy.md).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AccessLogEntry } from '../../../src/api/students/types';
import type { SessionUser } from '../../auth/session-user';
import type { Queryable } from '../../db/database';
import { iso } from '../portfolios/queries';
import { accessLogRows, addAccessLog, addAccessLogRows } from './privacy-queries';
import { ACCESS_LOG_QUIET_MS } from '../../constants';

/** A year: long enough to answer a parent's question about last school year, short enough to hold little. */
export const ACCESS_LOG_DAYS = 365;
const SHOWN = 100;

export type Access = Pick<AccessLogEntry, 'action' | 'subject'>;

/**
 * The rows of a bulk read that runs many reads' handlers at once (the offline copy): held here and
 * written in one statement at its end, instead of one statement per student read. Carried by the
 * async context, so those handlers log exactly as they do for their own route, unchanged.
 */
const batches = new AsyncLocalStorage<{ studentId: number; access: Access }[]>();

export function logAccess(db: Queryable, user: SessionUser, studentId: number, access: Access, now: Date): Promise<void> {
  const batch = batches.getStore();
  if (batch) {
    batch.push({ studentId, access });
    return Promise.resolve();
  }
  return addAccessLog(
    db,
    { organisationId: user.organisationId, studentId, actorId: user.id, actorEmail: user.email, ...access },
    now,
    ACCESS_LOG_QUIET_MS,
  );
}

/** Runs `work` with its access log held, then writes every row it logged in one statement (same quiet window). */
export async function withAccessLogBatch<T>(db: Queryable, user: SessionUser, now: Date, work: () => Promise<T>): Promise<T> {
  const batch: { studentId: number; access: Access }[] = [];
  const result = await batches.run(batch, work);
  const unique = new Map(batch.map((r) => [`${r.studentId}:${r.access.action}:${r.access.subject}`, r]));
  await addAccessLogRows(
    db,
    { organisationId: user.organisationId, actorId: user.id, actorEmail: user.email },
    [...unique.values()].map((r) => ({ studentId: r.studentId, ...r.access })),
    now,
    ACCESS_LOG_QUIET_MS,
  );
  return result;
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
