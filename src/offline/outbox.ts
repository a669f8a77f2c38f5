/**
 * The outbox: queued writes, delivered exactly once and in order. Every entry carries the
 * Idempotency-Key made when the teacher acted; the server stores the answer under that key, so a
 * resend after a lost answer is harmless. Nothing is dropped: an entry leaves the outbox only when
 * delivered, or when the teacher discards it after the server refused it.
 */
import { findEndpoint } from '../api/catalogue';
import { buildRequestInit, endpointUrl, type CallArgs } from '../api/request';
import { OUTBOX_FORMAT, type OfflineDb, type OutboxEntry } from './db';
import { sendAuthorized } from './authorized';
import { currentEndpointId } from './outbox-format';
import { withLock } from './locks';
import { readTokens, refreshAccessToken } from './tokens';
import { heldFor, ORGANISATION_HEADER, parseScope, tokenOwner } from './row-scope';
import { isDue, SETTLED_STATUSES } from './row-timing';
import { DELIVERED_KEEP_MS, NETWORK_BACKOFF_CAP_MS, SEND_TIMEOUT_MS } from '../constants';

export const REPLAY_LOCK = 'outbox-replay';
/**
 * Backoff, never given up. No network: the first retry at once (a reset on a reused Wi-Fi connection
 * is usually gone on the next try), then 250 ms doubling to 2 s, because a failed attempt costs the
 * server nothing and the teacher expects her changes to leave as soon as the Wi-Fi is back: within
 * 5 s of the server answering again (docs/offline.md), the cap plus a send with room to spare. A server
 * that answers 5xx or 429 is struggling: 1 s doubling up to a minute.
 */
export const backoffMs = (attempts: number, cause: 'network' | 'server' = 'server') =>
  cause === 'network'
    ? attempts <= 1
      ? 0
      : Math.min(NETWORK_BACKOFF_CAP_MS, 250 * 2 ** (attempts - 2))
    : Math.min(60_000, 1000 * 2 ** Math.max(0, attempts - 1));

export interface NewEntry {
  endpointId: string;
  args: CallArgs;
  label: string;
  scope: string;
  /** The key of a direct attempt made before queuing (src/data/writes.ts); a new one otherwise. */
  idempotencyKey?: string;
  /** The school's name, for the 'Niet verzonden' list when it is no longer the current one. */
  organisationName?: string;
}

export async function enqueue(db: OfflineDb, entry: NewEntry, now = Date.now()): Promise<OutboxEntry> {
  const row: OutboxEntry = {
    format: OUTBOX_FORMAT,
    idempotencyKey: entry.idempotencyKey ?? crypto.randomUUID(),
    endpointId: entry.endpointId,
    scope: entry.scope,
    args: entry.args,
    label: entry.label,
    ...(entry.organisationName ? { organisationName: entry.organisationName } : {}),
    createdAt: now,
    state: 'waiting',
    attempts: 0,
    nextAttemptAt: now,
  };
  row.seq = await db.outbox.add(row);
  return row;
}

export interface ReplayDeps {
  fetchFn?: typeof fetch;
  apiUrl?: string;
  xsrfToken?: () => string | null | Promise<string | null>;
  now?: () => number;
  /** Ignore backoff (manual 'Nu verzenden', the network just came back). */
  force?: boolean;
  sendTimeoutMs?: number;
  /**
   * Asked before every send: true when a new version of the app is taking over. The replayer then
   * stops between two sends, so the update waits for at most one request instead of a whole queue.
   */
  stepAside?: () => boolean;
  /**
   * Aborted when the teacher accepts the update: the send in flight is abandoned rather than waited
   * for (it may hang for SEND_TIMEOUT_MS). Safe: the entry keeps its Idempotency-Key, and the server's
   * claim on the key waits for a first request still running, so the repeat is applied once.
   */
  abandon?: AbortSignal;
}

export interface ReplayReport {
  delivered: number;
  refused: number;
  /** Changes of another teacher than the signed-in one, left for her next sign-in. */
  held?: number;
  /** Why the replay stopped before the end: network, session, an update taking over, or nothing left. */
  stoppedBy: 'done' | 'network' | 'session' | 'busy' | 'backoff' | 'update';
  /** The endpoints of the delivered changes, in order: which reads their delivery can have changed. */
  deliveredIds?: string[];
  /** When the last of them was answered (ms since epoch): a read started before then may be older. */
  lastDeliveredAt?: number;
}

