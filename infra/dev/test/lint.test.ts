// One lint and format setup for the whole monorepo (Biome): the code stays as `npm run format`
// leaves it and free of the recommended rules' errors.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../manifest.ts';

describe('lint and format', () => {
  it('biome check passes (run npm run format, then npm run lint)', () => {
    const run = spawnSync(join(root, 'node_modules/.bin/biome'), ['check', '.', '--diagnostic-level=error'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.status, `${run.stdout}\n${run.stderr}`.slice(-4000)).toBe(0);
  });
});
