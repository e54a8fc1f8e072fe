// One jsdom test setup for every front-end app, so each app's vitest.config.ts is two lines and
// the root config can list them as projects.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const setupFile = fileURLToPath(new URL('./vitest-setup.mjs', import.meta.url));

/**
 * @param {object} options
 * @param {string} options.name project name shown by vitest
 * @param {string} options.configUrl import.meta.url of the calling vitest.config.ts (its folder is the root)
 */
export function createVitestConfig({ name, configUrl }) {
  return defineConfig({
    root: path.dirname(fileURLToPath(configUrl)),
    test: {
      name,
      environment: 'jsdom',
      globals: true,
      setupFiles: [setupFile],
      include: ['src/**/*.test.{ts,tsx}'],
      // A file's first test renders its screen with the whole remote imported: when every project
      // starts at once on two cores that alone once took over vitest's default 5 s.
      testTimeout: 15_000,
      restoreMocks: true,
      unstubGlobals: true,
    },
  });
}
