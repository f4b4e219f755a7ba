// The carriers service's HTTP doors, registered in one place with the shared schemas they refer to:
// parse → app → present.
import { type App, ErrorBodySchema } from '@loadline/platform';
import type { CarriersDeps } from '../service.ts';
import { brokerCarrierRoutes } from './broker-carriers.ts';
import { carrierListRoutes } from './carrier-list.ts';
import { sharedSchemas } from './schemas.ts';
import { searchRoutes } from './search.ts';
import { shipmentCarrierRoutes } from './shipment-carriers.ts';
import { terminalRoutes } from './terminals.ts';

export function registerHttp(app: App, deps: CarriersDeps): void {
  app.addSchema(ErrorBodySchema);
  for (const schema of sharedSchemas) app.addSchema(schema);
  carrierListRoutes(app, deps);
  brokerCarrierRoutes(app, deps);
  shipmentCarrierRoutes(app, deps);
  terminalRoutes(app, deps);
  searchRoutes(app, deps);
}
