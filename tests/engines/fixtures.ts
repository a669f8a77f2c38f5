/**
 * One test, two engines: the Playwright project names the engine, and the `app` fixture hands the
 * scenario the matching AppDriver. Each test gets its own server (tests/e2e/server.ts) so it can stop
 * and start it on the same data, and a fresh browser profile.
 */
import { writeFile } from 'node:fs/promises';
import { test as base, type Browser } from '@playwright/test';
import { startServer, type RunningServer } from '../e2e/server';
import type { AppDriver, Engine } from './driver';
import { chromiumDriver, launchChromium } from './chromium-driver';
import { startWebKitService, webkitDriver, type WebKitService } from './webkit-driver';

interface WorkerFixtures {
  engine: Engine;
  engineHost: Browser | WebKitService;
}

interface TestFixtures {
  app: AppDriver;
  server: RunningServer;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  engine: ['chromium', { option: true, scope: 'worker' }],
  engineHost: [
    async ({ engine }, use) => {
      if (engine === 'webkit') {
        const service = await startWebKitService();
        await use(service);
        await service.stop();
      } else {
        const browser = await launchChromium();
        await use(browser);
        await browser.close();
      }
    },
    { scope: 'worker' },
  ],
  app: async ({ engine, engineHost }, use, testInfo) => {
    const app = engine === 'webkit' ? await webkitDriver(engineHost as WebKitService) : await chromiumDriver(engineHost as Browser);
    await use(app);
    if (testInfo.status !== testInfo.expectedStatus) {
      const shot = await app.screenshot().catch(() => null);
      if (shot) {
        await writeFile(testInfo.outputPath('failure.png'), shot);
        await testInfo.attach('screen at failure', { path: testInfo.outputPath('failure.png'), contentType: 'image/png' });
      }
      const url = await app.url().catch(() => 'unknown');
      const text = await app.evaluate(() => document.body.innerText).catch((err: unknown) => String(err));
      await testInfo.attach('page at failure', { body: `${url}\n\n${text}`, contentType: 'text/plain' });
    }
    await app.close();
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
  server: async ({}, use) => {
    const server = await startServer();
    await use(server);
    await server.dispose();
  },
});

export { expect } from '@playwright/test';
