import type { AnswerOf, EndpointDef } from '../api/endpoint';
import { ApiCallError, type CallArgs } from '../api/request';
import { call } from './api-client';
import type { QueueOptions } from './outbox-client';
import { getOutboxCounts } from './local-store';
import { announceDelivered } from './delivered';
import { endpointId } from './endpoint-ids';
import { startedReplayer, startReplayer } from './replayer';

export type WriteOutcome<T> = { queued: false; answer: T } | { queued: true };

export const ONLINE_ONLY_MESSAGE = 'Hiervoor is een internetverbinding nodig. Probeer het opnieuw als je weer online bent.';

function hasSensitive(def: EndpointDef, args: CallArgs): boolean {
  const body = (args.body ?? {}) as Record<string, unknown>;
  return (def.sensitiveFields ?? []).some((f) => typeof body[f] === 'string' && body[f] !== '');
}

const isQueueable = (def: EndpointDef, args: CallArgs) => def.offline === 'queue' && !hasSensitive(def, args);

/**
 * Sends a write as the catalogue says: queueable writes through the outbox (answer when the server
 * answers within a moment, `queued` otherwise); online-only writes now, or a plain Dutch refusal.
 */
export async function submitWrite<E extends EndpointDef>(def: E, args: CallArgs = {}, label = 'Wijziging', opts: QueueOptions = {}): Promise<WriteOutcome<AnswerOf<E>>> {
  if (isQueueable(def, args)) {
    if (opts.directWhenOnline && navigator.onLine && !startedReplayer() && (await getOutboxCounts().catch(() => ({ waiting: 1 }))).waiting === 0) {
      const idempotencyKey = crypto.randomUUID();
      try {
        const answer = await call(def, args, idempotencyKey);
        // As after a delivered change: the screens refresh their reads (the server's values).
        announceDelivered([endpointId(def)], Date.now());
        return { queued: false, answer };
      } catch (err) {
        // A refusal is the caller's; a failure to arrive is queued and sent again under the same key.
        if (!(err instanceof ApiCallError && (err.isNetwork || err.status >= 500 || err.status === 429 || err.status === 408))) throw err;
        opts = { ...opts, idempotencyKey };
      }
    }
    // The first queued change loads the replayer (and Dexie): a real need.
    const outcome = await (await startReplayer()).queueWrite(def, args, label, opts);
    return outcome.state === 'delivered' ? { queued: false, answer: outcome.answer as AnswerOf<E> } : { queued: true };
  }
  try {
    const answer = await call(def, args, crypto.randomUUID());
    // A call that went through says the network is back: a started replayer tries its queue.
    void startedReplayer()?.then((r) => r.replayNow());
    return { queued: false, answer };
  } catch (err) {
    if (err instanceof ApiCallError && err.isNetwork) throw new ApiCallError(0, ONLINE_ONLY_MESSAGE);
    throw err;
  }
}
