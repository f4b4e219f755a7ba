// The file links of 001 §2, by their query values (the spec names the letters, not their meaning; ours):
// - /files/Attachment?i={attachmentId}&t={attachmentType}: one stored attachment, downloaded; t, when
//   given, must be its type.
// - /Files/Download?s={sourceId}&t={attachmentType}&z={sourceType}: the newest stored attachment of that
//   type on that source (z defaults to shipment), downloaded.
// - /Files/Print?t={document}&s={shipmentId}&o={organizationId} and /Files/AutoPrint?s={shipmentId}&t=
//   {document}: a generated document, shown in the browser to print. t 103 (the statement link's
//   default) is an organization's statement, which accounting makes: not here.
import { AttachmentType, STATEMENT_PRINT_DEFAULT_TYPE } from '@loadline/contracts/catalogue';
import {
  availableDocuments,
  type DocumentCode,
  isBuiltDocument,
  isCarrierConfirmation,
  type ShipmentState,
} from './documents.ts';

export const statementsNotHere = 'Statements are made by accounting and cannot be printed here.';

export type DocumentChoice =
  | { ok: true; document: DocumentCode }
  | { ok: false; status: 400 | 404; message: string };

/**
 * Which generated document `t` names for a shipment: a document code (002 §3.10), the shorter `BOL`,
 * `CarrierConfirmation`, `RateQuoteSheet`, or the attachment type numbers of a BOL (5) and a carrier
 * confirmation (13). The variant follows the shipment (drayage, LTL, truckload, TONU). A customer may
 * print only what the document sender offers it.
 */
export function chooseDocument(
  t: string | undefined,
  shipment: ShipmentState,
  kind: 'staff' | 'customer',
): DocumentChoice {
  const text = (t ?? '').trim();
  if (text === String(STATEMENT_PRINT_DEFAULT_TYPE))
    return { ok: false, status: 404, message: statementsNotHere };
  const offered = availableDocuments(shipment, 'staff');
  const pick = (predicate: (code: DocumentCode) => boolean) =>
    offered.find((d) => predicate(d.document))?.document;
  let document: DocumentCode | undefined;
  const lower = text.toLowerCase();
  if (lower === 'bol' || text === String(AttachmentType.values.BOL)) document = 'BOLEmail';
  else if (lower === 'carrierconfirmation' || text === String(AttachmentType.values.CarrierConfirmation))
    document = pick(isCarrierConfirmation);
  else if (lower === 'ratequotesheet') document = pick((c) => c.startsWith('RateQuoteSheet'));
  else if (isBuiltDocument(text)) document = text;
  if (!text) return { ok: false, status: 400, message: 't (the document to print) is required.' };
  if (!document)
    return {
      ok: false,
      status: 404,
      message: `Document ${text} is not available for shipment ${shipment.shipmentId}.`,
    };
  if (
    !availableDocuments(shipment, kind).some((d) => d.document === document) &&
    !(kind === 'staff' && isBuiltDocument(document))
  ) {
    return {
      ok: false,
      status: 404,
      message: `Document ${text} is not available for shipment ${shipment.shipmentId}.`,
    };
  }
  return { ok: true, document };
}
