// Gzipped size of each shell's and remote's JavaScript, from the built dist/ folders of the shells and
// remotes tilt.yaml names, against the budgets: a shell's first render ≤ 250 KB, a remote ≤ 150 KB
// (1 KB = 1024 bytes; gzip level 9). Prints figures; fails nothing. Build first:
// `node infra/dev/build-frontends.ts --force` (or `rspack build` in each package).
//
// Everything is read from dist/loadline-chunks.json, which every build writes (frontends/ui/build/federation.ts):
// each chunk's files and the shared modules it consumes, the chunks of each entry point and named chunk group,
// the chunks behind the entry's async boundary, and the chunks that provide each shared module.
//
//   shell first render  every script the page must load before the shell renders: what index.html loads (the
//                       Module Federation runtime and the entry), the chunks behind the async boundary
//                       `import('./bootstrap.tsx')`, and every shared module those chunks consume, followed
//                       transitively (a shared module's chunks consume others: @loadline/ui consumes React…),
//                       as the shell provides them. This is the figure the 250 KB budget is judged against.
//   shell later         the shell's other scripts: lazy widgets and routes, shared modules nothing needs at
//                       first render (a remote may still use them)
//   remote              remoteEntry.js, every chunk of its exposed modules (split chunks included), and every
//                       shared module they consume that a shell does not provide (the remote's own copy is then
//                       loaded): what a shell loads to mount the remote. The shared modules the shells provide
//                       are named, not counted; the remote's fallback copies of them (used only when it runs
//                       alone) are printed apart.
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

interface MfManifest {
  metaData: { remoteEntry: { name: string; path: string } };
  exposes: { name: string }[];
}

/** dist/loadline-chunks.json (the `ChunksFile` of frontends/ui/build/federation.ts). */
export interface ChunksFile {
  entrypoints: Record<string, string[]>;
  chunkGroups: Record<string, string[]>;
  chunks: Record<string, { files: string[]; consumes: string[] }>;
  groupChunks: Record<string, string[]>;
  boundary: Record<string, string[]>;
  provides: Record<string, string[]>;
  fallbacks: Record<string, string[]>;
}

function readChunks(dist: string): ChunksFile | undefined {
  const file = join(dist, 'loadline-chunks.json');
  if (!existsSync(file)) return undefined;
  const chunks = JSON.parse(readFileSync(file, 'utf8')) as Partial<ChunksFile>;
  // Written by an older build (entry points and named groups only): rebuild.
  return chunks.chunks && chunks.groupChunks && chunks.boundary ? (chunks as ChunksFile) : undefined;
}

const isJs = (f: string) => f.endsWith('.js');
const isCss = (f: string) => f.endsWith('.css');

function filesOfDist(dist: string, test: (f: string) => boolean): string[] {
  return readdirSync(dist).filter(test);
}

/** What loading some chunks costs: their files, in parts (what pulled each file in first). */
export interface Loaded {
  /** Label → files, in the order they were reached; each file is under the first part that reached it. */
  parts: [label: string, files: string[]][];
  /** The shared modules consumed along the way that `provided` answered (not loaded from this build). */
  providedElsewhere: string[];
}

/**
 * Follows what the Module Federation runtime loads: the `start` chunks, then for every shared module a loaded
 * chunk consumes, the chunks that provide it (this build's `provides`, else its `fallbacks`), and so on.
 * A shared module for which `providedElsewhere(key)` is true is not loaded from this build.
 */
export function follow(
  chunks: ChunksFile,
  start: { label: string; chunks: string[] }[],
  providedElsewhere: (key: string) => boolean = () => false,
): Loaded {
  const seenChunks = new Set<string>();
  const seenFiles = new Set<string>();
  const seenKeys = new Set<string>();
  const parts: Loaded['parts'] = [];
  const elsewhere: string[] = [];
  const queue: { label: string; chunks: string[] }[] = [...start];
  for (let next = queue.shift(); next; next = queue.shift()) {
    const files: string[] = [];
    const pending = [...next.chunks];
    for (let id = pending.shift(); id !== undefined; id = pending.shift()) {
      if (seenChunks.has(id)) continue;
      seenChunks.add(id);
      const chunk = chunks.chunks[id];
      if (!chunk) continue;
      for (const f of chunk.files) {
        if (seenFiles.has(f)) continue;
        seenFiles.add(f);
        files.push(f);
      }
      for (const key of chunk.consumes) {
        if (seenKeys.has(key)) continue;
        seenKeys.add(key);
        if (providedElsewhere(key)) elsewhere.push(key);
        else queue.push({ label: key, chunks: chunks.provides[key] ?? chunks.fallbacks[key] ?? [] });
      }
    }
    parts.push([next.label, files]);
  }
  return { parts, providedElsewhere: elsewhere };
}

const allFiles = (loaded: Loaded) => loaded.parts.flatMap(([, files]) => files);

function breakdown(dist: string, loaded: Loaded): string {
  return loaded.parts
    .map(([label, files]) => `${label} ${kb(sumGzipped(dist, files.filter(isJs)).bytes)}`)
    .join(', ');
}

