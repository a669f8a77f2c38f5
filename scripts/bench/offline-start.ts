/**
 * Part 3: offline warm start. Signed in once online (service worker installed, reads stored), the
 * server is stopped and the dashboard is opened 5 times: ms from navigation start until the cached
 * activity rows are on screen.
 */
import { chromium } from '@playwright/test';
import { onCleanup, startAppServer } from './app-server';
import { distDir } from './bundle';
import { CHROMIUM, CHROMIUM_ARGS } from '../../tests/helpers/chromium';
import { fig, median, type PartResult } from './report';
import { signInAsTeacher, type PageGlobals } from './sign-in';

const RUNS = 5;
const ROWS = 'table[aria-label="Activiteiten van de klas"] tbody tr[data-activity-id]';

/**
 * Runs in the page before its own scripts: notes the first frame after the rows (or, as a fallback,
 * the h1 'Dashboard' with the school name) are in the DOM, as ms since navigation start.
 */
const WATCH = `(() => {
  if (location.pathname !== '/index') return;
  const w = window;
  const seen = {};
  const mark = (key) => {
    if (seen[key]) return;
    seen[key] = true;
    requestAnimationFrame(() => { w[key] = performance.now(); });
  };
  const check = () => {
    // Laid out, not only in the document: the shell keeps the page hidden until the session is known.
    const row = document.querySelector(${JSON.stringify(ROWS)});
    if (row && row.getClientRects().length > 0) mark('__benchRows');
    const h1 = Array.from(document.querySelectorAll('h1')).some((h) => (h.textContent || '').trim() === 'Dashboard');
    if (h1 && document.body && (document.body.textContent || '').includes('Het Baken')) mark('__benchShell');
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
})();`;

export async function benchOffline(part: PartResult): Promise<void> {
  part.method.push(
    "Playwright drives Debian's Chromium (headless, 1024×768) against the real server serving the bench's build on a fresh seeded PGlite.",
    'Signs in as docent@demoschool.nl at /login, waits for /index and `navigator.serviceWorker.ready`, reloads once (so the reads pass through the service worker and are stored in IndexedDB), waits for the activity rows, then stops the server.',
    `Then ${RUNS} times: \`page.goto('/index')\` with no server. An init script watches the DOM (MutationObserver) and records \`performance.now()\` (ms since navigation start) in the first animation frame after the first cached activity row (\`${ROWS}\`) is in the document and laid out (not inside a hidden element); median of the ${RUNS}.`,
    "Fallback when the table has no rows: the h1 'Dashboard' together with the school name 'Het Baken'.",
    "Before the server stops: one tap on 'Offline beschikbaar maken' in the sync status, timed until the panel says 'Klaar voor offline', counting the /api/ requests the page and its worker send meanwhile (Playwright's context `request` events).",
  );
  const server = await startAppServer({ staticDir: distDir() });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  const unregister = onCleanup(() => browser.close());
  try {
    const ctx = await browser.newContext({
      viewport: { width: 1024, height: 768 },
      locale: 'nl-NL',
      timezoneId: 'Europe/Amsterdam',
      serviceWorkers: 'allow',
    });
    await ctx.addInitScript({ content: WATCH });
    const page = await ctx.newPage();
    await signInAsTeacher(page, server.url);
    await page.reload();
    await page.waitForFunction(() => !!(globalThis as unknown as PageGlobals).navigator.serviceWorker.controller, null, {
      timeout: 15_000,
    });
    let key = '__benchRows';
    try {
      await page.locator(ROWS).first().waitFor({ state: 'visible', timeout: 20_000 });
    } catch {
      key = '__benchShell';
      part.notes.push("The activity table showed no rows online; timed the fallback (h1 'Dashboard' + 'Het Baken').");
      await page.waitForFunction(() => (globalThis as unknown as Record<string, unknown>).__benchShell !== undefined, null, {
        timeout: 20_000,
      });
    }
    // The budget: one tap keeps the demo teacher's 12 classes in at most 40 requests and 10 s.
    await page.getByTestId('sync-status').click();
    const panel = page.getByTestId('offline-copy');
    let requests = 0;
    const countApi = (req: { url(): string }) => void (new URL(req.url()).pathname.startsWith('/api/') && requests++);
    ctx.on('request', countApi);
    const tapped = performance.now();
    await panel.getByRole('button', { name: 'Offline beschikbaar maken' }).click();
    await panel
      .getByTestId('offline-ready')
      .filter({ hasText: /^Klaar voor offline/ })
      .waitFor({ timeout: 180_000 });
    const seconds = Math.round((performance.now() - tapped) / 100) / 10;
    ctx.off('request', countApi);
    part.figures.push(
      fig('one tap: offline copy of the demo teacher ready', seconds, 's', { op: '<=', limit: 10 }, '12 classes, ~1,050 answers, 13 MB'),
      fig(
        'one tap: /api/ requests of the offline copy',
        requests,
        '',
        { op: '<=', limit: 40 },
        'the copy, its files in bundles, and the page’s own reads meanwhile',
      ),
    );
    await page.keyboard.press('Escape');
    // Let the worker finish writing the answers it just fetched.
    await page.waitForTimeout(1500);
    await server.stop();

    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await page.goto(`${server.url}/index`, { waitUntil: 'commit' });
      const handle = await page.waitForFunction((k) => (globalThis as unknown as Record<string, unknown>)[k], key, { timeout: 20_000 });
      times.push(Math.round((await handle.jsonValue()) as number));
    }
    part.figures.push(
      fig(
        key === '__benchRows' ? 'offline /index → cached rows (median)' : 'offline /index → dashboard + school (median)',
        median(times),
        'ms',
        { op: '<=', limit: 400 },
      ),
    );
    part.notes.push(`Runs: ${times.join(', ')} ms.`);
    if ((median(times) ?? 0) > 400) {
      part.notes.push(
        'What would close the gap: nothing waits on the network any more (a stopped server refuses at once and the worker answers from IndexedDB), the dashboard chunk and Dexie load beside the entry rather than after it, the header menus, notices and notifications host wait until the page is idle, and the rows render plain buttons (menus on first tap), the first ten at once. What remains is CPU: running the entry and the dashboard chunks, the session check (two reads through the worker) and React rendering the page; on this shared 2-core machine the same steps take 0.4 to several seconds depending on the load (compare the load average above). A first paint of the cached rows straight from IndexedDB, before Dexie and React, would bring the rest down.',
      );
    }
  } finally {
    unregister();
    await browser.close();
    await server.dispose();
  }
}
