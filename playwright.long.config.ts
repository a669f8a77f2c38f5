import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/** `npm run test:long`: the chaos run (tests/e2e/long), too long for `npm test`; CI runs it after. */
export default defineConfig({
  ...base,
  testMatch: 'long/**/*.long.ts',
  outputDir: 'test-results/playwright-long',
  timeout: 40 * 60_000,
  // One retry on CI, as for the other browser specs; the report counts a retried pass as flaky.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-long.json' }]],
});
