/**
 * A quiet poll is free: the dashboard polls its feed every 5 s, and when nothing changed on the server
 * the answer must change nothing on the tablet either: no IndexedDB write (page or worker), no React
 * commit, no DOM change. Measured in Chromium with the real service worker answering the poll.
 */
import type { Page, Request } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

const POLL = /\/api\/activities\/classroom$/;
const isPoll = (r: Request) => POLL.test(new URL(r.url()).pathname) && r.method() === 'GET';

interface Counts {
  puts: number;
  commits: number;
  mutations: number;
}

/** Counts, from the first script on: IndexedDB writes of the page, React commits and DOM mutations. */
async function installCounters(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counts = { puts: 0, commits: 0, mutations: 0 };
    (window as unknown as { __counts: typeof counts }).__counts = counts;
    for (const name of ['put', 'add', 'delete', 'clear'] as const) {
      const original = IDBObjectStore.prototype[name] as (...args: unknown[]) => IDBRequest;
      IDBObjectStore.prototype[name] = function (this: IDBObjectStore, ...args: unknown[]) {
        counts.puts++;
        return original.apply(this, args);
      } as never;
    }
    // What React DevTools installs: React tells it of every commit, also in a production build.
    (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => undefined,
      onScheduleFiberRoot: () => undefined,
      onCommitFiberRoot: () => {
        counts.commits++;
      },
      onPostCommitFiberRoot: () => undefined,
      onCommitFiberUnmount: () => undefined,
    };
    // The page's own polls (through the worker or not): the counts as each one is sent.
    const polls: (typeof counts)[] = [];
    (window as unknown as { __polls: typeof polls }).__polls = polls;
    const fetch0 = window.fetch;
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (/\/api\/activities\/classroom$/.test(new URL(url, location.href).pathname)) polls.push({ ...counts });
      return fetch0(input, init);
    };
    new MutationObserver((records) => {
      counts.mutations += records.length;
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

/** The stored feed answer as the worker left it (read without writing): when and under which tag. */
const storedFeed = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ updatedAt: number; etag?: string } | null>((resolve, reject) => {
        const open = indexedDB.open('docentenomgeving');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('reads').objectStore('reads').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            const row = (all.result as { key: string; updatedAt: number; etag?: string }[]).find((r) =>
              r.key.endsWith('|GET activities/classroom'),
            );
            open.result.close();
            resolve(row ? { updatedAt: row.updatedAt, etag: row.etag } : null);
          };
        };
      }),
  );

test('a quiet poll writes nothing, renders nothing and changes no DOM node', async ({ page, server }) => {
  test.setTimeout(90_000);
  await installCounters(page);
  await signIn(page, server.url, 'docent@demoschool.nl');
  const feed = page.getByRole('table', { name: 'Activiteiten van de klas' });
  await expect(feed.locator('tbody tr').first()).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect(page.getByTestId('sync-status')).toHaveText('Online');

  // One poll of the interval answered: whatever the first load set off (the feed marked read, its
  // refresh) has settled by the time the next one is sent, 5 s later.
  await page.waitForResponse((r) => isPoll(r.request()));
  const first = await page.evaluate(() => (window as unknown as { __polls: Counts[] }).__polls.length);
  const statuses: number[] = [];
  const onResponse = (r: { request(): Request; status(): number }) => void (isPoll(r.request()) ? statuses.push(r.status()) : undefined);
  page.on('response', onResponse);
  await page.waitForFunction((n) => (window as unknown as { __polls: Counts[] }).__polls.length > n, first);
  const before = await storedFeed(page);
  expect(before, 'the worker stored the feed').not.toBeNull();
  // Four polls from their sending on, up to the sending of the fifth (5 s after the fourth: what
  // its answer set off has happened by then).
  await page.waitForFunction((n) => (window as unknown as { __polls: Counts[] }).__polls.length > n + 4, first, { timeout: 40_000 });
  page.off('response', onResponse);
  const counts = await page.evaluate((n) => {
    const polls = (window as unknown as { __polls: Counts[] }).__polls;
    const [a, b] = [polls[n]!, polls[n + 4]!];
    return { puts: b.puts - a.puts, commits: b.commits - a.commits, mutations: b.mutations - a.mutations };
  }, first);
  const after = await storedFeed(page);
  console.log(
    `four quiet polls: ${JSON.stringify(counts)}, stored feed ${before?.updatedAt === after?.updatedAt ? 'unchanged' : 'rewritten'}`,
  );

  expect(statuses.length).toBeGreaterThanOrEqual(4);
  expect(statuses.every((s) => s === 200 || s === 304)).toBe(true);
  expect(after, 'the worker did not rewrite the stored feed').toEqual(before);
  expect(counts).toEqual({ puts: 0, commits: 0, mutations: 0 });
  // Still polling, still showing the feed.
  await expect(feed.locator('tbody tr').first()).toBeVisible();
});
