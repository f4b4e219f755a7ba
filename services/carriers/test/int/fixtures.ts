// Shared pieces of the carriers integration tests: the demo callers, the service built on its own schema
// with the demo data (buildService), shipments fed through the read model as the shipments service
// publishes them, and outbox readers.
import { ShipmentStatus, StaffPermission, TransitLegType } from '@loadline/contracts/catalogue';
import { type ShipmentUpdatedV1, subjects } from '@loadline/contracts/events';
import type { App } from '@loadline/platform';
import { buildService, demoCallers, demoOrganizationIds, type TestService } from '@loadline/platform/testing';
import {
  type CarriersAdapters,
  type CarriersSettings,
  type CarriersTables,
  carriersService,
} from '../../src/service.ts';

export type CarriersTest = TestService<CarriersTables, CarriersSettings, CarriersAdapters>;

export const { broker } = demoOrganizationIds;
export const today = '2026-11-23';

export const { shipper } = demoCallers;
/** Carrier pages need more than the shared callers carry: carrier details (ops), carrier edits (admin). */
export const ops = {
  ...demoCallers.ops,
  permissions: StaffPermission.combine('UserAllowedOrgAccess', 'LSPCarrierDetails'),
};
export const admin = {
  ...demoCallers.admin,
  permissions: StaffPermission.combine('ITSupportAdmin', 'LSPCarrierAddEdit'),
};
/** another broker's admin: past the permission checks, so what refuses it is the tenant */
export const otherBroker = { ...demoCallers.otherBroker, permissions: admin.permissions };

export interface Service {
  t: CarriersTest;
  app: App;
  /** the day the service works statuses out for; tests move it */
  clock: { today: string };
  close(): Promise<void>;
}

/**
 * The service on its own schema, with the demo carriers seeded on `today`; with `background` its
 * worker and schedules run too (the insurance watch).
 */
export async function startService(options: { background?: boolean } = {}): Promise<Service> {
  const clock = { today };
  const t = await buildService(carriersService, {
    seed: true,
    ...(options.background ? { background: true } : {}),
    adapters: { clock: { today: () => clock.today } },
  });
  return { t, app: t.app, clock, close: () => t.cleanup() };
}

const S = ShipmentStatus.values;
const L = TransitLegType.values;

export interface LegSpec {
  transitLegId: string;
  transitType?: number;
  status?: number;
  carrierMasterId?: string | null;
  carrierMasterName?: string | null;
  scac?: string | null;
  active?: boolean;
  serviceLevel?: number | null;
}

/** A shipment.updated as the shipments service publishes it. */
export function shipmentUpdated(
  shipmentId: number,
  legs: LegSpec[],
  overrides: Partial<ShipmentUpdatedV1> = {},
): ShipmentUpdatedV1 {
  const status = legs.find((l) => l.active !== false)?.status ?? S.InTransit;
  return {
    shipmentId,
    version: 1,
    brokerId: broker,
    customerOrganizationId: 'org_demo_acme',
    shipmentType: 2,
    status: status as ShipmentUpdatedV1['status'],
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
    createdDate: '2026-11-20T15:00:00.000Z',
    transitLegs: legs.map((l, i) => ({
      transitLegId: l.transitLegId,
      sequence: i,
      transitType: (l.transitType ?? L.Linehaul) as ShipmentUpdatedV1['transitLegs'][number]['transitType'],
      status: (l.status ?? S.InTransit) as ShipmentUpdatedV1['status'],
      active: l.active ?? i === 0,
      carrierMasterId: l.carrierMasterId === undefined ? 'car_demo_oldline' : l.carrierMasterId,
      carrierMasterName: l.carrierMasterName === undefined ? 'Old Line Freight' : l.carrierMasterName,
      carrierPhone: null,
      serviceLevel: l.serviceLevel ?? 0,
      scac: l.scac === undefined ? 'OLFT' : l.scac,
      trackingUrl: null,
      integrationEnableAPITracking: false,
      trackingIntegrationEnableAPITracking: false,
      trackingIntegrationSourceId: null,
      integrationSourceId: null,
    })),
    stops: [
      {
        stopId: `stp_${shipmentId}_1`,
        sequence: 0,
        stopType: 'FirstPick',
        companyName: 'Acme Plant 2',
        streetAddress: '4100 Industrial Pkwy',
        streetAddressTwo: null,
        city: 'Dayton',
        state: 'OH',
        zipCode: '45414',
        country: 'USA',
        scheduledReadyDateTime: '2026-11-20T08:00:00',
        scheduledCloseDateTime: null,
        appointmentReadyDateTime: null,
        appointmentEndDateTime: null,
        actualArrivalDateTime: null,
        actualDepartureDateTime: null,
      },
      {
        stopId: `stp_${shipmentId}_2`,
        sequence: 1,
        stopType: 'LastDrop',
        companyName: 'Midwest Distribution',
        streetAddress: '880 Commerce Dr',
        streetAddressTwo: null,
        city: 'Chicago',
        state: 'IL',
        zipCode: '60632',
        country: 'USA',
        scheduledReadyDateTime: null,
        scheduledCloseDateTime: null,
        appointmentReadyDateTime: null,
        appointmentEndDateTime: null,
        actualArrivalDateTime: null,
        actualDepartureDateTime: null,
      },
    ],
    referenceNumbers: [],
    ...overrides,
  };
}

/** Applies a shipment.updated through the service's own durable consumer (exactly once, as delivered). */
export function feedShipment(service: Service, data: ShipmentUpdatedV1): Promise<boolean> {
  return service.t.deliver(subjects.shipmentUpdated, data);
}

export interface OutboxRow {
  position: number;
  subject: string;
  envelope: { id: string; data: Record<string, unknown> };
}

export async function outbox(t: CarriersTest): Promise<OutboxRow[]> {
  return (await t.runtime.db
    .selectFrom('outbox')
    .select(['position', 'subject', 'envelope'])
    .orderBy('position')
    .execute()) as OutboxRow[];
}

export const lastPosition = async (t: CarriersTest) => (await outbox(t)).at(-1)?.position ?? 0;
export const outboxAfter = async (t: CarriersTest, position: number) =>
  (await outbox(t)).filter((r) => r.position > position);
