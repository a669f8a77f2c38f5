/**
 * Changes of the shared IndexedDB, heard without Dexie. Dexie announces every change it commits on a
 * BroadcastChannel named 'x-storagemutated-1' (the worker, other tabs) and, for this page's own
 * Dexie, as a window event of the same name; the message names the changed parts as
 * `idb://<db>/<store>/<index>` with the keys touched. Listeners hear the stores that changed, a
 * burst coalesced into one call. The page's own raw writes (./local-store.ts) are announced in the
 * same shape, so a Dexie liveQuery (here, in the worker or in another tab) re-reads as well.
 */
import { DB_NAME } from '../offline/schema';

export type StoreName = 'reads' | 'outbox' | 'meta';

const CHANNEL = 'x-storagemutated-1';
const PART = new RegExp(`^idb://${DB_NAME}/(reads|outbox|meta)/`);
type Listener = (stores: ReadonlySet<StoreName>) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;
let changed = new Set<StoreName>();
let queued = false;

function heard(parts: unknown): void {
  if (!parts || typeof parts !== 'object') return;
  // { all: true }: Dexie's word for "anything may have changed" (a database deleted or cleared).
  const names = 'all' in parts ? (['reads', 'outbox', 'meta'] as const) : Object.keys(parts).flatMap((p) => (PART.exec(p)?.[1] as StoreName | undefined) ?? []);
  if (!names.length) return;
  for (const n of names) changed.add(n);
  if (queued) return;
  queued = true;
  queueMicrotask(() => {
    queued = false;
    const stores = changed;
    changed = new Set();
    for (const l of [...listeners]) l(stores);
  });
}

const onWindowEvent = (event: Event) => heard((event as CustomEvent<unknown>).detail);

function start(): void {
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event: MessageEvent<unknown>) => heard(event.data);
  }
  window.addEventListener(CHANNEL, onWindowEvent);
}

function stop(): void {
  channel?.close();
  channel = null;
  window.removeEventListener(CHANNEL, onWindowEvent);
}

/** Calls `listener` with the stores changed, after every change (coalesced); returns the unsubscribe. */
export function onLocalChange(listener: Listener): () => void {
  if (listeners.size === 0) start();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) stop();
  };
}

/**
 * Announces a raw write: `parts` maps 'store' (primary key) or 'store/index' to the key written.
 * The range object is what Dexie's RangeSet becomes on a channel (from, to, depth; no children).
 */
export function announce(parts: Record<string, IDBValidKey>): void {
  const message: Record<string, { from: IDBValidKey; to: IDBValidKey; d: number }> = {};
  for (const [part, key] of Object.entries(parts)) message[`idb://${DB_NAME}/${part.includes('/') ? part : `${part}/`}`] = { from: key, to: key, d: 1 };
  if (channel) channel.postMessage(message);
  else if (typeof BroadcastChannel !== 'undefined') {
    const once = new BroadcastChannel(CHANNEL);
    once.postMessage(message);
    once.close();
  }
  // A channel does not hear its own messages: this page's listeners hear it here.
  heard(message);
}
