// The shipments service, declared once: shipments, transit legs, stops, reference numbers, the status
// engine and the status update, bill-to, shipment alerts, shipment search and grid, consolidation links,
// electronic dispatch to carriers (README.md).
import { defineService, type ServiceDeps } from '@loadline/platform';
import type { CarrierDispatchAdapter } from './adapters/carrier-dispatch.ts';
import { LocalDispatchAdapter } from './adapters/local-dispatch.ts';
import { loadShipmentsSettings, type ShipmentsSettings } from './config.ts';
import { shipmentsConsumers } from './consumers/index.ts';
import { registerHttp } from './http/index.ts';
import { orderLimits } from './http/order-limits.ts';
import { shipmentsSchedules, shipmentsWorkers } from './jobs/index.ts';
import { migrations } from './store/migrations.ts';
import { seedDemoData } from './store/seed.ts';
import type { ShipmentsTables } from './store/tables.ts';

export interface ShipmentsAdapters {
  /** electronic dispatch to carriers (000 §4): by default the local adapter, configured by settings */
  dispatch: CarrierDispatchAdapter;
}

export type ShipmentsDeps = ServiceDeps<ShipmentsTables, ShipmentsSettings, ShipmentsAdapters>;

export const shipmentsService = defineService<ShipmentsTables, ShipmentsSettings, ShipmentsAdapters>({
  name: 'shipments',
  port: 8102,
  description:
    'Shipments, transit legs, stops, reference numbers, the status engine, ShipmentUpdateStatus, bill-to, shipment alerts, shipment search and grid, consolidation links',
  paths: [
    '/api/shipments',
    '/api/shipmentupdatestatus',
    '/api/shipmentdomestic',
    '/api/shipmentsearch',
    '/api/shipmentalerts',
    '/api/universalsearch/shipments',
    // the tracking link and the credit-hold check are the shipments service's (issue 3)
    '/api/creditholdshipment',
    // the shipment importer (issue 17, decision 0095)
    '/api/bulkProcessQueue',
  ],
  migrations,
  settings: loadShipmentsSettings,
  adapters: (settings) => ({ dispatch: new LocalDispatchAdapter(settings.dispatch) }),
  routes: registerHttp,
  consumers: shipmentsConsumers,
  // the importer's jobs hold each row to the create call's limits (http/order-limits.ts)
  workers: (deps) => shipmentsWorkers(deps, orderLimits),
  schedules: shipmentsSchedules,
  seed: (deps) => seedDemoData(deps.runtime),
});

export type { ShipmentsSettings } from './config.ts';
export { migrations } from './store/migrations.ts';
export { seedDemoData } from './store/seed.ts';
export type { ShipmentsTables } from './store/tables.ts';
