// A shipment and its transit legs as the carriers service keeps them (from shipment.updated). Pure.
import { ShipmentStopType, TransitLegType } from '@loadline/contracts/catalogue';
import type { ShipmentUpdatedV1 } from '@loadline/contracts/events';

export interface ShipmentLeg {
  transitLegId: string;
  sequence: number;
  transitType: number;
  status: number;
  active: boolean;
  carrierMasterId: string | null;
  carrierMasterName: string | null;
  scac: string | null;
  serviceLevel: number | null;
}

/**
 * The leg the edit-status view shows (000 §3 activeTransitLeg), picked as the shipments service picks
 * it: the leg marked active, else the linehaul, else the first.
 */
export function activeLegOf(legs: readonly ShipmentLeg[]): ShipmentLeg | undefined {
  return (
    legs.find((l) => l.active) ??
    legs.find((l) => l.transitType === TransitLegType.values.Linehaul) ??
    legs[0]
  );
}

/** A shipment as the carriers service keeps it: whose it is, its legs in order, its first and last ZIP codes. */
export interface ShipmentRef {
  shipmentId: number;
  brokerId: string;
  customerOrganizationId: string;
  status: number;
  weightUnit: number;
  originZip: string | null;
  originCountry: string | null;
  destinationZip: string | null;
  destinationCountry: string | null;
  legs: ShipmentLeg[];
}

/** What the carriers service keeps of a shipment.updated, with the version it came with. */
export interface ShipmentCopy extends ShipmentRef {
  version: number;
}

const FirstPick = ShipmentStopType.byCode.FirstPick.code;
const LastDrop = ShipmentStopType.byCode.LastDrop.code;

/** The copy of a published shipment: the first pickup's and last drop's ZIP codes (else the first and last stop's). */
export function shipmentCopyOf(s: ShipmentUpdatedV1): ShipmentCopy {
  const origin = s.stops.find((st) => st.stopType === FirstPick) ?? s.stops[0];
  const destination = s.stops.find((st) => st.stopType === LastDrop) ?? s.stops.at(-1);
  return {
    shipmentId: s.shipmentId,
    version: s.version,
    brokerId: s.brokerId,
    customerOrganizationId: s.customerOrganizationId,
    status: s.status,
    weightUnit: s.weightUnit,
    originZip: origin?.zipCode ?? null,
    originCountry: origin?.country ?? null,
    destinationZip: destination?.zipCode ?? null,
    destinationCountry: destination?.country ?? null,
    legs: s.transitLegs.map((l) => ({
      transitLegId: l.transitLegId,
      sequence: l.sequence,
      transitType: l.transitType,
      status: l.status,
      active: l.active,
      carrierMasterId: l.carrierMasterId,
      carrierMasterName: l.carrierMasterName,
      scac: l.scac,
      serviceLevel: l.serviceLevel,
    })),
  };
}
