/**
 * Issue #18 in Chromium: one tap in the sync status prepares the demo teacher's classes in a handful
 * of requests (the copy in one read, its files in bundles: at most 40 /api/ requests, page and worker
 * counted) with a bar that moves, a second run gets a 304 and nothing else, and with the server
 * stopped the exams screen opens an exam file from the offline copy. Offline (the browser's own
 * offline switch), a class never opened shows its student list, a student's form and its Voortgang.
 * The stopped-server screens (an unopened student form, a portfolio picture, a grade queued) run in
 * both engines in tests/engines/offline-day.spec.ts.
 */
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import type { Classroom, Student } from '../../src/api/classrooms/types';
import { apiGet, tokenFor } from './api';
import { expect, signIn, test } from './fixtures';
import { startServer } from './server';

const READY = /^Klaar voor offline: 12 klassen, \d+ leerlingen, \d+ portfolio-onderdelen · [\d,]+ MB · bijgewerkt \d\d:\d\d$/;

interface StoredState {
  status: string;
  startedAt: number;
  downloaded: number;
  requests: number;
  done: number;
  ready?: { classes: number; students: number; items: number; bytes: number };
}

/** The /api/ requests of the page and its worker from now until `stop()`. */
function countApiRequests(context: BrowserContext): () => string[] {
  const seen: string[] = [];
  const listener = (req: { url(): string; method(): string }) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/')) seen.push(`${req.method()} ${url.pathname}`);
  };
  context.on('request', listener);
  return () => {
    context.off('request', listener);
    return seen;
  };
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

test('one tap prepares the demo teacher in at most 40 requests, the next run gets a 304, and an exam opens with the server stopped', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const server = await startServer();
  try {
    await signIn(page, server.url, 'docent@demoschool.nl');
    await expect(page).toHaveURL(/\/index$/);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    const counting = countApiRequests(context);
    const first = await prepare(page, 'Offline beschikbaar maken');
    const requests = counting();
    const state = (await storedState(page))!;
    console.log(
      `[offline-day] first run: ${first.seconds.toFixed(1)} s, ${requests.length} /api/ requests (${state.requests} by the run), ${state.ready?.bytes} bytes, ${first.steps.length} progress texts`,
    );
    test.info().annotations.push({ type: 'first run (s)', description: first.seconds.toFixed(1) });
    // Was 1,126 requests, one per read and file. Counted as the browser sends them, page and worker.
    expect(requests.length, requests.join('\n')).toBeLessThanOrEqual(40);
    // The 10 s budget is `npm run bench`'s (part 3), on a quiet machine. Here it must finish, and the bar must move.
    expect(first.seconds).toBeLessThanOrEqual(90);
    // The bar moved in steps, never backwards.
    expect(first.steps.length).toBeGreaterThan(3);
    const percents = first.steps.map((s) => Number(/\((\d+)%\)/.exec(s)?.[1]));
    expect(percents).toEqual([...percents].sort((a, b) => a - b));

    // The next morning: nothing changed, so the copy's version brings a 304 and every file is kept
    // (within the hour: the signed image links in portfolios are issued per hour, and change the version).
    const second = await prepare(page, 'Bijwerken');
    const again = (await storedState(page))!;
    console.log(
      `[offline-day] second run: ${second.seconds.toFixed(1)} s, ${again.requests} requests, ${again.downloaded} answers with a body`,
    );
    if (new Date().getMinutes() >= 2) {
      expect(again.requests).toBe(1);
      expect(again.downloaded).toBe(0);
    }

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

test('offline, a class never opened shows its students, a student’s form and its Voortgang from the copy', async ({ page, context }) => {
  test.setTimeout(240_000);
  const server = await startServer();
  try {
    const token = await tokenFor(server.url, 'docent@demoschool.nl');
    // The last class with students: not the one the dashboard opens on.
    const room = (await apiGet<Classroom[]>(server.url, 'classrooms/school', token)).filter((c) => c.studentCount > 0).at(-1)!;
    const students = await apiGet<Student[]>(server.url, `classrooms/students/${room.id}`, token);
    const student = students.at(-1)!;

    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, server.url, 'docent@demoschool.nl');
    await expect(page).toHaveURL(/\/index$/);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await prepare(page, 'Offline beschikbaar maken');

    await context.setOffline(true);
    await page.goto(`${server.url}/classrooms/students/${room.id}`);
    // Every student of the class, each row as the screen draws it from the copy.
    await expect(page.locator('tr[data-student-id]')).toHaveCount(students.length, { timeout: 20_000 });
    await expect(page.locator(`tr[data-student-id="${student.id}"]`)).toContainText(student.name || student.email);

    await page.goto(`${server.url}/students/form/${student.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Profiel ${student.email} wijzigen` })).toBeVisible({ timeout: 20_000 });

    await page.goto(`${server.url}/classrooms/students/${room.id}`);
    await page.getByRole('link', { name: 'Voortgang' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Voortgang ${room.name}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Voortgang per leerling en les' }).getByRole('rowheader')).toHaveCount(students.length);
  } finally {
    await context.setOffline(false);
    await server.dispose();
  }
});
