// The shipment, the aggregate the service owns (000 §3): its transit legs, stops, reference numbers,
// bill-to and alerts, and the pure change of it a status update makes (applyShipmentChange: the new
// state, known without reading it back). Pure: store/ loads and saves these types, app/ decides with them.
import type { ShipmentUpdatedV1 } from '@loadline/contracts/events';
import { accessorialById, type ChosenAccessorial } from './accessorials.ts';
import type { BillToAddress } from './bill-to.ts';
import type { NewCommodity } from './commodities.ts';
import { referenceTypeNumber } from './references.ts';
import type { StopTimes } from './stop-times.ts';

/** The address fields of 000 §3 (the domain's one shape). */
export type Address = BillToAddress;

export interface TransitLeg {
  transitLegId: string;
  sequence: number;
  transitType: number;
  status: number;
  active: boolean;
  carrierMasterId: string | null;
  carrierMasterName: string | null;
  carrierPhone: string | null;
  serviceLevel: number | null;
  scac: string | null;
  trackingUrl: string | null;
  integrationEnableAPITracking: boolean;
  trackingIntegrationEnableAPITracking: boolean;
  trackingIntegrationSourceId: number | null;
  integrationSourceId: number | null;
}

export interface Stop extends Address {
  stopId: string;
  sequence: number;
  stopType: string;
  scheduledReadyDateTime: string | null;
  scheduledCloseDateTime: string | null;
  appointmentReadyDateTime: string | null;
  appointmentEndDateTime: string | null;
  actualArrivalDateTime: string | null;
  actualDepartureDateTime: string | null;
}

export interface ReferenceNumber {
  referenceId: string;
  referenceType: number | null;
  referenceTypeCode: string;
  value: string;
  transitLegId: string | null;
}

export interface ShipmentAlert {
  alertId: string;
  alertType: number;
  resolved: boolean;
  createdDate: string;
}

export interface BillTo extends Address {
  shipmentId: number;
  transitLegId: string | null;
}

export interface Shipment {
  shipmentId: number;
  version: number;
  brokerId: string;
  customerOrganizationId: string;
  customerName: string | null;
  shipmentType: number;
  status: number;
  transitDays: number | null;
  weightUnit: number;
  totalWeight: number | null;
  dimensionUnit: number;
  totalHandlingUnits: number | null;
  originBaseUTCOffset: number | null;
  lockdownMarketplaceBuyer: boolean;
  noAccountingInvoice: boolean;
  lostQuote: boolean;
  consolidationParentId: number | null;
  consolidationChildIds: number[];
  createdDate: string;
  createdBy: string;
  lastOpsUpdate: string;
  transitLegs: TransitLeg[];
  stops: Stop[];
  referenceNumbers: ReferenceNumber[];
  billTo: BillTo | null;
  alerts: ShipmentAlert[];
  /** the line items, in order (order entry, issue 17) */
  commodities: Commodity[];
  /** the shipment's accessorials (002 §3.5) */
  accessorials: ChosenAccessorial[];
  specialInstructions: string | null;
}

export interface Commodity extends NewCommodity {
  commodityId: string;
}

/** The open alerts' types, as the edit-status view lists them (000 §3 shipmentAlertTypes). */
export const openAlertTypes = (shipment: Shipment): number[] =>
  [...new Set(shipment.alerts.filter((a) => !a.resolved).map((a) => a.alertType))].sort((a, b) => a - b);

export const stopTimesOf = (stop: Stop | undefined): StopTimes => ({
  scheduledReady: stop?.scheduledReadyDateTime ?? null,
  scheduledClose: stop?.scheduledCloseDateTime ?? null,
  appointmentReady: stop?.appointmentReadyDateTime ?? null,
  appointmentEnd: stop?.appointmentEndDateTime ?? null,
  actualArrival: stop?.actualArrivalDateTime ?? null,
  actualDeparture: stop?.actualDepartureDateTime ?? null,
});

