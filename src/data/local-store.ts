/**
 * The page's own access to the shared IndexedDB, without Dexie (31 KB gz that a tablet parses on
 * every start, and one of the long tasks of a load): cached reads, the outbox entries a screen lays
 * over them, the header's counts and the meta rows of start-up. Dexie loads only for a real need:
 * queuing or sending a change, a token refresh, an upgrade of the database (a version other than
 * this app's), or the very first write when no database exists yet.
 *
 * Reading never creates the database: when it does not exist the open is aborted and everything
 * reads as empty. A change is announced the way Dexie announces its own (./local-changes.ts), so the
 * worker, other tabs and any liveQuery see it.
 */
import { DB_NAME, IDB_VERSION, STORES, type CachedRead, type MetaRow, type OutboxEntry } from '../offline/schema';
import { parseScope } from '../offline/row-scope';
import { announce, type StoreName } from './local-changes';
import { loadOfflineDb } from './session';
import { LOCAL_READ_TIMEOUT_MS } from '../constants';

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

async function inStores<T>(names: StoreName[], read: (tx: IDBTransaction) => Promise<T>, empty: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), LOCAL_READ_TIMEOUT_MS);
  });
  const attempt = (async () => {
    const db = await localDb();
    if (!db) return empty;
    return read(db.transaction(names, 'readonly'));
  })();
  try {
    const out = await Promise.race([attempt, late]);
    if (out !== 'late') return out;
    // Nothing came back (an open or a transaction held up): read as empty, and open afresh next time.
    dropConnection();
    return empty;
  } finally {
    clearTimeout(timer);
  }
}

const getAll = <T>(tx: IDBTransaction, name: StoreName) => request(tx.objectStore(name).getAll() as IDBRequest<T[]>);

/** Waiting, sending and delivered entries in the order the teacher made them (by seq). */
const pendingOf = (all: OutboxEntry[]) => all.filter((e) => e.state === 'waiting' || e.state === 'sending' || e.state === 'delivered');

export const getRead = (key: string) => inStores(['reads'], (tx) => request(tx.objectStore('reads').get(key) as IDBRequest<CachedRead | undefined>), undefined);

/** A cached read and the queued changes to lay over it, from one transaction: they always match. */
export const getReadWithPending = (key: string) =>
  inStores(
    ['reads', 'outbox'],
    async (tx) => {
      const [read, all] = await Promise.all([request(tx.objectStore('reads').get(key) as IDBRequest<CachedRead | undefined>), getAll<OutboxEntry>(tx, 'outbox')]);
      return { read, pending: pendingOf(all) };
    },
    { read: undefined, pending: [] },
  );

export const getPendingEntries = () => inStores(['outbox'], async (tx) => pendingOf(await getAll<OutboxEntry>(tx, 'outbox')), []);

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
export const getOutboxCounts = (userId?: number | null) =>
  inStores(
    ['outbox'],
    async (tx): Promise<OutboxCounts> => {
      const all = await getAll<OutboxEntry>(tx, 'outbox');
      const open = all.filter((e) => e.state === 'waiting' || e.state === 'sending' || e.state === 'failed');
      const isOwn = (e: OutboxEntry) => {
        const bound = parseScope(e.scope);
        return userId === undefined || bound === null || bound.userId === userId;
      };
      const own = open.filter(isOwn);
      return { waiting: own.filter((e) => e.state !== 'failed').length, failed: own.filter((e) => e.state === 'failed'), others: open.length - own.length };
    },
    { waiting: 0, failed: [], others: 0 },
  );

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

async function put(name: 'reads' | 'meta', row: CachedRead | MetaRow, parts: Record<string, IDBValidKey>): Promise<void> {
  let db = await localDb();
  if (!db) {
    await create().catch(() => undefined);
    db = await localDb();
  }
  if (!db) throw new Error('IndexedDB');
  const tx = db.transaction([name], 'readwrite');
  tx.objectStore(name).put(row);
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB'));
  });
  announce(parts);
}

/** The page's own store of a read it fetched (no worker controls it): see src/offline/read-through.ts. */
export const putRead = (row: CachedRead) => put('reads', row, { reads: row.key, 'reads/scope': row.scope });

export const putMeta = (key: string, value: unknown) => put('meta', { key, value }, { meta: key });

/** The store src/offline/read-through.ts needs, for the page when no worker controls it. */
export const readStore = { get: getRead, put: putRead };
