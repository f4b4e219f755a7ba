// What each generated document says (002 §3.10), from the shipment as the shipments service published it
// and the charge lines as accounting published them:
// - the bill of lading, laid out as a standard straight bill of lading: shipper, consignee and bill-to,
//   carrier, SCAC and pro number, references, the line items with their hazardous-material details
//   (accessorial 46, 002 §3.5), declared value and COD, special instructions, the terms and the
//   signatures of shipper, carrier and consignee;
// - the carrier confirmation (a broker's rate confirmation): load, carrier, equipment and driver, the
//   stops with their windows, the freight, the carrier's rate from its charge lines ("Rate: to be
//   confirmed" while there are none), the terms and the carrier's acceptance;
// - the rate quote sheet: the lane, the freight and the customer's charges.
// Money is integer cents, printed as dollars. Carrier rates never reach the BOL or the rate quote sheet.
import {
  FreightClass,
  GeneratedDocumentType,
  HAZARDOUS_ACCESSORIAL_ID,
  LengthUnit,
  PackageType,
  PackingGroup,
  ProNumberReferenceCodes,
  referenceTypeNameOf,
  ServiceLevel,
  ShipmentStatus,
  ShipmentType,
  WeightUnit,
} from '@loadline/contracts/catalogue';
import type { ChargeLinesChangedV1 } from '@loadline/contracts/events';
import { formatPhone } from '@loadline/contracts/rules/phone';
import {
  activeLeg,
  type Block,
  type DocumentCode,
  type DocumentContent,
  type Field,
  isCarrierConfirmation,
  type ShipmentState,
} from './documents.ts';

export type ChargeLine = ChargeLinesChangedV1['chargeLines'][number];
type Stop = ShipmentState['stops'][number];
type Commodity = NonNullable<ShipmentState['commodities']>[number];

export interface DocumentInputs {
  brokerName: string;
  customerName: string;
  /** the shipment's charge lines as accounting last published them; empty while it has published none */
  chargeLines: readonly ChargeLine[];
}

// ---------------------------------------------------------------------------------------------------------
// Formatting (000 §5: dates MM/DD/YYYY, times HH:mm; stop times are wall-clock times at the stop).

const dash = '—';

export function formatLocal(value: string | null | undefined): string {
  if (!value) return dash;
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  return m ? `${m[2]}/${m[3]}/${m[1]} ${m[4]}:${m[5]}` : value;
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return dash;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : value;
}

/** Integer cents as dollars: 212550 → "$2,125.50", -2500 → "-$25.00". */
export function formatCents(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`Money must be integer cents: ${cents}`);
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${cents < 0 ? '-' : ''}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

const quantity = (n: number | null | undefined) =>
  n === null || n === undefined ? dash : n.toLocaleString('en-US', { maximumFractionDigits: 2 });

const packageName = (value: number | null | undefined) =>
  value === null || value === undefined ? dash : (PackageType.nameOf(value) ?? String(value));

const freightClassName = (value: number | null | undefined) =>
  value === null || value === undefined || value === FreightClass.values.NoClass
    ? dash
    : (FreightClass.nameOf(value) ?? String(value));

const weightUnitOf = (s: ShipmentState) => WeightUnit.nameOf(s.weightUnit) ?? '';
const lengthUnitOf = (s: ShipmentState) => LengthUnit.nameOf(s.dimensionUnit) ?? '';

// ---------------------------------------------------------------------------------------------------------
// Pieces of the shipment

/** Reference types that hold a phone number: printed as (AAA) BBB-CCCC ext N (001 §5). */
const phoneReferences = new Set([
  'CarrierDispatcherPhoneNumber',
  'DriverCellPhoneNumber',
  'SecondaryDriverCellPhoneNumber',
]);

const referenceValues = (s: ShipmentState, code: string) =>
  s.referenceNumbers
    .filter((r) => r.referenceTypeCode === code)
    .map((r) => (phoneReferences.has(code) ? formatPhone(r.value) : r.value));

const joined = (values: readonly string[]) => (values.length ? values.join(', ') : dash);

