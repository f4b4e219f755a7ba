// The activity service, declared once: the shipment, organization and carrier activity logs, access levels,
// pins, assignments and staff favorites, the archive, the consolidation push, email-based activities
// (README.md; decisions 0020–0022).
import { defineService, type ServiceDeps } from '@loadline/platform';
import { rescheduleWaiting } from './app/assignments.ts';
import { seedDemo } from './app/demo.ts';
import { type ActivitySettings, loadActivitySettings } from './config.ts';
import { activityConsumers } from './consumers/index.ts';
import { registerHttp } from './http/index.ts';
import { activitySchedules, activityWorkers } from './jobs/index.ts';
import { migrations } from './store/migrations.ts';
import type { ActivityTables } from './store/tables.ts';

export type ActivityAdapters = Record<string, never>;
export type ActivityDeps = ServiceDeps<ActivityTables, ActivitySettings, ActivityAdapters>;

export const activityService = defineService<ActivityTables, ActivitySettings, ActivityAdapters>({
  name: 'activity',
  port: 8104,
  description:
    'Shipment, organization and carrier activity logs, access levels, pins, assignments and staff favorites, the archive, the consolidation push, email-based activities',
  paths: [
    '/api/activitylog',
    '/api/shipmentactivitylog',
    '/api/shipmentactivitylogarchive',
    '/api/consolidation/activity',
    '/api/organizationactivitylog',
    '/api/brokercarrieractivitylog',
    '/api/stafffavorites',
    // the longest prefix wins: the rest of /api/shipmentupdatestatus is the shipments service's
    '/api/shipmentupdatestatus/getoperationnotes',
    '/api/emailautomationlog',
  ],
  migrations,
  settings: loadActivitySettings,
  routes: registerHttp,
  consumers: activityConsumers,
  workers: activityWorkers,
  schedules: activitySchedules,
  // A scheduled assignment whose job was lost (a crash between the commit and the enqueue) gets it back.
  atStart: async (deps) => {
    await rescheduleWaiting(deps);
  },
  seed: (deps) => seedDemo(deps),
});

export type { ActivitySettings } from './config.ts';
export type { ActivityTables } from './store/tables.ts';
