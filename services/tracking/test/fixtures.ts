// Shared pieces of the tracking integration tests: the demo callers and a service on its own
// schema with the demo data (as of `today`), on the real PostgreSQL, NATS and Redis.
import type { App } from '@loadline/platform';
import { createTestRuntime, demoCallers, type TestRuntime } from '@loadline/platform/testing';
import { type AppOptions, buildApp, migrations, seedDemoData, type TrackingTables } from '../src/app.ts';

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
  t: TestRuntime<TrackingTables>;
  app: App;
  close(): Promise<void>;
}

export async function startService(
  options: AppOptions = {},
  config: { start?: boolean } = {},
): Promise<Service> {
  const t = await createTestRuntime<TrackingTables>({ service: 'tracking', migrations });
  const app = await buildApp(t.runtime, { publicUrl: 'http://gateway.test', ...options });
  await seedDemoData(t.runtime, today, seededAt);
  if (config.start ?? true) await t.runtime.start();
  return {
    t,
    app,
    close: async () => {
      await app.close();
      await t.cleanup();
    },
  };
}
