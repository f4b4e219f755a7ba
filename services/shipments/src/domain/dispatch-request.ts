// What a carrier is tendered for a leg's move (000 §4 electronic dispatch), from the shipment as
// the move left it. Pure.
import { ShipmentStopType } from '@loadline/contracts/catalogue';
import type { DispatchRequest } from './dispatch.ts';
import { proNumberTypes } from './references.ts';
import type { Shipment, TransitLeg } from './shipment.ts';

const FirstPick = ShipmentStopType.byCode.FirstPick.code;
const LastDrop = ShipmentStopType.byCode.LastDrop.code;

/** What the carrier is tendered: the leg, its carrier and pro number, the pickup and the delivery. */
export function dispatchRequestFor(shipment: Shipment, leg: TransitLeg): DispatchRequest {
  const stopOf = (type: string) => {
    const stop = shipment.stops.find((s) => s.stopType === type);
    return stop
      ? {
          companyName: stop.companyName,
          city: stop.city,
          state: stop.state,
          zipCode: stop.zipCode,
          country: stop.country,
          readyDateTime: stop.scheduledReadyDateTime,
          closeDateTime: stop.scheduledCloseDateTime,
        }
      : null;
  };
  const proNumber =
    shipment.referenceNumbers.find(
      (r) => r.transitLegId === leg.transitLegId && proNumberTypes.includes(r.referenceTypeCode),
    )?.value ?? null;
  return {
    idempotencyKey: `${shipment.shipmentId}:${leg.transitLegId}:${shipment.version}`,
    shipmentId: shipment.shipmentId,
    brokerId: shipment.brokerId,
    transitLegId: leg.transitLegId,
    transitType: leg.transitType,
    status: leg.status,
    carrier: { carrierMasterId: leg.carrierMasterId, name: leg.carrierMasterName, scac: leg.scac },
    serviceLevel: leg.serviceLevel,
    proNumber,
    pickup: stopOf(FirstPick),
    delivery: stopOf(LastDrop),
    totalWeight: shipment.totalWeight,
    weightUnit: shipment.weightUnit,
    totalHandlingUnits: shipment.totalHandlingUnits,
  };
}
