// The credit-hold check (000 §4, §7 creditHoldShipment/canUpdateTransitLegStatus): may this leg
// move to that status for this customer? The screen asks before a status update and, on a no,
// offers Committed or Quote instead (the credit-hold warning modal). `updatestatus` applies the same
// check, so a client that skips it cannot move the load either (000 §4: "A credit-hold check may
// refuse a leg status change"). Pure.
//
// Ours, where the spec is silent:
//   - A move "beyond Committed" is one to any status but Quote, Committed and Canceled (cancel and
//     the modal's two choices always go through).
//   - Only a move that starts freight moving is refused: from Quote, Committed or Canceled. A load
//     already beyond Committed (dispatched, on the road, delivered) keeps moving through its
//     statuses; stopping the paperwork of a truck on the road collects nothing.
//   - On hold: payment preference CreditHold. Over the limit: the open balance is above a set credit
//     limit, or the shipment carries an open credit-limit-exceeded alert (raised by accounting).
//   - The open balance is what this service knows of the customer's open freight charges: it holds
//     no charges yet (accounting owns them), so it is 0 for now and only the alert and the hold apply.
import {
  CANCEL_STATUS_CHOICE,
  CreditHoldAlternativeStatuses,
  PaymentPreference,
  ShipmentStatus,
} from '@loadline/contracts/catalogue';

const S = ShipmentStatus.values;

export interface CreditPosition {
  paymentPreference: number | null;
  creditLimit: number | null;
  openBalance: number;
  creditLimitExceededAlert: boolean;
}

export type CreditCheck = { allowed: true } | { allowed: false; reason: 'CreditHold' | 'OverCreditLimit' };

/** Statuses a customer on hold may always move to: the modal's choices and cancel. */
const alwaysAllowed: readonly number[] = [...CreditHoldAlternativeStatuses, S.Canceled, CANCEL_STATUS_CHOICE];

export const isBeyondCommitted = (status: number): boolean => !alwaysAllowed.includes(status);

/** Whether the freight has not started moving yet (a move from here is refused on hold). */
const notStarted = (status: number): boolean =>
  status === S.Quote || status === S.Committed || status === S.Canceled;

export function isOverCreditLimit(credit: CreditPosition): boolean {
  if (credit.creditLimitExceededAlert) return true;
  return credit.creditLimit !== null && credit.openBalance > credit.creditLimit;
}

/** Whether the credit position can refuse this move at all (so the caller need not look it up). */
export const creditHoldApplies = (currentLegStatus: number, newStatus: number): boolean =>
  isBeyondCommitted(newStatus) && notStarted(currentLegStatus);

export function checkCreditHold(
  currentLegStatus: number,
  newStatus: number,
  credit: CreditPosition,
): CreditCheck {
  if (!creditHoldApplies(currentLegStatus, newStatus)) return { allowed: true };
  if (credit.paymentPreference === PaymentPreference.values.CreditHold) {
    return { allowed: false, reason: 'CreditHold' };
  }
  if (isOverCreditLimit(credit)) return { allowed: false, reason: 'OverCreditLimit' };
  return { allowed: true };
}

/**
 * Ours (the spec shows no text): why `updatestatus` refuses a move the credit-hold check refuses,
 * for a client that skipped the check and its modal.
 */
export function creditHoldRefusal(
  reason: 'CreditHold' | 'OverCreditLimit',
  customerName: string | null,
  newStatus: number,
): string {
  const customer = customerName ?? 'The customer';
  const why = reason === 'CreditHold' ? 'is on credit hold' : 'is over its credit limit';
  const choices = CreditHoldAlternativeStatuses.map((s) => ShipmentStatus.nameOf(s)).join(' or ');
  return `${customer} ${why}: the shipment cannot move to ${ShipmentStatus.nameOf(newStatus)}. Choose ${choices}, or cancel it.`;
}
