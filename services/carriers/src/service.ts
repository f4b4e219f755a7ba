// The carriers service, declared once: carrier masters and broker carriers, insurances and the daily
// insurance watch, compliance, audits and the carrier score, favorites, preferred regions, portal links,
// universal search over carriers and the terminal page (README.md; decision 0040).
import { defineService, type ServiceDeps } from '@loadline/platform';
import { type Clock, systemClock } from './adapters/clock.ts';
import { type CarriersSettings, loadCarriersSettings } from './config.ts';
import { carriersConsumers } from './consumers/index.ts';
import { registerHttp } from './http/index.ts';
import { carriersAtStart, carriersSchedules, carriersWorkers } from './jobs/index.ts';
import { migrations } from './store/migrations.ts';
import { seedDemoData } from './store/seed.ts';
import type { CarriersTables } from './store/tables.ts';

export interface CarriersAdapters {
  /** the day insurance statuses and compliance are worked out for; tests set it */
  clock: Clock;
}

export type CarriersDeps = ServiceDeps<CarriersTables, CarriersSettings, CarriersAdapters>;

export const carriersService = defineService<CarriersTables, CarriersSettings, CarriersAdapters>({
  name: 'carriers',
  port: 8106,
  description:
    'Carrier master and broker carriers, insurances, compliance, audit scores, favorites, preferred regions, portal links, the terminal page',
  paths: [
    '/api/brokercarrier',
    '/api/brokercarrierportallink',
    '/api/carriercompliance',
    '/api/universalsearch/carriers',
    '/order',
  ],
  migrations,
  settings: loadCarriersSettings,
  adapters: () => ({ clock: systemClock }),
  routes: registerHttp,
  consumers: carriersConsumers,
  workers: carriersWorkers,
  schedules: carriersSchedules,
  atStart: carriersAtStart,
  seed: (deps) => seedDemoData(deps.runtime, deps.adapters.clock.today()),
});

export type { CarriersSettings } from './config.ts';
export type { CarriersTables } from './store/tables.ts';
