/** Installable on tablets. Opening with no network is in the cross-engine lane (tests/engines/offline-start.spec.ts). */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { expect, test } from './fixtures';

test('Chromium reports no installability errors', async ({ server }, testInfo) => {
  const dir = await mkdtemp(join(tmpdir(), 'pwa-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    ...testInfo.project.use.launchOptions,
    viewport: { width: 1024, height: 768 },
  });
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
