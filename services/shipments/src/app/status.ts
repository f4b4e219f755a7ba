// What the edit-status modal reads before an update (000 §3, §4, §5, §7): the shipment with the statuses
// its leg may move to, whether the credit hold lets a move through, the pro-number duplicate check and the
// carrier's tracking link.
import type { Identity } from '@loadline/platform';
import { checkCreditHold } from '../domain/credit-hold.ts';
import { checksDuplicates, proTypesToCompare } from '../domain/pro-number.ts';
import { proNumberTypeForLeg } from '../domain/references.ts';
import { openAlertTypes } from '../domain/shipment.ts';
import { isInternational } from '../domain/shipment-rules.ts';
import { allowedTargets, canCancel, manualChoices, suggestions } from '../domain/status-engine.ts';
import { targetLeg } from '../domain/status-update.ts';
import { trackingLink } from '../domain/tracking-link.ts';
import type { ShipmentsDeps } from '../service.ts';
import { creditPosition } from '../store/credit.ts';
import { proNumberUsedElsewhere } from '../store/search.ts';
import { getShipment } from './shipments.ts';

/** The shipment as the modal shows it, with the statuses its active leg may move to (000 §4). */
export async function getStatusDetails(deps: ShipmentsDeps, caller: Identity, shipmentId: number) {
  const shipment = await getShipment(deps, caller, shipmentId);
  const leg = shipment.transitLegs.find((l) => l.active) ?? null;
  const international = isInternational(shipment.shipmentType);
  const legStatus = leg?.status ?? shipment.status;
  return {
    shipment,
    leg,
    shipmentAlertTypes: openAlertTypes(shipment),
    suggestedStatuses: suggestions(legStatus, international),
    manualStatuses: [...manualChoices(international)],
    allowedStatuses: allowedTargets(legStatus, international),
    canCancel: canCancel(legStatus),
  };
}

/** Whether the leg may move to the status for this customer (false opens the credit-hold modal). */
export async function canUpdateTransitLegStatus(
  deps: ShipmentsDeps,
  caller: Identity,
  input: { shipmentId: number; newStatus: number; transitType: number | null },
): Promise<boolean> {
  const shipment = await getShipment(deps, caller, input.shipmentId);
  const current = targetLeg(shipment, input.transitType)?.status ?? shipment.status;
  const credit = await creditPosition(deps.runtime.db, shipment.customerOrganizationId, shipment.shipmentId);
  return checkCreditHold(current, input.newStatus, credit).allowed;
}

/** Whether another of the broker's shipments has this pro number with this carrier (000 §5). */
export async function proNumberHasDuplicates(
  deps: ShipmentsDeps,
  caller: Identity,
  q: {
    carrierId?: string | undefined;
    proNumber?: string | undefined;
    shipmentId?: number | undefined;
    referenceType?: string | undefined;
  },
): Promise<boolean> {
  if (!checksDuplicates(q.carrierId, q.proNumber)) return false;
  return proNumberUsedElsewhere(deps.runtime.db, {
    brokerId: caller.brokerId,
    shipmentId: q.shipmentId ?? null,
    carrierMasterId: q.carrierId!.trim(),
    proNumber: q.proNumber!,
    types: proTypesToCompare(q.referenceType),
  });
}

/** The carrier's tracking link for the active leg (000 §5), none without a pro number. */
export async function getTrackingLink(deps: ShipmentsDeps, caller: Identity, shipmentId: number) {
  const shipment = await getShipment(deps, caller, shipmentId);
  const leg = shipment.transitLegs.find((l) => l.active);
  if (!leg) return { trackingLink: null };
  const code = proNumberTypeForLeg(leg.transitType);
  const pro = shipment.referenceNumbers.find(
    (r) => r.transitLegId === leg.transitLegId && r.referenceTypeCode === code,
  );
  return { trackingLink: trackingLink(leg.trackingUrl, pro?.value ?? null) };
}
