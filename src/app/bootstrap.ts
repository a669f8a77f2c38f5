/** Start-up session load, once per page load (StrictMode runs effects twice in development). */
import { loadSession, type SessionOutcome } from '../data/auth';
import { startReplayTriggers } from '../data/outbox-client';
import { registerServiceWorker } from '../data/service-worker';

let started: Promise<SessionOutcome> | null = null;

export function bootstrapSession(): Promise<SessionOutcome> {
  started ??= loadSession().then((outcome) => {
    // The worker and the replayer start after the session, so replays carry the current tokens.
    registerServiceWorker();
    // Always, not only for a stored session: a teacher who signs in on this page load has changes too.
    startReplayTriggers();
    return outcome;
  });
  return started;
}
