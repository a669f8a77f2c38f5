/**
 * The app's IndexedDB (Dexie), shared by the page and the service worker.
 * - reads: the last answer of every read call, keyed by endpoint id + arguments; written by whoever
 *   fetched it (page or worker), read by the UI (src/data/local-store.ts, without Dexie).
 * - outbox: queued writes in the order the teacher made them; written by the page, drained by one
 *   replayer at a time (page or worker).
 * - meta: tokens mirrored from localStorage so the worker can replay with no page open, the
 *   XSRF token, and the state of 'Offline beschikbaar maken' (src/offline/prepare.ts); never a password.
 * The shapes and the version are in ./schema.ts (the page reads them without Dexie).
 */
import Dexie, { type EntityTable } from 'dexie';
import { upgradeStoredIds } from './outbox-format';
import { DB_NAME, OUTBOX_FORMAT, SCHEMA_VERSION, STORES, type CachedRead, type MetaRow, type OutboxEntry } from './schema';

export { OUTBOX_FORMAT } from './schema';
export type { CachedRead, OutboxEntry } from './schema';

export type OfflineDb = Dexie & {
  reads: EntityTable<CachedRead, 'key'>;
  outbox: EntityTable<OutboxEntry, 'seq'>;
  meta: EntityTable<MetaRow, 'key'>;
};

export function openOfflineDb(name = DB_NAME): OfflineDb {
  const db = new Dexie(name) as OfflineDb;
  db.version(1).stores(STORES);
  db.version(SCHEMA_VERSION)
    .stores(STORES)
    .upgrade((tx) => upgradeStoredIds(tx, OUTBOX_FORMAT));
  return db;
}
