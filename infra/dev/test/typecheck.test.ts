// TypeScript, strict, over services, contracts, infra and frontends: Node and the bundlers only
// strip types, so this is where a type error is caught. TypeScript 7's native compiler checks (decision 0115):
// the same language as the 5.9 that the generators and the editors load as a library, at a third of its CPU.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../manifest.ts';

// It runs first, beside the first journeys' systems (infra/dev/test-order.ts): there TypeScript 5.9 took 171 s
// over tsconfig.json on a machine where it took 33 s alone, so a slower machine gets room.
const withinMs = 600_000;

describe('type check', () => {
  for (const project of ['tsconfig.json', 'tsconfig.frontends.json']) {
    it(`${project} has no type errors`, { timeout: withinMs }, () => {
      const run = spawnSync(
        process.execPath,
        [join(root, 'node_modules/typescript-7/bin/tsc'), '-p', project],
        {
          cwd: root,
          encoding: 'utf8',
        },
      );
      expect(run.status, run.stdout.slice(0, 4000)).toBe(0);
    });
  }
});
