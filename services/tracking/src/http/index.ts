// The tracking service's HTTP doors, registered in one place with the shared schemas they refer to.
import { type App, ErrorBodySchema } from '@loadline/platform';
import type { TrackingDeps } from '../service.ts';
import { driverLocationRoutes } from './driver-location.ts';
import { locationRoutes } from './locations.ts';
import { sharedSchemas } from './schemas.ts';
import { trackingTestRoutes } from './tracking-test.ts';
import { zipRoutes } from './zip.ts';

export function registerHttp(app: App, deps: TrackingDeps): void {
  app.addSchema(ErrorBodySchema);
  for (const schema of sharedSchemas) app.addSchema(schema);
  zipRoutes(app, deps);
  locationRoutes(app, deps);
  driverLocationRoutes(app, deps);
  trackingTestRoutes(app, deps);
}