/** Buy-side references a customer never sees (the shipments service hides them from customers too). */
const buySide = ['OfferRate', 'MinBuyRate', 'MaxBuyRate'];
/** The broker's own pricing limits: on no document at all. */
const brokerOnly = ['MinBuyRate', 'MaxBuyRate'];

const firstPickOf = (s: ShipmentState) => s.stops.find((x) => x.stopType === 'FirstPick') ?? s.stops[0];
const lastDropOf = (s: ShipmentState) => s.stops.find((x) => x.stopType === 'LastDrop') ?? s.stops.at(-1);

type Address = Pick<
  Stop,
  'companyName' | 'streetAddress' | 'streetAddressTwo' | 'city' | 'state' | 'zipCode' | 'country'
>;

function addressLines(stop: Address | null | undefined, fallbackName?: string): string[] {
  if (!stop) return [dash];
  const street = [stop.streetAddress, stop.streetAddressTwo].filter(Boolean).join(', ');
  const place = [stop.city, stop.state].filter(Boolean).join(', ') + (stop.zipCode ? ` ${stop.zipCode}` : '');
  const lines = [stop.companyName ?? fallbackName, street, place.trim(), stop.country].filter(
    (l): l is string => Boolean(l),
  );
  return lines.length ? lines : [dash];
}

/** A stop's window: its appointment when one is set, else its scheduled ready and close times. */
function windowOf(stop: Stop | undefined): string {
  if (!stop) return dash;
  if (stop.appointmentReadyDateTime) {
    const end = stop.appointmentEndDateTime ? ` to ${formatLocal(stop.appointmentEndDateTime)}` : '';
    return `Appointment ${formatLocal(stop.appointmentReadyDateTime)}${end}`;
  }
  const ready = stop.scheduledReadyDateTime;
  const close = stop.scheduledCloseDateTime;
  if (!ready || !close) return ready || close ? formatLocal(ready ?? close) : dash;
  // the same day: "11/24/2026 08:00 to 16:00"
  const closeText =
    close.slice(0, 10) === ready.slice(0, 10) ? formatLocal(close).slice(11) : formatLocal(close);
  return `${formatLocal(ready)} to ${closeText}`;
}

const stopKind = (stop: Stop) =>
  stop.stopType === 'FirstPick' || stop.stopType === 'Pick'
    ? 'Pickup'
    : stop.stopType === 'Both'
      ? 'Pickup and delivery'
      : 'Delivery';

/** The pickup date a BOL carries: when the freight left, else when it is planned to. */
const pickupDateOf = (s: ShipmentState) => {
  const stop = firstPickOf(s);
  return (
    stop?.actualDepartureDateTime ??
    stop?.actualArrivalDateTime ??
    stop?.appointmentReadyDateTime ??
    stop?.scheduledReadyDateTime ??
    null
  );
};

function modeOf(s: ShipmentState): string {
  return (
    ShipmentType.list(s.shipmentType)
      .map((t) => t.name)
      .join(', ') || dash
  );
}

function proNumbers(s: ShipmentState): string {
  const leg = activeLeg(s);
  return joined(
    s.referenceNumbers
      .filter((r) => (ProNumberReferenceCodes as readonly string[]).includes(r.referenceTypeCode))
      .filter((r) => r.transitLegId === null || r.transitLegId === leg?.transitLegId)
      .map((r) => r.value),
  );
}

function serviceLevelOf(s: ShipmentState): string {
  const level = activeLeg(s)?.serviceLevel;
  return level === null || level === undefined ? dash : (ServiceLevel.nameOf(level) ?? String(level));
}

function referenceRows(s: ShipmentState, exclude: readonly string[]): Field[] {
  return s.referenceNumbers
    .filter((r) => !exclude.includes(r.referenceTypeCode))
    .map((r) => [referenceTypeNameOf(r.referenceTypeCode), r.value]);
}

const commoditiesOf = (s: ShipmentState): readonly Commodity[] =>
  [...(s.commodities ?? [])].sort((a, b) => a.sequence - b.sequence);

