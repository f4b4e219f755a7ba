// A shipment's transit legs as the carriers service keeps them (from shipment.updated). Pure.
import { TransitLegType } from '@loadline/contracts/catalogue';

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
