import { openOfflineDb } from '../offline/db';

/** The page's handle on the shared IndexedDB (see src/offline/db.ts for what lives where). */
export const offlineDb = openOfflineDb();

// No connection outlives its document (docs/offline.md, "IndexedDB lifecycle"): closed on pagehide,
// opened again by Dexie at the next use (autoOpen stays on), e.g. after pageshow from the back-forward
// cache. Dexie itself answers versionchange by closing.
if (typeof window !== 'undefined') window.addEventListener('pagehide', () => offlineDb.close({ disableAutoOpen: false }));

/** Dexie's liveQuery, loaded with the database (./follow-local.ts). */
export { liveQuery } from 'dexie';