/** Hazardous: a hazardous line item, or the hazardous accessorial (46, 002 §3.5) on the shipment. */
export const isHazardous = (s: ShipmentState): boolean =>
  commoditiesOf(s).some((c) => c.hazardous) ||
  (s.accessorials ?? []).some((a) => a.accessorialId === HAZARDOUS_ACCESSORIAL_ID);

/** The basic description of a hazardous material, in its usual order: UN number, name, class, group. */
function hazmatDescription(c: Commodity): string | null {
  if (!c.hazmat) return null;
  const group = c.hazmat.packingGroup ? `PG ${PackingGroup.nameOf(c.hazmat.packingGroup)}` : null;
  return [c.hazmat.unNumber, c.hazmat.properShippingName, c.hazmat.hazardClass, group]
    .filter(Boolean)
    .join(', ');
}

// ---------------------------------------------------------------------------------------------------------
// Blocks used by several documents

function lineItemsBlock(s: ShipmentState, heading: string): Block {
  const weightUnit = weightUnitOf(s);
  const lengthUnit = lengthUnitOf(s);
  const columns = [
    { header: 'Handling units', width: 46, align: 'right' as const },
    { header: 'Type', width: 40 },
    { header: 'Pieces', width: 36, align: 'right' as const },
    { header: 'Package', width: 42 },
    { header: `Weight (${weightUnit})`, width: 50, align: 'right' as const },
    { header: 'HM', width: 22 },
    { header: 'Description', width: 120 },
    { header: 'NMFC', width: 44 },
    { header: 'Class', width: 32 },
    { header: `Dimensions (${lengthUnit})`, width: 62 },
  ];
  const items = commoditiesOf(s);
  if (items.length === 0) {
    // No line items entered (issue 17 adds commodity entry): the shipment's totals as one line.
    return {
      kind: 'table',
      heading,
      columns,
      rows: [
        [
          quantity(s.totalHandlingUnits),
          dash,
          dash,
          dash,
          quantity(s.totalWeight),
          isHazardous(s) ? 'X' : '',
          'Freight as tendered (no line items entered)',
          dash,
          dash,
          dash,
        ],
      ],
    };
  }
  const rows = items.map((c) => {
    const hazmat = hazmatDescription(c);
    const dims =
      c.length !== null || c.width !== null || c.height !== null
        ? [c.length, c.width, c.height].map(quantity).join(' x ')
        : dash;
    return [
      quantity(c.handlingUnits),
      packageName(c.handlingUnitType),
      quantity(c.pieces),
      packageName(c.packageType),
      quantity(c.weight),
      c.hazardous ? 'X' : '',
      [hazmat, c.description].filter(Boolean).join('\n') || dash,
      c.nmfc ?? dash,
      freightClassName(c.freightClass),
      dims,
    ];
  });
  const sum = (pick: (c: Commodity) => number | null) => {
    const given = items.map(pick).filter((n): n is number => n !== null);
    return given.length ? given.reduce((a, b) => a + b, 0) : null;
  };
  const totalWeight = sum((c) => c.weight) ?? s.totalWeight;
  return {
    kind: 'table',
    heading,
    columns,
    rows,
    totals: [
      quantity(sum((c) => c.handlingUnits) ?? s.totalHandlingUnits),
      '',
      quantity(sum((c) => c.pieces)),
      '',
      quantity(totalWeight),
      '',
      'Total',
      '',
      '',
      '',
    ],
  };
}

