// The directory, declared once: organizations, staff and customer users, roles, permissions, settings,
// system alerts, support requests, universal search over organizations and staff (README.md).
import { defineService, type ServiceDeps } from '@loadline/platform';
import { type MailServers, mailServers } from './adapters/mail-servers.ts';
import { type SignInProviders, signInProviders } from './adapters/sign-in-providers.ts';
import { type DirectorySettings, loadDirectorySettings } from './config.ts';
import { directoryConsumers } from './consumers/index.ts';
import { registerHttp } from './http/index.ts';
import { directorySchedules, directoryWorkers } from './jobs/index.ts';
import { migrations } from './store/migrations.ts';
import { seedDemoData } from './store/seed.ts';
import type { DirectoryTables } from './store/tables.ts';

/**
 * The directory's outside parties: the mail servers a staff member's mailbox lives on, and the providers
 * (Google, Microsoft, Front) a mailbox signs in at.
 */
export interface DirectoryAdapters {
  mailServers: MailServers;
  signInProviders: SignInProviders;
}

export type DirectoryDeps = ServiceDeps<DirectoryTables, DirectorySettings, DirectoryAdapters>;

export const directoryService = defineService<DirectoryTables, DirectorySettings, DirectoryAdapters>({
  name: 'directory',
  port: 8101,
  description:
    'Organizations, staff and customer users, roles, permissions, settings, system alerts, support requests, universal search over organizations and staff, staff mailboxes and signatures',
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
  adapters: (settings) => ({
    mailServers: mailServers(settings.mailConnectTimeoutMs),
    signInProviders: signInProviders(settings.mailConnectTimeoutMs),
  }),
  routes: registerHttp,
  consumers: directoryConsumers,
  workers: directoryWorkers,
  schedules: directorySchedules,
  seed: seedDemoData,
});

export type { DirectoryTables } from './store/tables.ts';
