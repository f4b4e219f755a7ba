// dist/loadline-chunks.json: what a build loads, chunk by chunk, for infra/load/bundle-sizes.ts. Written by
// federation.ts after each build from the build's stats; kept apart (no Rspack import) so it can be tested.

/** The file in dist/ naming the chunks of each entry point and named chunk group (read by infra/load/bundle-sizes.ts). */
export const CHUNKS_FILE = 'loadline-chunks.json';

/**
 * dist/loadline-chunks.json, what infra/load/bundle-sizes.ts needs to follow what the browser loads:
 * - `entrypoints`, `chunkGroups`: the files of each entry point and named chunk group (a remote's
 *   `__federation_expose_*`), split chunks included (mf-manifest.json leaves out the split chunks an exposed
 *   module shares with a fallback);
 * - `chunks`: each chunk's files (JavaScript and CSS) and the shared modules it consumes (Module Federation
 *   loads those before the chunk runs: a chunk's `consumes` are part of loading it);
 * - `groupChunks`: the chunk ids of each entry point and named chunk group;
 * - `boundary`: for each entry point, the chunks of the async chunk groups its own code imports
 *   (`import('./bootstrap.tsx')`), which load before anything renders;
 * - `provides` / `fallbacks`: the chunks loaded to provide a shared module (what a host loads when its
 *   version is used) and the chunks of this build's fallback for it.
 */
export interface ChunksFile {
  entrypoints: Record<string, string[]>;
  chunkGroups: Record<string, string[]>;
  chunks: Record<string, { files: string[]; consumes: string[] }>;
  groupChunks: Record<string, string[]>;
  boundary: Record<string, string[]>;
  provides: Record<string, string[]>;
  fallbacks: Record<string, string[]>;
}

/** The share key in a provide/consume module's identifier, e.g. `consume shared module (default) @mantine/core@9.7.3 (strict) …`. */
export function shareKeyOf(identifier: string): string | undefined {
  return /^(?:consume|provide) shared module \([^)]*\) ((?:@[^@\s/]+\/)?[^@\s]+)/.exec(identifier)?.[1];
}

interface StatsChunk {
  id?: string | number | null;
  files?: string[];
  origins?: { moduleIdentifier?: string }[];
}
interface StatsModule {
  moduleType?: string;
  identifier?: string;
  chunks?: (string | number)[];
}
interface StatsGroup {
  chunks?: (string | number)[];
  assets?: { name: string }[];
}

/** Builds loadline-chunks.json from a build's stats (chunks with their origins, modules with their chunks). */
export function chunksFileOf(json: {
  chunks?: StatsChunk[];
  modules?: StatsModule[];
  entrypoints?: Record<string, StatsGroup>;
  namedChunkGroups?: Record<string, StatsGroup>;
}): ChunksFile {
  const files = (groups: Record<string, StatsGroup> | undefined) =>
    Object.fromEntries(
      Object.entries(groups ?? {}).map(([name, group]) => [name, (group.assets ?? []).map((a) => a.name)]),
    );
  const consumes = new Map<string, Set<string>>();
  for (const m of json.modules ?? []) {
    const key = m.identifier && shareKeyOf(m.identifier);
    if (m.moduleType !== 'consume-shared-module' || !key) continue;
    for (const chunk of m.chunks ?? []) {
      if (!consumes.has(String(chunk))) consumes.set(String(chunk), new Set());
      consumes.get(String(chunk))?.add(key);
    }
  }
  const chunks: ChunksFile['chunks'] = {};
  const provides: Record<string, Set<string>> = {};
  const fallbacks: Record<string, Set<string>> = {};
  for (const chunk of json.chunks ?? []) {
    const id = String(chunk.id);
    chunks[id] = {
      files: (chunk.files ?? []).filter((f) => f.endsWith('.js') || f.endsWith('.css')),
      consumes: [...(consumes.get(id) ?? [])].sort(),
    };
    for (const origin of chunk.origins ?? []) {
      const key = origin.moduleIdentifier && shareKeyOf(origin.moduleIdentifier);
      if (!key) continue;
      const to = origin.moduleIdentifier?.startsWith('provide ') ? provides : fallbacks;
      const ids = to[key] ?? new Set<string>();
      ids.add(id);
      to[key] = ids;
    }
  }
  const groupChunks: ChunksFile['groupChunks'] = {};
  for (const [name, group] of [
    ...Object.entries(json.namedChunkGroups ?? {}),
    ...Object.entries(json.entrypoints ?? {}),
  ]) {
    groupChunks[name] = (group.chunks ?? []).map(String);
  }
  const boundary: ChunksFile['boundary'] = {};
  for (const [name, group] of Object.entries(json.entrypoints ?? {})) {
    const own = (group.chunks ?? []).map(String);
    // The entry's own modules (not Module Federation's provide/consume modules) and the chunks they import.
    const ownModules = new Set(
      (json.modules ?? [])
        .filter((m) => m.identifier && !shareKeyOf(m.identifier))
        .filter((m) => (m.chunks ?? []).some((c) => own.includes(String(c))))
        .map((m) => m.identifier as string),
    );
    boundary[name] = (json.chunks ?? [])
      .filter((c) => !own.includes(String(c.id)))
      .filter((c) => (c.origins ?? []).some((o) => o.moduleIdentifier && ownModules.has(o.moduleIdentifier)))
      .map((c) => String(c.id));
  }
  const sorted = (sets: Record<string, Set<string>>) =>
    Object.fromEntries(
      Object.entries(sets)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, ids]) => [key, [...ids]]),
    );
  return {
    entrypoints: files(json.entrypoints),
    chunkGroups: files(json.namedChunkGroups),
    chunks,
    groupChunks,
    boundary,
    provides: sorted(provides),
    fallbacks: sorted(fallbacks),
  };
}