/** The hazardous materials of the shipment, with the emergency contact, or a warning that details are missing. */
function hazmatBlocks(s: ShipmentState): Block[] {
  if (!isHazardous(s)) return [];
  const detailed = commoditiesOf(s).filter((c) => c.hazardous && c.hazmat);
  const blocks: Block[] = [];
  if (detailed.length) {
    blocks.push({
      kind: 'table',
      heading: 'Hazardous materials',
      columns: [
        { header: 'UN number', width: 50 },
        { header: 'Proper shipping name', width: 120 },
        { header: 'Hazard class', width: 44 },
        { header: 'Packing group', width: 44 },
        { header: 'Quantity', width: 70 },
        { header: 'Emergency contact', width: 110 },
      ],
      rows: detailed.map((c) => {
        const h = c.hazmat!;
        const count = c.handlingUnits ?? c.pieces;
        const unit = packageName(c.handlingUnits !== null ? c.handlingUnitType : c.packageType);
        return [
          h.unNumber,
          h.properShippingName,
          h.hazardClass,
          h.packingGroup ? (PackingGroup.nameOf(h.packingGroup) ?? String(h.packingGroup)) : dash,
          [
            count === null ? null : `${quantity(count)} ${unit === dash ? '' : unit}`.trim(),
            c.weight === null ? null : `${quantity(c.weight)} ${weightUnitOf(s)}`,
          ]
            .filter(Boolean)
            .join(', ') || dash,
          [h.emergencyContactName, h.emergencyContactPhone && formatPhone(h.emergencyContactPhone)]
            .filter(Boolean)
            .join(', ') || dash,
        ];
      }),
    });
  }
  const undetailed = commoditiesOf(s).some((c) => c.hazardous && !c.hazmat) || detailed.length === 0;
  if (undetailed) {
    blocks.push({
      kind: 'text',
      heading: detailed.length ? 'Hazardous materials not yet described' : 'Hazardous materials',
      paragraphs: [
        'This shipment is declared hazardous (accessorial 46). The UN number, proper shipping name, hazard class, packing group and emergency contact of each hazardous item must be entered before pickup.',
      ],
    });
  }
  return blocks;
}

function instructionsBlock(s: ShipmentState): Block {
  const services = (s.accessorials ?? []).map((a) => a.name);
  const paragraphs = [
    ...(s.specialInstructions ? [s.specialInstructions] : []),
    ...(services.length ? [`Special services: ${services.join(', ')}.`] : []),
  ];
  return {
    kind: 'text',
    heading: 'Special instructions',
    paragraphs: paragraphs.length ? paragraphs : ['None.'],
  };
}

// ---------------------------------------------------------------------------------------------------------
// Bill of lading

/** Neutral terms of a straight bill of lading (written for this product; no form's text is copied). */
export const bolTerms: readonly string[] = [
  'Received, subject to the classifications and tariffs in effect on the date of this bill of lading, the property described above, in apparent good order except as noted (the contents and condition of contents of packages unknown), marked, consigned and destined as shown above. The carrier agrees to carry the property to its destination, or to hand it to another carrier on the route to that destination.',
  'This is a straight bill of lading. It is not negotiable: the property is to be delivered to the consignee named above, and to no one else.',
  'The property is carried under the carrier’s tariff and the agreement between the carrier and the broker named above. Freight charges are billed to the party named under Bill to; the carrier does not collect them from the shipper or the consignee.',
  'Unless a value is declared above, the carrier’s liability for loss of or damage to the property is limited as set out in its tariff. Shortages and damage are to be noted on this bill of lading at delivery.',
];

