// Build settings every Loadline shell and remote shares (Rspack + Module Federation 2).
// Imported by each package's rspack.config.ts through a relative path: build tooling, not runtime code.

import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { type Compiler, type Configuration, rspack } from '@rspack/core';
import { CHUNKS_FILE, chunksFileOf } from './chunks-file.ts';

export { CHUNKS_FILE };

const uiDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/**
 * Shared as singletons by every shell and remote (one React, one router, one design system). Mantine and
 * react-router are not among them: a shared module is bundled whole (every export kept), which cost ~170 KB
 * gzipped for @mantine/core and ~63 KB for react-router at first render. They are bundled inside
 * @loadline/ui instead, tree-shaken to what it uses and re-exports, and shells and remotes reach them only
 * through '@loadline/ui' (see `onlyThroughUi`), so there is still one Mantine and one router at run time.
 */
export const SINGLETONS = ['react', 'react-dom', '@loadline/ui'] as const;

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

function readJson(file: string): PackageJson {
  return JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
}

/** The installed package.json of `name` as Node resolves it from `fromDir` (some packages do not export it). */
function installedPackage(name: string, fromDir: string): PackageJson {
  const require = createRequire(path.join(fromDir, 'package.json'));
  for (const modulesDir of require.resolve.paths(name) ?? []) {
    const file = path.join(modulesDir, name, 'package.json');
    if (existsSync(file)) return readJson(file);
  }
  throw new Error(`${name} is not installed (looked from ${fromDir})`);
}

/**
 * `shared` for ModuleFederationPlugin. `requiredVersion` is the range the consuming package declares
 * (its own package.json, else @loadline/ui's, which declares the design system's dependencies);
 * `version` is the installed package's version.
 */
export function sharedSingletons(packageDir: string): Record<string, Record<string, unknown>> {
  const own = readJson(path.join(packageDir, 'package.json'));
  const ui = readJson(path.join(uiDir, 'package.json'));
  const shared: Record<string, Record<string, unknown>> = {};
  for (const name of SINGLETONS) {
    const declared = own.dependencies?.[name] ?? ui.dependencies?.[name];
    const installed = name === ui.name ? ui.version : installedPackage(name, packageDir).version;
    shared[name] = {
      singleton: true,
      requiredVersion: declared ?? installed,
      version: installed,
    };
  }
  return shared;
}

/** Rules shared by every package: TSX through SWC, CSS through Rspack's built-in CSS support. */
export function moduleRules(production: boolean) {
  return [
    {
      test: /\.[cm]?tsx?$/,
      exclude: /node_modules/,
      loader: 'builtin:swc-loader',
      type: 'javascript/auto',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
          target: 'es2022',
        },
      },
    },
    { test: /\.css$/, type: 'css/auto' },
    // The catalogue is definitions only (frozen tables, pure functions): importing one name from its
    // barrel must not pull in every table.
    { test: /[\\/]contracts[\\/]catalogue[\\/].*\.ts$/, sideEffects: false },
    // The shared rules are pure functions too.
    { test: /[\\/]contracts[\\/]rules[\\/].*\.ts$/, sideEffects: false },
  ];
}

export const resolveOptions = {
  extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
  // The catalogue and the ui package import each other with explicit `.ts` extensions (Node 24 style).
  extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
};

// ---------------------------------------------------------------------------------------------------------
// Whole configurations. Each package's rspack.config.ts is one call of these.

const production = process.env.NODE_ENV !== 'development';

function output(dir: string, uniqueName: string) {
  return {
    path: path.join(dir, 'dist'),
    publicPath: 'auto',
    uniqueName,
    filename: production ? '[name].[contenthash:10].js' : '[name].js',
    chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
    cssFilename: production ? '[name].[contenthash:10].css' : '[name].css',
    clean: true,
  };
}

/**
 * The browsers the CSS is written for, those of the scripts' `es2022`: the minimizer (Lightning CSS) otherwise
 * targets browsers so old that it rewrote every `:dir()` and logical rule of Mantine's styles for them, into
 * `:lang()` lists three times over (-webkit-any, -moz-any, :is): 637 KB of CSS in each shell's first render for
 * Mantine's 295 KB, every byte parsed before the first paint.
 */
export const CSS_TARGETS = ['chrome >= 94', 'edge >= 94', 'firefox >= 93', 'safari >= 15.4'];

const common = (dir: string): Configuration => ({
  mode: production ? 'production' : 'development',
  context: dir,
  devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
  resolve: resolveOptions,
  module: { rules: moduleRules(production) },
  optimization: {
    minimize: production,
    minimizer: [
      new rspack.SwcJsMinimizerRspackPlugin(),
      new rspack.LightningCssMinimizerRspackPlugin({ minimizerOptions: { targets: CSS_TARGETS } }),
    ],
    // Tree shaking, spelled out because the size budgets rest on it (Rspack's production defaults): unused
    // exports dropped, modules of `sideEffects: false` packages skipped when unused, modules concatenated.
    // A shared module keeps every export, which is why Mantine and react-router are bundled inside
    // @loadline/ui rather than shared on their own (SINGLETONS).
    usedExports: production,
    sideEffects: production ? true : 'flag',
    innerGraph: production,
    concatenateModules: production,
  },
  // The budgets are measured (and printed) by infra/load/bundle-sizes.ts against gzipped sizes.
  performance: { hints: false },
});

