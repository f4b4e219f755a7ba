// Keeps the service shape's promise (issue 15, decision 0027), folder by folder:
// - domain/ holds pure rules: no HTTP, SQL, NATS, Redis or file-system imports, nothing of the service's
//   other folders — so every rule can be unit-tested and read on its own;
// - http/ (the routes) reaches the service only through app/ (use cases) and domain/ types: no value of
//   domain/ (a limit a schema states is a shared rule in contracts; a response shaped from the model comes
//   from app/), no SQL, no transactions, and nothing of store/, not even a type (a stored row's shape stays
//   in store/: the store answers domain types);
// - store/ is SQL returning domain types: it imports domain/ and nothing else of the service, no Fastify;
// - app/ (use cases) never imports Fastify: a use case runs from a route, a consumer, a job or a test;
// - consumers/ and jobs/ are doors too: never http/.
// A service is held to the folder rules once it declares itself in src/service.ts.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../manifest.ts';

const io = [
  /^fastify/,
  /^@fastify\//,
  /^pg$/,
  /^kysely/,
  /^@nats-io\//,
  /^ioredis/,
  /^bullmq/,
  /^node:(http|https|net|fs|fs\/promises|child_process)$/,
  /^@loadline\/platform$/,
];
const fastify = [/^fastify/, /^@fastify\//];
const sqlLibraries = [/^pg$/, /^kysely/];

const folders = ['domain', 'app', 'store', 'http', 'consumers', 'jobs', 'adapters'] as const;
type Folder = (typeof folders)[number];

/** The folders of the same service each folder may import values from (besides itself); types from anywhere. */
const mayImport: Record<Folder, readonly Folder[]> = {
  domain: [],
  store: ['domain'],
  app: ['domain', 'store', 'adapters'],
  http: ['app'],
  consumers: ['app', 'domain', 'store'],
  jobs: ['app', 'domain', 'store', 'adapters'],
  adapters: ['domain'],
};

function files(dir: string): string[] {
  let out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out = out.concat(files(full));
    else if (/\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

interface Import {
  spec: string;
  typeOnly: boolean;
}

/**
 * Every import and re-export with a `from`. Type-only: `import type …`, or braces whose every name is marked
 * `type` (`import { type A, type B }`, erased from the output); a default or namespace import is a value.
 */
function importsOf(source: string): Import[] {
  const all = [...source.matchAll(/(?:import|export)\s+(type\s+)?([^'"]*?)from\s+['"]([^'"]+)['"]/g)];
  return all.map((m) => {
    const clause = m[2]!.trim();
    const braces = /^\{([^}]*)\}$/.exec(clause);
    const names = braces
      ? braces[1]!
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean)
      : [];
    const allTypes = names.length > 0 && names.every((n) => /^type\s/.test(n));
    return { spec: m[3]!, typeOnly: m[1] !== undefined || allTypes };
  });
}

describe('the import reader', () => {
  it('tells a type-only import from one that brings a value', () => {
    const source = [
      "import type { A } from '../domain/a.ts';",
      "import { type B, type C } from '../domain/b.ts';",
      "import { type D, limit } from '../domain/d.ts';",
      "import Type from 'typebox';",
      "export { e } from '../domain/e.ts';",
    ].join('\n');
    expect(importsOf(source)).toEqual([
      { spec: '../domain/a.ts', typeOnly: true },
      { spec: '../domain/b.ts', typeOnly: true },
      { spec: '../domain/d.ts', typeOnly: false },
      { spec: 'typebox', typeOnly: false },
      { spec: '../domain/e.ts', typeOnly: false },
    ]);
  });
});

const services = readdirSync(join(root, 'services')).filter((s) =>
  statSync(join(root, 'services', s)).isDirectory(),
);

describe('domain/ stays free of I/O', () => {
  const domainFolders = services
    .map((s) => join(root, 'services', s, 'src', 'domain'))
    .filter((d) => existsSync(d) && statSync(d).isDirectory());
  it('finds the domain folders', () => {
    expect(domainFolders.length).toBeGreaterThan(0);
  });
  for (const folder of domainFolders) {
    for (const file of files(folder)) {
      it(relative(root, file), () => {
        const bad = importsOf(readFileSync(file, 'utf8')).filter(
          (i) =>
            !i.typeOnly &&
            (io.some((f) => f.test(i.spec)) ||
              /\/(store|routes|events|jobs|http|app|consumers|adapters)\//.test(i.spec)),
        );
        expect(bad.map((i) => i.spec)).toEqual([]);
      });
    }
  }
});

/** The platform is the library the services are built with, not a service. */
const declared = services.filter(
  (s) => s !== 'platform' && existsSync(join(root, 'services', s, 'src', 'service.ts')),
);

describe('each declared service keeps its folders apart', () => {
  it('finds the declared services', () => {
    expect(declared.length).toBeGreaterThan(0);
  });
  for (const service of declared) {
    const src = join(root, 'services', service, 'src');
    it(`${service}: has no folder outside the shape`, () => {
      const extra = readdirSync(src).filter(
        (name) => statSync(join(src, name)).isDirectory() && !(folders as readonly string[]).includes(name),
      );
      expect(extra).toEqual([]);
    });
    for (const folder of folders) {
      const dir = join(src, folder);
      if (!existsSync(dir)) continue;
      for (const file of files(dir)) {
        it(`${relative(root, file)} imports only what ${folder}/ may`, () => {
          const wrong: string[] = [];
          for (const i of importsOf(readFileSync(file, 'utf8'))) {
            // a route presents what app/ answers in domain types: a stored row's shape stays in store/
            if (folder === 'http' && i.spec.startsWith('.')) {
              const target = relative(src, resolve(dirname(file), i.spec));
              if (target.split('/')[0] === 'store') wrong.push(i.spec);
            }
            if (i.typeOnly) continue;
            if (folder === 'app' && fastify.some((f) => f.test(i.spec))) wrong.push(i.spec);
            if ((folder === 'http' || folder === 'domain') && sqlLibraries.some((f) => f.test(i.spec)))
              wrong.push(i.spec);
            if (folder === 'store' && fastify.some((f) => f.test(i.spec))) wrong.push(i.spec);
            if (
              ['app', 'consumers', 'jobs'].includes(folder) &&
              sqlLibraries.some((f) => f.test(i.spec)) &&
              !i.typeOnly
            )
              wrong.push(i.spec);
            if (!i.spec.startsWith('.')) continue;
            const target = relative(src, resolve(dirname(file), i.spec));
            const top = target.split('/')[0] as Folder;
            if (target.startsWith('..') || top === folder || !(folders as readonly string[]).includes(top))
              continue;
            if (!mayImport[folder].includes(top)) wrong.push(i.spec);
          }
          expect(wrong).toEqual([]);
        });
        if (folder === 'app' || folder === 'consumers' || folder === 'jobs' || folder === 'http') {
          // SQL is the store's alone: no query builder call or tagged SQL in a use case or a door
          it(`${relative(root, file)} writes no SQL (store/ does)`, () => {
            const source = readFileSync(file, 'utf8');
            const found = [
              ...source.matchAll(/\.(selectFrom|insertInto|updateTable|deleteFrom|mergeInto)\(|\bsql`/g),
            ].map((m) => m[0]);
            expect(found).toEqual([]);
          });
        }
        if (folder === 'http' || folder === 'consumers' || folder === 'jobs') {
          // the use case owns its transaction: a door opens none
          it(`${relative(root, file)} opens no transaction (app/ does)`, () => {
            const found = [...readFileSync(file, 'utf8').matchAll(/\.transaction\(\)/g)].map((m) => m[0]);
            expect(found).toEqual([]);
          });
        }
      }
    }
  }
});
