// Keeps the layout's promise: domain/ holds pure rules — no HTTP, SQL, NATS, Redis or
// file-system imports — so every rule can be unit-tested and read on its own.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../manifest.ts';

const forbidden = [
  /^fastify/,
  /^@fastify\//,
  /^pg$/,
  /^kysely/,
  /^@nats-io\//,
  /^ioredis/,
  /^bullmq/,
  /^node:(http|https|net|fs|fs\/promises|child_process)$/,
  /^@loadline\/platform$/,
  /\/(store|routes|events|jobs)\//,
];

function files(dir: string): string[] {
  let out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out = out.concat(files(full));
    else if (/\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

const domainFolders = readdirSync(join(root, 'services'))
  .map((s) => join(root, 'services', s, 'src', 'domain'))
  .filter((d) => {
    try {
      return statSync(d).isDirectory();
    } catch {
      return false;
    }
  });

describe('domain/ stays free of I/O', () => {
  it('finds the domain folders', () => {
    expect(domainFolders.length).toBeGreaterThan(0);
  });
  for (const folder of domainFolders) {
    for (const file of files(folder)) {
      it(relative(root, file), () => {
        const source = readFileSync(file, 'utf8');
        const imports = [...source.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/g)].map(
          (m) => m[1]!,
        );
        const bad = imports.filter(
          (spec) => forbidden.some((f) => f.test(spec)) && !spec.startsWith('type '),
        );
        // `import type` is fine: types carry no I/O.
        const typeOnly = [...source.matchAll(/import\s+type\s[^'"]*?from\s+['"]([^'"]+)['"]/g)].map(
          (m) => m[1],
        );
        expect(bad.filter((b) => !typeOnly.includes(b))).toEqual([]);
      });
    }
  }
});
