/** Installable on tablets, and the app opens with no network at all. */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './fixtures';
import { startServer } from './server';

test('Chromium reports no installability errors', async ({ server }, testInfo) => {
  const dir = await mkdtemp(join(tmpdir(), 'pwa-profile-'));
  const context = await chromium.launchPersistentContext(dir, { ...testInfo.project.use.launchOptions, viewport: { width: 1024, height: 768 } });
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
    const manifest = await (await page.request.get(`${server.url}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({ lang: 'nl', display: 'standalone', start_url: '/index' });
    expect(manifest.icons.some((i: { purpose?: string }) => i.purpose === 'maskable')).toBe(true);
  } finally {
    await context.close();
  }
});

test('with the server gone, the app reloads and shows the last known dashboard', async ({ page }) => {
  const own = await startServer();
  try {
    await signIn(page, own.url, 'docent@demoschool.nl');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready);
    // Second load under the worker's control, so the reads pass through it and land in IndexedDB.
    await page.reload();
    await expect(page.getByText('Het Baken').first()).toBeVisible();
    await own.stop();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Het Baken/ })).toBeVisible();
    await expect(page.getByTestId('sync-status')).toBeVisible();
    await expectAccessible(page);
  } finally {
    await own.dispose();
  }
});
