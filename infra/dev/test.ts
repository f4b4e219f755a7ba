// `npm test`: every test of the monorepo in one Vitest run — unit, integration against the
// real PostgreSQL, NATS and Redis, frontend tests in jsdom, and journeys through the composed
// shells in Debian's Chromium — then the plain closing line CI reads: `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildFrontends } from './build-frontends.ts';
import { buildServices } from './build-services.ts';
import { chooseServers } from './containers.ts';
import { compileCacheDir, root } from './manifest.ts';
import { ensureChromium, ensureServers } from './servers.ts';

// Containers from compose's images where an engine is reachable, else the local servers: said first.
const servers = await chooseServers();
await ensureServers(console.log, { databaseMade: servers.kind === 'containers' });
console.log(`[loadline] ${servers.describe()}`);
ensureChromium();
await buildFrontends();
// The service bundles once, here: the test files that start whole systems then only run them.
await buildServices(() => undefined);

const results = join(root, 'test-results');
mkdirSync(results, { recursive: true });
const report = join(results, 'vitest.json');
// A report left by an earlier run must never be read as this run's.
rmSync(report, { force: true });
const run = spawnSync(
  process.execPath,
  [
    join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  {
    cwd: root,
    stdio: 'inherit',
    // the workers, the type check's tsc and every system's processes reuse what one compiled (manifest.ts)
    env: {
      NODE_COMPILE_CACHE: compileCacheDir,
      ...process.env,
      FORCE_COLOR: process.env.CI ? '0' : '1',
      LOADLINE_SERVICES_BUILT: '1',
    },
  },
);

let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const summary = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numFailedTestSuites: number;
  };
  passed = summary.numPassedTests;
  // A file that fails to load has no failed test but is a failure all the same.
  failed = summary.numFailedTests + (summary.numFailedTests === 0 ? summary.numFailedTestSuites : 0);
}
await servers.stop();
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
