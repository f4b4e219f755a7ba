// Shared pieces of the activity integration tests: the demo callers, the service on its own schema, and
// events as the shipments service and the directory publish them.
import { ShipmentStatus, type ShipmentStatusValue, StaffPermission } from '@loadline/contracts/catalogue';
import {
  type EventData,
  type ShipmentNoteAddedV1,
  type ShipmentStatusChangedV1,
  type ShipmentUpdatedV1,
  type Subject,
  subjects,
} from '@loadline/contracts/events';
import type { App } from '@loadline/platform';
import { buildService, demoCallers, demoOrganizationIds, type TestService } from '@loadline/platform/testing';
import {
  type ActivityAdapters,
  type ActivitySettings,
  type ActivityTables,
  activityService,
} from '../../src/service.ts';

export const { broker, acme, globex } = demoOrganizationIds;
export const { ops, admin, shipper, buyer, otherBroker } = demoCallers;
/** Staff with AR revisions: offered Admin on the organization log (000 §6), not on the shipment log. */
export const accountant = {
  ...ops,
  userId: 'usr_test_accountant',
  email: 'accounts@demo.test',
  displayName: 'Ada Accounts',
  permissions: StaffPermission.combine('AccountingARRevisions'),
};

export interface Service {
  t: TestService<ActivityTables, ActivitySettings, ActivityAdapters>;
  app: App;
  /** applies an event as the durable consumer of its subject would (exactly once by its id) */
  deliver<S extends Subject>(subject: S, data: EventData<S>, id?: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The service on its own schema. With `background` its workers run (the delayed assignment jobs), its
 * schedules are kept and its consumers read JetStream, as in the running service.
 */
export async function startService(options: { background?: boolean } = {}): Promise<Service> {
  const t = await buildService(activityService, { background: options.background ?? false });
  return {
    t,
    app: t.app,
    deliver: (subject, data, id) => t.deliver(subject, data, id),
    close: () => t.cleanup(),
  };
}

const S = ShipmentStatus.values;

/** A shipment's whole state as shipment.updated carries it (only what the activity service reads matters). */
export function shipmentUpdated(
  overrides: Partial<ShipmentUpdatedV1> & { shipmentId: number },
): ShipmentUpdatedV1 {
  return {
    version: 1,
    brokerId: broker,
    customerOrganizationId: acme,
    shipmentType: 2,
    status: S.Dispatched,
    transitDays: 2,
    weightUnit: 0,
    totalWeight: 1200,
    dimensionUnit: 0,
    totalHandlingUnits: 2,
    originBaseUTCOffset: -5,
    lockdownMarketplaceBuyer: false,
    noAccountingInvoice: false,
    lostQuote: false,
    shipmentAlertTypes: [],
    consolidationParentId: null,
    createdDate: '2026-11-01T12:00:00.000Z',
    transitLegs: [],
    stops: [],
    referenceNumbers: [],
    ...overrides,
  };
}

export function statusChanged(
  shipmentId: number,
  from: ShipmentStatusValue,
  to: ShipmentStatusValue,
  overrides: Partial<ShipmentStatusChangedV1> = {},
): ShipmentStatusChangedV1 {
  return {
    shipmentId,
    version: 2,
    brokerId: broker,
    customerOrganizationId: acme,
    shipmentType: 2,
    transitLegId: `leg_${shipmentId}`,
    transitLegType: 1,
    change: 'status',
    previousStatus: from,
    status: to,
    previousTransitLegStatus: from,
    transitLegStatus: to,
    lostQuoteAlertRequested: false,
    location: null,
    changedBy: { userId: ops.userId, name: ops.displayName },
    ...overrides,
  };
}

export function noteAdded(
  shipmentId: number,
  overrides: Partial<ShipmentNoteAddedV1> = {},
): ShipmentNoteAddedV1 {
  return {
    noteId: `note_${shipmentId}_${Math.random().toString(36).slice(2, 8)}`,
    shipmentId,
    brokerId: broker,
    customerOrganizationId: acme,
    activityType: 4,
    accessLevel: 1,
    description: 'Driver called: loaded and rolling.',
    pinned: false,
    createdBy: { userId: ops.userId, name: ops.displayName },
    createdDate: new Date().toISOString(),
    ...overrides,
  };
}

export { subjects };
