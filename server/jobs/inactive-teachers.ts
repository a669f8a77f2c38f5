/**
 * Part 2 §4/§9: a teacher set inactive is removed after half a year. The membership goes; the
 * account goes too when it belongs to no other school. Runs at start and then every few hours, in one
 * API process at a time (claim.ts).
 */
import type { Database } from '../db/database';
import { startJob } from './claim';
import { DAY_MS, INACTIVE_TEACHERS_EVERY_MS } from '../constants';

// Half a year, in days; the clock starts at memberships.inactive_since.
const INACTIVE_DAYS = 182;

export interface RemovalResult {
  memberships: number;
  users: number;
}

export async function removeInactiveTeachers(db: Database, now: Date): Promise<RemovalResult> {
  const cutoff = new Date(now.getTime() - INACTIVE_DAYS * DAY_MS);
  const removed = await db.transaction((tx) =>
    tx.query<{ user_id: number }>(
      `DELETE FROM memberships m USING users u
        WHERE u.id = m.user_id AND u.role <> 'STUDENT' AND NOT m.active AND m.inactive_since < $1
        RETURNING m.user_id`,
      [cutoff],
    ),
  );
  let users = 0;
  for (const userId of new Set(removed.map((r) => r.user_id))) {
    // One transaction per account: a row elsewhere that still needs the user keeps only that user.
    try {
      users += await db.transaction(async (tx) => {
        const gone = await tx.query(
          `DELETE FROM users u WHERE u.id = $1 AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id) RETURNING u.id`,
          [userId],
        );
        if (gone.length === 0) {
          // Still in another school: make that the current one if it pointed at the removed school.
          await tx.query(
            `UPDATE users u SET current_organisation_id = (SELECT m.organisation_id FROM memberships m WHERE m.user_id = u.id ORDER BY m.active DESC, m.organisation_id LIMIT 1)
              WHERE u.id = $1 AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id AND m.organisation_id = u.current_organisation_id)`,
            [userId],
          );
        }
        return gone.length;
      });
    } catch {
      // Left for the next run; the membership is already gone, so the account has no access.
    }
  }
  return { memberships: removed.length, users };
}

const INACTIVE_TEACHERS_JOB = 'inactive-teachers';

/** Starts the periodic removal in this process; returns a stop function. */
export function startInactiveTeacherJob(
  db: Database,
  now: () => Date = () => new Date(),
  everyMs = INACTIVE_TEACHERS_EVERY_MS,
  log: (msg: string) => void = () => undefined,
): () => void {
  const work = async (at: Date) => {
    const r = await removeInactiveTeachers(db, at);
    return `removed ${r.memberships} inactive teacher membership(s), ${r.users} account(s)`;
  };
  return startJob({ db, name: INACTIVE_TEACHERS_JOB, everyMs, now, work, log });
}
