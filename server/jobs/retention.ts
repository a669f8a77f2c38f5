/**
 * Issue 29.4: the tables that grow with use are pruned, each after its own retention (listed in
 * docs/security.md). Runs at start and then every hour, in one API process at a time (claim.ts).
 */
import type { Database, Param } from '../db/database';
import { idempotencyWindowMs } from '../http/registry';
import { startJob } from './claim';
import { DAY_MS, RETENTION_EVERY_MS } from '../constants';

/** How long each table keeps a row; the reasons are in docs/security.md ("Retention"). */
export const RETENTION = {
  // Stored answers: the window the outbox may resend in (registry.ts), from the refresh token's life.
  idempotencyKeys: (refreshTokenTtlSecs: number) => idempotencyWindowMs(refreshTokenTtlSecs),
  // An expired refresh token is useless; a week more keeps the reuse detection of a late replay.
  refreshTokensAfterExpiry: 7 * DAY_MS,
  errorReports: 90 * DAY_MS,
  // A used or expired invitation: kept a month so 'already used' can still be told apart.
  invitationsAfterEnd: 30 * DAY_MS,
  // An invitation nobody accepted: the pending membership goes, and an account made only for it.
  pendingMemberships: 30 * DAY_MS,
  // A print job lives 24 h (print-jobs.ts); a day more answers 'verlopen' instead of 'niet gevonden'.
  printJobs: 2 * DAY_MS,
  // A job that no longer exists (renamed) leaves its row behind.
  jobRuns: 30 * DAY_MS,
} as const;

export interface Pruned {
  idempotencyKeys: number;
  refreshTokens: number;
  errorReports: number;
  rateLimits: number;
  invitations: number;
  pendingMemberships: number;
  printJobs: number;
  jobRuns: number;
}

export async function pruneTables(db: Database, now: Date, refreshTokenTtlSecs: number): Promise<Pruned> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  const count = async (sql: string, params: Param[]) => (await db.query(`${sql} RETURNING 1`, params)).length;
  return {
    idempotencyKeys: await count(`DELETE FROM idempotency_keys WHERE created_at < $1`, [
      before(RETENTION.idempotencyKeys(refreshTokenTtlSecs)),
    ]),
    refreshTokens: await count(`DELETE FROM refresh_tokens WHERE expires_at < $1`, [before(RETENTION.refreshTokensAfterExpiry)]),
    errorReports: await count(`DELETE FROM error_reports WHERE created_at < $1`, [before(RETENTION.errorReports)]),
    // A counter whose window has ended and that holds nobody back counts nothing any more.
    rateLimits: await count(
      `DELETE FROM rate_limits WHERE window_start + make_interval(secs => window_secs) < $1 AND (blocked_until IS NULL OR blocked_until < $1)`,
      [now],
    ),
    invitations: await count(`DELETE FROM invitations WHERE coalesce(used_at, expires_at) < $1`, [before(RETENTION.invitationsAfterEnd)]),
    pendingMemberships: await count(`DELETE FROM memberships WHERE pending AND invited_at < $1`, [before(RETENTION.pendingMemberships)]),
    printJobs: await count(`DELETE FROM print_jobs WHERE created_at < $1`, [before(RETENTION.printJobs)]),
    jobRuns: await count(`DELETE FROM job_runs WHERE started_at < $1`, [before(RETENTION.jobRuns)]),
  };
}

export const RETENTION_JOB = 'retention';

/** Starts the hourly prune in this process; returns a stop function. */
export function startRetentionJob(
  db: Database,
  refreshTokenTtlSecs: number,
  now: () => Date = () => new Date(),
  everyMs = RETENTION_EVERY_MS,
  log: (msg: string) => void = () => undefined,
): () => void {
  const work = async (at: Date) => `pruned ${JSON.stringify(await pruneTables(db, at, refreshTokenTtlSecs))}`;
  return startJob({ db, name: RETENTION_JOB, everyMs, now, work, log });
}
