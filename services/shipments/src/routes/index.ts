// The shipments service's HTTP routes: thin; rules live in domain/, SQL in store/.
import { type App, ErrorBodySchema, type ServiceRuntime } from '@loadline/platform';
import type { ShipmentsTables } from '../store/tables.ts';
import { sharedSchemas } from './schemas.ts';
import { registerShipmentRoutes } from './shipments.ts';
import { registerUpdateStatusRoutes } from './update-status.ts';

export async function registerRoutes(app: App, runtime: ServiceRuntime<ShipmentsTables>): Promise<void> {
  app.addSchema(ErrorBodySchema);
  for (const schema of sharedSchemas) app.addSchema(schema);
  await registerShipmentRoutes(app, runtime);
  await registerUpdateStatusRoutes(app, runtime);
}
