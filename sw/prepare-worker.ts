/// <reference lib="webworker" />
/**
 * 'Offline beschikbaar maken' in the worker, so it goes on while the teacher changes screens: the page
 * sends 'offline-prepare' (scope and api_url) or 'offline-cancel'; progress reaches the page through
 * IndexedDB (meta 'offline-prepare', read with liveQuery). Periodic Background Sync refreshes the copy.
 */
import type { OfflineDb } from '../src/offline/db';
import { cacheFileStore } from '../src/offline/file-store';
import { PERIODIC_TAG, PREPARE_INTERRUPTED, readPrepareState, runPrepare } from '../src/offline/prepare';
import { readTokens, refreshAccessToken } from '../src/offline/tokens';
import { LAST_USER_KEY } from '../src/constants';

declare const self: ServiceWorkerGlobalScope;

export { PERIODIC_TAG };

let running: AbortController | null = null;

/** The scope of the teacher the page last signed in (src/data/last-known.ts). */
async function signedInScope(db: OfflineDb): Promise<string | null> {
  const user = (await db.meta.get(LAST_USER_KEY))?.value as { id?: number; currentOrganisationId?: number } | undefined;
  return user?.id !== undefined ? `${user.id}:${user.currentOrganisationId}` : null;
}

export async function startPrepare(db: OfflineDb, scope: string, apiUrl: string): Promise<void> {
  // The tokens are the signed-in teacher's: never fetch for another scope (a periodic refresh after a sign-out).
  if (running || (await signedInScope(db)) !== scope) return;
  const controller = new AbortController();
  running = controller;
  try {
    await runPrepare({
      db,
      scope,
      apiUrl,
      origin: self.location.origin,
      fetchFn: fetch.bind(self),
      accessToken: async () => (await readTokens(db)).accessToken ?? null,
      refresh: async (failed) => {
        const result = await refreshAccessToken(db, failed ?? undefined, fetch.bind(self), apiUrl);
        if (result.ok) return result.tokens.accessToken;
        // No network is a pause (retried), not the end of the session.
        if (result.reason === 'network') throw new TypeError('refresh: no network');
        return null;
      },
      files: cacheFileStore(caches),
      storageLeft: async () => {
        const estimate = await navigator.storage?.estimate?.();
        return estimate?.quota !== undefined && estimate.usage !== undefined ? estimate.quota - estimate.usage : null;
      },
      signal: controller.signal,
      scopeCurrent: async () => (await signedInScope(db)) === scope,
    });
  } finally {
    if (running === controller) running = null;
  }
}

export function cancelPrepare(): void {
  running?.abort();
}

/** A new version takes over only once this worker has no event left: the run stops and resumes there. */
export function interruptPrepare(): void {
  running?.abort(PREPARE_INTERRUPTED);
}

/** The periodic refresh: the last prepared scope again, only when a copy was made and finished. */
export async function refreshPrepared(db: OfflineDb): Promise<void> {
  const state = await readPrepareState(db);
  if (state?.ready) await startPrepare(db, state.scope, state.apiUrl);
}
