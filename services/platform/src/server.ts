// Runs a service as a process: connect, build the app, listen, and close gracefully on
// SIGTERM/SIGINT (finish requests, stop consumers after their current event, flush logs).
import closeWithGrace from 'close-with-grace';
import type { Migration } from 'kysely/migration';
import type { App } from './app.ts';
import type { ServiceConfig } from './config.ts';
import { settleMemoryAfterStartup } from './memory.ts';
import { ServiceRuntime } from './runtime.ts';
import type { PlatformTables } from './store/migrations.ts';

export interface ServiceDefinition<DB extends PlatformTables> {
  config: ServiceConfig;
  migrations: Record<string, Migration>;
  /** registers routes, consumers and workers on the runtime */
  build: (runtime: ServiceRuntime<DB>) => Promise<App>;
  /** loads the shared demo data; must be idempotent */
  seed?: (runtime: ServiceRuntime<DB>) => Promise<void>;
}

export async function runService<DB extends PlatformTables>(definition: ServiceDefinition<DB>): Promise<App> {
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
