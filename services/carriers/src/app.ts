// The carriers service as a plugin-like builder, loadable by tests without listening.
import { type App, createApp, type ServiceRuntime } from '@loadline/platform';
import { utcDate } from './domain/insurance.ts';
import { shipmentReadModel } from './events/shipment-read-model.ts';
import { registerInsuranceWatch } from './jobs/insurance-watch.ts';
import { registerRoutes } from './routes/index.ts';
import type { CarriersTables } from './store/tables.ts';

export { shipmentReadModel } from './events/shipment-read-model.ts';
export { insuranceWatchQueue } from './jobs/insurance-watch.ts';
export { migrations } from './store/migrations.ts';
export { seedDemoData } from './store/seed.ts';
export type { CarriersTables } from './store/tables.ts';

export const serviceName = 'carriers';
export const defaultPort = 8106;

export interface AppOptions {
  /** the day statuses are worked out for, 'YYYY-MM-DD'; the UTC date by default (tests fix it) */
  today?: () => string;
  /** schedule the daily insurance watch and ask for today's run (the process does; tests run it themselves) */
  scheduleJobs?: boolean;
}

export async function buildApp(
  runtime: ServiceRuntime<CarriersTables>,
  options: AppOptions = {},
): Promise<App> {
  const app = await createApp({
    name: serviceName,
    description:
      'Carrier master and broker carriers, insurances, compliance, audit scores, favorites, preferred regions, portal links, the terminal page',
    logger: runtime.logger,
    identityPublicKey: runtime.config.identityPublicKey,
    readiness: runtime.readiness(),
  });
  const today = options.today ?? (() => utcDate(new Date()));
  runtime.consume(shipmentReadModel);
  const watch = registerInsuranceWatch(runtime);
  if (options.scheduleJobs) await watch.schedule();
  await registerRoutes(app, { runtime, today });
  return app;
}
