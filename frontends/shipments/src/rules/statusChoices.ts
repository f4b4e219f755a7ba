// The edit-status modal's choices (000 §4): the suggested previous / next / other statuses by the active
// leg's status, the manual list (every status of the shipment's set but Canceled and Complete, after the
// '--Select--' placeholder), cancel as the special choice -1, and the flags an update carries. Pure.

import {
  CANCEL_STATUS_CHOICE,
  DomesticShipmentStatuses,
  InternationalShipmentStatuses,
  isInternationalShipmentType,
  ManualStatusChoices,
  ShipmentStatus,
  type ShipmentStatusValue,
  type StatusSuggestions,
  suggestedNextStatuses,
} from '@loadline/contracts';

const S = ShipmentStatus.values;

/** 002 §3.1: an international shipment's statuses omit Ready and Sent. */
export function statusSetOf(shipmentType: number): readonly ShipmentStatusValue[] {
  return isInternationalShipmentType(shipmentType) ? InternationalShipmentStatuses : DomesticShipmentStatuses;
}

const inSet = (set: readonly number[], s: ShipmentStatusValue | null) =>
  s !== null && set.includes(s) ? s : null;

/** The 000 §4 suggestions for the current active leg status, within the shipment's set. */
export function suggestionsFor(current: number, shipmentType: number): StatusSuggestions {
  const set = statusSetOf(shipmentType);
  const row = suggestedNextStatuses(current);
  return { previous: inSet(set, row.previous), next: inSet(set, row.next), other: inSet(set, row.other) };
}

/** The manual list without its placeholder: the manual choices within the shipment's set. */
export function manualChoicesFor(shipmentType: number): ShipmentStatusValue[] {
  const set = statusSetOf(shipmentType) as readonly number[];
  return ManualStatusChoices.filter((s) => set.includes(s));
}

/** A status name from the catalogue; the cancel choice -1 is named Canceled. */
export function choiceName(choice: number): string {
  if (choice === CANCEL_STATUS_CHOICE) return ShipmentStatus.nameOf(S.Canceled) ?? String(choice);
  return ShipmentStatus.nameOf(choice) ?? String(choice);
}

export function isCancelChoice(choice: number | null): boolean {
  return choice === CANCEL_STATUS_CHOICE;
}

/**
 * The status part of an update (000 §4): cancel (-1) requests the lost-quote system alert; a Canceled
 * shipment set back to Quote sends reinstateShipment.
 */
export function statusFields(
  current: number,
  choice: number,
): { status: number; reinstateShipment?: true; addSystemAlertLostQuote?: true } {
  if (choice === CANCEL_STATUS_CHOICE) return { status: CANCEL_STATUS_CHOICE, addSystemAlertLostQuote: true };
  if (current === S.Canceled && choice === S.Quote) return { status: choice, reinstateShipment: true };
  return { status: choice };
}

/**
 * Whether the credit-hold check (000 §4) is asked before the update: any move to another status but
 * cancel. (The service refuses moves beyond Committed for a customer on credit hold.)
 */
export function needsCreditHoldCheck(current: number, choice: number): boolean {
  return choice !== CANCEL_STATUS_CHOICE && choice !== current;
}
