// Runs a service as a process: connect, migrate, seed, then HTTP, background work or both (SERVICE_ROLE),
// and close gracefully on SIGTERM/SIGINT (finish requests, stop consumers after their current event,
// flush logs).
import closeWithGrace from 'close-with-grace';
import type { App } from './app.ts';
import { loadConfig } from './config.ts';
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
