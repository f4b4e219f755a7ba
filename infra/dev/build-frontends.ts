// Builds the shells and remotes named in tilt.yaml with Rspack (production mode), skipping
// any whose dist/ is newer than its sources and the ui package.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readManifest, root } from './manifest.ts';

function newest(dir: string): number {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

export async function buildFrontends(
  options: { force?: boolean; log?: (m: string) => void } = {},
): Promise<void> {
  const log = options.log ?? console.log;
  const manifest = readManifest();
  const shared = Math.max(newest(join(root, 'frontends/ui')), newest(join(root, 'contracts')));
  const packages = [...manifest.remotes, ...manifest.shells].map((p) => join(root, p.path));
  const stale = packages.filter((dir) => {
    if (options.force) return true;
    const index = join(dir, 'dist');
    if (!existsSync(index)) return true;
    const built = statSync(index).mtimeMs;
    return newest(dir) > built || shared > built;
  });
  if (stale.length === 0) return;
  log(`[loadline] building ${stale.map((d) => d.split('/').at(-1)).join(', ')}…`);
  await Promise.all(
    stale.map(
      (dir) =>
        new Promise<void>((resolve, reject) => {
          const child = spawn(
            process.execPath,
            [join(root, 'node_modules/@rspack/cli/bin/rspack.js'), 'build'],
            {
              cwd: dir,
              stdio: ['ignore', 'pipe', 'pipe'],
              env: { ...process.env, NODE_ENV: 'production' },
            },
          );
          let output = '';
          child.stdout.on('data', (d) => {
            output += d;
          });
          child.stderr.on('data', (d) => {
            output += d;
          });
          child.on('exit', (code) =>
            code === 0 ? resolve() : reject(new Error(`build of ${dir} failed:\n${output}`)),
          );
        }),
    ),
  );
}

if (import.meta.main) {
  await buildFrontends({ force: process.argv.includes('--force') });
}
