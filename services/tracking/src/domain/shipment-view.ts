// What this service keeps of a shipment from the shipments service's shipment.updated (000 §3 edit
// view fields): who may see it, its status, its lane and planned times, the driver's cell phone
// and the active leg's pro number and tracking settings. Pure.
import {
  isPastDelivered,
  ProNumberReferenceCodes,
  ShipmentReferenceType,
} from '@loadline/contracts/catalogue';
import type { ShipmentUpdatedV1 } from '@loadline/contracts/events';
import { instantOfWallClock, instantOfWallClockAtOffset, timeZoneOf } from './time-zones.ts';

export interface ShipmentPlace {
  companyName: string | null;
  streetAddress: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string | null;
}

export interface ShipmentView {
  shipmentId: number;
  version: number;
  brokerId: string;
  customerOrganizationId: string;
  status: number;
  shipmentType: number;
  createdDate: Date;
  originUtcOffsetMinutes: number | null;
  origin: ShipmentPlace | null;
  destination: ShipmentPlace | null;
  pickupAt: Date | null;
  deliveryAt: Date | null;
  driverCellPhone: string | null;
  proNumber: string | null;
  scac: string | null;
  apiTracking: boolean;
  integrationSourceId: number | null;
  /** when it went past delivered (the delivery's arrival when known); null while it has not */
  pastDeliveredAt: Date | null;
}

const proNumberCodes: readonly string[] = ProNumberReferenceCodes;
const driverCellCode = ShipmentReferenceType.byCode.DriverCellPhoneNumber.code;

type Stop = ShipmentUpdatedV1['stops'][number];

const placeOf = (stop: Stop | undefined): ShipmentPlace | null =>
  stop
    ? {
        companyName: stop.companyName,
        streetAddress: stop.streetAddress,
        city: stop.city,
        state: stop.state,
        zipCode: stop.zipCode,
        country: stop.country,
      }
    : null;

/** A stop's wall clock as an instant: by the stop's state's zone, else the origin's offset. */
function instantAt(
  stop: Stop | undefined,
  wallClock: string | null,
  fallbackOffset: number | null,
): Date | null {
  if (!wallClock) return null;
  const zone = timeZoneOf(stop?.state);
  return zone
    ? instantOfWallClock(wallClock, zone)
    : instantOfWallClockAtOffset(wallClock, fallbackOffset ?? 0);
}

export function shipmentView(data: ShipmentUpdatedV1, now: Date): ShipmentView {
  const legs = data.transitLegs;
  const leg = legs.find((l) => l.active) ?? legs.find((l) => l.transitType === 1) ?? legs[0];
  const firstPick = data.stops.find((s) => s.stopType === 'FirstPick') ?? data.stops[0];
  const lastDrop = data.stops.find((s) => s.stopType === 'LastDrop') ?? data.stops.at(-1);
  const offset = data.originBaseUTCOffset === null ? null : Math.round(data.originBaseUTCOffset * 60);
  const pro = data.referenceNumbers.findLast(
    (r) => proNumberCodes.includes(r.referenceTypeCode) && (!leg || r.transitLegId === leg.transitLegId),
  );
  const driverCell = data.referenceNumbers.findLast((r) => r.referenceTypeCode === driverCellCode);
  const deliveryAt = instantAt(
    lastDrop,
    lastDrop?.actualArrivalDateTime ??
      lastDrop?.appointmentReadyDateTime ??
      lastDrop?.scheduledReadyDateTime ??
      null,
    offset,
  );
  return {
    shipmentId: data.shipmentId,
    version: data.version,
    brokerId: data.brokerId,
    customerOrganizationId: data.customerOrganizationId,
    status: data.status,
    shipmentType: data.shipmentType,
    createdDate: new Date(data.createdDate),
    originUtcOffsetMinutes: offset,
    origin: placeOf(firstPick),
    destination: placeOf(lastDrop),
    pickupAt: instantAt(
      firstPick,
      firstPick?.actualDepartureDateTime ?? firstPick?.scheduledReadyDateTime ?? null,
      offset,
    ),
    deliveryAt,
    driverCellPhone: driverCell?.value ?? null,
    proNumber: pro?.value ?? null,
    scac: leg?.scac ?? null,
    apiTracking: Boolean(leg?.integrationEnableAPITracking || leg?.trackingIntegrationEnableAPITracking),
    integrationSourceId: leg?.trackingIntegrationSourceId ?? leg?.integrationSourceId ?? null,
    pastDeliveredAt: isPastDelivered(data.status)
      ? lastDrop?.actualArrivalDateTime
        ? deliveryAt
        : now
      : null,
  };
}
