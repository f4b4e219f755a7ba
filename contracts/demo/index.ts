// The demo data every service seeds from, defined once so that ids agree across services
// (a shipment's customer here is the same organization the directory holds). Seeding inserts by
// these fixed ids and leaves existing rows alone: seeding twice changes nothing.
import { CustomerUserSetting, OrganizationType, PaymentPreference } from '../catalogue/index.ts';

/** Every demo user signs in with this password (printed by `npm start`). */
export const demoPassword = 'demo';

/**
 * The local mail server's password for every demo staff mailbox (IMAP login and SMTP submission on the
 * launcher's Dovecot and SMTP server, infra/dev/servers.ts and mail-sink.ts; decision 0070). Distinct from
 * the sign-in password: a mailbox's credentials are the mail server's, not Loadline's.
 */
export const demoMailboxPassword = 'demo-mail';

export const demoBroker = {
  organizationId: 'org_demo_broker',
  name: 'Loadline Demo Logistics',
  organizationType: OrganizationType.values.LSP,
  brokerId: null,
  paymentPreference: null,
  creditLimit: null,
  customerSettings: 0,
  brokerSettings: 0,
  active: true,
} as const;

export const demoCustomers = [
  {
    organizationId: 'org_demo_acme',
    name: 'Acme Manufacturing',
    organizationType: OrganizationType.values.Customer,
    brokerId: demoBroker.organizationId,
    paymentPreference: PaymentPreference.values.Approved,
    creditLimit: 50000,
    customerSettings: 0,
    brokerSettings: 0,
    active: true,
  },
  {
    organizationId: 'org_demo_globex',
    name: 'Globex Foods',
    organizationType: OrganizationType.values.Customer,
    brokerId: demoBroker.organizationId,
    paymentPreference: PaymentPreference.values.CreditHold,
    creditLimit: 10000,
    // Globex's users may pay its invoices online (002 §6.3 PayInvoices; its card is on file in the test gateway)
    customerSettings: CustomerUserSetting.values.PayInvoices,
    brokerSettings: 0,
    active: true,
  },
] as const;

export const demoOrganizations = [demoBroker, ...demoCustomers] as const;

export interface DemoUser {
  userId: string;
  organizationId: string;
  kind: 'staff' | 'customer';
  email: string;
  firstName: string;
  lastName: string;
  /** staff permission bit names (spec 002 §6.2) */
  permissions: readonly string[];
}

export const demoUsers: readonly DemoUser[] = [
  {
    userId: 'usr_demo_admin',
    organizationId: demoBroker.organizationId,
    kind: 'staff',
    email: 'admin@demo.test',
    firstName: 'Avery',
    lastName: 'Admin',
    permissions: [
      'ITSupportAdmin',
      'TMSSiteAdmin',
      'UserAllowedOrgAccess',
      'LSPAddEdit',
      'CustomerAddEdit',
      'LSPCarrierAddEdit',
      'ShipmentChangeCustomer',
      'AccountingARRevisions',
      'AccountingAPRevisions',
      'MarginAddEdit',
    ],
  },
  {
    userId: 'usr_demo_ops',
    organizationId: demoBroker.organizationId,
    kind: 'staff',
    email: 'ops@demo.test',
    firstName: 'Omar',
    lastName: 'Operations',
    permissions: ['UserAllowedOrgAccess', 'LSPCarrierDetails'],
  },
  {
    userId: 'usr_demo_shipper',
    organizationId: 'org_demo_acme',
    kind: 'customer',
    email: 'shipper@acme.test',
    firstName: 'Sam',
    lastName: 'Shipper',
    permissions: [],
  },
  {
    userId: 'usr_demo_buyer',
    organizationId: 'org_demo_globex',
    kind: 'customer',
    email: 'buyer@globex.test',
    firstName: 'Bea',
    lastName: 'Buyer',
    permissions: [],
  },
];

export const demoSystemAlerts = [
  {
    systemAlertId: 1,
    area: 'backoffice',
    title: 'Scheduled maintenance',
    body: 'Loadline will be unavailable Sunday 02:00–02:30 Central while we upgrade the database.',
    highPriority: true,
  },
  {
    systemAlertId: 2,
    area: 'backoffice',
    title: 'New: live check calls',
    body: 'Check calls now appear on an open shipment without reloading the page.',
    highPriority: false,
  },
  {
    systemAlertId: 3,
    area: 'backoffice',
    title: 'Holiday cut-off',
    body: 'Carriers close early on the Friday after Thanksgiving: book pickups by noon.',
    highPriority: false,
  },
  {
    systemAlertId: 4,
    area: 'frontoffice',
    title: 'Track your freight',
    body: 'Open any shipment to see its latest location and documents.',
    highPriority: false,
  },
] as const;

/** Feature flags per broker (spec 002 §3.9 names them; their numbers are not shown, so they are keyed by name). */
export const demoFeatureFlags = [
  { brokerId: demoBroker.organizationId, flag: 'InternationalOceanPage' },
  { brokerId: demoBroker.organizationId, flag: 'TruckloadQuotingPage' },
] as const;
