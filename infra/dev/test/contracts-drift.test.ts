// The committed contracts must be exactly what the code declares: run `npm run contracts`
// after changing a route or an event schema, and commit the result.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCommitted, renderContracts } from '../contracts.ts';
import { root } from '../manifest.ts';

describe('contracts in contracts/ match the code', async () => {
  const files = await renderContracts();

  for (const [path, content] of files) {
    it(`${path} is up to date (run npm run contracts)`, () => {
      expect(readCommitted(path), `${path} drifted from the code: run npm run contracts`).toBe(content);
    });
  }

  it('holds no contract file that the code no longer makes', () => {
    const committed = ['openapi', 'types'].flatMap((dir) =>
      readdirSync(join(root, 'contracts', dir)).map((f) => `contracts/${dir}/${f}`),
    );
    const events = readdirSync(join(root, 'contracts/events'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => `contracts/events/${f}`);
    expect([...committed, ...events].filter((f) => !files.has(f) && !f.endsWith('.gitkeep'))).toEqual([]);
  });
});
