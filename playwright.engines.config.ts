import { defineConfig } from '@playwright/test';
import type { Engine } from './tests/engines/driver';

/**
 * The cross-engine lane (tests/engines): each scenario once, run in Chromium (Playwright) and in
 * WebKitGTK (WebDriver), the iPad's engine. Serial: one WebKitWebDriver holds one session at a time,
 * and the machine is shared.
 */
export default defineConfig<object, { engine: Engine }>({
  testDir: 'tests/engines',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/engines',
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 90_000,
  fullyParallel: false,
  workers: 1,
  // One retry everywhere, not only in CI: MiniBrowser under Xvfb on a shared 2-core machine is the
  // least steady part of the bench; the report counts a test that passed on its retry as flaky.
  retries: 1,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-engines.json' }]],
  projects: [
    { name: 'chromium', use: { engine: 'chromium' } },
    { name: 'webkit', use: { engine: 'webkit' } },
  ],
});
