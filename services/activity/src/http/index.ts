// The activity service's HTTP doors, registered in one place with the shared schemas they refer to.
import { type App, ErrorBodySchema } from '@loadline/platform';
import type { ActivityDeps } from '../service.ts';
import { emailRoutes } from './email.ts';
import { favoriteRoutes } from './favorites.ts';
import { organizationAndCarrierRoutes } from './organization-log.ts';
import { sharedSchemas } from './schemas.ts';
import { shipmentLogRoutes } from './shipment-log.ts';

export function registerHttp(app: App, deps: ActivityDeps): void {
  app.addSchema(ErrorBodySchema);
  for (const schema of sharedSchemas) app.addSchema(schema);
  shipmentLogRoutes(app, deps);
  favoriteRoutes(app, deps);
  organizationAndCarrierRoutes(app, deps);
  emailRoutes(app, deps);
}
