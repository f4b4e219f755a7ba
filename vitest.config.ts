import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './infra/dev/test-order.ts';

// One test run for the whole monorepo: unit tests, integration tests against the real
// PostgreSQL, NATS and Redis, frontend tests in jsdom, and journeys in Debian's Chromium.

/**
 * Files run at once, in one pool shared by the services, frontends and journeys projects (Vitest runs projects
 * of the same worker count together and those of another count after them: the journeys, one at a time, used
 * to wait for everything else). Three on two cores: integration tests and journeys mostly wait on PostgreSQL,
 * NATS, Redis and the browser.
 */
const filesAtOnce = 3;

// The services' and frontends' files run in worker threads, each file in a new one: a new process per file
// (Vitest's `forks`) cost a third more CPU on two cores (frontends 365 against 242 CPU seconds, services 512
// against 422; decision 0113). The journeys keep a process each: they drive a browser and a whole system.

export default defineConfig({
  test: {
    testTimeout: 30_000,
    // a whole system started in a beforeAll (journeys, the authorization matrix, the fuzz) beside the other
    // files can take minutes on two cores (infra/dev/system.ts waits up to 180 s for each process)
    hookTimeout: 300_000,
    // the longest files first, whatever their project (infra/dev/test-order.ts)
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'services',
          include: [
            'contracts/**/test/**/*.test.ts',
            'services/*/test/**/*.test.ts',
            'infra/**/test/**/*.test.ts',
          ],
          environment: 'node',
          pool: 'threads',
          maxWorkers: filesAtOnce,
        },
      },
      {
        extends: true,
        test: {
          name: 'frontends',
          include: ['frontends/*/test/**/*.test.{ts,tsx}', 'frontends/*/src/**/*.test.{ts,tsx}'],
          exclude: ['frontends/e2e/**'],
          environment: 'jsdom',
          pool: 'threads',
          maxWorkers: filesAtOnce,
        },
      },
      {
        extends: true,
        test: {
          name: 'journeys',
          include: ['frontends/e2e/**/*.test.ts'],
          // a failed journey's message says what its open pages showed
          setupFiles: ['frontends/e2e/test/setup.ts'],
          environment: 'node',
          // Beside the other files, each journey on ports of its own worker's slot (e2e/test/system.ts).
          maxWorkers: filesAtOnce,
          // A journey is many steps through a whole system; on a busy 2-core machine one can take over a minute,
          // and each page it opens may take up to PAGE_LOAD_MS (e2e/test/system.ts) to show.
          testTimeout: 240_000,
        },
      },
    ],
  },
});