function bolContent(s: ShipmentState, inputs: DocumentInputs): DocumentContent {
  const leg = activeLeg(s);
  const firstPick = firstPickOf(s);
  const lastDrop = lastDropOf(s);
  // The carrier bills the shipment's bill-to; without one, the broker that arranged the load.
  const billTo = s.billTo ? addressLines(s.billTo, inputs.brokerName) : [inputs.brokerName];
  const declared = [...referenceValues(s, 'DeclaredValue'), ...referenceValues(s, 'InsuranceDeclaredValue')];
  const middleStops = s.stops.filter((x) => x !== firstPick && x !== lastDrop);
  const pickupDate = formatDate(pickupDateOf(s));
  return {
    title: 'Straight Bill of Lading',
    subtitle: `Not negotiable · Shipment ${s.shipmentId} · ${ShipmentStatus.nameOf(s.status) ?? s.status}`,
    blocks: [
      {
        kind: 'fields',
        heading: 'Bill of lading',
        columns: 2,
        rows: [
          ['BOL number', String(s.shipmentId)],
          ['Pickup date', pickupDate],
          ['Carrier', leg?.carrierMasterName ?? dash],
          ['SCAC', leg?.scac ?? dash],
          ['Pro number', proNumbers(s)],
          ['Service level', serviceLevelOf(s)],
          ['Mode', modeOf(s)],
          ['Trailer number', joined(referenceValues(s, 'TrailerNumber'))],
          ['Seal number', joined(referenceValues(s, 'SealNumber'))],
          ['Freight charges', 'Third party: billed to the bill-to below'],
        ],
      },
      {
        kind: 'boxes',
        heading: 'Parties',
        boxes: [
          {
            heading: 'Ship from (shipper)',
            lines: [...addressLines(firstPick, inputs.customerName), `Pickup: ${windowOf(firstPick)}`],
          },
          {
            heading: 'Ship to (consignee)',
            lines: [...addressLines(lastDrop), `Delivery: ${windowOf(lastDrop)}`],
          },
          { heading: 'Bill to (freight charges)', lines: billTo },
        ],
      },
      ...(middleStops.length
        ? [
            {
              kind: 'table' as const,
              heading: 'Other stops',
              columns: [
                { header: 'Stop', width: 60 },
                { header: 'Address', width: 220 },
                { header: 'Window', width: 150 },
              ],
              rows: middleStops.map((x) => [stopKind(x), addressLines(x).join(', '), windowOf(x)]),
            },
          ]
        : []),
      {
        kind: 'fields',
        heading: 'Reference numbers',
        columns: 2,
        rows: [
          ['Customer', inputs.customerName],
          ...referenceRows(s, [...buySide, ...ProNumberReferenceCodes, 'TrailerNumber', 'SealNumber']),
        ],
      },
      lineItemsBlock(s, 'Line items'),
      ...hazmatBlocks(s),
      instructionsBlock(s),
      {
        kind: 'fields',
        heading: 'Declared value and COD',
        rows: [
          ['Declared value', declared.length ? declared.join(', ') : 'None declared'],
          [
            'Value note',
            'Where the rate depends on value, the shipper states the agreed or declared value of the property here; the carrier’s liability is then limited to that value.',
          ],
          ['COD amount', '$ ______________'],
          ['COD fee terms', 'Collect [  ]    Prepaid [  ]    Customer check acceptable [  ]'],
          ['COD remit to', '______________________________'],
        ],
      },
      { kind: 'text', heading: 'Terms and conditions', paragraphs: [...bolTerms] },
      {
        kind: 'signatures',
        heading: 'Signatures',
        parties: [
          {
            party: 'Shipper',
            note: 'The shipper certifies that the property described above is properly classified, described, packaged, marked and labeled, and is in proper condition for transportation.',
            lines: [{ label: 'Shipper signature' }, { label: 'Printed name' }, { label: 'Date' }],
          },
          {
            party: 'Carrier',
            note: 'The carrier acknowledges receipt of the packages (and the placards, when hazardous) and that emergency response information was made available.',
            lines: [
              { label: 'Carrier signature' },
              { label: 'Driver printed name' },
              { label: 'Pickup date', value: pickupDate === dash ? undefined : pickupDate },
            ],
            checks: [
              'Trailer loaded: [  ] by shipper  [  ] by driver',
              'Freight counted: [  ] by shipper  [  ] by driver',
            ],
          },
          {
            party: 'Consignee',
            note: 'Received the property described above in good order, except as noted.',
            lines: [
              { label: 'Consignee signature' },
              { label: 'Printed name' },
              { label: 'Delivery date' },
              { label: 'Exceptions' },
            ],
          },
        ],
      },
    ],
    footer: `Arranged by ${inputs.brokerName}. This bill of lading was generated for shipment ${s.shipmentId}.`,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Carrier confirmation (rate confirmation)

/** The carrier's lines: buy amounts paid to the active leg's carrier, on that leg or the whole shipment. */
export function carrierChargeLines(s: ShipmentState, lines: readonly ChargeLine[]): ChargeLine[] {
  const leg = activeLeg(s);
  if (!leg?.carrierMasterId) return [];
  return lines.filter(
    (l) =>
      l.carrierMasterId === leg.carrierMasterId &&
      (l.transitLegId === null || l.transitLegId === leg.transitLegId) &&
      l.buyCents !== 0,
  );
}

/** The customer's lines: sell amounts. */
export const customerChargeLines = (lines: readonly ChargeLine[]): ChargeLine[] =>
  lines.filter((l) => l.sellCents !== 0);

export const rateToBeConfirmed = 'Rate: to be confirmed';

function moneyBlock(
  heading: string,
  lines: readonly ChargeLine[],
  amount: (l: ChargeLine) => number,
  missing: string,
): Block {
  if (lines.length === 0) return { kind: 'text', heading, paragraphs: [missing] };
  return {
    kind: 'table',
    heading,
    columns: [
      { header: 'Charge', width: 380 },
      { header: 'Amount (USD)', width: 120, align: 'right' },
    ],
    rows: lines.map((l) => [l.description, formatCents(amount(l))]),
    totals: ['Total', formatCents(lines.reduce((sum, l) => sum + amount(l), 0))],
  };
}

export const confirmationTerms: readonly string[] = [
  'This confirmation is the load-specific agreement between the broker and the carrier named above, under the broker-carrier agreement between them; where the two differ, the broker-carrier agreement governs.',
  'The rate above is the carrier’s whole compensation for this load. Detention, layover, lumper and other accessorial charges are paid only when the broker authorised them in writing before they were incurred.',
  'The carrier hauls this load on its own equipment with its own drivers: it may not re-broker, assign or interline it. It does not bill the shipper, the consignee or the broker’s customer.',
  'The carrier reports any delay, shortage or damage to the broker at once, and sends its invoice with the signed bill of lading or proof of delivery.',
];

function confirmationContent(
  document: DocumentCode,
  s: ShipmentState,
  inputs: DocumentInputs,
): DocumentContent {
  const leg = activeLeg(s);
  const tonu = document === 'CarrierConfirmationTONU';
  const optional = (codes: readonly string[]): Field[] =>
    codes
      .map((code) => [referenceTypeNameOf(code), referenceValues(s, code).join(', ')] as Field)
      .filter(([, value]) => value !== '');
  const lines = carrierChargeLines(s, inputs.chargeLines);
  return {
    title: GeneratedDocumentType.nameOf(document) ?? document,
    subtitle: `Rate confirmation · Load ${s.shipmentId} · ${ShipmentStatus.nameOf(s.status) ?? s.status}`,
    blocks: [
      {
        kind: 'fields',
        heading: 'Load',
        columns: 2,
        rows: [
          ['Broker', inputs.brokerName],
          ['Load number', String(s.shipmentId)],
          ['Mode', modeOf(s)],
          ['Service level', serviceLevelOf(s)],
          ['Pickup date', formatDate(pickupDateOf(s))],
          ['Transit days', s.transitDays === null ? dash : String(s.transitDays)],
        ],
      },
      {
        kind: 'fields',
        heading: 'Carrier',
        columns: 2,
        rows: [
          ['Carrier', leg?.carrierMasterName ?? dash],
          ['SCAC', leg?.scac ?? dash],
          ['Phone', leg?.carrierPhone ? formatPhone(leg.carrierPhone) : dash],
          ['Pro number', proNumbers(s)],
          ...optional(['CarrierDispatcherName', 'CarrierDispatcherPhoneNumber', 'CarrierDispatcherEmail']),
        ],
      },
      {
        kind: 'fields',
        heading: 'Equipment and driver',
        columns: 2,
        rows: [
          ['Equipment', modeOf(s)],
          ...optional([
            'TruckNumber',
            'TrailerNumber',
            'ContainerNumber',
            'SealNumber',
            'DriverName',
            'DriverCellPhoneNumber',
            'SecondaryDriverName',
            'SecondaryDriverCellPhoneNumber',
            'Temperature',
            'DesiredTemperature',
            'MinimumTemperature',
            'MaximumTemperature',
          ]),
        ],
      },
      moneyBlock(
        tonu ? 'Rate (truck ordered, not used)' : 'Rate',
        lines,
        (l) => l.buyCents,
        rateToBeConfirmed,
      ),
      {
        kind: 'table',
        heading: 'Stops',
        columns: [
          { header: '#', width: 20 },
          { header: 'Stop', width: 60 },
          { header: 'Company and address', width: 220 },
          { header: 'Window', width: 150 },
        ],
        rows: [...s.stops]
          .sort((a, b) => a.sequence - b.sequence)
          .map((x, i) => [String(i + 1), stopKind(x), addressLines(x).join('\n'), windowOf(x)]),
      },
      lineItemsBlock(s, 'Freight'),
      ...hazmatBlocks(s),
      {
        kind: 'fields',
        heading: 'Reference numbers',
        columns: 2,
        rows: referenceRows(s, [...brokerOnly, ...ProNumberReferenceCodes]),
      },
      instructionsBlock(s),
      {
        kind: 'text',
        heading: 'Terms',
        paragraphs: [
          ...(tonu
            ? [
                'Truck ordered, not used: the load was canceled after the carrier was dispatched. The amount above is the carrier’s whole compensation for it.',
              ]
            : []),
          ...confirmationTerms,
        ],
      },
      {
        kind: 'signatures',
        heading: 'Carrier acceptance',
        parties: [
          {
            party: 'Carrier',
            note: 'The carrier accepts this load at the rate and on the terms above.',
            lines: [{ label: 'Carrier signature' }, { label: 'Printed name and title' }, { label: 'Date' }],
          },
          {
            party: 'Broker',
            note: `Confirmed by ${inputs.brokerName}.`,
            lines: [{ label: 'Broker signature' }, { label: 'Printed name' }, { label: 'Date' }],
          },
        ],
      },
    ],
    footer: `${inputs.brokerName} confirms this load with the carrier named above. Please sign and return this confirmation before pickup.`,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Rate quote sheet

function quoteContent(document: DocumentCode, s: ShipmentState, inputs: DocumentInputs): DocumentContent {
  const firstPick = firstPickOf(s);
  const lastDrop = lastDropOf(s);
  return {
    title: GeneratedDocumentType.nameOf(document) ?? document,
    subtitle: `Shipment ${s.shipmentId} · ${ShipmentStatus.nameOf(s.status) ?? s.status}`,
    blocks: [
      {
        kind: 'fields',
        heading: 'Quote',
        columns: 2,
        rows: [
          ['Customer', inputs.customerName],
          ['Shipment', String(s.shipmentId)],
          ['Mode', modeOf(s)],
          ['Service level', serviceLevelOf(s)],
          ['Transit days', s.transitDays === null ? dash : String(s.transitDays)],
          ['Quoted by', inputs.brokerName],
        ],
      },
      {
        kind: 'boxes',
        heading: 'Lane',
        boxes: [
          { heading: 'Origin', lines: [...addressLines(firstPick), `Pickup: ${windowOf(firstPick)}`] },
          { heading: 'Destination', lines: [...addressLines(lastDrop), `Delivery: ${windowOf(lastDrop)}`] },
        ],
      },
      lineItemsBlock(s, 'Freight'),
      instructionsBlock(s),
      { kind: 'fields', heading: 'Reference numbers', columns: 2, rows: referenceRows(s, buySide) },
      moneyBlock(
        'Charges',
        customerChargeLines(inputs.chargeLines),
        (l) => l.sellCents,
        'Charges: to be confirmed',
      ),
    ],
    footer: `Quoted by ${inputs.brokerName}. Charges are confirmed on the invoice; accessorials are billed as incurred.`,
  };
}

export function documentContent(
  document: DocumentCode,
  s: ShipmentState,
  inputs: DocumentInputs,
): DocumentContent {
  if (document === 'BOLEmail') return bolContent(s, inputs);
  if (isCarrierConfirmation(document)) return confirmationContent(document, s, inputs);
  return quoteContent(document, s, inputs);
}
