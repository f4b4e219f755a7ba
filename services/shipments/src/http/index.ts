// The shipments service's HTTP doors, registered in one place with the shared schemas they refer to:
// thin (parse → app → present); rules live in domain/, use cases in app/, SQL in store/.
import multipart from '@fastify/multipart';
import { type App, ErrorBodySchema } from '@loadline/platform';
import type { ShipmentsDeps } from '../service.ts';
import { registerAlertRoutes } from './alerts.ts';
import { registerBulkImportRoutes } from './bulk-import.ts';
import { registerCarrierAssignmentRoutes } from './carrier-assignment.ts';
import { registerCreditHoldRoutes } from './credit-hold.ts';
import { registerDomesticRoutes } from './domestic.ts';
import { registerGridRoutes } from './grid.ts';
import { registerOrderEntryRoutes } from './order-entry.ts';
import { registerProAndTrackingRoutes } from './pro-and-tracking.ts';
import { listSchemas, sharedSchemas } from './schemas.ts';
import { registerSearchRoutes } from './search.ts';
import { registerShipmentRoutes } from './shipments.ts';
import { registerUpdateStatusRoutes } from './update-status.ts';

export async function registerHttp(app: App, deps: ShipmentsDeps): Promise<void> {
  app.addSchema(ErrorBodySchema);
  for (const schema of [...sharedSchemas, ...listSchemas]) app.addSchema(schema);
  registerShipmentRoutes(app, deps);
  registerOrderEntryRoutes(app, deps);
  registerGridRoutes(app, deps);
  registerUpdateStatusRoutes(app, deps);
  registerProAndTrackingRoutes(app, deps);
  registerCreditHoldRoutes(app, deps);
  registerDomesticRoutes(app, deps);
  registerSearchRoutes(app, deps);
  registerAlertRoutes(app, deps);
  registerCarrierAssignmentRoutes(app, deps);
  // the importer's upload: a file part read as it arrives, into the database in pieces (decision 0095)
  await app.register(multipart, { limits: { files: 1, fields: 5, parts: 6, fieldSize: 1000 } } as never);
  await registerBulkImportRoutes(app, deps);
}
