import { defineConfig } from 'vitest/config';

// One test run for the whole monorepo: unit tests, integration tests against the real
// PostgreSQL, NATS and Redis, frontend tests in jsdom, and journeys in Debian's Chromium.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
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
        },
      },
      {
        extends: true,
        test: {
          name: 'frontends',
          include: ['frontends/*/test/**/*.test.{ts,tsx}', 'frontends/*/src/**/*.test.{ts,tsx}'],
          exclude: ['frontends/e2e/**'],
          environment: 'jsdom',
        },
      },
      {
        extends: true,
        test: {
          name: 'journeys',
          include: ['frontends/e2e/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          // A journey is many steps through a whole system; on a busy 2-core machine one can take over a minute.
          testTimeout: 120_000,
        },
      },
    ],
  },
});
