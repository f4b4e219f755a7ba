// Runs a service as a process: connect, migrate, seed, then HTTP, background work or both (SERVICE_ROLE),
// and close gracefully on SIGTERM/SIGINT (finish requests, stop consumers after their current event,
// flush logs).
import closeWithGrace from 'close-with-grace';
import type { Migration } from 'kysely/migration';
import type { App } from './app.ts';
import { loadConfig, type ServiceConfig } from './config.ts';
import { settleMemoryAfterStartup } from './memory.ts';
import { ServiceRuntime } from './runtime.ts';
import {
  buildHttp,
  buildProbes,
  depsOf,
  type Env,
  type ServiceDefinition,
  serviceRoleOf,
  startBackground,
} from './service.ts';
import type { PlatformTables } from './store/migrations.ts';

export async function runService<DB extends PlatformTables, Settings, Adapters>(
  definition: ServiceDefinition<DB, Settings, Adapters>,
  env: Env = process.env,
): Promise<App> {
  const config = loadConfig(definition.name, definition.port, env);
  const role = serviceRoleOf(env);
  const runtime = await ServiceRuntime.connect<DB>({ config, migrations: definition.migrations });
  const deps = depsOf(definition, runtime, { env });
  const app = role === 'background' ? await buildProbes(definition, deps) : await buildHttp(definition, deps);
  if (config.seedDemoData && definition.seed) await definition.seed(deps);
  if (role !== 'http') await startBackground(definition, deps);
  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) runtime.logger.error({ err }, 'closing after an error');
    await app.close();
    await definition.close?.(deps);
    await runtime.close();
  });
  await app.listen({ host: config.host, port: config.port });
  runtime.logger.info(`${config.service} (${role}) listening on http://${config.host}:${config.port}`);
  settleMemoryAfterStartup();
  return app;
}

/** The shape services had before `defineService`; kept only until every service is declared (issue 15). */
export interface LegacyServiceDefinition<DB extends PlatformTables> {
  config: ServiceConfig;
  migrations: Record<string, Migration>;
  /** registers routes, consumers and workers on the runtime */
  build: (runtime: ServiceRuntime<DB>) => Promise<App>;
  /** loads the shared demo data; must be idempotent */
  seed?: (runtime: ServiceRuntime<DB>) => Promise<void>;
}

export async function runLegacyService<DB extends PlatformTables>(
  definition: LegacyServiceDefinition<DB>,
): Promise<App> {
  const { config } = definition;
  const runtime = await ServiceRuntime.connect<DB>({ config, migrations: definition.migrations });
  const app = await definition.build(runtime);
  if (config.seedDemoData && definition.seed) await definition.seed(runtime);
  await runtime.start();
  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) runtime.logger.error({ err }, 'closing after an error');
    await app.close();
    await runtime.close();
  });
  await app.listen({ host: config.host, port: config.port });
  runtime.logger.info(`${config.service} listening on http://${config.host}:${config.port}`);
  settleMemoryAfterStartup();
  return app;
}
