// The tracking service, declared once: locations and their archive, the last location, geocoding and ZIP
// lookups, driver-location requests by text message, tracking tests, live check-call publishing
// (README.md).
import { defineService, type ServiceDeps, type ServiceRuntime } from '@loadline/platform';
import { type CarrierTrackingAdapter, LocalCarrierTracking } from './adapters/carrier-tracking.ts';
import { type TextMessageProvider, textMessageProvider } from './adapters/text-messages.ts';
import { zipIndex } from './adapters/zip-data.ts';
import { seedDemo } from './app/demo.ts';
import { loadTrackingSettings, type TrackingSettings } from './config.ts';
import { trackingConsumers } from './consumers/index.ts';
import type { ZipIndex } from './domain/zip-index.ts';
import { registerHttp } from './http/index.ts';
import { trackingSchedules, trackingWorkers } from './jobs/index.ts';
import { migrations } from './store/migrations.ts';
import type { TrackingTables } from './store/tables.ts';

export interface TrackingAdapters {
  /** the in-memory ZIP index of the bundled dataset (built on first use, once per process) */
  zips: () => ZipIndex;
  /** where the drivers' text messages leave: the local sink or an HTTP provider */
  textMessages: TextMessageProvider;
  /** the carriers' tracking behind the integration sources (the local one answers from routes) */
  carrierTracking: CarrierTrackingAdapter;
}

export type TrackingDeps = ServiceDeps<TrackingTables, TrackingSettings, TrackingAdapters>;

const makeAdapters = (
  settings: TrackingSettings,
  runtime: ServiceRuntime<TrackingTables>,
): TrackingAdapters => ({
  zips: zipIndex,
  textMessages: textMessageProvider(settings, runtime.db),
  carrierTracking: new LocalCarrierTracking(settings.carrierTracking),
});

export const trackingService = defineService<TrackingTables, TrackingSettings, TrackingAdapters>({
  name: 'tracking',
  port: 8103,
  description:
    'Locations and archives, last location, geocoding and ZIP lookups, driver-location requests by text message, tracking tests, live check-call publishing',
  paths: [
    '/api/location',
    '/api/lastlocation',
    '/api/shipmentlocationsarchive',
    '/api/requestdriverlocation',
    '/api/integrationsource',
    // the driver's one-time page, public (no session; the link's token is the key; issue 4)
    '/driver-location',
  ],
  migrations,
  settings: loadTrackingSettings,
  adapters: makeAdapters,
  routes: registerHttp,
  consumers: trackingConsumers,
  workers: trackingWorkers,
  schedules: trackingSchedules,
  seed: (deps) => seedDemo(deps),
});

export type { TrackingSettings } from './config.ts';
export type { TrackingTables } from './store/tables.ts';
