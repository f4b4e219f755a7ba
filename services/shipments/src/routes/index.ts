// The shipments service's HTTP routes: thin; rules live in domain/, SQL in store/.
import { type App, ErrorBodySchema, type ServiceRuntime } from '@loadline/platform';
import type { CarrierDispatchAdapter } from '../dispatch/adapter.ts';
import type { ShipmentsTables } from '../store/tables.ts';
import { registerAlertRoutes } from './alerts.ts';
import { registerCreditHoldRoutes } from './credit-hold.ts';
import { registerDomesticRoutes } from './domestic.ts';
import { registerGridRoutes } from './grid.ts';
import { registerProAndTrackingRoutes } from './pro-and-tracking.ts';
import { listSchemas, sharedSchemas } from './schemas.ts';
import { registerSearchRoutes } from './search.ts';
import { registerShipmentRoutes } from './shipments.ts';
import { registerUpdateStatusRoutes } from './update-status.ts';

export interface RouteOptions {
  dispatch: CarrierDispatchAdapter;
}

export async function registerRoutes(
  app: App,
  runtime: ServiceRuntime<ShipmentsTables>,
  options: RouteOptions,
): Promise<void> {
  app.addSchema(ErrorBodySchema);
  for (const schema of [...sharedSchemas, ...listSchemas]) app.addSchema(schema);
  await registerShipmentRoutes(app, runtime);
  await registerGridRoutes(app, runtime);
  await registerUpdateStatusRoutes(app, runtime, options.dispatch);
  await registerProAndTrackingRoutes(app, runtime);
  await registerCreditHoldRoutes(app, runtime);
  await registerDomesticRoutes(app, runtime);
  await registerSearchRoutes(app, runtime);
  await registerAlertRoutes(app, runtime);
}
