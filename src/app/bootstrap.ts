/** Start-up session load, once per page load (StrictMode runs effects twice in development). */
import { subscribe } from 'valtio';
import { loadSession, type SessionOutcome } from '../data/auth';
import { session } from '../data/session';
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
  startReplayTriggers();
}

/**
 * Signed out, nothing waits to be sent that a sign-in would not wake anyway, and a worker could not
 * serve a teacher offline without a session: the sign-in page of a first visit loads neither Dexie
 * nor the worker's precache (about 40 KB gz and the whole app's files over a slow school network).
 * They start as soon as a user is known, on this page load or a later one.
 */
function startBackgroundWhenSignedIn(): void {
  if (session.user) {
    void startBackground();
    return;
  }
  const stop = subscribe(session, () => {
    if (!session.user) return;
    stop();
    void startBackground();
  });
}

export function bootstrapSession(): Promise<SessionOutcome> {
  started ??= loadSession().then((outcome) => {
    if (outcome === 'portal') restoreShellData();
    startBackgroundWhenSignedIn();
    return outcome;
  });
  return started;
}
