// .env.example names every setting the services read (issue 20: deployable by someone else), so a setting
// added to a service without a word for the operator fails here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../manifest.ts';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [full] : [];
  });
}

describe('.env.example', () => {
  it('names every setting the services read from the environment', () => {
    const read = new Set<string>();
    for (const service of readdirSync(join(root, 'services'))) {
      const src = join(root, 'services', service, 'src');
      if (!statSync(join(root, 'services', service)).isDirectory()) continue;
      for (const file of sources(src)) {
        for (const m of readFileSync(file, 'utf8').matchAll(
          /\benv\.([A-Z][A-Z0-9_]+)|\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]/g,
        ))
          read.add((m[1] ?? m[2])!);
      }
    }
    const example = readFileSync(join(root, '.env.example'), 'utf8');
    const named = new Set([...example.matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!));
    // Set by the launcher or the image for each process, not by an operator.
    const perProcess = new Set(['PORT', 'LOADLINE_SERVICE', 'GATEWAY_PORT']);
    expect([...read].filter((name) => !named.has(name) && !perProcess.has(name)).sort()).toEqual([]);
  });
});
