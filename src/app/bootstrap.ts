/** Start-up session load, once per page load (StrictMode runs effects twice in development). */
import { loadSession, type SessionOutcome } from '../data/auth';
import { restoreShellData } from '../shell/shell-data';

let started: Promise<SessionOutcome> | null = null;

/**
 * The worker registration and the outbox replayer are loaded here, after the session, rather than
 * imported: together with Dexie and workbox-window they are not needed for the first screen.
 */
async function startBackground(): Promise<void> {
  const [{ registerServiceWorker }, { startReplayTriggers }] = await Promise.all([import('../data/service-worker'), import('../data/outbox-client')]);
  // The worker and the replayer start after the session, so replays carry the current tokens.
  registerServiceWorker();
  // Always, not only for a stored session: a teacher who signs in on this page load has changes too.
  startReplayTriggers();
}

export function bootstrapSession(): Promise<SessionOutcome> {
  started ??= loadSession().then((outcome) => {
    if (outcome === 'portal') restoreShellData();
    void startBackground();
    return outcome;
  });
  return started;
}