/** The `shipment.updated` payload: the shipment's whole state with its version. */
export function updatedEvent(shipment: Shipment): ShipmentUpdatedV1 {
  return {
    shipmentId: shipment.shipmentId,
    version: shipment.version,
    brokerId: shipment.brokerId,
    customerOrganizationId: shipment.customerOrganizationId,
    shipmentType: shipment.shipmentType,
    status: shipment.status as ShipmentUpdatedV1['status'],
    transitDays: shipment.transitDays,
    weightUnit: shipment.weightUnit,
    totalWeight: shipment.totalWeight,
    dimensionUnit: shipment.dimensionUnit,
    totalHandlingUnits: shipment.totalHandlingUnits,
    originBaseUTCOffset: shipment.originBaseUTCOffset,
    lockdownMarketplaceBuyer: shipment.lockdownMarketplaceBuyer,
    noAccountingInvoice: shipment.noAccountingInvoice,
    lostQuote: shipment.lostQuote,
    shipmentAlertTypes: openAlertTypes(shipment),
    consolidationParentId: shipment.consolidationParentId,
    createdDate: shipment.createdDate,
    transitLegs: shipment.transitLegs.map((l) => ({
      ...l,
      transitType: l.transitType as ShipmentUpdatedV1['transitLegs'][number]['transitType'],
      status: l.status as ShipmentUpdatedV1['status'],
    })),
    stops: shipment.stops.map((s) => ({
      ...s,
      stopType: s.stopType as ShipmentUpdatedV1['stops'][number]['stopType'],
    })),
    referenceNumbers: shipment.referenceNumbers.map((r) => ({ ...r })),
    // the bill-to travels with the state, so read models (the BOL's bill-to) have it from creation on
    billTo: shipment.billTo
      ? {
          transitLegId: shipment.billTo.transitLegId,
          companyName: shipment.billTo.companyName,
          streetAddress: shipment.billTo.streetAddress,
          streetAddressTwo: shipment.billTo.streetAddressTwo,
          city: shipment.billTo.city,
          state: shipment.billTo.state,
          zipCode: shipment.billTo.zipCode,
          country: shipment.billTo.country,
        }
      : null,
    commodities: shipment.commodities.map((c) => ({
      commodityId: c.commodityId,
      sequence: c.sequence,
      description: c.description,
      handlingUnits: c.handlingUnits,
      handlingUnitType: c.handlingUnitType as ShipmentUpdatedV1Commodity['handlingUnitType'],
      pieces: c.pieces,
      packageType: c.packageType as ShipmentUpdatedV1Commodity['packageType'],
      weight: c.weight,
      freightClass: c.freightClass,
      nmfc: c.nmfc,
      length: c.length,
      width: c.width,
      height: c.height,
      hazardous: c.hazardous,
      hazmat: c.hazmat ? { ...c.hazmat, packingGroup: c.hazmat.packingGroup as 0 } : null,
    })),
    accessorials: shipment.accessorials.map((a) => {
      const type = accessorialById(a.accessorialId)?.accessorialType;
      return type === undefined ? { ...a } : { ...a, accessorialType: type };
    }),
    specialInstructions: shipment.specialInstructions,
  };
}

type ShipmentUpdatedV1Commodity = NonNullable<ShipmentUpdatedV1['commodities']>[number];

// ---------------------------------------------------------------------------------------------------------
// One change of a shipment (a status update).

/** What one change does to a loaded shipment; only the parts given change. */
export interface ShipmentChange {
  /** transit leg id → its new status */
  legStatuses?: ReadonlyMap<string, number>;
  /** the shipment's status (its active leg's); moves the last-ops-update time */
  status?: number;
  lostQuote?: boolean;
  noAccountingInvoice?: boolean;
  /** stop id → its date-times */
  stopTimes?: ReadonlyMap<string, StopTimes>;
  /** references holding one value per shipment or per leg: set, replaced, or cleared by null or '' */
  singleReferences?: readonly {
    transitLegId: string | null;
    referenceTypeCode: string;
    value: string | null;
  }[];
}

const sameStopTimes = (stop: Stop, times: StopTimes) =>
  stop.scheduledReadyDateTime === times.scheduledReady &&
  stop.scheduledCloseDateTime === times.scheduledClose &&
  stop.appointmentReadyDateTime === times.appointmentReady &&
  stop.appointmentEndDateTime === times.appointmentEnd &&
  stop.actualArrivalDateTime === times.actualArrival &&
  stop.actualDepartureDateTime === times.actualDeparture;

/**
 * The shipment after `change`, version + 1 when anything changed; pure, so the new state is known
 * without reading it back. Unchanged parts keep their objects (store/ writes only what differs).
 * A new reference number takes its id from `newReferenceId`.
 */
