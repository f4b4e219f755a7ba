// TypeScript, strict, over services, contracts, infra and frontends: Node and the bundlers only
// strip types, so this is where a type error is caught.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../manifest.ts';

// It runs first, beside the first journeys' systems (infra/dev/test-order.ts): there tsconfig.json took 171 s on
// a machine where it takes 33 s alone, so a slower machine gets room.
const withinMs = 600_000;

describe('type check', () => {
  for (const project of ['tsconfig.json', 'tsconfig.frontends.json']) {
    it(`${project} has no type errors`, { timeout: withinMs }, () => {
      const run = spawnSync(
        process.execPath,
        [join(root, 'node_modules/typescript/bin/tsc'), '-p', project],
        {
          cwd: root,
          encoding: 'utf8',
        },
      );
      expect(run.status, run.stdout.slice(0, 4000)).toBe(0);
    });
  }
});
