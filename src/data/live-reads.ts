/**
 * The reads screens follow (./use-local.ts), as Dexie queries so that its liveQuery knows what each
 * read and runs it again when a change touches that.
 */
import type { OfflineDb } from '../offline/db';
import type { CachedRead, OutboxEntry } from '../offline/schema';
import { countOutbox, NO_OUTBOX, pendingOf, type OutboxCounts } from './local-store';

export interface ReadWithPending {
  read: CachedRead | undefined;
  pending: OutboxEntry[];
}

/**
 * A cached read and the queued changes to lay over it, from one transaction: they always match. Dexie
 * promises chained, no native await inside the transaction: an await there can let IndexedDB commit
 * the transaction before the second read (Dexie's PrematureCommitError, seen under fake timers).
 */
export const readWithPending = (db: OfflineDb, key: string): Promise<ReadWithPending> =>
  db.transaction('r', db.reads, db.outbox, () => db.reads.get(key).then((read) => db.outbox.toArray().then((all) => ({ read, pending: pendingOf(all) }))));

/** Waiting, sending and delivered entries in the order the teacher made them (by seq). */
export const pendingEntries = async (db: OfflineDb): Promise<OutboxEntry[]> => pendingOf(await db.outbox.toArray());

/** See countOutbox (./local-store.ts) for `userId`. */
export const outboxCounts = async (db: OfflineDb, userId?: number | null): Promise<OutboxCounts> => countOutbox(await db.outbox.toArray(), userId);

export { NO_OUTBOX };

export const metaValue = async (db: OfflineDb, key: string): Promise<unknown> => (await db.meta.get(key))?.value;
