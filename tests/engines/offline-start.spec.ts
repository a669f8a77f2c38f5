/**
 * Opening the app with the server gone, in Chromium and in WebKit (the iPad's engine): the teacher
 * stays signed in and sees the last data, whatever the order of the first requests (issue #20).
 */
import { click, find, heading, signIn, tab, testId, tokens, waitFor, workerReady } from './app';
import { expect, test } from './fixtures';

/** In the page: resolves with the ms since navigation start at which the dashboard's feed has rows. */
const feedShownAt = () =>
  new Promise<number>((resolve) => {
    const check = () => {
      if (document.querySelector('table[aria-label="Activiteiten van de klas"] tbody tr')) {
        resolve(performance.now());
        return true;
      }
      return false;
    };
    if (check()) return;
    const observer = new MutationObserver(() => check() && observer.disconnect());
    observer.observe(document.body, { childList: true, subtree: true });
  });

test('signed in through the form and offline at once: every reload keeps the teacher signed in with the last dashboard', async ({
  app,
  server,
}) => {
  await signIn(app, server.url, 'docent@demoschool.nl');
  await app.evaluate(feedShownAt);
  // Without an installed worker nothing can open offline: wait for it, not for it to control the page.
  await workerReady(app);
  const signedIn = await tokens(app);
  await server.stop();

  const shown: number[] = [];
  for (let i = 0; i < 4; i++) {
    await app.reload();
    const shownAt = await app.evaluate(feedShownAt);
    expect(await app.url(), `reload ${i + 1}`).toMatch(/\/index$/);
    await find(app, heading('Dashboard'));
    await find(app, testId('stale-notice', /^Laatst bijgewerkt \d\d:\d\d$/));
    shown.push(Math.round(shownAt));
    expect(await tokens(app)).toEqual(signedIn);
  }
  // Measured in the page from the navigation's start, and printed: the speed budget (≤ 400 ms) is
  // `npm run bench`'s, not a timed test's (WebKitGTK took 1.0–1.7 s here under the lane's own load of
  // 4, Chromium 0.5–0.8 s). What is asserted is that the data never waits for a fallback: the raw
  // read gives up after LOCAL_READ_TIMEOUT_MS (4 s), so a median over 3 s means the cache was not read.
  shown.sort((a, b) => a - b);
  const median = shown[Math.floor(shown.length / 2)]!;
  test.info().annotations.push({ type: 'feed shown after reload (ms)', description: shown.join(', ') });
  console.log(`${app.engine}: offline dashboard shown after ${shown.join(', ')} ms`);
  expect(median, `feed shown after ${shown.join(', ')} ms`).toBeLessThan(3000);
});

/**
 * Between pages the teacher moves inside the app (the tab bar), as on an iPad's home-screen app with no
 * address bar. A full navigation to another address is avoided on purpose: WebKit keeps the page left
 * behind in its back-forward cache with its IndexedDB transactions pending, which locks the read
 * store for the next page (docs/offline.md, "Per engine"). Reloads and reopened windows are full
 * loads and are what this test opens offline.
 */
test('/index, /wishlist, /portfolios and /classrooms reopen with the server down, and after closing the app', async ({ app, server }) => {
  await signIn(app, server.url, 'collega@demoschool.nl');
  await workerReady(app);
  const pages: [string, string, string][] = [
    ['/wishlist', 'Verlanglijstje', '[data-testid="wishlist-card"]'],
    ['/portfolios', "Portfolio's", 'table tbody tr'],
    ['/classrooms', 'Klassen & leerlingen', 'table tbody tr'],
    ['/index', 'Dashboard', 'table[aria-label="Activiteiten van de klas"] tbody tr'],
  ];
  const rowsShown = (path: string, rows: string, when: string) =>
    waitFor(app, (css) => document.querySelector(css) !== null, rows, { message: `${path} rows ${when}` });
  for (const [path, title, rows] of pages) {
    await click(app, tab(title));
    await find(app, heading(title));
    await rowsShown(path, rows, 'online');
  }
  await server.stop();

  const offlineVisit = async () => {
    for (const [path, title, rows] of pages) {
      await click(app, tab(title));
      await app.reload();
      expect(await app.url()).toMatch(new RegExp(`${path}$`));
      await find(app, heading(title));
      await rowsShown(path, rows, 'offline');
      await find(app, testId('stale-notice', /^Laatst bijgewerkt/), { message: `${path}: 'Laatst bijgewerkt'` });
    }
  };
  await offlineVisit();
  await app.reopen(`${server.url}/index`);
  await find(app, heading('Dashboard'));
  await offlineVisit();
});
