/** Start-up session load, once per page load (StrictMode runs effects twice in development). */
import { subscribe } from 'valtio';
import { loadSession, type SessionOutcome } from '../data/auth';
import { session } from '../data/session';
import { restoreShellData } from '../shell/shell-data';

let started: Promise<SessionOutcome> | null = null;

/**
 * The worker registration is loaded here, after the session, rather than imported: workbox-window is
 * not needed for the first screen. The outbox replayer (with Dexie) loads only when something is to
 * be sent (../data/replayer.ts).
 */
async function startBackground(): Promise<void> {
  const [{ registerServiceWorker }, { watchOutbox }] = await Promise.all([import('../data/service-worker'), import('../data/replayer')]);
  // The worker and the replayer start after the session, so replays carry the current tokens.
  registerServiceWorker();
  watchOutbox();
}

/**
 * Signed out, the worker is registered directly (the same script and scope as data/service-worker.ts),
 * so the app stays installable and precaches while the teacher signs in; workbox-window's update
 * handling and the outbox wait for a user: nothing can wait to be sent without a session that a sign-in would not wake anyway.
 */
function startBackgroundWhenSignedIn(): void {
  if (session.user) {
    void startBackground();
    return;
  }
  if ('serviceWorker' in navigator && !import.meta.env.DEV)
    void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
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
