/**
 * When the page's outbox replayer (./outbox-client.ts, with Dexie) starts: at the first real need,
 * not on every start. That is a change waiting or being sent (found at start, queued by this page or
 * another tab, or told by the worker's 'outbox-replayed'), or a tap on 'Nu verzenden'. A page with
 * nothing to send never loads the replayer.
 */
import { copyTokensToPage } from './copy-tokens';
import { followLocal } from './follow-local';

type Replayer = typeof import('./outbox-client');
let replayer: Promise<Replayer> | null = null;

/** Loads the replayer and starts its triggers (online, visibility, a timer); once. */
export function startReplayer(): Promise<Replayer> {
  replayer ??= import('./outbox-client').then((m) => {
    m.startReplayTriggers();
    return m;
  });
  return replayer;
}

/** The replayer, if it was started (a successful call is a trigger for it, not a reason to load it). */
export const startedReplayer = (): Promise<Replayer> | null => replayer;

/** At start (signed in): the tokens from the shared copy; the replayer once something is to be sent. */
export function watchOutbox(): void {
  void copyTokensToPage().catch(() => undefined);
  // Changes queued here, by another tab or by the worker.
  const stop = followLocal(
    (db) => db.outbox.where('state').anyOf('waiting', 'sending').count(),
    (waiting) => {
      if (waiting === 0 && !replayer) return;
      stop();
      void startReplayer();
    },
  );
}
