// The directory service as a plugin-like builder, loadable by tests without listening.
import { type App, createApp, type ServiceRuntime } from '@loadline/platform';
import { registerRoutes } from './routes/index.ts';
import { registerUserRoutes } from './routes/users.ts';
import type { DirectoryTables } from './store/tables.ts';

export { migrations } from './store/migrations.ts';
export { seedDemoData } from './store/seed.ts';
export type { DirectoryTables } from './store/tables.ts';

export const serviceName = 'directory';
export const defaultPort = 8101;

export async function buildApp(runtime: ServiceRuntime<DirectoryTables>): Promise<App> {
  const app = await createApp({
    name: serviceName,
    description:
      'Organizations, staff and customer users, roles, permissions, settings, system alerts, support requests, universal search over organizations and staff',
    logger: runtime.logger,
    identityPublicKey: runtime.config.identityPublicKey,
    readiness: runtime.readiness(),
  });
  await registerRoutes(app, runtime);
  await registerUserRoutes(app, runtime);
  return app;
}
