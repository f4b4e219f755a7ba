// Shared pieces of the tracking integration tests: the demo callers and a service on its own
// schema with the demo data (as of `today`), on the real PostgreSQL, NATS and Redis.
import type { App } from '@loadline/platform';
import { buildService, demoCallers, type TestService } from '@loadline/platform/testing';
import { seedDemo } from '../../src/app/demo.ts';
import {
  type TrackingAdapters,
  type TrackingSettings,
  type TrackingTables,
  trackingService,
} from '../../src/service.ts';

export const today = '2026-11-23';
/** the seeding's clock: noon UTC of `today` */
export const seededAt = new Date(`${today}T12:00:00Z`);

export const { ops, shipper, buyer, otherBroker } = demoCallers;

/** Demo shipments (contracts/demo/shipments.ts with today = 2026-11-23). */
export const demo = {
  /** Acme, LTL, Out for Delivery, a driver with a cell phone */
  acmeOnTheRoad: 10017,
  /** Globex, drayage, In Transit */
  globexInTransit: 10006,
  /** Globex, truckload, Delivered */
  globexDelivered: 10018,
  /** Acme, LTL, Quote: no history */
  acmeQuote: 10001,
  /** Acme, truckload, Dispatched, a driver */
  acmeDispatched: 10005,
  /** Acme, Complete (delivered two weeks before) */
  acmeComplete: 10019,
} as const;

export interface Service {
  t: TestService<TrackingTables, TrackingSettings, TrackingAdapters>;
  app: App;
  close(): Promise<void>;
}

/**
 * The service on its own schema with the demo data seeded as of `today`, its consumers, workers and
 * schedules running (`start`, the default), and any outside party replaced (`adapters`).
 */
export async function startService(
  adapters: Partial<TrackingAdapters> = {},
  config: { start?: boolean } = {},
): Promise<Service> {
  const t = await buildService(trackingService, {
    background: config.start ?? true,
    settings: { driverLinkBaseUrl: 'http://gateway.test' },
    adapters,
  });
  await seedDemo(t.deps, today, seededAt);
  return { t, app: t.app, close: () => t.cleanup() };
}
