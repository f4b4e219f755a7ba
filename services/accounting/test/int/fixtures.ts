// Shared pieces of the accounting integration tests: the service on its own schema (the demo money seeded
// as of a fixed day), callers with the permissions each test needs, and readers of the outbox.
import { StaffPermission } from '@loadline/contracts/catalogue';
import type { EventData, Subject } from '@loadline/contracts/events';
import { buildService, demoCallers, type TestService } from '@loadline/platform/testing';
import {
  type AccountingAdapters,
  type AccountingSettings,
  type AccountingTables,
  accountingService,
} from '../../src/service.ts';

export const today = '2026-11-25';
export const clock = { now: () => new Date(`${today}T15:00:00Z`) };

export type Accounting = TestService<AccountingTables, AccountingSettings, AccountingAdapters>;

export async function startAccounting(
  options: { settings?: Partial<AccountingSettings>; background?: boolean; seed?: boolean } = {},
): Promise<Accounting> {
  return buildService(accountingService, {
    seed: options.seed ?? true,
    background: options.background ?? false,
    adapters: { clock },
    ...(options.settings ? { settings: options.settings } : {}),
  });
}

const { ops, admin, shipper, buyer, otherBroker } = demoCallers;
export { admin, buyer, otherBroker, shipper };

/** Operations staff: no accounting permission at all. */
export const operations = { ...ops, permissions: StaffPermission.combine('UserAllowedOrgAccess') };
/** Accounting staff: invoicing, AR and AP payments, revisions and the sync. */
export const accountant = {
  ...ops,
  userId: 'usr_demo_accountant',
  displayName: 'Ann Accountant',
  permissions: StaffPermission.combine(
    'AccountingARInvoicing',
    'AccountingARPayments',
    'AccountingARRevisions',
    'AccountingAPPayments',
    'AccountingSync',
    'CommissionsAdmin',
  ),
};

export interface OutboxEvent<S extends Subject = Subject> {
  position: number;
  subject: S;
  data: EventData<S>;
}

export async function events<S extends Subject>(
  t: Accounting,
  subject: S,
  after = 0,
): Promise<OutboxEvent<S>[]> {
  const rows = await t.runtime.db
    .selectFrom('outbox')
    .select(['position', 'subject', 'envelope'])
    .where('subject', '=', subject)
    .where('position', '>', after)
    .orderBy('position')
    .execute();
  return rows.map((r) => ({
    position: Number(r.position),
    subject: r.subject as S,
    data: (r.envelope as { data: EventData<S> }).data,
  }));
}

export async function lastPosition(t: Accounting): Promise<number> {
  const row = await t.runtime.db
    .selectFrom('outbox')
    .select((eb) => eb.fn.max('position').as('p'))
    .executeTakeFirst();
  return Number(row?.p ?? 0);
}
