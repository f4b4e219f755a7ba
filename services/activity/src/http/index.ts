// The activity service's HTTP routes: thin; rules live in domain/, SQL in store/.
import { type App, ErrorBodySchema, type ServiceRuntime } from '@loadline/platform';
import type { ActivityTables } from '../store/tables.ts';
import { registerEmailRoutes } from './email.ts';
import { registerFavoriteRoutes } from './favorites.ts';
import { registerOrganizationAndCarrierRoutes } from './organization-log.ts';
import { sharedSchemas } from './schemas.ts';
import { registerShipmentLogRoutes } from './shipment-log.ts';

export async function registerRoutes(app: App, runtime: ServiceRuntime<ActivityTables>): Promise<void> {
  app.addSchema(ErrorBodySchema);
  for (const schema of sharedSchemas) app.addSchema(schema);
  await registerShipmentLogRoutes(app, runtime);
  await registerFavoriteRoutes(app, runtime);
  await registerOrganizationAndCarrierRoutes(app, runtime);
  await registerEmailRoutes(app, runtime);
}
