// The carriers service's HTTP routes: thin; rules live in domain/, SQL in store/.
import { type App, ErrorBodySchema, type ServiceRuntime } from '@loadline/platform';
import type { CarriersTables } from '../store/tables.ts';
import { registerBrokerCarrierRoutes } from './broker-carrier.ts';
import { sharedSchemas } from './schemas.ts';
import { registerSearchRoutes } from './search.ts';
import { registerShipmentCarrierRoutes } from './shipment-carriers.ts';
import { registerTerminalRoutes } from './terminals.ts';

export interface RouteContext {
  runtime: ServiceRuntime<CarriersTables>;
  /** the day insurance statuses and compliance are worked out for, 'YYYY-MM-DD' */
  today: () => string;
}

export async function registerRoutes(app: App, context: RouteContext): Promise<void> {
  app.addSchema(ErrorBodySchema);
  for (const schema of sharedSchemas) app.addSchema(schema);
  await registerBrokerCarrierRoutes(app, context);
  await registerShipmentCarrierRoutes(app, context);
  await registerTerminalRoutes(app, context);
  await registerSearchRoutes(app, context);
}
