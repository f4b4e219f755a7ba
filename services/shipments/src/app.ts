// The shipments service as a plugin-like builder, loadable by tests without listening.
import { type App, createApp, type ServiceRuntime } from '@loadline/platform';
import type { CarrierDispatchAdapter } from './dispatch/adapter.ts';
import { LocalDispatchAdapter, localDispatchConfig } from './dispatch/local.ts';
import { carrierBlockedAlert } from './events/carrier-blocked-alert.ts';
import { creditReadModel } from './events/credit-read-model.ts';
import { organizationReadModel } from './events/organization-read-model.ts';
import { startDispatchRecovery } from './jobs/dispatch-recovery.ts';
import { registerRoutes } from './routes/index.ts';
import type { ShipmentsTables } from './store/tables.ts';

export { carrierBlockedAlert } from './events/carrier-blocked-alert.ts';
export { creditReadModel } from './events/credit-read-model.ts';
export { organizationReadModel } from './events/organization-read-model.ts';
export { migrations } from './store/migrations.ts';
export { seedDemoData } from './store/seed.ts';
export type { ShipmentsTables } from './store/tables.ts';

export const serviceName = 'shipments';
export const defaultPort = 8102;

export interface AppOptions {
  /** the carrier-dispatch adapter; by default the local one, configured from the environment */
  dispatch?: CarrierDispatchAdapter;
}

export async function buildApp(
  runtime: ServiceRuntime<ShipmentsTables>,
  options: AppOptions = {},
): Promise<App> {
  const app = await createApp({
    name: serviceName,
    description:
      'Shipments, transit legs, stops, reference numbers, the status engine, ShipmentUpdateStatus, bill-to, shipment alerts, shipment search and grid, consolidation links',
    logger: runtime.logger,
    identityPublicKey: runtime.config.identityPublicKey,
    readiness: runtime.readiness(),
  });
  runtime.consume(organizationReadModel);
  runtime.consume(carrierBlockedAlert(runtime));
  runtime.consume(creditReadModel);
  const dispatch = options.dispatch ?? new LocalDispatchAdapter(localDispatchConfig(process.env));
  await registerRoutes(app, runtime, { dispatch });
  await startDispatchRecovery(runtime, dispatch);
  return app;
}
