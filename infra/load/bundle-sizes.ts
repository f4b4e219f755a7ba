// Gzipped size of each shell's and remote's JavaScript, from the built dist/ folders of the shells and
// remotes tilt.yaml names, against the budgets: a shell's initial JavaScript ≤ 250 KB, a remote's
// ≤ 150 KB (1 KB = 1024 bytes; gzip level 9). Prints figures; fails nothing. Build first:
// `npm run build` (or `rspack build` in each package).
//
//   shell initial   the scripts index.html loads and the chunks they load synchronously (with Module
//                   Federation: the runtime and the entry, up to the async boundary `import('./bootstrap')`)
//   shell total     every script in the shell's dist/: the bootstrap, the app and the shared singletons
//                   (React, react-dom, the router, Mantine, @loadline/ui), all of which the start page loads
//   remote          remoteEntry.js and every chunk of its exposed modules, split chunks included (from
//                   dist/loadline-chunks.json, which the build writes; mf-manifest.json leaves split chunks
//                   out): what a shell loads to mount the remote. Its fallback copies of the shared
//                   singletons are printed apart, since a shell provides those
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readManifest, root } from '../dev/manifest.ts';

const KB = 1024;
export const SHELL_INITIAL_BUDGET_KB = 250;
export const REMOTE_BUDGET_KB = 150;

function gzipped(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

function sumGzipped(dist: string, files: Iterable<string>): { files: number; bytes: number } {
  let count = 0;
  let bytes = 0;
  for (const f of new Set(files)) {
    const full = join(dist, f);
    if (!existsSync(full)) throw new Error(`${full} is named by the build but missing`);
    bytes += gzipped(full);
    count++;
  }
  return { files: count, bytes };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const verdict = (bytes: number, budgetKb: number) =>
  `${bytes <= budgetKb * KB ? 'within' : 'OVER'} ${budgetKb} KB (${Math.round((bytes / (budgetKb * KB)) * 100)}%)`;

/** The script files index.html loads, relative to dist/ (the shell's mount is stripped from absolute paths). */
export function scriptsOfIndexHtml(html: string, mount: string): string[] {
  const out: string[] = [];
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) {
    let src = match[1] ?? '';
    if (/^[a-z]+:\/\//i.test(src)) src = new URL(src).pathname;
    if (src.startsWith(mount)) src = src.slice(mount.length);
    out.push(src.replace(/^\.?\//, ''));
  }
  return out;
}

interface ManifestAssets {
  js: { sync: string[]; async: string[] };
}
interface MfManifest {
  metaData: { remoteEntry: { name: string; path: string } };
  exposes: { name: string; assets: ManifestAssets }[];
  shared: { name: string; assets: ManifestAssets }[];
}

/** dist/loadline-chunks.json (frontends/ui/build/federation.ts): the files of entry points and named chunk groups. */
interface ChunksFile {
  entrypoints: Record<string, string[]>;
  chunkGroups: Record<string, string[]>;
}

function readChunks(dist: string): ChunksFile | undefined {
  const file = join(dist, 'loadline-chunks.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ChunksFile) : undefined;
}

const isJs = (f: string) => f.endsWith('.js');

function jsFilesOf(dist: string): string[] {
  return readdirSync(dist).filter((f) => f.endsWith('.js'));
}

function main(): void {
  const manifest = readManifest();
  const rows: string[] = [];
  let missing = 0;

  for (const shell of manifest.shells) {
    const dist = join(root, shell.path, 'dist');
    const index = join(dist, 'index.html');
    if (!existsSync(index)) {
      rows.push(`shell  ${shell.name.padEnd(20)} not built (${index} missing)`);
      missing++;
      continue;
    }
    const initial = sumGzipped(dist, scriptsOfIndexHtml(readFileSync(index, 'utf8'), shell.mount));
    const total = sumGzipped(dist, jsFilesOf(dist));
    rows.push(
      `shell  ${shell.name.padEnd(20)} initial ${kb(initial.bytes).padStart(9)} in ${initial.files} file(s), ${verdict(initial.bytes, SHELL_INITIAL_BUDGET_KB)}`,
      `       ${''.padEnd(20)} total   ${kb(total.bytes).padStart(9)} in ${total.files} files (initial + bootstrap + shared singletons)`,
    );
  }

  for (const remote of manifest.remotes) {
    const dist = join(root, remote.path, 'dist');
    const file = join(dist, 'mf-manifest.json');
    if (!existsSync(file)) {
      rows.push(`remote ${remote.name.padEnd(20)} not built (${file} missing)`);
      missing++;
      continue;
    }
    const mf = JSON.parse(readFileSync(file, 'utf8')) as MfManifest;
    const entry = join(mf.metaData.remoteEntry.path, mf.metaData.remoteEntry.name);
    const chunks = readChunks(dist);
    const exposed = chunks
      ? Object.entries(chunks.chunkGroups)
          .filter(([group]) => group.startsWith('__federation_expose_'))
          .flatMap(([, files]) => files.filter(isJs))
      : mf.exposes.flatMap((e) => [...e.assets.js.sync, ...e.assets.js.async]);
    const loaded = sumGzipped(dist, [entry, ...exposed]);
    const fallbacks = sumGzipped(
      dist,
      mf.shared
        .flatMap((s) => [...s.assets.js.sync, ...s.assets.js.async])
        .filter((f) => f !== entry && !exposed.includes(f)),
    );
    rows.push(
      `remote ${remote.name.padEnd(20)} entry+exposes ${kb(loaded.bytes).padStart(9)} in ${loaded.files} file(s) [${mf.exposes.map((e) => e.name).join(', ')}], ${verdict(loaded.bytes, REMOTE_BUDGET_KB)}`,
      `       ${''.padEnd(20)} shared fallbacks ${kb(fallbacks.bytes).padStart(9)} in ${fallbacks.files} files (not loaded under a shell that provides them)`,
    );
  }

  console.log(
    `Bundle sizes (gzip -9; budgets: shell initial ${SHELL_INITIAL_BUDGET_KB} KB, remote ${REMOTE_BUDGET_KB} KB)`,
  );
  for (const row of rows) console.log(row);
  if (missing > 0) console.log(`${missing} bundle(s) not built: run \`npm run build\` first.`);
}

if (import.meta.main) main();