type SendOutcome =
  | { kind: 'delivered'; answer: unknown }
  | { kind: 'refused'; status: number; body: unknown }
  /** Refused for a reason that is final and shown where the teacher acted (issue 28 item 3). */
  | { kind: 'settled'; status: number; body: unknown }
  | { kind: 'retry'; cause: 'network' | 'server' }
  /** 429: the server's limit on this kind of change; Retry-After says how long, when it says. */
  | { kind: 'limited'; waitMs: number | null }
  | { kind: 'session' }
  /** The token at hand is another teacher's: the row waits for its own teacher. */
  | { kind: 'held' };

/** Thrown by the credentials when the token they would send is not the row's teacher's. */
class NotTheRowsTeacher extends Error {}

async function sendOnce(db: OfflineDb, entry: OutboxEntry, deps: ReplayDeps): Promise<SendOutcome> {
  const def = findEndpoint(currentEndpointId(entry.endpointId));
  if (!def) return { kind: 'refused', status: 400, body: { error: { message: `Onbekende actie ${entry.endpointId}.` } } };
  const fetchFn = deps.fetchFn ?? fetch;
  const xsrf = deps.xsrfToken ? await deps.xsrfToken() : null;
  const init = buildRequestInit(def, entry.args, { xsrfToken: xsrf, idempotencyKey: entry.idempotencyKey });
  const school = parseScope(entry.scope);
  // The school the change was made in, not whichever is current when it arrives.
  const schoolHeader: Record<string, string> = school ? { [ORGANISATION_HEADER]: String(school.organisationId) } : {};
  const send = (auth: Record<string, string>, signal: AbortSignal | undefined) =>
    fetchFn(endpointUrl(def, entry.args, deps.apiUrl), {
      ...init,
      headers: { ...(init.headers as Record<string, string>), ...schoolHeader, ...auth },
      signal,
    });
  // Checked on every token handed out, the refreshed one too: another teacher may have signed in
  // on this tablet between the check in replayOutbox and this send.
  const own = (token: string | undefined) => {
    if (heldFor(entry.scope, tokenOwner(token))) throw new NotTheRowsTeacher();
    return token;
  };
  const credentials = {
    accessToken: async () => own((await readTokens(db)).accessToken),
    refresh: async (failed: string | undefined) => {
      const refreshed = await refreshAccessToken(db, failed, fetchFn, deps.apiUrl);
      return refreshed.ok ? { ok: true as const, accessToken: own(refreshed.tokens.accessToken) } : refreshed;
    },
  };
  let res: Response;
  try {
    const sent = await sendAuthorized(send, credentials, { timeoutMs: deps.sendTimeoutMs ?? SEND_TIMEOUT_MS, abandon: deps.abandon });
    if (sent.refreshFailed === 'network') return { kind: 'retry', cause: 'network' };
    res = sent.res;
    if (res.status === 401) return { kind: 'session' };
  } catch (err) {
    if (err instanceof NotTheRowsTeacher) return { kind: 'held' };
    return { kind: 'retry', cause: 'network' };
  }
  if (res.status === 429) {
    const secs = Number(res.headers.get('retry-after'));
    return { kind: 'limited', waitMs: Number.isFinite(secs) && secs > 0 ? secs * 1000 : null };
  }
  if (res.status >= 500 || res.status === 408) return { kind: 'retry', cause: 'server' };
  const body = await res.json().catch(() => null);
  if (res.ok) return { kind: 'delivered', answer: body };
  // A request withdrawn or expired meanwhile: final, and the screen shows its real status.
  const finalStatus = (body as { status?: unknown } | null)?.status;
  if (res.status === 409 && typeof finalStatus === 'string' && SETTLED_STATUSES.includes(finalStatus))
    return { kind: 'settled', status: res.status, body };
  return { kind: 'refused', status: res.status, body };
}

/** The first entry still to be sent after `after`, in the order the teacher acted (primary key). */
const firstPending = (db: OfflineDb, after = 0) =>
  db.outbox
    .where(':id')
    .above(after)
    .filter((e) => e.state === 'waiting' || e.state === 'sending')
    .first();

