import type { AnswerOf, EndpointDef } from '../api/endpoint';
import { ApiCallError, type CallArgs } from '../api/request';
import { call } from './api-client';
import { isQueueable, ONLINE_ONLY_MESSAGE, queueWrite, replayNow, type QueueOptions } from './outbox-client';

export type WriteOutcome<T> = { queued: false; answer: T } | { queued: true };
export { ONLINE_ONLY_MESSAGE };

/**
 * Sends a write as the catalogue says: queueable writes through the outbox (answer when the server
 * answers within a moment, `queued` otherwise); online-only writes now, or a plain Dutch refusal.
 */
export async function submitWrite<E extends EndpointDef>(def: E, args: CallArgs = {}, label = 'Wijziging', opts: QueueOptions = {}): Promise<WriteOutcome<AnswerOf<E>>> {
  if (isQueueable(def, args)) {
    const outcome = await queueWrite(def, args, label, opts);
    return outcome.state === 'delivered' ? { queued: false, answer: outcome.answer as AnswerOf<E> } : { queued: true };
  }
  try {
    const answer = await call(def, args, crypto.randomUUID());
    void replayNow();
    return { queued: false, answer };
  } catch (err) {
    if (err instanceof ApiCallError && err.isNetwork) throw new ApiCallError(0, ONLINE_ONLY_MESSAGE);
    throw err;
  }
}
