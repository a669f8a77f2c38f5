/**
 * The periodic jobs' one scheduler. Each API process asks on its own timer, and only the one whose
 * claim finds the last run at least `everyMs` old gets it. Concurrent claims queue on the row lock and
 * the second sees the first's new started_at, so two processes never both win.
 */
import type { Queryable } from '../db/database';
import { CLOCK_SLACK_MS } from '../constants';

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

export interface JobOptions {
  db: Queryable;
  name: string;
  everyMs: number;
  now: () => Date;
  /** The run itself; its answer is logged after the job's name. */
  work: (at: Date) => Promise<string>;
  log: (msg: string) => void;
}

/**
 * Starts a job in this process: at start and then every `everyMs`, it does the work only when it
 * claims the run, so N processes together run it once per period. The timer does not keep the process
 * alive. Returns a stop function.
 */
export function startJob({ db, name, everyMs, now, work, log }: JobOptions): () => void {
  const run = async () => {
    try {
      if (!(await claimRun(db, name, everyMs - CLOCK_SLACK_MS, now()))) return;
      log(`${name}: ${await work(now())}`);
    } catch (err) {
      log(`${name} failed: ${String(err)}`);
    }
  };
  void run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
