/// <reference lib="webworker" />
/**
 * The app's network layer. Precaches the shell and answers every app route offline; runs /api/ reads
 * network-first through IndexedDB; drains the outbox on Background Sync; shows push notifications.
 * Writes pass straight through: the page puts them in the outbox first.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { openOfflineDb, type OfflineDb } from '../src/offline/db';
import { giveUpSignal } from '../src/offline/give-up';
import { withLock } from '../src/offline/locks';
import { matchEndpoint } from '../src/offline/match-endpoint';
import { REPLAY_LOCK, replayOutbox } from '../src/offline/outbox';
import { cacheScope, readThrough } from '../src/offline/read-through';
import { OFFLINE_FILES } from '../src/offline/file-store';
import { cancelPrepare, interruptPrepare, PERIODIC_TAG, refreshPrepared, startPrepare } from './prepare-worker';
import { GIVE_UP_MS, XSRF_KEY } from '../src/constants';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//, /^\/print\//] }));

let db: OfflineDb | null = null;
async function database(): Promise<OfflineDb | null> {
  if (db) return db;
  try {
    const opened = openOfflineDb();
    await opened.open();
    db = opened;
  } catch {
    // A newer page upgraded the database: this old worker must not touch it; the network still works.
    db = null;
  }
  return db;
}

// Images of opened portfolio items stay viewable offline; bounded, oldest dropped first.
const IMAGE_CACHE = 'portfolio-images';
const IMAGE_CACHE_MAX = 150;

async function imageNetworkFirst(request: Request, path: string): Promise<Response> {
  const cache = await caches.open(IMAGE_CACHE);
  try {
    const res = await fetch(request);
    if (res.ok) {
      // Keyed by path: the signed query changes with every answer, the image does not.
      await cache.put(path, res.clone());
      const keys = await cache.keys();
      for (const old of keys.slice(0, Math.max(0, keys.length - IMAGE_CACHE_MAX))) await cache.delete(old);
    }
    return res;
  } catch (err) {
    const stored = (await cache.match(path)) ?? (await caches.match(path, { cacheName: OFFLINE_FILES }));
    if (stored) return stored;
    throw err;
  }
}

/** Exams and documents opened without a network: the copy 'Offline beschikbaar maken' kept. */
async function fileNetworkFirst(request: Request, path: string, download: boolean): Promise<Response> {
  // The copy was kept as the list opens it (a PDF inline); `?download=1` asks for a download, as online.
  const kept = async () => {
    const stored = await caches.match(path, { cacheName: OFFLINE_FILES });
    return stored && download ? asDownload(stored) : stored;
  };
  try {
    const res = await fetch(request);
    // A proxy's 502/503 while the server is away is no answer either.
    if (res.status < 500) return res;
    return (await kept()) ?? res;
  } catch (err) {
    const stored = await kept();
    if (stored) return stored;
    throw err;
  }
}

/** The same file as a download: attachment, and the sandboxed CSP the server gives downloads. */
function asDownload(stored: Response): Response {
  const headers = new Headers(stored.headers);
  headers.set('Content-Disposition', (headers.get('Content-Disposition') ?? 'attachment').replace(/^inline/, 'attachment'));
  headers.set('Content-Security-Policy', "default-src 'none'; sandbox");
  return new Response(stored.body, { status: stored.status, statusText: stored.statusText, headers });
}

/**
 * Aborted when the teacher accepts an update ('update-taking-over' from the page): the reads and the
 * send this worker still waits for end now, since the new worker activates only once this one has
 * no event left (a read of a screen never opened offline would otherwise hold it for GIVE_UP_MS).
 */
