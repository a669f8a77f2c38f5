/**
 * The attempt limits (rate-limit.ts) with a memory of this process in front of the shared table. The
 * table stays the truth across processes and restarts; the memory only saves it work:
 *
 * - A key known to be held back until T is refused from memory until T: no statement, no row lock.
 *   200 parallel wrong passwords cost a handful of statements instead of 400, which on PGlite (its
 *   queries run in this process, one after another) held the event loop long enough for the load
 *   shedder to answer everyone 503, the teacher on her own tablet included.
 * - Per key one count statement at a time: an attempt waits for the one before it on the same key, so
 *   once the table says "held back", the attempts queued behind are answered from memory.
 *
 * A hold is learnt from a refusal (the table held the key back: true whatever happens next) and from
 * the answer of an allowed attempt on the pool (its statement is committed by itself). Inside a
 * transaction an allowed attempt's hold may still roll back, so it is not kept. A hold lifted early in
 * the table (a good sign-in clears the account's failures, gives the address its attempt back) is
 * forgotten here by this process at once, and by the others when their remembered hold ends: at most
 * the rule's delay or window (docs/decisions.md).
 */
import type { Queryable } from '../db/database';
import { countInTable, settleInTable, type Attempt, type Refusal } from './rate-limit';

// Expired holds are swept when the map has doubled since the last sweep: memory stays in proportion
// to the keys held back now, which the table bounds already (each needs its free attempts there).
const FIRST_SWEEP = 1000;

export class AttemptLimits {
  /** Keys known to be held back, with the time (ms) their hold ends. */
  private readonly held = new Map<string, number>();
  /** Per key, the count statement of this process under way; the next attempt on the key waits for it. */
  private readonly counting = new Map<string, Promise<void>>();
  /** Keys settled while their count statement was under way: that statement's hold may be stale. */
  private readonly settledMeanwhile = new Set<string>();
  private sweepAt = FIRST_SWEEP;

  constructor(
    /** The pool: a statement on it commits by itself. */
    private readonly pool: Queryable,
    private readonly now: () => Date,
  ) {}

  /** Counts one attempt against every key: null when all allowed it, else the longest wait of those that held it back. */
  async count(db: Queryable, attempts: readonly Attempt[]): Promise<Refusal | null> {
    if (attempts.length === 0) return null;
    const keys = attempts.map((a) => a.key);
    const known = this.heldBack(keys);
    if (known) return known;
    const before = keys.flatMap((k) => this.counting.get(k) ?? []);
    let done = () => {};
    const mine = new Promise<void>((resolve) => (done = resolve));
    for (const k of keys) this.counting.set(k, mine);
    try {
      await Promise.all(before);
      const learnt = this.heldBack(keys);
      if (learnt) return learnt;
      for (const k of keys) this.settledMeanwhile.delete(k);
      const now = this.now();
      const { refusal, holds } = await countInTable(db, attempts, now);
      for (const h of holds) {
        const trusted = (h.refused || db === this.pool) && !this.settledMeanwhile.has(h.key);
        if (trusted && h.until.getTime() > now.getTime()) this.hold(h.key, h.until.getTime());
      }
      return refusal;
    } finally {
      done();
      for (const k of keys) {
        if (this.counting.get(k) !== mine) continue;
        this.counting.delete(k);
        this.settledMeanwhile.delete(k);
      }
    }
  }

  /** After a success: `clear` starts afresh, `refund` gets one attempt back (rate-limit.ts settleInTable). */
  async settle(db: Queryable, clear: readonly string[], refund: readonly string[] = []): Promise<void> {
    for (const k of [...clear, ...refund]) {
      this.held.delete(k);
      if (this.counting.has(k)) this.settledMeanwhile.add(k);
    }
    await settleInTable(db, clear, refund);
  }

  /** The longest hold known for these keys that has not ended, as a refusal; null when none. */
  private heldBack(keys: readonly string[]): Refusal | null {
    const now = this.now().getTime();
    let longest: Refusal | null = null;
    for (const key of keys) {
      const until = this.held.get(key);
      if (until === undefined) continue;
      if (until <= now) {
        this.held.delete(key);
        continue;
      }
      const retryAfterSecs = Math.max(1, Math.ceil((until - now) / 1000));
      if (!longest || retryAfterSecs > longest.retryAfterSecs) longest = { key, retryAfterSecs };
    }
    return longest;
  }

  private hold(key: string, until: number): void {
    this.held.set(key, until);
    if (this.held.size < this.sweepAt) return;
    const now = this.now().getTime();
    for (const [k, t] of this.held) if (t <= now) this.held.delete(k);
    this.sweepAt = Math.max(FIRST_SWEEP, this.held.size * 2);
  }
}
