// The directory, declared once: organizations, staff and customer users, roles, permissions, settings,
// system alerts, support requests, universal search over organizations and staff (README.md).
import { defineService, type ServiceDeps } from '@loadline/platform';
import { type DirectorySettings, loadDirectorySettings } from './config.ts';
import { registerHttp } from './http/index.ts';
import { migrations } from './store/migrations.ts';
import { seedDemoData } from './store/seed.ts';
import type { DirectoryTables } from './store/tables.ts';

export type DirectoryDeps = ServiceDeps<DirectoryTables, DirectorySettings, Record<string, never>>;

export const directoryService = defineService<DirectoryTables, DirectorySettings, Record<string, never>>({
  name: 'directory',
  port: 8101,
  description:
    'Organizations, staff and customer users, roles, permissions, settings, system alerts, support requests, universal search over organizations and staff',
  paths: [
    '/api/organizations',
    '/api/users',
    '/api/featureflags',
    '/api/brokerstaff',
    '/api/systemalerts',
    '/api/support',
    '/api/universalsearch/organizations',
    '/api/universalsearch/staff',
    '/api/staff',
    '/api/email',
  ],
  migrations,
  settings: loadDirectorySettings,
  routes: registerHttp,
  seed: seedDemoData,
});

export type { DirectoryTables } from './store/tables.ts';
