// The documents generated from a shipment (002 §3.10 "document types that can be generated"): which a
// shipment offers, to whom, and what each says. The words and figures come from the shipment as the
// shipments service published it (document-content.ts); documents/pdf.ts lays them out as a PDF.
import { GeneratedDocumentType, ShipmentStatus, ShipmentType } from '@loadline/contracts/catalogue';
import type { ShipmentUpdatedV1 } from '@loadline/contracts/events';

export type ShipmentState = ShipmentUpdatedV1;
export type DocumentCode = (typeof GeneratedDocumentType.codes)[number];

/** The documents this service builds; the labels, alerts and shipper letters of 002 §3.10 are not built yet. */
export const builtDocuments: readonly DocumentCode[] = [
  'BOLEmail',
  'CarrierConfirmationLTL',
  'CarrierConfirmationTruckload',
  'CarrierConfirmationDomesticFreight',
  'CarrierConfirmationDrayage',
  'CarrierConfirmationTONU',
  'RateQuoteSheet',
  'RateQuoteSheetDrayage',
];

export const isCarrierConfirmation = (code: string): boolean => code.startsWith('CarrierConfirmation');
export const isBuiltDocument = (code: string): code is DocumentCode =>
  (builtDocuments as readonly string[]).includes(code);

export interface AvailableDocument {
  document: DocumentCode;
  name: string;
  fileName: string;
  /** carrier documents are for carriers (001 §5 warnings); customers are not offered them */
  audience: 'carrier' | 'customer';
}

export const activeLeg = (s: ShipmentState) =>
  s.transitLegs.find((l) => l.active) ?? s.transitLegs[0] ?? null;

/** The carrier on the shipment's active leg (the one a carrier confirmation goes to), or null. */
export const activeCarrierOf = (s: ShipmentState): string | null => activeLeg(s)?.carrierMasterId ?? null;
const hasType = (s: ShipmentState, code: keyof typeof ShipmentType.byCode) =>
  ShipmentType.test(s.shipmentType, ShipmentType.byCode[code].value);

/** The carrier confirmation that fits the shipment: TONU for a canceled load with a carrier, else by mode. */
export function carrierConfirmationFor(s: ShipmentState): DocumentCode {
  if (s.status === ShipmentStatus.values.Canceled) return 'CarrierConfirmationTONU';
  if (hasType(s, 'Drayage')) return 'CarrierConfirmationDrayage';
  if (hasType(s, 'LTL')) return 'CarrierConfirmationLTL';
  if (hasType(s, 'Truckload')) return 'CarrierConfirmationTruckload';
  return 'CarrierConfirmationDomesticFreight';
}

export const fileNameOf = (document: DocumentCode, shipmentId: number): string => {
  const base = document.startsWith('CarrierConfirmation')
    ? 'Carrier-Confirmation'
    : document.startsWith('RateQuoteSheet')
      ? 'Rate-Quote'
      : 'BOL';
  return `${base}-${shipmentId}.pdf`;
};

/**
 * What the document sender offers for a shipment. Staff get the BOL, the rate quote sheet and, once a
 * carrier is on the load, its carrier confirmation; customers get the BOL and the rate quote sheet (a
 * carrier confirmation carries the carrier's rate and is the broker's paper to the carrier).
 */
export function availableDocuments(s: ShipmentState, kind: 'staff' | 'customer'): AvailableDocument[] {
  const out: AvailableDocument[] = [];
  const add = (document: DocumentCode, audience: AvailableDocument['audience']) =>
    out.push({
      document,
      name: GeneratedDocumentType.nameOf(document) ?? document,
      fileName: fileNameOf(document, s.shipmentId),
      audience,
    });
  add('BOLEmail', 'customer');
  if (kind === 'staff' && activeLeg(s)?.carrierMasterId) add(carrierConfirmationFor(s), 'carrier');
  add(hasType(s, 'Drayage') ? 'RateQuoteSheetDrayage' : 'RateQuoteSheet', 'customer');
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Content: what a generated document says, as blocks documents/pdf.ts lays out (and tags for screen
// readers). The builders are in document-content.ts.

export type Field = [label: string, value: string];

export interface Column {
  header: string;
  /** a share of the width, against the other columns' */
  width: number;
  align?: 'left' | 'right';
}

/** One signature block: the lines to sign or fill by hand, each a label under a line (or a value given). */
export interface SignatureParty {
  party: string;
  note?: string;
  lines: { label: string; value?: string }[];
  /** boxes to tick, e.g. "Trailer loaded: [ ] by shipper [ ] by driver" */
  checks?: string[];
}

export type Block =
  | { kind: 'fields'; heading: string; rows: Field[]; columns?: 1 | 2 }
  | { kind: 'boxes'; heading: string; boxes: { heading: string; lines: string[] }[] }
  | { kind: 'table'; heading: string; columns: Column[]; rows: string[][]; totals?: string[] }
  | { kind: 'text'; heading: string; paragraphs: string[] }
  | { kind: 'signatures'; heading: string; parties: SignatureParty[] };

export interface DocumentContent {
  title: string;
  subtitle: string;
  blocks: Block[];
  footer: string;
}
