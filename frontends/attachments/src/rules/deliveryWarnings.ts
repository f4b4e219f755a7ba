// The delivery warnings the user must dismiss before sending (001 §5): a carrier confirmation usually goes
// only to carriers; an invoice usually goes only to the LSP or customer; carrier documents must not go to
// customers. The spec describes them without quoting a text: the wording is ours.
import type { Recipient } from './recipients.ts';

export interface OutgoingDocument {
  /** a generated document code (002 §3.10) or an attachment type code */
  code: string | null;
}

export const warningTexts = {
  carrierConfirmation:
    'A carrier confirmation usually goes only to the carrier. Some recipients are not the carrier.',
  invoice: 'An invoice usually goes only to the broker or the customer. A recipient is the carrier.',
  carrierDocuments: 'Carrier documents must not go to customers. A recipient is a customer.',
} as const;

const isConfirmation = (code: string | null) =>
  code === 'CarrierConfirmation' || Boolean(code?.startsWith('CarrierConfirmation'));
const isInvoice = (code: string | null) => code === 'Invoice';
const carrierDocument = (code: string | null) =>
  isConfirmation(code) || code === 'CarrierBill' || code === 'CarrierPacket';

export function deliveryWarnings(
  documents: readonly OutgoingDocument[],
  recipients: readonly Recipient[],
): string[] {
  const warnings: string[] = [];
  if (recipients.length === 0) return warnings;
  if (documents.some((d) => isConfirmation(d.code)) && recipients.some((r) => r.kind !== 'carrier')) {
    warnings.push(warningTexts.carrierConfirmation);
  }
  if (documents.some((d) => isInvoice(d.code)) && recipients.some((r) => r.kind === 'carrier')) {
    warnings.push(warningTexts.invoice);
  }
  if (documents.some((d) => carrierDocument(d.code)) && recipients.some((r) => r.kind === 'customer')) {
    warnings.push(warningTexts.carrierDocuments);
  }
  return warnings;
}
