/** Start-up session load, once per page load (StrictMode runs effects twice in development). */
import { loadSession, type SessionOutcome } from '../data/auth';
import { startReplayTriggers } from '../data/outbox-client';
import { registerServiceWorker } from '../data/service-worker';

let started: Promise<SessionOutcome> | null = null;

export function bootstrapSession(): Promise<SessionOutcome> {
  started ??= loadSession().then((outcome) => {
    // The worker and the replayer start after the session, so replays carry the current tokens.
    registerServiceWorker();
    if (outcome === 'portal') startReplayTriggers();
    return outcome;
  });
  return started;
}
