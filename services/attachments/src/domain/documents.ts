// The documents generated from a shipment (002 §3.10 "document types that can be generated"): which a
// shipment offers, to whom, and what each says. The words and figures come from the shipment as the
// shipments service published it; documents/pdf.ts lays them out as a PDF.
import {
  GeneratedDocumentType,
  ProNumberReferenceCodes,
  ServiceLevel,
  ShipmentReferenceType,
  ShipmentReferenceTypesWithoutKnownValue,
  ShipmentStatus,
  ShipmentType,
  WeightUnit,
} from '@loadline/contracts/catalogue';
import type { ShipmentUpdatedV1 } from '@loadline/contracts/events';
import { formatPhone } from '@loadline/contracts/rules/phone';

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

const activeLeg = (s: ShipmentState) => s.transitLegs.find((l) => l.active) ?? s.transitLegs[0] ?? null;

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
// Content

export interface DocumentSection {
  heading: string;
  rows: [label: string, value: string][];
}

export interface DocumentContent {
  title: string;
  subtitle: string;
  sections: DocumentSection[];
  footer: string;
}

export interface DocumentParties {
  brokerName: string;
  customerName: string;
}

const referenceName = (code: string) =>
  ShipmentReferenceType.fromCode(code)?.name ?? ShipmentReferenceTypesWithoutKnownValue.nameOf(code) ?? code;

const referencesOf = (s: ShipmentState, codes: readonly string[]) =>
  s.referenceNumbers.filter((r) => codes.includes(r.referenceTypeCode));

/** 000 §5: dates MM/DD/YYYY, times HH:mm. Stop times are wall-clock times at the stop. */
export function formatLocal(value: string | null): string {
  if (!value) return '—';
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  return m ? `${m[2]}/${m[3]}/${m[1]} ${m[4]}:${m[5]}` : value;
}

function address(stop: ShipmentState['stops'][number] | undefined): string {
  if (!stop) return '—';
  const line = [stop.streetAddress, stop.streetAddressTwo].filter(Boolean).join(', ');
  const place = [stop.city, stop.state].filter(Boolean).join(', ') + (stop.zipCode ? ` ${stop.zipCode}` : '');
  return [stop.companyName, line, place.trim(), stop.country].filter(Boolean).join('\n') || '—';
}

function stopSection(
  heading: string,
  stop: ShipmentState['stops'][number] | undefined,
  ready: string,
): DocumentSection {
  return {
    heading,
    rows: [
      ['Address', address(stop)],
      [ready, formatLocal(stop?.scheduledReadyDateTime ?? null)],
      ['Close', formatLocal(stop?.scheduledCloseDateTime ?? null)],
      ['Appointment', formatLocal(stop?.appointmentReadyDateTime ?? null)],
    ],
  };
}

function freightRows(s: ShipmentState): [string, string][] {
  const rows: [string, string][] = [
    [
      'Mode',
      ShipmentType.list(s.shipmentType)
        .map((t) => t.name)
        .join(', ') || '—',
    ],
  ];
  if (s.totalWeight !== null)
    rows.push([
      'Weight',
      `${s.totalWeight.toLocaleString('en-US')} ${WeightUnit.nameOf(s.weightUnit) ?? ''}`.trim(),
    ]);
  if (s.totalHandlingUnits !== null) rows.push(['Handling units', String(s.totalHandlingUnits)]);
  if (s.transitDays !== null) rows.push(['Transit days', String(s.transitDays)]);
  return rows;
}

function carrierRows(s: ShipmentState): [string, string][] {
  const leg = activeLeg(s);
  const rows: [string, string][] = [
    ['Carrier', leg?.carrierMasterName ?? '—'],
    ['SCAC', leg?.scac ?? '—'],
    ['Phone', leg?.carrierPhone ? formatPhone(leg.carrierPhone) : '—'],
    [
      'Service level',
      leg?.serviceLevel === null || leg?.serviceLevel === undefined
        ? '—'
        : (ServiceLevel.nameOf(leg.serviceLevel) ?? String(leg.serviceLevel)),
    ],
  ];
  const pro = referencesOf(s, ProNumberReferenceCodes).filter(
    (r) => r.transitLegId === null || r.transitLegId === leg?.transitLegId,
  );
  rows.push(['Pro number', pro.map((r) => r.value).join(', ') || '—']);
  return rows;
}