/** Drains the outbox in order; one replayer at a time across page and worker. */
export async function replayOutbox(db: OfflineDb, deps: ReplayDeps = {}): Promise<ReplayReport> {
  const result = await withLock(
    REPLAY_LOCK,
    async (): Promise<ReplayReport> => {
      const now = deps.now ?? Date.now;
      let delivered = 0;
      let refused = 0;
      let held = 0;
      const deliveredIds: string[] = [];
      let lastDeliveredAt: number | undefined;
      const report = (stoppedBy: ReplayReport['stoppedBy']): ReplayReport => ({
        delivered,
        refused,
        held,
        stoppedBy,
        deliveredIds,
        lastDeliveredAt,
      });
      await db.outbox
        .where('state')
        .anyOf('delivered', 'settled')
        .and((e) => (e.deliveredAt ?? 0) < now() - DELIVERED_KEEP_MS || (e.deliveredAt ?? 0) > now())
        .delete();
      // In the order the teacher acted (primary key), resuming after the last one handled, so a long
      // queue is walked once rather than from the start for every entry.
      let after = 0;
      // Kinds of change (endpoints) that a rate limit holds back: their later changes wait behind the
      // limited one, in order; the other kinds go on (an error report over its limit must not hold
      // a grade back). A limited change waits its time even when forced: the server said when.
      const limited = new Set<string>();
      for (;;) {
        const entry = await firstPending(db, after);
        if (!entry?.seq) return report(limited.size > 0 ? 'backoff' : 'done');
        // Another teacher's change waits for her own sign-in; her changes hold nobody else's back.
        if (heldFor(entry.scope, tokenOwner((await readTokens(db)).accessToken))) {
          held += 1;
          after = entry.seq;
          continue;
        }
        if (limited.has(entry.endpointId) || (entry.limited && !isDue(entry, now()))) {
          limited.add(entry.endpointId);
          after = entry.seq;
          continue;
        }
        if (!deps.force && !isDue(entry, now())) return report('backoff');
        if (deps.stepAside?.()) return report('update');
        after = entry.seq;
        await db.outbox.update(entry.seq, { state: 'sending' });
        const outcome = await sendOnce(db, entry, deps);
        if (outcome.kind === 'held') {
          await db.outbox.update(entry.seq, { state: 'waiting' });
          held += 1;
        } else if (outcome.kind === 'delivered') {
          lastDeliveredAt = now();
          await db.outbox.update(entry.seq, {
            state: 'delivered',
            deliveredAt: lastDeliveredAt,
            answer: outcome.answer,
            limited: undefined,
          });
          delivered += 1;
          deliveredIds.push(currentEndpointId(entry.endpointId));
        } else if (outcome.kind === 'refused' || outcome.kind === 'settled') {
          const err = (outcome.body as { error?: { message?: string; errors?: Record<string, string> } } | null)?.error;
          await db.outbox.update(entry.seq, {
            state: outcome.kind === 'settled' ? 'settled' : 'failed',
            ...(outcome.kind === 'settled' ? { deliveredAt: now() } : {}),
            limited: undefined,
            error: {
              status: outcome.status,
              message: err?.message ?? `Geweigerd door de server (${outcome.status}).`,
              errors: err?.errors,
              body: outcome.body,
            },
          });
          refused += 1;
        } else if (outcome.kind === 'limited') {
          const attempts = entry.attempts + 1;
          await db.outbox.update(entry.seq, {
            state: 'waiting',
            attempts,
            limited: true,
            attemptedAt: now(),
            nextAttemptAt: now() + (outcome.waitMs ?? backoffMs(attempts, 'server')),
          });
          limited.add(entry.endpointId);
        } else {
          const attempts = entry.attempts + 1;
          const cause = outcome.kind === 'retry' ? outcome.cause : 'network';
          await db.outbox.update(entry.seq, {
            state: 'waiting',
            attempts,
            limited: undefined,
            attemptedAt: now(),
            nextAttemptAt: now() + backoffMs(attempts, cause),
          });
          return report(outcome.kind === 'session' ? 'session' : deps.abandon?.aborted ? 'update' : 'network');
        }
      }
    },
    { ifAvailable: true },
  );
  return result ?? { delivered: 0, refused: 0, stoppedBy: 'busy' };
}

/** Puts a refused entry back at its place in the queue for another try. */
export async function retryEntry(db: OfflineDb, seq: number): Promise<void> {
  await db.outbox.update(seq, { state: 'waiting', attempts: 0, nextAttemptAt: 0, attemptedAt: undefined, error: undefined });
}

/** The teacher's decision to drop a refused change. */
export async function discardEntry(db: OfflineDb, seq: number): Promise<void> {
  await db.outbox.delete(seq);
}

/**
 * When the queue can move again: the time of its first entry, which holds the rest back to keep the
 * order (a later entry's earlier time means nothing). Null when nothing waits.
 */
export async function nextAttemptAt(db: OfflineDb, now = Date.now()): Promise<number | null> {
  const first = await firstPending(db);
  if (!first) return null;
  // A clock set back since the last try: due now, not hours later.
  return isDue(first, now) ? Math.min(now, first.nextAttemptAt) : first.nextAttemptAt;
}
