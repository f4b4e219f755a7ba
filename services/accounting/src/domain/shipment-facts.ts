// What accounting keeps of a shipment from the shipments service's shipment.updated: its status, customer,
// the dates an invoice may take (pickup, delivery), the carrier and pro number of its active leg. Pure.
import { ProNumberReferenceCodes, TransitLegType } from '@loadline/contracts/catalogue';
import type { ShipmentUpdatedV1 } from '@loadline/contracts/events';
import type { ShipmentFacts } from './model.ts';

const dateOf = (value: string | null | undefined): string | null => (value ? value.slice(0, 10) : null);

/** The active leg as the edit view shows it: the one marked active, else the linehaul, else the first. */
export function activeLegOf(s: ShipmentUpdatedV1): ShipmentUpdatedV1['transitLegs'][number] | null {
  return (
    s.transitLegs.find((l) => l.active) ??
    s.transitLegs.find((l) => l.transitType === TransitLegType.values.Linehaul) ??
    s.transitLegs[0] ??
    null
  );
}

export function shipmentFactsOf(s: ShipmentUpdatedV1): ShipmentFacts {
  const first = s.stops.find((x) => x.stopType === 'FirstPick') ?? s.stops[0];
  const last = s.stops.find((x) => x.stopType === 'LastDrop') ?? s.stops.at(-1);
  const leg = activeLegOf(s);
  const pro =
    s.referenceNumbers.find(
      (r) =>
        (ProNumberReferenceCodes as readonly string[]).includes(r.referenceTypeCode) &&
        r.transitLegId === (leg?.transitLegId ?? null),
    ) ??
    s.referenceNumbers.find((r) =>
      (ProNumberReferenceCodes as readonly string[]).includes(r.referenceTypeCode),
    );
  return {
    shipmentId: s.shipmentId,
    brokerId: s.brokerId,
    customerOrganizationId: s.customerOrganizationId,
    status: s.status,
    shipmentType: s.shipmentType,
    noAccountingInvoice: s.noAccountingInvoice,
    pickupDate: dateOf(first?.actualArrivalDateTime ?? first?.scheduledReadyDateTime),
    deliveryDate: dateOf(
      last?.actualArrivalDateTime ??
        last?.appointmentReadyDateTime ??
        last?.scheduledReadyDateTime ??
        last?.scheduledCloseDateTime,
    ),
    carrierMasterId: leg?.carrierMasterId ?? null,
    carrierMasterName: leg?.carrierMasterName ?? null,
    proNumber: pro?.value ?? null,
    accessorialIds: (s.accessorials ?? []).map((a) => a.accessorialId),
  };
}
