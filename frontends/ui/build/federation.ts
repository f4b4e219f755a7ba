// Build settings every Loadline shell and remote shares (Rspack + Module Federation 2).
// Imported by each package's rspack.config.ts through a relative path: build tooling, not runtime code.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const uiDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Shared as singletons by every shell and remote (one React, one router, one design system). */
export const SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  '@mantine/core',
  '@mantine/hooks',
  '@mantine/notifications',
  '@mantine/modals',
  '@loadline/ui',
] as const;

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

function readJson(file: string): PackageJson {
  return JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
}

/**
 * `shared` for ModuleFederationPlugin. `requiredVersion` is the range the consuming package declares
 * (its own package.json, else @loadline/ui's, which declares the design system's dependencies);
 * `version` is the installed package's version.
 */
export function sharedSingletons(packageDir: string): Record<string, Record<string, unknown>> {
  const own = readJson(path.join(packageDir, 'package.json'));
  const ui = readJson(path.join(uiDir, 'package.json'));
  const require = createRequire(path.join(packageDir, 'package.json'));
  const shared: Record<string, Record<string, unknown>> = {};
  for (const name of SINGLETONS) {
    const declared = own.dependencies?.[name] ?? ui.dependencies?.[name];
    const installed =
      name === ui.name ? ui.version : readJson(require.resolve(`${name}/package.json`, { paths: [uiDir] })).version;
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
  ];
}

export const resolveOptions = {
  extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
  // The catalogue and the ui package import each other with explicit `.ts` extensions (Node 24 style).
  extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
};
