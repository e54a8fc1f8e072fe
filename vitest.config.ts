import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './scripts/test/longest-first-sequencer';

/**
 * Every test but the end-to-end ones, in tiers a file's place or name decides:
 * - `units`: tests beside their code (`src/**\/*.test.ts`) of the back-end packages, the services,
 *   the gateway, the renderer and the scripts: no database, no broker, no build, no browser (the
 *   services' domain rules with in-memory fakes). `npm run test:quick` runs them.
 * - `integration`: a test that needs the database, the broker or a started process says so: it is
 *   in a `test/` folder (svc-*, gateway, renderer, scripts/test) or named `*.int.test.ts` beside
 *   its code. They run against the real database and broker (global setup), several files at once;
 *   then `systems`, the ones that start a whole system of their own, one at a time.
 * - each front end's own jsdom project (`{shell,mfe-*}/vitest.config.ts`, `packages/*\/vitest.config.ts`).
 */
const BACK_END_UNITS = ['packages/{contracts,service-kit,demo-data}/src/**/*.test.ts', 'svc-*/src/**/*.test.ts', 'gateway/src/**/*.test.ts', 'renderer/src/**/*.test.ts', 'scripts/lib/**/*.test.ts'];
const NEEDS_DATABASE = '**/*.int.test.ts';
const INTEGRATION = [
  ...BACK_END_UNITS.map((glob) => glob.replace('*.test.ts', '*.int.test.ts')),
  'svc-*/test/**/*.test.ts',
  'gateway/test/**/*.test.ts',
  'renderer/test/**/*.test.ts',
  'scripts/test/**/*.test.ts',
];
/**
 * Integration files that start a whole system (or site) of their own and measure its timing or
 * kill its parts. The contract test starts one too, but asserts no timing: it runs beside the
 * other integration files (first, being the longest).
 */
const SYSTEMS = ['scripts/test/{authorization-matrix,catalog-restarts,hostile-input,instances,logo-ownership,manual-parts,read-models,system-faults}.test.ts', 'svc-checker/test/faults.test.ts'];

export default defineConfig({
  test: {
    // The units and the screens (every project without its own): three files at a time. vitest's
    // default on two cores is one worker; the screens wait on loading modules as much as they
    // compute. Measured here, 683 tests: 1 worker 145 s, 2 workers 118 s, 3 workers 95-101 s, 4 95 s.
    maxWorkers: Number(process.env.UNIT_WORKERS) || 3,
    projects: [
      {
        test: {
          name: 'units',
          environment: 'node',
          include: BACK_END_UNITS,
          exclude: ['**/node_modules/**', NEEDS_DATABASE],
          // One module graph per worker: each file would otherwise load service-kit (mongoose,
          // express, amqplib) again, about 1-2 s a file. Units keep no state between files.
          isolate: false,
          testTimeout: 10_000,
          globals: true,
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: INTEGRATION,
          exclude: ['**/node_modules/**', ...SYSTEMS],
          globalSetup: ['scripts/test/database.global-setup.ts'],
          // Several files at once: they wait on the database, the broker and the processes they
          // start more than they compute, and each names its databases, queues and listings apart.
          maxWorkers: Number(process.env.INTEGRATION_WORKERS) || 3,
          sequence: { groupOrder: 1, sequencer: LongestFirstSequencer },
          testTimeout: 20_000,
          hookTimeout: 30_000,
          globals: true,
        },
      },
      {
        test: {
          // The files that start a whole system of their own (every service, the gateway, the
          // renderer, a broker node): one at a time, after the others, so no timing of theirs is
          // measured on a machine another system is starting on.
          name: 'systems',
          environment: 'node',
          include: SYSTEMS,
          globalSetup: ['scripts/test/database.global-setup.ts'],
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
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