function main(): void {
  const manifest = readManifest();
  const rows: string[] = [];
  let missing = 0;
  const shellShared: Set<string>[] = [];
  const pad = ''.padEnd(27);

  for (const shell of manifest.shells) {
    const dist = join(root, shell.path, 'dist');
    const index = join(dist, 'index.html');
    const chunks = existsSync(dist) ? readChunks(dist) : undefined;
    if (!existsSync(index) || !chunks) {
      rows.push(
        `shell  ${shell.name.padEnd(20)} not built (${index} or a current loadline-chunks.json missing)`,
      );
      missing++;
      continue;
    }
    shellShared.push(new Set(Object.keys(chunks.provides)));
    const html = scriptsOfIndexHtml(readFileSync(index, 'utf8'), shell.mount);
    const entries = Object.keys(chunks.entrypoints);
    const entryChunks = entries.flatMap((e) => chunks.groupChunks[e] ?? []);
    const boundaryChunks = entries.flatMap((e) => chunks.boundary[e] ?? []);
    const loaded = follow(chunks, [
      { label: 'entry', chunks: entryChunks },
      { label: 'bootstrap', chunks: boundaryChunks },
    ]);
    // index.html's own scripts count even if the chunks file does not name them.
    const firstFiles = [...new Set([...html, ...allFiles(loaded)])];
    const first = sumGzipped(dist, firstFiles.filter(isJs));
    const css = sumGzipped(dist, firstFiles.filter(isCss));
    const later = sumGzipped(
      dist,
      filesOfDist(dist, isJs).filter((f) => !firstFiles.includes(f)),
    );
    const lazyGroups = Object.entries(chunks.chunkGroups)
      .filter(([name]) => !entries.includes(name))
      .map(([name, files]) => [name, files.filter((f) => isJs(f) && !firstFiles.includes(f))] as const)
      .filter(([, files]) => files.length > 0)
      .map(([name, files]) => `${name} ${kb(sumGzipped(dist, files).bytes)}`);
    const initial = sumGzipped(dist, html);
    rows.push(
      `shell  ${shell.name.padEnd(20)} first render ${kb(first.bytes).padStart(9)} in ${first.files} files, ${verdict(first.bytes, SHELL_INITIAL_BUDGET_KB)}`,
      `${pad} = ${breakdown(dist, loaded)}`,
      `${pad} index.html's scripts alone ${kb(initial.bytes)}; CSS at first render ${kb(css.bytes)} (not budgeted)`,
      `${pad} later        ${kb(later.bytes).padStart(9)} in ${later.files} files (lazy widgets and routes, shared modules not needed at first render)`,
      ...(lazyGroups.length > 0 ? [`${pad}   lazy chunk groups: ${lazyGroups.join(', ')}`] : []),
    );
  }

  // A shared module counts as provided when every shell provides it.
  const providedByShells = (key: string) =>
    shellShared.length > 0 && shellShared.every((provided) => provided.has(key));

  for (const remote of manifest.remotes) {
    const dist = join(root, remote.path, 'dist');
    const file = join(dist, 'mf-manifest.json');
    const chunks = existsSync(dist) ? readChunks(dist) : undefined;
    if (!existsSync(file) || !chunks) {
      rows.push(
        `remote ${remote.name.padEnd(20)} not built (${file} or a current loadline-chunks.json missing)`,
      );
      missing++;
      continue;
    }
    const mf = JSON.parse(readFileSync(file, 'utf8')) as MfManifest;
    const entry = join(mf.metaData.remoteEntry.path, mf.metaData.remoteEntry.name);
    const exposeGroups = Object.keys(chunks.groupChunks).filter((g) => g.startsWith('__federation_expose_'));
    const entryChunks = Object.entries(chunks.groupChunks)
      .filter(([, ids]) => ids.some((id) => chunks.chunks[id]?.files.includes(entry)))
      .flatMap(([, ids]) => ids);
    const loaded = follow(
      chunks,
      [
        { label: 'remoteEntry', chunks: entryChunks },
        { label: 'exposes', chunks: exposeGroups.flatMap((g) => chunks.groupChunks[g] ?? []) },
      ],
      providedByShells,
    );
    const files = [...new Set([entry, ...allFiles(loaded)])];
    const total = sumGzipped(dist, files.filter(isJs));
    const own = loaded.parts.filter(([label]) => label !== 'remoteEntry' && label !== 'exposes');
    const fallbacks = sumGzipped(
      dist,
      Object.values(chunks.fallbacks)
        .flat()
        .flatMap((id) => chunks.chunks[id]?.files ?? [])
        .filter((f) => isJs(f) && !files.includes(f)),
    );
    rows.push(
      `remote ${remote.name.padEnd(20)} ${kb(total.bytes).padStart(9)} in ${total.files} files [${mf.exposes.map((e) => e.name).join(', ')}], ${verdict(total.bytes, REMOTE_BUDGET_KB)}`,
      `${pad} = ${breakdown(dist, loaded)}${own.length === 0 ? ' (every shared module it needs comes from the shells)' : ''}`,
      `${pad} from the shells: ${loaded.providedElsewhere.join(', ') || 'none'}`,
      `${pad} shared fallbacks ${kb(fallbacks.bytes)} in ${fallbacks.files} files (loaded only when the remote runs alone)`,
    );
  }

  console.log(
    `Bundle sizes (gzip -9; budgets: shell first render ${SHELL_INITIAL_BUDGET_KB} KB, remote ${REMOTE_BUDGET_KB} KB)`,
  );
  for (const row of rows) console.log(row);
  if (missing > 0) console.log(`${missing} bundle(s) not built: build them first.`);
}

if (import.meta.main) main();
