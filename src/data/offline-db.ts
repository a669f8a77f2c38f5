import { openOfflineDb } from '../offline/db';

/** The page's handle on the shared IndexedDB (see src/offline/db.ts for what lives where). */
export const offlineDb = openOfflineDb();
