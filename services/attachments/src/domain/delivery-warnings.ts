// The delivery warnings of 001 §5 the user must dismiss before a send: "a carrier confirmation usually goes
// only to carriers; an invoice usually goes only to the LSP or customer; carrier documents must not go to
// customers". The service decides them from who each address belongs to (a user of a customer, the broker's
// staff, the shipment's carrier dispatcher), so a customer's address typed by hand warns as one picked from
// the contacts does; a send with a warning not dismissed is refused (decision 0018). The spec quotes no
// text: the wording is ours. Pure.

import type { DeliveryWarningCode } from '@loadline/contracts/rules/recipients';

export type { DeliveryWarningCode };

export type RecipientKind = 'broker' | 'customer' | 'carrier';

export const warningTexts: Readonly<Record<DeliveryWarningCode, string>> = Object.freeze({
  carrierConfirmation:
    'A carrier confirmation usually goes only to the carrier. Some recipients are not the carrier.',
  invoice: 'An invoice usually goes only to the broker or the customer. A recipient is the carrier.',
  carrierDocuments: 'Carrier documents must not go to customers. A recipient is a customer.',
});

export interface DeliveryWarning {
  code: DeliveryWarningCode;
  message: string;
}

/** A generated document code (002 §3.10) or an attachment type code. */
const isConfirmation = (code: string) => code.startsWith('CarrierConfirmation');
const isInvoice = (code: string) => code === 'Invoice';
/** The carrier's own papers: its confirmation, its bill, its packet. */
const isCarrierDocument = (code: string) =>
  isConfirmation(code) || code === 'CarrierBill' || code === 'CarrierPacket';

/**
 * The warnings a send raises, given its documents (codes) and who each recipient is (undefined: an address
 * the service does not know).
 */
export function deliveryWarnings(
  documents: readonly string[],
  recipients: readonly (RecipientKind | undefined)[],
): DeliveryWarning[] {
  const codes: DeliveryWarningCode[] = [];
  if (recipients.length === 0) return [];
  if (documents.some(isConfirmation) && recipients.some((r) => r !== 'carrier'))
    codes.push('carrierConfirmation');
  if (documents.some(isInvoice) && recipients.some((r) => r === 'carrier')) codes.push('invoice');
  if (documents.some(isCarrierDocument) && recipients.some((r) => r === 'customer'))
    codes.push('carrierDocuments');
  return codes.map((code) => ({ code, message: warningTexts[code] }));
}

/** The warnings the sender has not dismissed. */
export const undismissed = (warnings: readonly DeliveryWarning[], dismissed: readonly string[]) =>
  warnings.filter((w) => !dismissed.includes(w.code));
