// The tracking service as a plugin-like builder, loadable by tests without listening.
import { type App, createApp, type ServiceRuntime } from '@loadline/platform';
import {
  type CarrierTrackingAdapter,
  LocalCarrierTracking,
  localTrackingConfig,
} from './adapters/carrier-tracking.ts';
import { type TextMessageProvider, textMessageProviderFromEnv } from './adapters/text-messages.ts';
import { shipmentReadModel } from './events/shipment-read-model.ts';
import { statusCheckCalls } from './events/status-check-calls.ts';
import { zipIndex } from './geo/zip-data.ts';
import { registerArchiveWorker, scheduleNightlyArchive } from './jobs/archive.ts';
import { registerDriverLocationTextWorker } from './jobs/driver-location-text.ts';
import { registerRoutes } from './routes/index.ts';
import type { TrackingTables } from './store/tables.ts';

export { archiveLocations, archiveQueue } from './jobs/archive.ts';
export { driverLocationTextQueue } from './jobs/driver-location-text.ts';
export { migrations } from './store/migrations.ts';
export { seedDemoData } from './store/seed.ts';
export type { TrackingTables } from './store/tables.ts';

export const serviceName = 'tracking';
export const defaultPort = 8103;

/** Only for a developer's machine: production must set DRIVER_LINK_SECRET. */
const developmentLinkSecret = 'loadline-development-driver-links';

export interface AppOptions {
  /** the text-message provider; by default from TEXT_PROVIDER (the local sink) */
  textMessages?: TextMessageProvider;
  /** the carrier-tracking adapter; by default the local one from TRACKING_TEST_* */
  carrierTracking?: CarrierTrackingAdapter;
  /** where a phone reaches the gateway (the driver's link); default DRIVER_LINK_BASE_URL or the local gateway */
  publicUrl?: string;
  /** start the job workers and the nightly schedule (default true) */
  jobs?: boolean;
  env?: Record<string, string | undefined>;
}

export async function buildApp(
  runtime: ServiceRuntime<TrackingTables>,
  options: AppOptions = {},
): Promise<App> {
  const env = options.env ?? process.env;
  const linkSecret =
    env.DRIVER_LINK_SECRET ?? (runtime.config.production ? undefined : developmentLinkSecret);
  if (!linkSecret) throw new Error('DRIVER_LINK_SECRET must be set when NODE_ENV=production');
  const app = await createApp({
    name: serviceName,
    description:
      'Locations and archives, last location, geocoding and ZIP lookups, driver-location requests by text message, tracking tests, live check-call publishing',
    logger: runtime.logger,
    identityPublicKey: runtime.config.identityPublicKey,
    readiness: runtime.readiness(),
  });
  const textMessages = options.textMessages ?? textMessageProviderFromEnv(env, runtime.db);
  runtime.consume(shipmentReadModel);
  runtime.consume(statusCheckCalls(runtime, zipIndex));
  await registerRoutes(app, runtime, {
    zips: zipIndex,
    textMessages,
    carrierTracking: options.carrierTracking ?? new LocalCarrierTracking(localTrackingConfig(env)),
    driverLinkSecret: linkSecret,
  });
  if (options.jobs ?? true) {
    registerDriverLocationTextWorker(runtime, textMessages, {
      publicUrl:
        options.publicUrl ?? env.DRIVER_LINK_BASE_URL ?? `http://127.0.0.1:${env.GATEWAY_PORT ?? '8080'}`,
      secret: linkSecret,
    });
    registerArchiveWorker(runtime);
    await scheduleNightlyArchive(runtime);
  }
  return app;
}
