// The tracking service's HTTP routes: thin; rules live in domain/, SQL in store/.
import { type App, ErrorBodySchema, type ServiceRuntime } from '@loadline/platform';
import type { CarrierTrackingAdapter } from '../adapters/carrier-tracking.ts';
import type { TextMessageProvider } from '../adapters/text-messages.ts';
import type { ZipIndex } from '../domain/zip-index.ts';
import type { TrackingTables } from '../store/tables.ts';
import { registerDriverLocationRoutes } from './driver-location.ts';
import { registerLocationRoutes } from './locations.ts';
import { sharedSchemas } from './schemas.ts';
import { registerTrackingTestRoutes } from './tracking-test.ts';
import { registerZipRoutes } from './zip.ts';

export interface RouteOptions {
  zips: () => ZipIndex;
  textMessages: TextMessageProvider;
  carrierTracking: CarrierTrackingAdapter;
  driverLinkSecret: string;
}

export async function registerRoutes(
  app: App,
  runtime: ServiceRuntime<TrackingTables>,
  options: RouteOptions,
): Promise<void> {
  app.addSchema(ErrorBodySchema);
  for (const schema of sharedSchemas) app.addSchema(schema);
  await registerZipRoutes(app, options.zips);
  await registerLocationRoutes(app, runtime, options.zips);
  await registerDriverLocationRoutes(app, runtime, options.zips, {
    provider: options.textMessages,
    linkSecret: options.driverLinkSecret,
  });
  await registerTrackingTestRoutes(app, runtime, options.zips, options.carrierTracking);
}
