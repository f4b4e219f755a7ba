// Content templates (001 §3, §7; 002 §3.10; issue 18 item 7; decision 0075): a broker's template of a content
// template type (0 to 355), else the product's default master of that type; the organization custom email
// templates 0 to 9; who may edit them; what a template must hold; and the one placeholder filling every
// template uses ({{name}}), tracking status requests included, with the one table of the placeholders each
// type is filled with. Pure: no I/O.
import {
  ContentTemplateType,
  ContentTemplateTypeRange,
  OrganizationCustomEmailTemplateRange,
  ProNumberReferenceCodes,
  StaffPermission,
} from '@loadline/contracts/catalogue';
import type { ShipmentUpdatedV1 } from '@loadline/contracts/events';
import {
  placeholderNamesIn,
  placeholderPattern,
  TEMPLATE_SUBJECT_MAX_LENGTH,
} from '@loadline/contracts/rules/content-templates';
import type { FieldProblem } from '@loadline/platform/problems';

export const isContentTemplateType = (type: number) =>
  Number.isInteger(type) && type >= ContentTemplateTypeRange.min && type <= ContentTemplateTypeRange.max;
export const isCustomEmailSlot = (slot: number) =>
  Number.isInteger(slot) &&
  slot >= OrganizationCustomEmailTemplateRange.min &&
  slot <= OrganizationCustomEmailTemplateRange.max;

/** The kinds of template a broker keeps, in one table: by content template type, or custom email 0–9. */
export const TemplateKind = { content: 'content', customEmail: 'customEmail' } as const;
export type TemplateKind = (typeof TemplateKind)[keyof typeof TemplateKind];

/** 002 §6.2: TMS Site Admin holds "content templates"; IT Support Admin the full application. */
export function canEditTemplates(permissions: number): boolean {
  return (
    StaffPermission.has(permissions, 'TMSSiteAdmin') || StaffPermission.has(permissions, 'ITSupportAdmin')
  );
}

export interface TemplateText {
  subject: string;
  body: string;
}

/** Ours (the spec quotes none): what a blank field of a template is refused with, one message a field. */
export const TEMPLATE_FIELD_TEXTS = Object.freeze({
  name: "Enter the template's name.",
  subject: 'Enter a subject.',
  body: 'Enter a body.',
});

/**
 * The fields of a template left empty or blank (spaces only), each named once: a template is sent as it is
 * written, and an email without a subject or a body is not one. A broker's template of a type has no name.
 */
export function blankTemplateFields(text: TemplateText & { name?: string }): FieldProblem[] {
  const fields = (text.name === undefined ? ['subject', 'body'] : ['name', 'subject', 'body']) as (
    | 'name'
    | 'subject'
    | 'body'
  )[];
  return fields
    .filter((field) => (text[field] ?? '').trim() === '')
    .map((field) => ({ field, message: TEMPLATE_FIELD_TEXTS[field] }));
}

const T = ContentTemplateType.values;
const signOff = '\n\nThank you,\n{{senderName}}';

/**
 * The product's default masters: what a broker without its own template of the type gets. Only the types
 * the spec names and the product sends have one; the rest are the broker's to write.
 */
