/**
 * One-off reads of the shared IndexedDB without waiting for Dexie: start-up's meta rows, the outbox
 * counts a tap checks (sign-out, a direct write) and the lost-outbox check. Reads that follow changes
 * go through Dexie's liveQuery (./use-local.ts, ./live-reads.ts); writes go through Dexie, so its
 * own change tracking tells the worker, other tabs and every liveQuery.
 *
 * Reading never creates the database: when it does not exist the open is aborted and everything
 * reads as empty.
 */
import { DB_NAME, IDB_VERSION, STORES, type CachedRead, type MetaRow, type OutboxEntry } from '../offline/schema';
import { parseScope } from '../offline/row-scope';
import { loadOfflineDb } from './session';
import { LOCAL_READ_TIMEOUT_MS } from '../constants';

type StoreName = 'reads' | 'outbox' | 'meta';

let opening: Promise<IDBDatabase | null> | null = null;

/** Drops the connection: the next read opens a new one. A late open of the dropped one is closed. */
function dropConnection(): void {
  const dropped = opening;
  opening = null;
  void dropped?.then((db) => db?.close(), () => undefined);
}

/**
 * IndexedDB lifecycle of the page: no connection outlives the document that opened it. On `pagehide`
 * (a reload, a navigation, the back-forward cache) the connection closes, so it can hold nothing back
 * from the next page or the worker; the next read after `pageshow` opens it again.
 */
if (typeof window !== 'undefined') window.addEventListener('pagehide', dropConnection);

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB'));
  });
}

/** Opens the database as it is: null when it does not exist (the upgrade that would create it is aborted). */
function openAsIs(): Promise<IDBDatabase | null> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME);
    let missing = false;
    req.onupgradeneeded = () => {
      missing = true;
      req.transaction?.abort();
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = (event) => {
      if (missing) {
        // The abort is expected: keep it from reaching window.onerror.
        event.preventDefault();
        resolve(null);
      } else reject(req.error ?? new Error('IndexedDB'));
    };
    req.onblocked = () => undefined;
  });
}

async function open(): Promise<IDBDatabase | null> {
  let db = await openAsIs();
  if (db && db.version < IDB_VERSION) {
    // An older database: Dexie runs the upgrade (src/offline/db.ts), then it is read as it is.
    db.close();
    await (await loadOfflineDb()).open();
    db = await openAsIs();
  }
  if (db) {
    // Another connection (Dexie here, the worker, a newer tab) wants to upgrade: step aside.
    db.onversionchange = () => {
      db?.close();
      opening = null;
    };
    // A closed connection (pagehide, versionchange, the browser) is never handed out again.
    db.onclose = () => {
      opening = null;
    };
  }
  return db;
}

/** The open database, or null when there is none yet (asked again next time: someone may create it). */
export function localDb(): Promise<IDBDatabase | null> {
  const current = (opening ??= open().then(
    (db) => {
      if (!db) opening = null;
      return db;
    },
    (err: unknown) => {
      opening = null;
      throw err;
    },
  ));
  return current;
}

/** `attempt`, or `empty` when it has not answered within LOCAL_READ_TIMEOUT_MS (`onLate` runs then). */
export async function withinReadTimeout<T>(attempt: Promise<T>, empty: T, onLate?: () => void): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), LOCAL_READ_TIMEOUT_MS);
  });
  try {
    const out = await Promise.race([attempt, late]);
    if (out !== 'late') return out;
    onLate?.();
    return empty;
  } finally {
    clearTimeout(timer);
  }
}

async function inStores<T>(names: StoreName[], read: (tx: IDBTransaction) => Promise<T>, empty: T): Promise<T> {
  const attempt = (async () => {
    const db = await localDb();
    if (!db) return empty;
    return read(db.transaction(names, 'readonly'));
  })();
  // Nothing came back (an open or a transaction held up): read as empty, and open afresh next time.
  return withinReadTimeout(attempt, empty, dropConnection);
}

const getAll = <T>(tx: IDBTransaction, name: StoreName) => request(tx.objectStore(name).getAll() as IDBRequest<T[]>);