function referenceRows(s: ShipmentState, exclude: readonly string[] = []): [string, string][] {
  return s.referenceNumbers
    .filter((r) => !exclude.includes(r.referenceTypeCode))
    .map((r) => [referenceName(r.referenceTypeCode), r.value] as [string, string]);
}

/** Buy-side references a customer never sees (the shipments service hides them from customers too). */
const buySide = ['OfferRate', 'MinBuyRate', 'MaxBuyRate'];

export function documentContent(
  document: DocumentCode,
  s: ShipmentState,
  parties: DocumentParties,
): DocumentContent {
  const firstPick = s.stops.find((x) => x.stopType === 'FirstPick') ?? s.stops[0];
  const lastDrop = s.stops.find((x) => x.stopType === 'LastDrop') ?? s.stops.at(-1);
  const name = GeneratedDocumentType.nameOf(document) ?? document;
  const header = `Shipment ${s.shipmentId} · ${ShipmentStatus.nameOf(s.status) ?? s.status}`;
  if (document === 'BOLEmail') {
    return {
      title: 'Bill of Lading',
      subtitle: header,
      sections: [
        {
          heading: 'Shipper',
          rows: [['Customer', parties.customerName], ...stopSection('', firstPick, 'Ready').rows],
        },
        { heading: 'Consignee', rows: stopSection('', lastDrop, 'Estimated').rows },
        { heading: 'Carrier', rows: carrierRows(s) },
        { heading: 'Freight', rows: freightRows(s) },
        { heading: 'References', rows: referenceRows(s, buySide) },
      ],
      footer: `Arranged by ${parties.brokerName}. Received, subject to the classifications and tariffs in effect on the date of issue, the property described above in apparent good order.`,
    };
  }
  if (isCarrierConfirmation(document)) {
    const tonu = document === 'CarrierConfirmationTONU';
    const rate = referencesOf(s, ['OfferRate'])
      .map((r) => r.value)
      .join(', ');
    const driver = referencesOf(s, ['DriverName', 'DriverCellPhoneNumber', 'TruckNumber', 'TrailerNumber']);
    return {
      title: name,
      subtitle: header,
      sections: [
        { heading: 'Carrier', rows: carrierRows(s) },
        ...(driver.length
          ? [
              {
                heading: 'Driver and equipment',
                rows: driver.map(
                  (r) =>
                    [
                      referenceName(r.referenceTypeCode),
                      r.referenceTypeCode === 'DriverCellPhoneNumber' ? formatPhone(r.value) : r.value,
                    ] as [string, string],
                ),
              },
            ]
          : []),
        stopSection('Pickup', firstPick, 'Ready'),
        stopSection('Delivery', lastDrop, 'Estimated'),
        { heading: 'Freight', rows: freightRows(s) },
        {
          heading: 'Rate',
          rows: [[tonu ? 'Truck ordered, not used' : 'Agreed rate', rate || 'as agreed with the carrier']],
        },
      ],
      footer: `${parties.brokerName} confirms this load with the carrier named above. Please sign and return this confirmation before pickup.`,
    };
  }
  return {
    title: name,
    subtitle: header,
    sections: [
      { heading: 'Customer', rows: [['Customer', parties.customerName]] },
      stopSection('Origin', firstPick, 'Pickup'),
      stopSection('Destination', lastDrop, 'Estimated delivery'),
      { heading: 'Freight', rows: freightRows(s) },
      { heading: 'References', rows: referenceRows(s, buySide) },
    ],
    footer: `Quoted by ${parties.brokerName}. Charges are confirmed on the invoice; accessorials are billed as incurred.`,
  };
}
