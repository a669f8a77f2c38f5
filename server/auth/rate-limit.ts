/**
 * Attempt limits kept in the database (table rate_limits, migration 008), so N server processes
 * together allow what one allows and a restart does not lift a lockout. One statement per attempt:
 * the attempt is counted before the work it guards (a password check, a hash), so parallel requests
 * cannot slip past the limit. Callers go through attempt-limits.ts, which answers a key it knows to be
 * held back from memory, without a statement.
 *
 * A rule either holds a key back until its window ends once `free` attempts are used (a fixed
 * window), or, with `maxDelaySecs`, makes every attempt after the free ones wait a delay that doubles
 * from 1 s up to that maximum (sign-in per account: slows guessing without locking the teacher out).
 */
import type { Queryable } from '../db/database';

export interface Rule {
  /** Attempts allowed in the window before the key is held back. */
  free: number;
  windowSecs: number;
  /** 0 (default): held back until the window ends; else the cap of the doubling delay. */
  maxDelaySecs?: number;
}

export interface Attempt {
  key: string;
  rule: Rule;
}

/** The first key that was held back and how many seconds it still waits; null when all were allowed. */
export interface Refusal {
  key: string;
  retryAfterSecs: number;
}

// An expired window starts again at 1. After the free attempts the key is held back: until the
// window ends, or for 2^(hits - free) seconds up to the cap. A held-back key is not counted again
// (DO UPDATE ... WHERE), so its row is not returned: missing from RETURNING means refused. A returned
// blocked_until says the attempt was the last one let through before that time.
const COUNT = `
  INSERT INTO rate_limits AS r (key, hits, window_start, window_secs, free_hits, max_delay_secs, blocked_until)
  SELECT k, 1, $4::timestamptz, w, f, d,
         CASE WHEN f <= 1 THEN (CASE WHEN d = 0 THEN $4::timestamptz + make_interval(secs => w) ELSE $4::timestamptz + make_interval(secs => 1) END) END
    FROM unnest($1::text[], $2::int[], $3::int[], $5::int[]) AS a(k, w, f, d)
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN r.window_start + make_interval(secs => r.window_secs) <= EXCLUDED.window_start THEN 1 ELSE r.hits + 1 END,
    window_start = CASE WHEN r.window_start + make_interval(secs => r.window_secs) <= EXCLUDED.window_start THEN EXCLUDED.window_start ELSE r.window_start END,
    window_secs = EXCLUDED.window_secs,
    free_hits = EXCLUDED.free_hits,
    max_delay_secs = EXCLUDED.max_delay_secs,
    blocked_until = (
      SELECT CASE WHEN n.hits < EXCLUDED.free_hits THEN NULL
                  WHEN EXCLUDED.max_delay_secs = 0 THEN n.start + make_interval(secs => EXCLUDED.window_secs)
                  ELSE EXCLUDED.window_start + make_interval(secs => least(power(2, least(n.hits - EXCLUDED.free_hits, 30)), EXCLUDED.max_delay_secs))
             END
        FROM (SELECT CASE WHEN r.window_start + make_interval(secs => r.window_secs) <= EXCLUDED.window_start THEN 1 ELSE r.hits + 1 END AS hits,
                     CASE WHEN r.window_start + make_interval(secs => r.window_secs) <= EXCLUDED.window_start THEN EXCLUDED.window_start ELSE r.window_start END AS start) n
    )
  WHERE r.blocked_until IS NULL OR r.blocked_until <= EXCLUDED.window_start
     OR r.window_start + make_interval(secs => r.window_secs) <= EXCLUDED.window_start
  RETURNING key, blocked_until`;

// Old rows go now and then, on a write that is already under way; no job needed.
const SWEEP_EVERY = 200;
let sinceSweep = 0;

/** A key held back until a time, as the table said; `refused`: it held this attempt back too. */
export interface Hold {
  key: string;
  until: Date;
  refused: boolean;
}

/**
 * Counts one attempt against every key. `refusal` is null when all allowed it; else the longest wait
 * of the keys that held it back (a held-back key was not counted; the others were). `holds` lists
 * every key that holds back from now on.
 */