/** Waiting, sending and delivered entries in the order the teacher made them (by seq). */
export const pendingOf = (all: OutboxEntry[]) => all.filter((e) => e.state === 'waiting' || e.state === 'sending' || e.state === 'delivered');

export const getRead = (key: string) => inStores(['reads'], (tx) => request(tx.objectStore('reads').get(key) as IDBRequest<CachedRead | undefined>), undefined);

export interface OutboxCounts {
  /** Waiting or being sent. */
  waiting: number;
  /** Refused by the server, oldest first. */
  failed: OutboxEntry[];
  /** Waiting or refused changes of another teacher (held by the replayer; only counted, never shown). */
  others: number;
}

/**
 * The outbox's counts. `userId`: the signed-in teacher (null: nobody), whose changes are counted as
 * waiting or refused while the others' are only counted; undefined counts every row as waiting.
 */
export function countOutbox(all: OutboxEntry[], userId?: number | null): OutboxCounts {
  const open = all.filter((e) => e.state === 'waiting' || e.state === 'sending' || e.state === 'failed');
  const isOwn = (e: OutboxEntry) => {
    const bound = parseScope(e.scope);
    return userId === undefined || bound === null || bound.userId === userId;
  };
  const own = open.filter(isOwn);
  return { waiting: own.filter((e) => e.state !== 'failed').length, failed: own.filter((e) => e.state === 'failed'), others: open.length - own.length };
}

export const NO_OUTBOX: OutboxCounts = { waiting: 0, failed: [], others: 0 };

export const getOutboxCounts = (userId?: number | null) => inStores(['outbox'], async (tx) => countOutbox(await getAll<OutboxEntry>(tx, 'outbox'), userId), NO_OUTBOX);

export const getMeta = async (key: string): Promise<unknown> =>
  (await inStores(['meta'], (tx) => request(tx.objectStore('meta').get(key) as IDBRequest<MetaRow | undefined>), undefined))?.value;

/**
 * Creates the database as Dexie would (the same stores, indexes and version), for a first write with
 * none there: loading Dexie for it would put it back in a first visit's load.
 */
function create(): Promise<IDBDatabase | null> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, IDB_VERSION);
    req.onupgradeneeded = (event) => {
      if (event.oldVersion !== 0) return req.transaction?.abort();
      const db = req.result;
      for (const [name, spec] of Object.entries(STORES)) {
        const [primary = '', ...indexes] = spec.split(',').map((s) => s.trim());
        const auto = primary.startsWith('++');
        const store = db.createObjectStore(name, { keyPath: primary.replace('++', ''), autoIncrement: auto });
        for (const index of indexes) store.createIndex(index, index);
      }
    };
    req.onsuccess = () => {
      req.result.close();
      resolve(null);
    };
    req.onerror = (event) => {
      event.preventDefault();
      reject(req.error ?? new Error('IndexedDB'));
    };
  });
}

async function putRaw(row: MetaRow): Promise<void> {
  let db = await localDb();
  if (!db) {
    await create().catch(() => undefined);
    db = await localDb();
  }
  if (!db) throw new Error('IndexedDB');
  const tx = db.transaction(['meta'], 'readwrite');
  tx.objectStore('meta').put(row);
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB'));
  });
}

/**
 * The page's own store of a read it fetched (no worker controls it): see src/offline/read-through.ts.
 * Through Dexie: a screen follows this row (./use-local.ts), and Dexie's change tracking is what tells
 * it, the worker and other tabs.
 */
export const putRead = async (row: CachedRead): Promise<void> => {
  await (await loadOfflineDb()).reads.put(row);
};

/**
 * A meta row of start-up (the XSRF token, the last user and configuration), written raw so a
 * signed-out page loads no Dexie. No screen follows these rows; one that starts to must have it
 * written through Dexie, or its liveQuery will not hear the change.
 */
export const putMeta = (key: string, value: unknown) => putRaw({ key, value });

/** The store src/offline/read-through.ts needs, for the page when no worker controls it. */
export const readStore = { get: getRead, put: putRead };