/** Writes dist/loadline-chunks.json after each build. */
const chunkGroupsFile = {
  apply(compiler: Compiler): void {
    compiler.hooks.done.tap('loadline-chunk-groups', (stats) => {
      if (stats.hasErrors()) return;
      const json = stats.toJson({
        all: false,
        ids: true,
        entrypoints: true,
        chunkGroups: true,
        chunks: true,
        chunkModules: false,
        chunkOrigins: true,
        modules: true,
        orphanModules: false,
        modulesSpace: Number.POSITIVE_INFINITY,
      });
      const out = compiler.options.output.path ?? path.join(compiler.context, 'dist');
      writeFileSync(path.join(out, CHUNKS_FILE), `${JSON.stringify(chunksFileOf(json), null, 1)}\n`);
    });
  },
};

/**
 * Writes a gzipped copy (`<file>.gz`) beside every script, stylesheet, manifest and page of 1 KB or more, which
 * the gateway sends to browsers that accept gzip (services/gateway/src/http/shells.ts): compressed once at
 * build time at the highest level, never per request. A shipment page's first visit fetches 2.3 MB without.
 */
const precompressed = {
  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap('loadline-precompressed', (compilation) => {
      const out = compiler.options.output.path ?? path.join(compiler.context, 'dist');
      for (const asset of compilation.getAssets()) {
        if (!/\.(?:js|css|json|html)$/.test(asset.name)) continue;
        const file = path.join(out, asset.name);
        if (!existsSync(file) || statSync(file).size < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(readFileSync(file), { level: constants.Z_BEST_COMPRESSION }));
      }
    });
  },
};

/** Packages that shells and remotes reach only through '@loadline/ui' (src/mantine.ts, src/router.ts). */
const THROUGH_UI = /^(?:@mantine\/|react-router(?:\/|$))/;

/**
 * Fails the build when a shell's or remote's own code imports `@mantine/*` or `react-router`: they are reached
 * only through '@loadline/ui'. They are not shared modules of their own, so a direct import would bundle a
 * second Mantine (its own theme and provider context) or a second router (its own router contexts), which the
 * @loadline/ui components around it do not see. Type-only imports are erased before bundling and pass.
 */
export const onlyThroughUi = {
  apply(compiler: Compiler): void {
    const uiSources = `${uiDir}${path.sep}`;
    const nodeModules = `${path.sep}node_modules${path.sep}`;
    compiler.hooks.normalModuleFactory.tap('loadline-only-through-ui', (factory) => {
      factory.hooks.beforeResolve.tap('loadline-only-through-ui', (data) => {
        const issuer = data.contextInfo.issuer;
        if (!THROUGH_UI.test(data.request) || !issuer) return;
        if (issuer.startsWith(uiSources) || issuer.includes(nodeModules)) return;
        throw new Error(
          `${path.relative(compiler.context, issuer)} imports '${data.request}': import it from '@loadline/ui' ` +
            '(add what is missing to frontends/ui/src/mantine.ts or router.ts, then deploy the shells first); ' +
            'a direct import would load a second copy beside the one @loadline/ui holds.',
        );
      });
    });
  },
};

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';

export interface ShellOptions {
  /** The package folder. */
  dir: string;
  /** Module Federation name of the host, e.g. 'shell_backoffice'. */
  name: string;
  /** Where the gateway serves the shell (tilt.yaml), e.g. '/back-office/'. */
  mount: string;
  devPort: number;
}

/**
 * A shell: a Module Federation host with no remotes named at build time (it registers the ones GET
 * /api/config names at run time), an index.html whose script paths are absolute because every client
 * route (a deep link) is answered with index.html, and the shared singletons.
 */
export function shellConfig({ dir, name, mount, devPort }: ShellOptions): Configuration {
  return {
    ...common(dir),
    entry: { main: './src/index.ts' },
    output: output(dir, `loadline_${name}`),
    plugins: [
      new ModuleFederationPlugin({
        name,
        remotes: {},
        shared: sharedSingletons(dir),
        manifest: false,
        dts: false,
        // Browser only: leaves the runtime's Node.js branches out (~2 KB gzipped of the entry).
        experiments: { optimization: { target: 'web' } },
      }),
      new rspack.HtmlRspackPlugin({ template: './index.html', publicPath: mount }),
      chunkGroupsFile,
      onlyThroughUi,
      production && precompressed,
    ],
    devServer: {
      port: Number(process.env.PORT ?? devPort),
      historyApiFallback: { index: `${mount}index.html` },
      devMiddleware: { publicPath: mount },
      proxy: [{ context: (p: string) => !p.startsWith(mount), target: gateway, ws: true }],
    },
  };
}

export interface RemoteOptions {
  dir: string;
  /** Module Federation container name (the key in GET /api/config's remotes). */
  name: string;
  exposes: Record<string, string>;
  devPort: number;
}

/**
 * A remote: a Module Federation container with remoteEntry.js and mf-manifest.json. The stand-alone
 * harness (src/index.ts and an index.html) is built only for `rspack serve` or with LOADLINE_HARNESS=1.
 */
export function remoteConfig({ dir, name, exposes, devPort }: RemoteOptions): Configuration {
  const harness = !production || process.env.LOADLINE_HARNESS === '1';
  return {
    ...common(dir),
    entry: harness ? { main: './src/index.ts' } : {},
    output: output(dir, `loadline_remote_${name}`),
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        shared: sharedSingletons(dir),
        manifest: true,
        dts: false,
        experiments: { optimization: { target: 'web' } },
      }),
      chunkGroupsFile,
      onlyThroughUi,
      production && precompressed,
      harness &&
        new rspack.HtmlRspackPlugin({
          templateContent: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Loadline · ${name}</title></head><body><div id="root"></div></body></html>`,
        }),
    ],
    devServer: {
      port: Number(process.env.PORT ?? devPort),
      headers: { 'Access-Control-Allow-Origin': '*' },
      historyApiFallback: true,
      proxy: [{ context: ['/api'], target: gateway, ws: true }],
    },
  };
}
