import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * `npm run test:multi`: two API processes behind HAProxy on one PostgreSQL (tests/multi). Needs
 * MULTI_DATABASE_URL or DATABASE_URL and the build; CI runs it against its throwaway PostgreSQL.
 */
export default defineConfig({
  ...base,
  testDir: 'tests/multi',
  testMatch: '**/*.multi.ts',
  globalSetup: undefined,
  outputDir: 'test-results/playwright-multi',
  timeout: 120_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-multi.json' }]],
});