let takeover = new AbortController();

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith('/api/')) return;
  if (event.request.destination === 'image' && url.pathname.startsWith('/api/files/')) {
    event.respondWith(imageNetworkFirst(event.request, url.pathname));
    return;
  }
  if (event.request.method === 'GET' && url.pathname.startsWith('/api/files/')) {
    event.respondWith(fileNetworkFirst(event.request, url.pathname, url.searchParams.get('download') === '1'));
    return;
  }
  const entry = matchEndpoint(event.request.method, url.pathname);
  if (!entry || entry.def.kind !== 'read' || entry.def.offline !== 'cache') return;
  const scope = cacheScope(event.request);
  if (scope === null) return;
  const abandon = takeover.signal;
  event.respondWith(
    database().then((d) =>
      d
        ? readThrough(d.reads, event.request, { scope, abandon })
        : fetch(event.request, { signal: giveUpSignal(GIVE_UP_MS, event.request.signal, abandon) }),
    ),
  );
});

async function replay(): Promise<void> {
  const d = await database();
  if (!d) return;
  const report = await replayOutbox(d, {
    force: true,
    xsrfToken: async () => ((await d.meta.get(XSRF_KEY))?.value as string | undefined) ?? null,
    // A newer worker waits to take over: this one stops between two sends instead of draining the
    // whole queue first (Chromium activates it only when this worker's events have ended).
    stepAside: () => self.registration.waiting !== null,
    abandon: takeover.signal,
  });
  const clients = await self.clients.matchAll({ type: 'window' });
  for (const client of clients) client.postMessage({ type: 'outbox-replayed', report });
  // Background Sync retries the event when it rejects: ask for that while the network is away, when
  // this worker stepped aside (the retry reaches the new one), and while a rate limit holds a change
  // back ('backoff': this replay is forced, only a 429's wait stops it).
  if (['network', 'update', 'backoff'].includes(report.stoppedBy)) throw new Error(`replay stopped (${report.stoppedBy}), retry later`);
}

interface SyncEvent extends ExtendableEvent {
  tag: string;
}

self.addEventListener('sync', ((event: SyncEvent) => {
  if (event.tag === 'outbox') event.waitUntil(replay());
}) as EventListener);

// Periodic Background Sync (Chromium, installed app): the next morning's refresh of the offline copy.
self.addEventListener('periodicsync', ((event: SyncEvent) => {
  if (event.tag === PERIODIC_TAG) event.waitUntil(database().then((d) => (d ? refreshPrepared(d) : undefined)));
}) as EventListener);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; scope?: string; apiUrl?: string } | null;
  if (data?.type === 'offline-prepare' && data.scope && data.apiUrl)
    event.waitUntil(database().then((d) => (d ? startPrepare(d, data.scope!, data.apiUrl!) : undefined)));
  if (data?.type === 'offline-cancel') cancelPrepare();
  if (data?.type === 'update-taking-over') {
    // Only what is in flight now: should the update fail to install, this worker goes on serving.
    takeover.abort();
    takeover = new AbortController();
    interruptPrepare();
  }
  // Not while a replayer holds the outbox: after the tap they stop (stepAside) and abandon their send.
  // The lock is only waited for, not kept: Chromium settles skipWaiting() when this worker activates,
  // minutes later while the old one is busy, and the outbox would stand still all that time.
  if (data?.type === 'SKIP_WAITING') event.waitUntil(withLock(REPLAY_LOCK, async () => undefined).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  const payload = (() => {
    try {
      return event.data?.json() as { title?: string; body?: string; tag?: string; url?: string };
    } catch {
      return { title: 'Docentenomgeving', body: event.data?.text() };
    }
  })();
  // iPadOS revokes a subscription whose push shows nothing: always show one.
  event.waitUntil(
    self.registration.showNotification(payload?.title ?? 'Docentenomgeving', {
      body: payload?.body,
      tag: payload?.tag,
      data: { url: payload?.url ?? '/index' },
      icon: '/icons/icon-192.png',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data as { url?: string } | null)?.url ?? '/index', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = clients.find((c) => new URL(c.url).origin === self.location.origin) as WindowClient | undefined;
      if (open) {
        await open.focus();
        await open.navigate(target).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