export function applyShipmentChange(
  before: Shipment,
  change: ShipmentChange,
  now: Date,
  newReferenceId: () => string,
): { after: Shipment; changed: boolean } {
  let changed = false;
  const transitLegs = before.transitLegs.map((leg) => {
    const status = change.legStatuses?.get(leg.transitLegId);
    if (status === undefined || status === leg.status) return leg;
    changed = true;
    return { ...leg, status };
  });
  const stops = before.stops.map((stop) => {
    const times = change.stopTimes?.get(stop.stopId);
    if (!times || sameStopTimes(stop, times)) return stop;
    changed = true;
    return {
      ...stop,
      scheduledReadyDateTime: times.scheduledReady,
      scheduledCloseDateTime: times.scheduledClose,
      appointmentReadyDateTime: times.appointmentReady,
      appointmentEndDateTime: times.appointmentEnd,
      actualArrivalDateTime: times.actualArrival,
      actualDepartureDateTime: times.actualDeparture,
    };
  });
  let referenceNumbers = before.referenceNumbers;
  for (const single of change.singleReferences ?? []) {
    const existing = referenceNumbers.filter(
      (r) => r.referenceTypeCode === single.referenceTypeCode && r.transitLegId === single.transitLegId,
    );
    const value = single.value?.trim() ?? '';
    if (existing.length === 1 && existing[0]!.value === value) continue;
    if (existing.length === 0 && value === '') continue;
    changed = true;
    referenceNumbers = referenceNumbers.filter((r) => !existing.includes(r));
    if (value !== '') {
      // The aggregate lists references by creation time: the new one comes last.
      referenceNumbers = [
        ...referenceNumbers,
        {
          referenceId: newReferenceId(),
          referenceType: referenceTypeNumber(single.referenceTypeCode),
          referenceTypeCode: single.referenceTypeCode,
          value,
          transitLegId: single.transitLegId,
        },
      ];
    }
  }
  const after: Shipment = { ...before, transitLegs, stops, referenceNumbers };
  if (change.status !== undefined && change.status !== before.status) {
    changed = true;
    after.status = change.status;
    after.lastOpsUpdate = now.toISOString();
  }
  if (change.lostQuote !== undefined && change.lostQuote !== before.lostQuote) {
    changed = true;
    after.lostQuote = change.lostQuote;
  }
  if (change.noAccountingInvoice !== undefined && change.noAccountingInvoice !== before.noAccountingInvoice) {
    changed = true;
    after.noAccountingInvoice = change.noAccountingInvoice;
  }
  if (changed) after.version = before.version + 1;
  return { after, changed };
}

// ---------------------------------------------------------------------------------------------------------
// A new shipment, as it is inserted.

export interface NewTransitLeg {
  transitType: number;
  status: number;
  active: boolean;
  carrierMasterId?: string | null;
  carrierMasterName?: string | null;
  carrierPhone?: string | null;
  serviceLevel?: number | null;
  scac?: string | null;
  trackingUrl?: string | null;
  integrationEnableAPITracking?: boolean;
  trackingIntegrationEnableAPITracking?: boolean;
  trackingIntegrationSourceId?: number | null;
  integrationSourceId?: number | null;
}

export interface NewStop extends Partial<Address> {
  stopType: string;
  times: StopTimes;
}

export interface NewReference {
  referenceTypeCode: string;
  value: string;
  /** index in the new shipment's legs */
  transitLegIndex: number | null;
}

export interface NewShipment {
  /** a fixed number (demo data); otherwise the next number is taken */
  shipmentId?: number;
  brokerId: string;
  customerOrganizationId: string;
  shipmentType: number;
  status: number;
  transitDays: number | null;
  weightUnit: number;
  totalWeight: number | null;
  dimensionUnit: number;
  totalHandlingUnits: number | null;
  originBaseUTCOffset: number | null;
  lockdownMarketplaceBuyer: boolean;
  consolidationParentId: number | null;
  createdBy: { userId: string; name: string };
  /** the creation time (demo data backdates); defaults to now */
  createdAt?: Date;
  transitLegs: NewTransitLeg[];
  stops: NewStop[];
  referenceNumbers: NewReference[];
  billTo: (Partial<Address> & { transitLegIndex?: number | null }) | null;
  alertTypes: number[];
  /** order entry (issue 17); none when left out */
  commodities?: NewCommodity[];
  accessorials?: ChosenAccessorial[];
  specialInstructions?: string | null;
}
