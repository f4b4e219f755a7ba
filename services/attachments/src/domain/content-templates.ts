// Content templates (001 §3, §7; 002 §3.10; issue 18 item 7; decision 0075): a broker's template of a content
// template type (0 to 355), else the product's default master of that type; the organization custom email
// templates 0 to 9; who may edit them; and the one placeholder filling every template uses ({{name}}),
// tracking status requests included. Pure: no I/O.
import {
  ContentTemplateType,
  ContentTemplateTypeRange,
  OrganizationCustomEmailTemplateRange,
  ProNumberReferenceCodes,
  StaffPermission,
} from '@loadline/contracts/catalogue';
import type { ShipmentUpdatedV1 } from '@loadline/contracts/events';
import { TEMPLATE_SUBJECT_MAX_LENGTH } from '@loadline/contracts/rules/content-templates';

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

/** Fills `{{name}}` placeholders with the values given; a placeholder without a value is left as written. */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{\s*([A-Za-z][A-Za-z0-9]{0,40})\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name]! : whole,
  );
}

/** Whether a text holds a `{{name}}` placeholder. */
export const hasPlaceholders = (text: string) => /\{\{\s*[A-Za-z][A-Za-z0-9]{0,40}\s*\}\}/.test(text);

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
): Record<string, string> {
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
    shipmentIds: String(shipmentId),
    shipments: `- Shipment ${shipmentId}${proNumber ? ` (PRO ${proNumber})` : ''}`,
    status: extra.statusName,
    origin: place(first),
    destination: place(last),
    pickupDate: (first?.scheduledReadyDateTime ?? '').slice(0, 10),
    deliveryDate: (last?.scheduledReadyDateTime ?? '').slice(0, 10),
    proNumber,
    carrierName: extra.carrierName ?? '',
    referenceNumbers: refs.map((r) => r.value).join(', '),
    senderName: extra.senderName,
  };
}
