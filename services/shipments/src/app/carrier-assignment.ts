// A shipment's carrier (decision 0117): broker staff put one of their carriers on a transit leg, change it
// or take it off; the choices they are offered. The rules are domain/carrier-assignment.ts.
import { AccessLevel, BrokerCarrierStatus } from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import { CARRIER_CHOICES_DEFAULT } from '@loadline/contracts/rules/shipments';
import { fieldError, type Identity, newId, staffOnly } from '@loadline/platform';
import {
  alreadyAssigned,
  assignment,
  type BrokerCarrier,
  carrierAssignmentNoteType,
  carrierAssignmentTexts,
  carrierRefusal,
  legToAssign,
  previousCarrierReferences,
  shipmentClosedToCarrierChange,
} from '../domain/carrier-assignment.ts';
import { shipmentScope } from '../domain/visibility.ts';
import type { ShipmentsDeps } from '../service.ts';
import {
  carrierBlockedOnALegOf,
  deleteLegReferences,
  loadBrokerCarrier,
  openCarrierBlockedAlerts,
  resolveAlerts,
  searchBrokerCarriers,
  setLegCarrier,
} from '../store/broker-carriers.ts';
import { loadShipment, publishUpdated } from '../store/shipments.ts';
import { readShipment, type ShipmentView, shipmentNotFound } from './shipments.ts';

export interface CarrierAssignmentInput {
  shipmentId: number;
  /** the leg; by default the active one */
  transitLegId?: string | null | undefined;
  /** null takes the carrier off */
  carrierMasterId: string | null;
  /** keep the leg's pro numbers and driver details of the previous carrier (by default they go with it) */
  keepCarrierReferences?: boolean | undefined;
}

/**
 * Puts the broker's carrier on the leg, or takes it off, in one transaction with shipment.updated and the
 * activity entry; the carrier-blocked alert is resolved when no leg's carrier is blocked any more. The same
 * carrier again writes nothing. Answers the shipment after.
 */
export async function assignCarrier(
  deps: ShipmentsDeps,
  caller: Identity,
  input: CarrierAssignmentInput,
): Promise<ShipmentView> {
  if (caller.kind !== 'staff') throw staffOnly();
  const { runtime } = deps;
  await runtime.db.transaction().execute(async (trx) => {
    // The carrier first, then the shipment: the order the brokercarrier.changed consumer locks them in, so a
    // carrier blocked meanwhile either waits for this assignment (and then alerts its leg) or is seen blocked.
    const found =
      input.carrierMasterId === null
        ? undefined
        : await loadBrokerCarrier(trx, caller.brokerId, input.carrierMasterId, { forShare: true });
    const shipment = await loadShipment(trx, input.shipmentId, shipmentScope(caller), { forUpdate: true });
    if (!shipment) throw shipmentNotFound(input.shipmentId);
    const leg = legToAssign(shipment.transitLegs, input.transitLegId);
    if (!leg) {
      throw input.transitLegId
        ? fieldError('transitLegId', carrierAssignmentTexts.notALeg(input.transitLegId, shipment.shipmentId))
        : fieldError('transitLegId', carrierAssignmentTexts.noLeg);
    }
    if (alreadyAssigned(leg, input.carrierMasterId)) return;
    const closed = shipmentClosedToCarrierChange(shipment.status);
    if (closed) throw fieldError('carrierMasterId', closed);
    let carrier: BrokerCarrier | null = null;
    if (input.carrierMasterId !== null) {
      const refusal = carrierRefusal(found);
      if (refusal) throw fieldError('carrierMasterId', refusal);
      carrier = found!;
    }
    const cleared = previousCarrierReferences(
      leg,
      shipment.referenceNumbers,
      input.keepCarrierReferences ?? false,
    );
    const change = assignment(leg, carrier, cleared, shipment.status);
    await setLegCarrier(trx, leg.transitLegId, change.leg);
    await deleteLegReferences(
      trx,
      leg.transitLegId,
      cleared.map((r) => r.referenceId),
    );
    // Only carriers in compliance (so not blocked) go on a leg: the alert can only be resolved here.
    const open = await openCarrierBlockedAlerts(trx, shipment.shipmentId);
    if (open.length > 0 && !(await carrierBlockedOnALegOf(trx, shipment.shipmentId, shipment.brokerId)))
      await resolveAlerts(trx, open);
    await publishUpdated(runtime, trx, shipment.shipmentId);
    await runtime.appendEvent(trx, subjects.shipmentNoteAdded, {
      noteId: newId('note'),
      shipmentId: shipment.shipmentId,
      brokerId: shipment.brokerId,
      customerOrganizationId: shipment.customerOrganizationId,
      activityType: carrierAssignmentNoteType,
      accessLevel: AccessLevel.values.Private,
      description: change.note,
      pinned: false,
      createdBy: { userId: caller.userId, name: caller.displayName },
      createdDate: new Date().toISOString(),
    });
  });
  return readShipment(deps, caller, input.shipmentId);
}

/** A carrier the picker lists, with why it may not be chosen (null when it may). */
export interface CarrierChoice {
  carrierMasterId: string;
  name: string;
  scac: string | null;
  phone: string | null;
  status: string;
  inCompliance: boolean;
  refusal: string | null;
}

/** The broker's carriers whose name or SCAC starts with `search`, by name: the picker's list. */
export async function carrierChoices(
  deps: ShipmentsDeps,
  caller: Identity,
  query: { search?: string | undefined; limit?: number | undefined },
): Promise<{ carriers: CarrierChoice[] }> {
  if (caller.kind !== 'staff') throw staffOnly();
  const found = await searchBrokerCarriers(
    deps.runtime.db,
    caller.brokerId,
    query.search?.trim() ?? '',
    query.limit ?? CARRIER_CHOICES_DEFAULT,
  );
  return {
    carriers: found.map((c) => ({
      carrierMasterId: c.carrierMasterId,
      name: c.name,
      scac: c.scac,
      phone: c.phone,
      status: BrokerCarrierStatus.nameOf(c.status) ?? String(c.status),
      inCompliance: c.inCompliance,
      refusal: carrierRefusal(c) ?? null,
    })),
  };
}
