import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    // One retry on CI, as the browser suites have: a shared 2-core machine can stall a test that
    // streams 20 MB or waits on a worker; a test that fails twice still fails the run.
    retry: process.env.CI ? 1 : 0,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'sw',
          include: ['tests/sw/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['fake-indexeddb/auto'],
          // A thousand signals or a whole queue replay take 1-2 s quiet and 7 s at a load of 13.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/client/setup.ts'],
          // Whole-app flows render every provider and the lazy routes: slower than a unit test.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
