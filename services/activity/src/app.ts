// The activity service as a plugin-like builder, loadable by tests without listening.
import { type App, createApp, type ServiceRuntime } from '@loadline/platform';
import { directoryReadModel } from './events/directory-read-model.ts';
import { shipmentActivities } from './events/shipment-activities.ts';
import { shipmentReadModel } from './events/shipment-read-model.ts';
import { registerArchiveJob } from './jobs/archive.ts';
import { registerAssignmentDueWorker, rescheduleWaiting } from './jobs/assignment-due.ts';
import { registerRoutes } from './routes/index.ts';
import type { ActivityTables } from './store/tables.ts';

export { migrations } from './store/migrations.ts';
export { seedDemoData } from './store/seed.ts';
export type { ActivityTables } from './store/tables.ts';

export const serviceName = 'activity';
export const defaultPort = 8104;

export async function buildApp(runtime: ServiceRuntime<ActivityTables>): Promise<App> {
  const app = await createApp({
    name: serviceName,
    description:
      'Shipment, organization and carrier activity logs, access levels, pins, assignments and staff favorites, the archive, the consolidation push, email-based activities',
    logger: runtime.logger,
    identityPublicKey: runtime.config.identityPublicKey,
    readiness: runtime.readiness(),
  });
  runtime.consume(shipmentActivities(runtime));
  runtime.consume(shipmentReadModel);
  runtime.consume(directoryReadModel);
  registerAssignmentDueWorker(runtime);
  await registerArchiveJob(runtime);
  await registerRoutes(app, runtime);
  // A scheduled assignment whose job was lost (a crash between the commit and the enqueue) gets it back.
  await rescheduleWaiting(runtime);
  return app;
}