export const defaultMasterTemplates: Readonly<Partial<Record<number, TemplateText>>> = Object.freeze({
  [T.DeliveryAlert]: {
    subject: 'Delivered: shipment {{shipmentId}}',
    body: 'Shipment {{shipmentId}} from {{origin}} was delivered to {{destination}}.',
  },
  [T.PickupAlert]: {
    subject: 'Picked up: shipment {{shipmentId}}',
    body: 'Shipment {{shipmentId}} was picked up in {{origin}} and is on its way to {{destination}}.',
  },
  [T.SalesFollowUp]: {
    subject: 'Following up',
    body: `Hello,\n\nI wanted to follow up and see how we can help with your freight.${signOff}`,
  },
  [T.ThankYou]: {
    subject: 'Thank you for shipment {{shipmentId}}',
    body: `Hello,\n\nThank you for shipping {{shipmentId}} ({{origin}} to {{destination}}) with us.${signOff}`,
  },
  [T.TrackingResponse]: {
    subject: 'Status of shipment {{shipmentId}}',
    body: `Hello,\n\nShipment {{shipmentId}} ({{origin}} to {{destination}}) is {{status}}.${signOff}`,
  },
  [T.DocumentRequest]: {
    subject: 'Documents for shipment {{shipmentId}}',
    body:
      'Hello {{carrierName}},\n\nPlease send the signed BOL and proof of delivery for shipment {{shipmentId}} (PRO {{proNumber}}).' +
      signOff,
  },
  [T.ProofOfDeliveryNotice]: {
    subject: 'Proof of delivery: shipment {{shipmentId}}',
    body: `Hello,\n\nThe proof of delivery for shipment {{shipmentId}} ({{destination}}) is attached.${signOff}`,
  },
  [T.TruckloadTrackingStatusUpdate]: {
    subject: 'Tracking status request: shipments {{shipmentIds}}',
    body:
      'Hello {{carrierName}},\n\nPlease reply with the current location (city and state, or ZIP code) of these loads:\n' +
      '{{shipments}}' +
      signOff,
  },
  [T.CarrierCheckCall]: {
    subject: 'Check call: shipment {{shipmentId}}',
    body:
      'Hello {{carrierName}},\n\nWhere is the truck for shipment {{shipmentId}} (PRO {{proNumber}}) now?' +
      signOff,
  },
});

/**
 * The placeholders each filling puts a value in: the one table the filling code's values are typed by
 * (`PlaceholderValues`) and the template answers name to the editor (`placeholdersOf`), so they agree.
 */
export const PlaceholderSets = Object.freeze({
  /** one shipment's values: every type but those below, and the organization custom email templates */
  shipment: [
    'shipmentId',
    'status',
    'origin',
    'destination',
    'pickupDate',
    'deliveryDate',
    'proNumber',
    'referenceNumbers',
    'carrierName',
    'senderName',
    // the tracking request's two, as one load: templates written before the sets were told apart use them
    'shipmentIds',
    'shipments',
  ],
  /** a tracking status request to one carrier about its loads (decision 0072) */
  trackingRequest: ['carrierName', 'shipmentIds', 'shipments', 'senderName'],
} as const);
export type PlaceholderSet = keyof typeof PlaceholderSets;
export type PlaceholderValues<S extends PlaceholderSet> = Record<(typeof PlaceholderSets)[S][number], string>;

/** The types filled otherwise than with one shipment's values (each has a default master). */
const placeholderSetOfType: Readonly<Partial<Record<number, PlaceholderSet>>> = Object.freeze({
  [T.TruckloadTrackingStatusUpdate]: 'trackingRequest',
});

/** The filling a content template type gets. */
export const placeholderSetOf = (type: number): PlaceholderSet => placeholderSetOfType[type] ?? 'shipment';

/** The placeholders a content template type is filled with, as the editor shows them. */
export const placeholdersOf = (type: number): string[] => [...PlaceholderSets[placeholderSetOf(type)]];

/**
 * The placeholders of a template written from nothing: a type with neither a template nor a default master
 * (every type of another filling has a default master), and the organization custom email templates.
 */
export const unwrittenTemplatePlaceholders = (): string[] => [...PlaceholderSets.shipment];

/** Fills `{{name}}` placeholders with the values given; a placeholder without a value is left as written. */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(placeholderPattern(), (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name]! : whole,
  );
}

/** Whether a text holds a `{{name}}` placeholder. */
export const hasPlaceholders = (text: string) => placeholderNamesIn(text).length > 0;

/** A template filled: the subject within its limit. */
export function fillTemplate(template: TemplateText, values: Readonly<Record<string, string>>): TemplateText {
  return {
    subject: fillPlaceholders(template.subject, values).slice(0, TEMPLATE_SUBJECT_MAX_LENGTH),
    body: fillPlaceholders(template.body, values),
  };
}

