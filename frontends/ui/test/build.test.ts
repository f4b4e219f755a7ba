// The build rules the bundle-size budgets rest on: shells and remotes reach Mantine and react-router only
// through @loadline/ui (one copy of each at run time, tree-shaken inside the ui singleton), and
// loadline-chunks.json describes what a build loads so infra/load/bundle-sizes.ts can follow it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chunksFileOf, shareKeyOf } from '../build/chunks-file.ts';

const frontends = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Value imports (not `import type`) of `@mantine/*` or `react-router` in a source text. */
function directImports(text: string): string[] {
  return [
    ...text.matchAll(/^\s*import\s+(?!type\s)[^;]*?from\s+'(@mantine\/[^']+|react-router(?:\/[^']*)?)'/gm),
  ].map((m) => m[1] ?? '');
}

describe('shells and remotes import Mantine and react-router only through @loadline/ui', () => {
  const packages = readdirSync(frontends, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !['ui', 'e2e', 'node_modules'].includes(e.name))
    .map((e) => e.name);

  it.each(packages)('%s/src imports neither @mantine/* nor react-router', (pkg) => {
    const src = path.join(frontends, pkg, 'src');
    const offenders = (() => {
      try {
        return sources(src);
      } catch {
        return [];
      }
    })().flatMap((file) =>
      directImports(readFileSync(file, 'utf8')).map((spec) => `${path.relative(frontends, file)}: ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('recognises a direct import and lets a type-only import pass', () => {
    expect(
      directImports(
        "import { Button } from '@mantine/core';\nimport type { MantineSize } from '@mantine/core';",
      ),
    ).toEqual(['@mantine/core']);
    expect(directImports("import {\n  Outlet,\n  useLocation,\n} from 'react-router';")).toEqual([
      'react-router',
    ]);
  });
});

describe('loadline-chunks.json', () => {
  it('reads the share key of provide and consume modules', () => {
    expect(shareKeyOf('provide shared module (default) @loadline/ui@0.1.0 = /x/ui/src/index.ts')).toBe(
      '@loadline/ui',
    );
    expect(
      shareKeyOf('consume shared module (default) react@19.3.1 (strict) (fallback: /x/react/index.js)'),
    ).toBe('react');
    expect(shareKeyOf('builtin:swc-loader!/x/src/index.ts')).toBeUndefined();
  });

  it('names each chunk’s consumes, the entry’s async boundary and the chunks that provide each shared module', () => {
    const index = 'builtin:swc-loader!/x/src/index.ts';
    const provideUi = 'provide shared module (default) @loadline/ui@0.1.0 = /x/ui/src/index.ts';
    const provideReact = 'provide shared module (default) react@19.3.1 = /x/react/index.js';
    const consumeUi =
      'consume shared module (default) @loadline/ui@0.1.0 (strict) (fallback: /x/ui/src/index.ts)';
    const consumeReact =
      'consume shared module (default) react@19.3.1 (strict) (fallback: /x/react/index.js)';
    const file = chunksFileOf({
      entrypoints: { main: { chunks: [1], assets: [{ name: 'main.js' }] } },
      namedChunkGroups: { 'ui-lazy': { chunks: [6], assets: [{ name: 'ui-lazy.js' }] } },
      chunks: [
        { id: 1, files: ['main.js'], origins: [{ moduleIdentifier: '' }] },
        { id: 2, files: ['bootstrap.js', 'bootstrap.css'], origins: [{ moduleIdentifier: index }] },
        {
          id: 3,
          files: ['ui.js'],
          origins: [{ moduleIdentifier: provideUi }, { moduleIdentifier: consumeUi }],
        },
        { id: 4, files: [], origins: [{ moduleIdentifier: provideUi }, { moduleIdentifier: index }] },
        { id: 5, files: ['react.js'], origins: [{ moduleIdentifier: provideReact }] },
        {
          id: 6,
          files: ['ui-lazy.js', 'ui-lazy.js.map'],
          origins: [{ moduleIdentifier: 'ui/src/Lazy.tsx' }],
        },
      ],
      modules: [
        { moduleType: 'javascript/auto', identifier: index, chunks: [1] },
        { moduleType: 'provide-module', identifier: provideUi, chunks: [1] },
        { moduleType: 'consume-shared-module', identifier: consumeUi, chunks: [2] },
        { moduleType: 'consume-shared-module', identifier: consumeReact, chunks: [4] },
      ],
    });
    expect(file.entrypoints).toEqual({ main: ['main.js'] });
    expect(file.chunkGroups).toEqual({ 'ui-lazy': ['ui-lazy.js'] });
    expect(file.groupChunks).toEqual({ main: ['1'], 'ui-lazy': ['6'] });
    expect(file.boundary).toEqual({ main: ['2', '4'] });
    expect(file.chunks['2']).toEqual({
      files: ['bootstrap.js', 'bootstrap.css'],
      consumes: ['@loadline/ui'],
    });
    expect(file.chunks['4']).toEqual({ files: [], consumes: ['react'] });
    expect(file.chunks['6']?.files).toEqual(['ui-lazy.js']);
    expect(file.provides).toEqual({ '@loadline/ui': ['3', '4'], react: ['5'] });
    expect(file.fallbacks).toEqual({ '@loadline/ui': ['3'] });
  });
});
