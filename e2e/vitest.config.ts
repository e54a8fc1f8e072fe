import { defineConfig } from 'vitest/config';
import { NameOrderSequencer } from './sequencer';

/** End-to-end tests: the whole system as `npm start` starts it, driven in Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    sequence: { sequencer: NameOrderSequencer },
    testTimeout: 45_000,
    hookTimeout: 240_000,
    globals: true,
  },
});
