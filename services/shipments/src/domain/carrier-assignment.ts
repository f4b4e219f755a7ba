// Putting a carrier on a shipment's transit leg, changing it or taking it off (decision 0117). Pure: the
// broker's carriers are the carriers service's (brokercarrier.changed, store/broker-carriers.ts).
//
// The spec shows the leg's carrier (000 §2 item 2, §3 "Active transit leg") and names the events of a
// carrier added, updated or removed (002 §3.8 webhook event types 6 and 7, §3.9 workflow action RemoveCarrier), not the
// rule. Ours, as a broker's carrier desk covers a load:
//   - only a carrier of the broker's carrier list that is in compliance goes on a leg: enabled, with active
//     authority and DOT status, a rating that is not Unsatisfactory and insurance on file and not expired;
//   - the carrier of a delivered, complete or canceled shipment is who hauled it (or nobody) and is no longer
//     changed;
//   - the leg takes the carrier's name, SCAC and phone; its tracking link and tracking integration were the
//     previous carrier's and are cleared; its reference numbers (pro numbers, driver) stay, for staff to
//     correct.
import {
  CarrierComplianceReason,
  isPastDelivered,
  ShipmentActivityType,
  ShipmentStatus,
} from '@loadline/contracts/catalogue';
import type { TransitLeg } from './shipment.ts';

/** One of the broker's carriers as this service keeps it. */
export interface BrokerCarrier {
  carrierMasterId: string;
  name: string;
  scac: string | null;
  phone: string | null;
  /** broker carrier status, 002 §3.7 */
  status: number;
  inCompliance: boolean;
  /** CarrierComplianceReason codes */
  complianceReasons: readonly string[];
}

/** The carrier fields of a leg after an assignment (null: the carrier taken off). */
export type LegCarrier = Pick<TransitLeg, 'carrierMasterId' | 'carrierMasterName' | 'carrierPhone' | 'scac'>;

export const carrierAssignmentTexts = {
  outOfCompliance: 'The carrier is out of compliance.',
  noLeg: 'The shipment has no transit leg to put a carrier on.',
  closed: (status: number) =>
    `The carrier of a ${ShipmentStatus.nameOf(status) ?? status} shipment cannot be changed.`,
  notALeg: (transitLegId: string, shipmentId: number) =>
    `${transitLegId} is not a transit leg of shipment ${shipmentId}.`,
} as const;

/** The activity entry of an assignment: an Operations note, as the edit-status modal's notes are. */
export const carrierAssignmentNoteType = ShipmentActivityType.values.Operations;

/**
 * Why the carrier may not go on a leg, in the carriers service's words for each failed check; undefined
 * when it may. A carrier the broker does not have, or whose name is not known yet, is not in the list.
 */
export function carrierRefusal(carrier: BrokerCarrier | undefined): string | undefined {
  if (!carrier || carrier.name === '') return CarrierComplianceReason.nameOf('NotInCarrierList');
  if (carrier.inCompliance) return undefined;
  const reasons = carrier.complianceReasons.flatMap((code) => CarrierComplianceReason.nameOf(code) ?? []);
  return reasons.length > 0 ? reasons.join(' ') : carrierAssignmentTexts.outOfCompliance;
}

/** Why the shipment's carrier may no longer change, or undefined. */
export function shipmentClosedToCarrierChange(status: number): string | undefined {
  return isPastDelivered(status) ? carrierAssignmentTexts.closed(status) : undefined;
}

/** The leg an assignment is about: the one named, else the active leg (else the first). */
export function legToAssign(
  legs: readonly TransitLeg[],
  transitLegId: string | null | undefined,
): TransitLeg | undefined {
  if (transitLegId) return legs.find((l) => l.transitLegId === transitLegId);
  return legs.find((l) => l.active) ?? legs[0];
}

export function legCarrierOf(carrier: BrokerCarrier | null): LegCarrier {
  return {
    carrierMasterId: carrier?.carrierMasterId ?? null,
    carrierMasterName: carrier?.name ?? null,
    carrierPhone: carrier?.phone ?? null,
    scac: carrier?.scac ?? null,
  };
}

/** The activity entry's text: who was put on the leg, instead of whom. */
export function carrierAssignmentNote(before: string | null, after: string | null): string {
  // never both null: taking off no carrier writes nothing
  if (before && after) return `Carrier changed from ${before} to ${after}.`;
  if (after) return `Carrier ${after} assigned.`;
  return `Carrier ${before} removed.`;
}
