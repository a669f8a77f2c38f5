/**
 * One run of a periodic job across every API process: each process asks on its own timer, and only
 * the one whose claim finds the last run at least `everyMs` old gets it. Concurrent claims queue on
 * the row lock and the second sees the first's new started_at, so two processes never both win.
 */
import type { Queryable } from '../db/database';

export async function claimRun(db: Queryable, job: string, everyMs: number, now: Date): Promise<boolean> {
  const won = await db.query(
    `INSERT INTO job_runs AS j (name, started_at) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET started_at = EXCLUDED.started_at, runs = j.runs + 1
      WHERE j.started_at <= $2::timestamptz - make_interval(secs => $3 / 1000.0)
     RETURNING j.runs`,
    [job, now, everyMs],
  );
  return won.length > 0;
}
