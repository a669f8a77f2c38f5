/**
 * The page's side of the outbox: puts queueable writes in it, runs the replayer on every trigger the
 * device offers (start, online, visibilitychange, a timer, after any successful call, the manual
 * 'Nu verzenden'), and asks the service worker for Background Sync where the browser has it.
 */
import { liveQuery } from 'dexie';
import type { EndpointDef } from '../api/endpoint';
import { ApiCallError, type CallArgs } from '../api/request';
import { throttle } from '../lib/throttle';
import { enqueue, nextAttemptAt, replayOutbox, type ReplayReport } from '../offline/outbox';
import { endpointId } from './endpoint-ids';
import type { OutboxEntry } from '../offline/db';
import { offlineDb } from './offline-db';
import { announceDelivered } from './delivered';
import { noteDelivered } from './read-flights';
import { copyTokensToPage } from './copy-tokens';
import { readTokens, storeTokens } from '../offline/tokens';
import { currentScope, session, xsrfToken } from './session';
import { takeoverSignal, takingOver } from './update-takeover';
import { ACCESS_TOKEN_KEY, DELIVERED_EVENT_GAP_MS, OUTBOX_IDLE_TIMER_MS, OUTBOX_WAITING_TIMER_MS, REFRESH_TOKEN_KEY, RETRY_SLACK_MS } from '../constants';

let started = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
/** The delivered changes not yet announced, and when the last was answered. */
let unannounced: string[] = [];
let unannouncedAt = 0;
/** Screens refetch at most every DELIVERED_EVENT_GAP_MS while a long queue drains in many short runs. */
const announce = throttle(() => {
  const ids = unannounced;
  unannounced = [];
  announceDelivered(ids, unannouncedAt);
}, DELIVERED_EVENT_GAP_MS);

/** After a failed try, the next one starts when its backoff ends rather than at the next timer tick. */
async function scheduleRetry(): Promise<void> {
  const at = await nextAttemptAt(offlineDb);
  clearTimeout(retryTimer);
  if (at !== null) retryTimer = setTimeout(() => void replayNow(), Math.max(0, at - Date.now()) + RETRY_SLACK_MS);
}

/**
 * The browser may clear IndexedDB and keep localStorage (iPadOS, Android under storage pressure): the
 * replayer's copy of the tokens is gone while the page is still signed in. Put the page's pair back
 * before sending, or every change would wait behind a false 'Je sessie is verlopen'.
 */
async function repairTokens(): Promise<void> {
  const access = localStorage.getItem(ACCESS_TOKEN_KEY);
  const refresh = localStorage.getItem(REFRESH_TOKEN_KEY);
  if (!access || !refresh) return;
  const stored = await readTokens(offlineDb);
  if (!stored.accessToken || !stored.refreshToken) await storeTokens(offlineDb, { accessToken: access, refreshToken: refresh });
}

/** @lazy called through startReplayer() (./replayer.ts), which loads this module on demand */
export async function replayNow(force = false): Promise<ReplayReport> {
  // Refused session (revoked elsewhere, expired): nothing leaves until she signs in again, and no
  // request is made meanwhile only to be refused (issue 28 item 6). The queue stays.
  if (session.expired) return { delivered: 0, refused: 0, stoppedBy: 'session' };
  await repairTokens().catch(() => undefined);
  return replayOutbox(offlineDb, { apiUrl: session.config.api_url, xsrfToken, force, stepAside: takingOver, abandon: takeoverSignal() }).then(async (report) => {
    if (report.stoppedBy === 'session') session.expired = true;
    if (report.stoppedBy === 'network' || report.stoppedBy === 'backoff') await scheduleRetry();
    if (report.delivered > 0) {
      const at = report.lastDeliveredAt ?? Date.now();
      // At once, not at the announcement: a read started before the change must not be shared after it.
      noteDelivered(at);
      unannounced.push(...(report.deliveredIds ?? []));
      unannouncedAt = Math.max(unannouncedAt, at);
      await copyTokensToPage();
      // Screens refresh their reads, so the server's own values replace the optimistic ones.
      announce();
    }
    return report;
  });
}

async function askBackgroundSync(): Promise<void> {
  try {
    const reg = (await navigator.serviceWorker?.ready) as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined;
    await reg?.sync?.register('outbox');
  } catch {
    // No Background Sync (Safari, Firefox): the other triggers cover it.
  }
}

