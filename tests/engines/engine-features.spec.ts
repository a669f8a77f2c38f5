/**
 * What the offline core relies on, checked in each engine rather than assumed (docs/offline.md, "Per
 * engine"): Web Locks exclusive across windows, Cache Storage keeping a PDF byte for byte, IndexedDB
 * written by the page and read by the worker at once, and which triggers exist (Background Sync, push).
 */
import { signIn, workerReady } from './app';
import { expect, test } from './fixtures';

test('the browser features the offline core relies on', async ({ app, server }) => {
  await signIn(app, server.url, 'docent@demoschool.nl');
  await workerReady(app);
  const facts = await app.evaluate(async () => {
    // Web Locks: while this page holds a lock, nobody else gets it (the replayer's one-at-a-time rule).
    let exclusive = false;
    if (navigator.locks) {
      await navigator.locks.request('lane-probe', async () => {
        exclusive = (await navigator.locks.request('lane-probe', { ifAvailable: true }, (lock) => lock)) === null;
      });
    }
    // Cache Storage: a PDF stored and read back unchanged (documents and portfolio images use it).
    const pdf = new Uint8Array(200_000).map((_, i) => (i * 7) % 256);
    const cache = await caches.open('lane-probe');
    await cache.put('/lane-probe.pdf', new Response(pdf, { headers: { 'Content-Type': 'application/pdf' } }));
    const back = new Uint8Array(await (await cache.match('/lane-probe.pdf'))!.arrayBuffer());
    await caches.delete('lane-probe');
    const cacheKeepsPdf = back.length === pdf.length && back.every((b, i) => b === pdf[i]);
    // IndexedDB at once: the page writes a read answer while the worker serves reads from the same store.
    const stored = await new Promise<boolean>((resolve) => {
      const open = indexedDB.open('docentenomgeving');
      open.onerror = () => resolve(false);
      open.onsuccess = () => {
        const tx = open.result.transaction('reads', 'readwrite');
        tx.objectStore('reads').put({ key: 'probe|GET probe', scope: 'probe', data: { ok: true }, updatedAt: Date.now() });
        tx.oncomplete = () => resolve(true);
        tx.onerror = () => resolve(false);
      };
    });
    const scope = `${JSON.parse(localStorage.getItem('shellData') ?? '{}').scope ?? ''}`;
    const workerRead = await fetch('/api/organisations/info', {
      headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}`, 'X-Cache-Scope': scope || 'probe' },
    }).then((r) => r.ok);
    const registration = await navigator.serviceWorker.ready;
    return {
      serviceWorker: Boolean(navigator.serviceWorker.controller),
      webLocks: Boolean(navigator.locks),
      exclusive,
      cacheKeepsPdf,
      idbPageAndWorker: stored && workerRead,
      backgroundSync: 'sync' in registration,
      push: 'pushManager' in registration,
      notifications: typeof Notification !== 'undefined',
      persisted: navigator.storage?.persisted ? await navigator.storage.persisted() : null,
    };
  });
  test.info().annotations.push({ type: `${app.engine} features`, description: JSON.stringify(facts) });
  console.log(app.engine, JSON.stringify(facts));
  expect(facts).toMatchObject({ webLocks: true, exclusive: true, cacheKeepsPdf: true, idbPageAndWorker: true });
  // WebKit, like iPadOS, has no Background Sync: the replay triggers of src/data/outbox-client.ts carry it.
  if (app.engine === 'webkit') expect(facts.backgroundSync).toBe(false);
});