export async function countInTable(
  db: Queryable,
  attempts: readonly Attempt[],
  now: Date,
): Promise<{ refusal: Refusal | null; holds: Hold[] }> {
  const rows = await db.query<{ key: string; blocked_until: Date | null }>(COUNT, [
    attempts.map((a) => a.key),
    attempts.map((a) => a.rule.windowSecs),
    attempts.map((a) => a.rule.free),
    now,
    attempts.map((a) => a.rule.maxDelaySecs ?? 0),
  ]);
  if (++sinceSweep >= SWEEP_EVERY) {
    sinceSweep = 0;
    await db.query(
      `DELETE FROM rate_limits WHERE window_start + make_interval(secs => window_secs) < $1 AND (blocked_until IS NULL OR blocked_until < $1)`,
      [now],
    );
  }
  const holds = rows.flatMap((r) => (r.blocked_until ? [{ key: r.key, until: new Date(r.blocked_until), refused: false }] : []));
  if (rows.length === attempts.length) return { refusal: null, holds };
  const allowed = new Set(rows.map((r) => r.key));
  const refused = attempts.filter((a) => !allowed.has(a.key)).map((a) => a.key);
  const waits = await db.query<{ key: string; until: Date; secs: number }>(
    `SELECT key, blocked_until AS until, greatest(1, ceil(extract(epoch FROM blocked_until - $2::timestamptz)))::int AS secs
       FROM rate_limits WHERE key = ANY($1::text[])`,
    [refused, now],
  );
  for (const w of waits) holds.push({ key: w.key, until: new Date(w.until), refused: true });
  const longest = waits.reduce((a, b) => (b.secs > a.secs ? b : a), { key: refused[0] ?? '', secs: 1 });
  return { refusal: { key: longest.key, retryAfterSecs: longest.secs }, holds };
}

/**
 * After a success: the given keys start afresh (an account's failures), and one attempt is given
 * back to the others (an address shared by a whole class must not run out on good sign-ins).
 */
export async function settleInTable(db: Queryable, clear: readonly string[], refund: readonly string[] = []): Promise<void> {
  await db.query(
    `WITH gone AS (DELETE FROM rate_limits WHERE key = ANY($1::text[]))
     UPDATE rate_limits SET hits = greatest(hits - 1, 0), blocked_until = CASE WHEN hits - 1 < free_hits THEN NULL ELSE blocked_until END
      WHERE key = ANY($2::text[])`,
    [clear, refund],
  );
}

/** Seconds as Dutch words for a wait: 'een paar seconden', '3 minuten'. */
export function waitText(secs: number): string {
  if (secs < 60) return secs <= 5 ? 'een paar seconden' : `${secs} seconden`;
  const minutes = Math.ceil(secs / 60);
  return minutes === 1 ? '1 minuut' : `${minutes} minuten`;
}

/** The limits in one place; each line names the abuse it stops. */
export const RULES = {
  // Password guessing and credential stuffing from one address; good sign-ins are given back.
  signInAddress: { free: 20, windowSecs: 60 },
  // Guessing one account's password from many addresses: a doubling delay, never a lockout.
  signInAccount: { free: 5, windowSecs: 24 * 3600, maxDelaySecs: 300 },
  // The same on a device the account signed in on before (its own counter, so a stranger's
  // failures on the account do not hold the teacher back there).
  signInDevice: { free: 10, windowSecs: 24 * 3600, maxDelaySecs: 300 },
  // Guessing the teacher's own password through the student password form with a stolen token.
  ownPassword: { free: 5, windowSecs: 15 * 60 },
  // Random invitation tokens: each wrong one costs a lookup; given back on success.
  invitationAddress: { free: 10, windowSecs: 60 },
  // Guessing class codes; given back on success, so a class behind one address can register.
  registerAddress: { free: 20, windowSecs: 60 },
  // Filling error_reports without signing in.
  reportAddress: { free: 10, windowSecs: 60 },
  reportUser: { free: 30, windowSecs: 60 },
  // Probing which e-mail addresses have accounts elsewhere through users/save.
  emailProbe: { free: 20, windowSecs: 3600 },
  // Issue 29: costly routes, per user, sized to real use.
  // Uploads: a teacher drops a few dozen files at once (one call each); a student one image per item.
  upload: { free: 120, windowSecs: 3600 },
  // Invitation mails, per teacher and per school (29.2).
  inviteTeacher: { free: 10, windowSecs: 3600 },
  inviteSchool: { free: 20, windowSecs: 3600 },
  // Print jobs: a teacher prints a few chapters in a lesson break (29.7).
  printJob: { free: 10, windowSecs: 600 },
  // A student's data export (a ZIP with all her files, up to about 100 MB): an access request is a
  // student or two, and a download tried again; not 20 in a row, nearly 2 GB.
  dataExport: { free: 5, windowSecs: 3600 },
  // Comments on wishlist ideas: a discussion, not a flood (29.7). 60 in 10 minutes leaves room for a
  // teacher's queue of comments written offline during a day, delivered at once when the Wi-Fi returns.
  wishlistComment: { free: 60, windowSecs: 600 },
} satisfies Record<string, Rule>;
