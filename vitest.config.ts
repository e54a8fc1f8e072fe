import { defineConfig } from 'vitest/config';

/**
 * Every unit and integration test. Back-end packages run in node against the real database and
 * broker (global setup); each front-end app brings its own jsdom config.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'services',
          environment: 'node',
          include: [
            'packages/{contracts,service-kit,demo-data}/src/**/*.test.ts',
            'svc-*/{src,test}/**/*.test.ts',
            'gateway/{src,test}/**/*.test.ts',
            'renderer/{src,test}/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          globalSetup: ['scripts/test/database.global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
          globals: true,
        },
      },
      '{shell,mfe-*}/vitest.config.ts',
      'packages/*/vitest.config.ts',
    ],
  },
});