type ShipmentState = Partial<
  Pick<ShipmentUpdatedV1, 'shipmentId' | 'status' | 'stops' | 'transitLegs' | 'referenceNumbers'>
>;

const place = (stop: ShipmentState['stops'] extends (infer S)[] | undefined ? S | undefined : never) =>
  stop ? [stop.city, [stop.state, stop.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ') : '';

/**
 * The values a template is filled with for one shipment: its id, status, origin and destination (first and
 * last stop), pickup and delivery dates, its last carrier's PRO and name, its reference numbers, the sender.
 */
export function shipmentTemplateValues(
  shipmentId: number,
  state: ShipmentState,
  extra: { statusName: string; carrierName: string | null; senderName: string },
): PlaceholderValues<'shipment'> {
  const stops = [...(state.stops ?? [])].sort((a, b) => a.sequence - b.sequence);
  const legs = [...(state.transitLegs ?? [])].sort((a, b) => a.sequence - b.sequence);
  const leg = legs.filter((l) => l.carrierMasterId).at(-1) ?? legs.at(-1);
  const refs = state.referenceNumbers ?? [];
  const pro = refs.find(
    (r) =>
      (ProNumberReferenceCodes as readonly string[]).includes(r.referenceTypeCode) &&
      (r.transitLegId === null || r.transitLegId === leg?.transitLegId),
  );
  const first = stops[0];
  const last = stops.length > 1 ? stops.at(-1) : undefined;
  const proNumber = pro?.value ?? '';
  return {
    shipmentId: String(shipmentId),
    status: extra.statusName,
    origin: place(first),
    destination: place(last),
    pickupDate: (first?.scheduledReadyDateTime ?? '').slice(0, 10),
    deliveryDate: (last?.scheduledReadyDateTime ?? '').slice(0, 10),
    proNumber,
    carrierName: extra.carrierName ?? '',
    referenceNumbers: refs.map((r) => r.value).join(', '),
    senderName: extra.senderName,
    ...oneLoad(shipmentId, proNumber),
  };
}

/** `shipmentIds` and `shipments` of one load, written as a tracking status request writes its loads. */
const oneLoad = (shipmentId: number, proNumber: string) => {
  const { shipmentIds, shipments } = trackingRequestValues({
    carrierName: '',
    senderName: '',
    shipments: [{ shipmentId, proNumber: proNumber || null }],
  });
  return { shipmentIds, shipments };
};

/** A tracking status request's values: the carrier, the sender, and the loads asked about with their PROs. */
export function trackingRequestValues(values: {
  carrierName: string;
  senderName: string;
  shipments: readonly { shipmentId: number; proNumber: string | null }[];
}): PlaceholderValues<'trackingRequest'> {
  return {
    carrierName: values.carrierName,
    shipmentIds: values.shipments.map((s) => s.shipmentId).join(', '),
    shipments: values.shipments
      .map((s) => `- Shipment ${s.shipmentId}${s.proNumber ? ` (PRO ${s.proNumber})` : ''}`)
      .join('\n'),
    senderName: values.senderName,
  };
}

/**
 * The values a template is filled with for one shipment, by its filling (`placeholderSetOf` of a type;
 * `shipment` for the custom email templates): a tracking status request about that one load, else the
 * shipment's values.
 */
export function templateValuesFor(
  set: PlaceholderSet,
  shipmentId: number,
  state: ShipmentState,
  extra: { statusName: string; carrierName: string | null; senderName: string },
): Readonly<Record<string, string>> {
  const values = shipmentTemplateValues(shipmentId, state, extra);
  switch (set) {
    case 'shipment':
      return values;
    case 'trackingRequest':
      return trackingRequestValues({
        carrierName: values.carrierName,
        senderName: values.senderName,
        shipments: [{ shipmentId, proNumber: values.proNumber || null }],
      });
  }
}
