/**
 * Reads, network first: the answer is stored in IndexedDB and returned; when the network fails or is
 * too slow, the stored answer is returned marked with its age. The page runs this directly when no
 * service worker controls it; the worker runs it for every /api/ read.
 */
import { giveUpSignal } from './give-up';
import type { CachedRead } from './schema';
import { GIVE_UP_MS, READ_TIMEOUT_MS } from '../constants';

export const CACHED_AT_HEADER = 'X-Cached-At';
/** The page names the cache scope (user and school) of each read, so page and worker agree on keys. */
export const SCOPE_HEADER = 'X-Cache-Scope';

/** The cache key of a read: the scope (user and school) plus method, URL after /api/ and body. */
export function readCacheKey(scope: string, method: string, url: string, body = ''): string {
  const path = new URL(url, 'http://x').pathname.replace(/^.*?\/api\//, '') + new URL(url, 'http://x').search;
  return `${scope}|${method} ${path}${body ? `|${body}` : ''}`;
}

/**
 * The scope a read is stored under, or null when the worker must leave it to the network: only the
 * reads of useRead carry the page's scope header. Start-up's own `config` and `users/info` are sent
 * without it, before the user is known; stored under `public|` they could answer for the next
 * teacher on this tablet, and answering them from the worker's store took WebKit ~0.4 s of an
 * offline start. The page keeps its own copy of both instead (src/data/last-known.ts).
 */
export function cacheScope(request: Request): string | null {
  return request.headers.get(SCOPE_HEADER);
}

function cachedResponse(data: unknown, updatedAt: number): Response {
  return new Response(JSON.stringify(data), {
    status: 200,
    headers: { 'Content-Type': 'application/json', [CACHED_AT_HEADER]: String(updatedAt) },
  });
}

/**
 * When each stored answer was last found current (the server sent it again, same ETag, or a 304),
 * per store, in memory only: writing that time into the row would wake every screen that follows it
 * (Dexie's liveQuery) for an answer that did not change, every 5 s on the dashboard. Lost with the
 * worker (or page), after which the row's own date, when it last changed, is the age shown offline.
 */
const confirmations = new WeakMap<ReadStore, Map<string, number>>();
// The reads one worker serves are a few hundred keys; oldest out first past that.
const MAX_CONFIRMED = 1000;

function confirm(store: ReadStore, key: string, at: number): void {
  let times = confirmations.get(store);
  if (!times) confirmations.set(store, (times = new Map()));
  times.delete(key);
  times.set(key, at);
  if (times.size > MAX_CONFIRMED) times.delete(times.keys().next().value as string);
}

/** When the stored answer was last known current: written or confirmed, whichever was later. */
const currentAt = (store: ReadStore, key: string, row: CachedRead | undefined): number =>
  Math.max(row?.updatedAt ?? 0, confirmations.get(store)?.get(key) ?? 0);

/** Where answers are kept: the worker passes Dexie's `db.reads`, the page its raw store (src/data/local-store.ts). */
export interface ReadStore {
  get(key: string): Promise<CachedRead | undefined>;
  put(row: CachedRead): Promise<unknown>;
}

export interface ReadThroughOptions {
  fetchFn?: typeof fetch;
  timeoutMs?: number;
  /** After this long the network is abandoned, also when a stored answer was already served. */
  giveUpMs?: number;
  /** Aborted when a new version takes over: the read answers from the store (or offline) at once. */
  abandon?: AbortSignal;
  /** Defaults to the request's X-Cache-Scope header. */
  scope?: string;
}

export async function readThrough(store: ReadStore, request: Request, opts: ReadThroughOptions = {}): Promise<Response> {
  const fetchFn = opts.fetchFn ?? fetch;
  const body = request.method === 'GET' ? '' : await request.clone().text();
  const scope = opts.scope ?? request.headers.get(SCOPE_HEADER) ?? 'public';
  const key = readCacheKey(scope, request.method, request.url, body);

  // Never unbounded (src/offline/give-up.ts): a hanging read would hold a connection and, in the
  // worker, its fetch event, which keeps a new version from taking over.
  // The answer is as new as its request, not as its arrival: a poll sent before the teacher chose
  // another class can answer after the reload that followed the choice. Dated by when it was sent, it
  // neither replaces that newer answer nor passes for one (the feed skips pages from before a change).
  const sentAt = Date.now();
  const network = fetchFn(request, { signal: giveUpSignal(opts.giveUpMs ?? GIVE_UP_MS, request.signal, opts.abandon) }).then(
    async (res) => {
      // Not modified (a request that named its ETag itself): the stored answer is current.
      if (res.status === 304) confirm(store, key, sentAt);
      if (!res.ok) return res;
      const stored = await store.get(key);
      if (currentAt(store, key, stored) > sentAt) return res;
      const etag = res.headers.get('ETag') ?? undefined;
      // The answer stored already (the browser turns the server's 304 into its cached 200): nothing
      // is written, so nothing that follows the row wakes, and the body is not even read here.
      if (etag !== undefined && stored?.etag === etag) {
        confirm(store, key, sentAt);
        return res;
      }
      const data = await res
        .clone()
        .json()
        .catch(() => undefined);
      if (data !== undefined) await store.put({ key, scope, data, updatedAt: sentAt, etag });
      return res;
    },
  );

  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), opts.timeoutMs ?? READ_TIMEOUT_MS));
  try {
    const first = await Promise.race([network, timeout]);
    if (first !== 'timeout') return first;
    const cached = await store.get(key);
    // Slow network with something stored: show it now; the network answer still lands in the cache.
    if (cached) return cachedResponse(cached.data, currentAt(store, key, cached));
    return await network;
  } catch {
    const cached = await store.get(key);
    if (cached) return cachedResponse(cached.data, currentAt(store, key, cached));
    return new Response(
      JSON.stringify({ error: { message: 'Geen verbinding met de server, en deze gegevens zijn nog niet eerder geladen.' } }),
      {
        status: 503,
        headers: { 'Content-Type': 'application/json', 'X-Offline': '1' },
      },
    );
  }
}
