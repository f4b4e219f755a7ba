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
//   - the leg takes the carrier's name, SCAC and phone; when it had a carrier, its tracking link and tracking
//     integration were that carrier's (000 §3 puts the integration on the leg's tariff) and are cleared, and
//     so are the leg's references that were that carrier's own (its pro numbers, drivers, truck and
//     dispatcher: the catalogue's CarrierReferenceCodes) unless staff keep them; the activity entry names
//     what was cleared, with the values, so nothing is lost (decision 0117 addendum).
import {
  CarrierComplianceReason,
  carrierReferencesOfLeg,
  isPastDelivered,
  referenceTypeNameOf,
  ShipmentActivityType,
  ShipmentStatus,
  tenderedToItsCarrier,
} from '@loadline/contracts/catalogue';
import { ACTIVITY_DESCRIPTION_MAX_LENGTH } from '@loadline/contracts/rules/activity';
import type { ReferenceNumber, TransitLeg } from './shipment.ts';

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

/** The leg's fields an assignment writes. */
export type LegCarrier = Pick<
  TransitLeg,
  | 'carrierMasterId'
  | 'carrierMasterName'
  | 'carrierPhone'
  | 'scac'
  | 'trackingUrl'
  | 'integrationEnableAPITracking'
  | 'trackingIntegrationEnableAPITracking'
  | 'trackingIntegrationSourceId'
  | 'integrationSourceId'
>;

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

/** Whether the leg has a carrier: an id, or a name alone as the importer may write it. */
const hasCarrier = (leg: TransitLeg) => Boolean(leg.carrierMasterId || leg.carrierMasterName?.trim());

/** The carrier the leg shows, for the activity entry. */
const carrierLabel = (leg: TransitLeg) =>
  leg.carrierMasterName?.trim() || leg.carrierMasterId || 'the carrier';

/** Whether the assignment asks for what the leg already has (nothing is written then). */
export function alreadyAssigned(leg: TransitLeg, carrierMasterId: string | null): boolean {
  return carrierMasterId === null ? !hasCarrier(leg) : leg.carrierMasterId === carrierMasterId;
}

const hasTrackingIntegration = (leg: TransitLeg) =>
  leg.integrationEnableAPITracking ||
  leg.trackingIntegrationEnableAPITracking ||
  leg.trackingIntegrationSourceId !== null ||
  leg.integrationSourceId !== null;

/**
 * The leg's references that were its carrier's own and go with it when the carrier changes or is taken off;
 * none when staff keep them, or when the leg had no carrier (then they were typed for the carrier to come).
 */
export function previousCarrierReferences(
  leg: TransitLeg,
  references: readonly ReferenceNumber[],
  keep: boolean,
): ReferenceNumber[] {
  if (keep || !hasCarrier(leg)) return [];
  // in the catalogue's order (pro numbers, then drivers...), as the picker lists them
  return carrierReferencesOfLeg(references, leg.transitLegId);
}

/**
 * The leg's carrier fields after the assignment, and its activity entry's text, which names what was cleared
 * with it: the tracking link and integration, and `clearedReferences` (previousCarrierReferences).
 */
export function assignment(
  leg: TransitLeg,
  carrier: BrokerCarrier | null,
  clearedReferences: readonly ReferenceNumber[] = [],
  status: number = ShipmentStatus.values.Quote,
): { leg: LegCarrier; note: string } {
  // a leg without a carrier keeps its tracking link: it was no carrier's
  const clears = hasCarrier(leg);
  const after: LegCarrier = {
    carrierMasterId: carrier?.carrierMasterId ?? null,
    carrierMasterName: carrier?.name ?? null,
    carrierPhone: carrier?.phone ?? null,
    scac: carrier?.scac ?? null,
    trackingUrl: clears ? null : leg.trackingUrl,
    integrationEnableAPITracking: clears ? false : leg.integrationEnableAPITracking,
    trackingIntegrationEnableAPITracking: clears ? false : leg.trackingIntegrationEnableAPITracking,
    trackingIntegrationSourceId: clears ? null : leg.trackingIntegrationSourceId,
    integrationSourceId: clears ? null : leg.integrationSourceId,
  };
  const changed = !hasCarrier(leg)
    ? `Carrier ${carrier?.name} assigned.`
    : carrier
      ? `Carrier changed from ${carrierLabel(leg)} to ${carrier.name}.`
      : `Carrier ${carrierLabel(leg)} removed.`;
  const cleared = [
    clears && leg.trackingUrl ? `tracking link ${leg.trackingUrl}` : '',
    clears && hasTrackingIntegration(leg) ? 'tracking integration' : '',
    ...clearedReferences.map((r) => `${referenceTypeNameOf(r.referenceTypeCode)} ${r.value}`),
  ].filter(Boolean);
  return { leg: after, note: boundedNote(changed, cleared, untenderedText(status, carrier)) };
}

const clearedText = (items: readonly string[]) =>
  items.length > 0
    ? ` The previous carrier's ${listed(items)} ${items.length > 1 ? 'were' : 'was'} cleared.`
    : '';

/**
 * The entry within an activity description's limit (a leg may hold a hundred references of 200 characters):
 * the values that do not fit are counted ("… and 12 more were cleared."); a text still too long is cut.
 */
function boundedNote(changed: string, cleared: readonly string[], tail: string): string {
  let shown = cleared.length;
  let note = changed + clearedText(cleared) + tail;
  while (note.length > ACTIVITY_DESCRIPTION_MAX_LENGTH && shown > 0) {
    shown--;
    note = changed + clearedText([...cleared.slice(0, shown), `${cleared.length - shown} more`]) + tail;
  }
  return note.length > ACTIVITY_DESCRIPTION_MAX_LENGTH
    ? `${note.slice(0, ACTIVITY_DESCRIPTION_MAX_LENGTH - 1)}…`
    : note;
}

/** "a", "a and b", "a, b and c" */
const listed = (items: readonly string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '');

/**
 * On a shipment already tendered (Sent to Out for Delivery), the change tenders nobody and leaves the status:
 * the entry says so, as the picker warned.
 */
function untenderedText(status: number, carrier: BrokerCarrier | null): string {
  if (!tenderedToItsCarrier(status)) return '';
  const stays = ` The shipment stays ${ShipmentStatus.nameOf(status)}`;
  return carrier ? `${stays}: ${carrier.name} was not tendered.` : `${stays}.`;
}
