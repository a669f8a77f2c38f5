/**
 * The page's side of the outbox: puts queueable writes in it, runs the replayer on every trigger the
 * device offers (start, online, visibilitychange, a timer, after any successful call, the manual
 * 'Nu verzenden'), and asks the service worker for Background Sync where the browser has it.
 */
import type { EndpointDef } from '../api/endpoint';
import { ApiCallError, type CallArgs } from '../api/request';
import { enqueue, replayOutbox, type ReplayReport } from '../offline/outbox';
import { endpointId } from './api-client';
import { offlineDb } from './offline-db';
import { currentScope, session, xsrfToken } from './session';

const TIMER_MS = 15_000;
let started = false;

export function replayNow(force = false): Promise<ReplayReport> {
  return replayOutbox(offlineDb, { apiUrl: session.config.api_url, xsrfToken, force }).then(async (report) => {
    if (report.stoppedBy === 'session') session.expired = true;
    if (report.delivered > 0) await copyTokensToPage();
    return report;
  });
}

/** The worker may have rotated the tokens while replaying; the page keeps its copy in step. */
async function copyTokensToPage(): Promise<void> {
  const rows = await offlineDb.meta.bulkGet(['accessToken', 'refreshToken']);
  const [access, refresh] = rows.map((r) => r?.value as string | undefined);
  if (access && refresh) {
    localStorage.setItem('accessToken', access);
    localStorage.setItem('refreshToken', refresh);
  }
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
  setInterval(() => void replayNow(), TIMER_MS);
}

const ONLINE_ONLY = 'Hiervoor is een internetverbinding nodig. Probeer het opnieuw als je weer online bent.';
export { ONLINE_ONLY as ONLINE_ONLY_MESSAGE };

function hasSensitive(def: EndpointDef, args: CallArgs): boolean {
  const body = (args.body ?? {}) as Record<string, unknown>;
  return (def.sensitiveFields ?? []).some((f) => typeof body[f] === 'string' && body[f] !== '');
}

export const isQueueable = (def: EndpointDef, args: CallArgs) => def.offline === 'queue' && !hasSensitive(def, args);

/** Waits until the entry is delivered or refused, or the time is up (then it stays queued). */
async function outcomeOf(seq: number, waitMs: number): Promise<{ state: 'delivered'; answer: unknown } | { state: 'failed'; error: ApiCallError } | { state: 'queued' }> {
  const until = Date.now() + waitMs;
  for (;;) {
    const entry = await offlineDb.outbox.get(seq);
    if (!entry) return { state: 'queued' };
    if (entry.state === 'delivered') return { state: 'delivered', answer: entry.answer };
    if (entry.state === 'failed') {
      return { state: 'failed', error: new ApiCallError(entry.error?.status ?? 400, entry.error?.message ?? 'Geweigerd.', entry.error?.errors ?? {}, entry.error?.body) };
    }
    if (Date.now() > until) return { state: 'queued' };
    await new Promise((r) => setTimeout(r, 80));
  }
}

export interface QueueOptions {
  /** When the server refuses while the teacher is still looking (a form), show it there and drop the entry. */
  refusalToCaller?: boolean;
  waitMs?: number;
}

/** Queues a write and tries to deliver it at once; resolves with the answer or `queued`. */
export async function queueWrite(def: EndpointDef, args: CallArgs, label: string, opts: QueueOptions = {}) {
  const entry = await enqueue(offlineDb, { endpointId: endpointId(def), args, label, scope: currentScope() });
  void replayNow(true).then((r) => {
    if (r.stoppedBy === 'network') void askBackgroundSync();
  });
  const outcome = await outcomeOf(entry.seq as number, opts.waitMs ?? 2500);
  if (outcome.state === 'failed') {
    if (opts.refusalToCaller) await offlineDb.outbox.delete(entry.seq as number);
    throw outcome.error;
  }
  return outcome;
}