export function startReplayTriggers(): void {
  if (started) return;
  started = true;
  void copyTokensToPage().then(() => replayNow(true));
  window.addEventListener('online', () => void replayNow(true));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void replayNow();
  });
  let last = 0;
  setInterval(() => {
    void offlineDb.outbox
      .where('state')
      .anyOf('waiting', 'sending')
      .count()
      .then((waiting) => {
        if (waiting === 0 && Date.now() - last < OUTBOX_IDLE_TIMER_MS) return;
        last = Date.now();
        void replayNow();
      });
  }, OUTBOX_WAITING_TIMER_MS);
}

type Outcome = { state: 'delivered'; answer: unknown } | { state: 'failed'; error: ApiCallError } | { state: 'queued' };

/** The outcome an outbox entry has reached (a delivery's time noted for the shared reads), or null while it is still on its way. */
function settledOutcome(entry: OutboxEntry | undefined): Outcome | null {
  if (!entry) return { state: 'queued' };
  if (entry.state === 'delivered') {
    noteDelivered(entry.deliveredAt ?? Date.now());
    return { state: 'delivered', answer: entry.answer };
  }
  if (entry.state === 'failed' || entry.state === 'settled') {
    return { state: 'failed', error: new ApiCallError(entry.error?.status ?? 400, entry.error?.message ?? 'Geweigerd.', entry.error?.errors ?? {}, entry.error?.body) };
  }
  return null;
}

/**
 * Resolves when the entry is delivered or refused (by this page, another tab or the worker: Dexie's
 * liveQuery sees them all), or with `queued` when the time is up or `giveUp` resolves first.
 */
function outcomeOf(seq: number, waitMs: number, giveUp: Promise<unknown>): Promise<Outcome> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (outcome: Outcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      subscription.unsubscribe();
      resolve(outcome);
    };
    // liveQuery answers asynchronously, so finish never runs before these exist.
    const subscription = liveQuery(() => offlineDb.outbox.get(seq)).subscribe({
      next: (entry) => {
        const outcome = settledOutcome(entry);
        if (outcome) finish(outcome);
      },
      // IndexedDB failed under us: the entry stays where it is, and the teacher sees it as waiting.
      error: () => finish({ state: 'queued' }),
    });
    const timer = setTimeout(() => finish({ state: 'queued' }), waitMs);
    void giveUp.then(() => finish({ state: 'queued' }));
  });
}

export interface QueueOptions {
  /** When the server refuses while the teacher is still looking (a form), show it there and drop the entry. */
  refusalToCaller?: boolean;
  /**
   * Sent at once, not through the outbox, while online with nothing else queued; queued (with the
   * same Idempotency-Key) only when the network or the server fails. For a write no screen paints
   * optimistically while it is on its way (the feed's read mark): it keeps Dexie out of the load.
   */
  directWhenOnline?: boolean;
  /** The key of a direct attempt that failed, kept by the queued entry (the server applies it once). */
  idempotencyKey?: string;
  waitMs?: number;
}

/**
 * Queues a write and tries to deliver it at once; resolves with the answer or `queued`.
 * @lazy called through startReplayer() (./replayer.ts)
 */
export async function queueWrite(def: EndpointDef, args: CallArgs, label: string, opts: QueueOptions = {}) {
  const entry = await enqueue(offlineDb, {
    endpointId: endpointId(def),
    args,
    label,
    scope: currentScope(),
    idempotencyKey: opts.idempotencyKey,
    organisationName: session.user?.organisationName,
  });
  const seq = entry.seq as number;
  const waitMs = opts.waitMs ?? 2500;
  const replay = replayNow(true).then((r) => {
    if (r.stoppedBy === 'network') void askBackgroundSync();
    return r;
  });
  // No network: say 'queued' at once instead of keeping the teacher waiting for the timeout.
  const stopped = replay.then((r) => (r.stoppedBy === 'done' || r.stoppedBy === 'busy' || r.stoppedBy === 'backoff' ? new Promise<never>(() => undefined) : r));
  const outcome = await outcomeOf(seq, waitMs, stopped);
  if (outcome.state === 'failed') {
    if (opts.refusalToCaller) await offlineDb.outbox.delete(seq);
    throw outcome.error;
  }
  return outcome;
}
