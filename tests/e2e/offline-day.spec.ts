/**
 * Issue #18 in Chromium: one tap in the sync status prepares the demo teacher's classes with a bar
 * that moves steadily (its 30 s budget is measured by `npm run bench`, part 3), a second run fetches
 * only what changed (304s), and with the server stopped the exams screen opens an exam file from the
 * offline copy. The stopped-server screens
 * (an unopened student form, a portfolio picture, a grade queued) run in both engines in
 * tests/engines/offline-day.spec.ts.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { startServer } from './server';

const READY = /^Klaar voor offline: 12 klassen, \d+ leerlingen, \d+ portfolio-onderdelen · [\d,]+ MB · bijgewerkt \d\d:\d\d$/;

interface StoredState {
  status: string;
  startedAt: number;
  downloaded: number;
  doneKeys: string[];
  ready?: { classes: number; students: number; items: number; bytes: number };
}

/** The run's state as the worker keeps it (IndexedDB meta 'offline-prepare'). */
const storedState = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<StoredState | undefined>((resolve, reject) => {
        const open = indexedDB.open('docentenomgeving');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('meta').objectStore('meta').get('offline-prepare');
          get.onsuccess = () => {
            resolve((get.result as { value?: StoredState } | undefined)?.value);
            open.result.close();
          };
        };
      }),
  );

/** Taps 'Offline beschikbaar maken' (or 'Bijwerken') and waits for the ready text; returns seconds and the progress texts seen. */
async function prepare(page: Page, button: string): Promise<{ seconds: number; steps: string[] }> {
  await page.getByTestId('sync-status').click();
  const panel = page.getByTestId('offline-copy');
  const started = Date.now();
  await panel.getByRole('button', { name: button }).click();
  const steps: string[] = [];
  while (Date.now() - started < 90_000) {
    // This run's end, not the ready text of the last one (still shown until the worker starts).
    const state = await storedState(page);
    if (state?.status === 'done' && state.startedAt >= started - 1000) break;
    const text = await panel
      .getByTestId('offline-progress')
      .textContent({ timeout: 200 })
      .catch(() => null);
    if (text && steps.at(-1) !== text) steps.push(text);
    await page.waitForTimeout(100);
  }
  const seconds = (Date.now() - started) / 1000;
  await expect(panel.getByTestId('offline-ready')).toHaveText(READY);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  return { seconds, steps };
}

test("one tap prepares the demo teacher (time printed; its budget is the bench's), the next run gets only 304s, and an exam opens with the server stopped", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const server = await startServer();
  try {
    await signIn(page, server.url, 'docent@demoschool.nl');
    await expect(page).toHaveURL(/\/index$/);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    const first = await prepare(page, 'Offline beschikbaar maken');
    const state = (await storedState(page))!;
    console.log(
      `[offline-day] first run: ${first.seconds.toFixed(1)} s, ${state.doneKeys.length} requests, ${state.ready?.bytes} bytes, ${first.steps.length} progress texts`,
    );
    test.info().annotations.push({ type: 'first run (s)', description: first.seconds.toFixed(1) });
    // The 30 s budget is `npm run bench`'s (part 3): quiet it takes 22-26 s, and two browser workers
    // with other processes on 2 cores made it 35-40 s. Here it must finish, and the bar must move.
    expect(first.seconds).toBeLessThanOrEqual(90);
    // The bar moved in many steps, never backwards.
    expect(first.steps.length).toBeGreaterThan(5);
    const percents = first.steps.map((s) => Number(/\((\d+)%\)/.exec(s)?.[1]));
    expect(percents).toEqual([...percents].sort((a, b) => a - b));

    // The next morning: the same tap fetches only what changed (nothing here but hourly links, if an hour passed).
    const second = await prepare(page, 'Bijwerken');
    const again = (await storedState(page))!;
    console.log(
      `[offline-day] second run: ${second.seconds.toFixed(1)} s, ${again.downloaded} of ${again.doneKeys.length} answers with a body`,
    );
    expect(again.downloaded).toBeLessThan(again.doneKeys.length / 10);

    await server.stop();
    // The exams screen, opened for the first time and offline: 'Toets downloaden' opens the kept file.
    await page.goto(`${server.url}/examinations`);
    await expect(page.getByRole('heading', { level: 1, name: 'Toetsen' })).toBeVisible();
    const download = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Toets downloaden' }).first().click();
    const file = await download.catch(async (err: Error) => {
      throw new Error(`${err.message}\nthe page says: ${(await page.locator('main').innerText()).slice(0, 800)}`);
    });
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    expect((await readFile(await file.path())).subarray(0, 5).toString()).toBe('%PDF-');
  } finally {
    await server.dispose();
  }
});
