// Shared pieces of the accounting integration tests: the service on its own schema (the demo money seeded
// as of a fixed day), callers with the permissions each test needs, and readers of the outbox.
import { type ShipmentStatusValue, StaffPermission } from '@loadline/contracts/catalogue';
import { type EventData, type Subject, subjects } from '@loadline/contracts/events';
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

/** A shipment.updated as the shipments service writes it, for a demo shipment at a status. */
export function shipmentEvent(
  shipmentId: number,
  status: ShipmentStatusValue,
  version: number,
  more: { accessorials?: { accessorialId: number; name: string; accessorialType?: number }[] } = {},
) {
  return {
    shipmentId,
    version,
    brokerId: 'org_demo_broker',
    customerOrganizationId: 'org_demo_acme',
    shipmentType: 2,
    status,
    transitDays: 1,
    weightUnit: 0,
    totalWeight: 1000,
    dimensionUnit: 0,
    totalHandlingUnits: 1,
    originBaseUTCOffset: -5,
    lockdownMarketplaceBuyer: false,
    noAccountingInvoice: false,
    lostQuote: false,
    shipmentAlertTypes: [],
    consolidationParentId: null,
    createdDate: '2026-11-01T10:00:00.000Z',
    transitLegs: [
      {
        transitLegId: `leg_${shipmentId}`,
        sequence: 0,
        transitType: 1 as const,
        status,
        active: true,
        carrierMasterId: 'car_demo_oldline',
        carrierMasterName: 'Old Line Freight',
        carrierPhone: null,
        serviceLevel: null,
        scac: 'OLFT',
        trackingUrl: null,
        integrationEnableAPITracking: false,
        trackingIntegrationEnableAPITracking: false,
        trackingIntegrationSourceId: null,
        integrationSourceId: null,
      },
    ],
    stops: [
      {
        stopId: 'stp_1',
        sequence: 0,
        stopType: 'FirstPick' as const,
        companyName: null,
        streetAddress: null,
        streetAddressTwo: null,
        city: 'Dayton',
        state: 'OH',
        zipCode: null,
        country: null,
        scheduledReadyDateTime: '2026-11-23T08:00:00',
        scheduledCloseDateTime: null,
        appointmentReadyDateTime: null,
        appointmentEndDateTime: null,
        actualArrivalDateTime: null,
        actualDepartureDateTime: null,
      },
      {
        stopId: 'stp_2',
        sequence: 1,
        stopType: 'LastDrop' as const,
        companyName: null,
        streetAddress: null,
        streetAddressTwo: null,
        city: 'Chicago',
        state: 'IL',
        zipCode: null,
        country: null,
        scheduledReadyDateTime: null,
        scheduledCloseDateTime: null,
        appointmentReadyDateTime: null,
        appointmentEndDateTime: null,
        actualArrivalDateTime: '2026-11-24T09:30:00',
        actualDepartureDateTime: null,
      },
    ],
    referenceNumbers: [],
    ...more,
  };
}

/** The directory's user.changed for a user of the broker (staff) or of Acme (a customer user). */
export const deliverUser = (t: Accounting, userId: string, brokerId: string, kind: 'staff' | 'customer') =>
  t.deliver(subjects.userChanged, {
    userId,
    version: 1,
    organizationId: kind === 'staff' ? brokerId : 'org_demo_acme',
    organizationType: kind === 'staff' ? 60 : 70,
    brokerId,
    kind,
    email: `${userId}@example.test`,
    firstName: 'Pay',
    lastName: 'Ee',
    permissions: 0,
    customerSettings: 0,
    active: true,
  });
