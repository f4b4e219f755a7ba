// Compiles each service (and the gateway) into one JavaScript file, dist/server.mjs, with
// Rspack: our TypeScript (the service, @loadline/platform, @loadline/contracts) bundled and
// type-stripped ahead of time, npm packages left as imports. Running the bundle saves the
// memory Node's run-time type stripping keeps (~35 MB per process) and starts faster.
// `node services/<name>/src/server.ts` still works for development.
import { join } from 'node:path';
import { rspack } from '@rspack/core';
import { readManifest, root } from './manifest.ts';

export async function buildServices(log: (m: string) => void = console.log): Promise<void> {
  const manifest = readManifest();
  const targets = [...manifest.services, manifest.gateway];
  const compiler = rspack(
    targets.map((service) => ({
      name: service.name,
      mode: 'production' as const,
      target: 'node24',
      context: join(root, service.path),
      entry: { server: './src/server.ts' },
      output: {
        path: join(root, service.path, 'dist'),
        filename: '[name].mjs',
        module: true,
        chunkFormat: 'module' as const,
        library: { type: 'module' as const },
        clean: true,
      },
      resolve: { extensions: ['.ts', '.js', '.mjs', '.json'], extensionAlias: { '.js': ['.ts', '.js'] } },
      externalsType: 'module-import' as const,
      externals: [
        ({ request }: { request?: string }, callback: (err?: Error, result?: string) => void) => {
          // Our workspace packages are bundled; every npm package stays an import.
          if (
            !request ||
            request.startsWith('.') ||
            request.startsWith('/') ||
            request.startsWith('@loadline/')
          ) {
            return callback();
          }
          return callback(undefined, request);
        },
      ],
      module: {
        rules: [
          {
            test: /\.ts$/,
            loader: 'builtin:swc-loader',
            options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2023' } },
            type: 'javascript/auto',
          },
        ],
        parser: { javascript: { importMeta: false, url: false } },
      },
      node: { __dirname: false, __filename: false },
      optimization: { minimize: false },
      devtool: 'source-map' as const,
    })),
  );
  await new Promise<void>((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve();
    }),
  );
  log(`[loadline] compiled ${targets.map((t) => t.name).join(', ')}`);
}

if (import.meta.main) await buildServices();
