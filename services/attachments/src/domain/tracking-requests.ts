// Tracking status requests (001 §2, §7; issue 18 item 8; decision 0072): which of the chosen shipments are
// truckload, grouped by carrier, with or without a tracking email; the request's text from the broker's
// template (002 §3.10 type 317); and whether a carrier's reply names a place (city and state, or a ZIP), in
// which case it becomes a check call. Pure: no I/O.
import { ContentTemplateType, ShipmentType, UsState } from '@loadline/contracts/catalogue';
import { isEmailAddress } from '@loadline/contracts/rules/emails';
import { defaultMasterTemplates, fillTemplate, trackingRequestValues } from './content-templates.ts';

export const TRACKING_TEMPLATE_TYPE = ContentTemplateType.values.TruckloadTrackingStatusUpdate;

/** The demo broker's template: the default master of type 317 (its placeholders: `PlaceholderSets.trackingRequest`). */
export const demoTrackingTemplate = defaultMasterTemplates[TRACKING_TEMPLATE_TYPE]!;

export interface TrackingShipment {
  shipmentId: number;
  shipmentType: number;
  /** the active (last) leg's carrier, and its pro number */
  carrierMasterId: string | null;
  proNumber: string | null;
}

export interface CarrierContact {
  carrierMasterId: string;
  carrierName: string | null;
  email: string | null;
}

export interface CarrierGroup {
  carrierMasterId: string;
  carrierName: string;
  email: string;
  shipments: { shipmentId: number; proNumber: string | null }[];
}

export interface TrackingSplit {
  withCarrierEmail: CarrierGroup[];
  withoutCarrierEmail: {
    shipmentId: number;
    carrierMasterId: string | null;
    carrierName: string | null;
    proNumber: string | null;
  }[];
  /** chosen shipments that are not truckload: a tracking status request is for truckload loads */
  notTruckload: number[];
}

export const isTruckload = (shipmentType: number) => ShipmentType.has(shipmentType, 'Truckload');

/** The chosen shipments split as the tracking status request sender shows them (001 §2). */
export function splitForTracking(
  shipments: readonly TrackingShipment[],
  carriers: readonly CarrierContact[],
): TrackingSplit {
  const split: TrackingSplit = { withCarrierEmail: [], withoutCarrierEmail: [], notTruckload: [] };
  for (const s of shipments) {
    if (!isTruckload(s.shipmentType)) {
      split.notTruckload.push(s.shipmentId);
      continue;
    }
    const carrier = carriers.find((c) => c.carrierMasterId === s.carrierMasterId);
    const email = carrier?.email?.trim();
    if (!carrier || !email || !isEmailAddress(email)) {
      split.withoutCarrierEmail.push({
        shipmentId: s.shipmentId,
        carrierMasterId: s.carrierMasterId,
        carrierName: carrier?.carrierName ?? null,
        proNumber: s.proNumber,
      });
      continue;
    }
    let group = split.withCarrierEmail.find((g) => g.carrierMasterId === carrier.carrierMasterId);
    if (!group) {
      group = {
        carrierMasterId: carrier.carrierMasterId,
        carrierName: carrier.carrierName ?? carrier.carrierMasterId,
        email,
        shipments: [],
      };
      split.withCarrierEmail.push(group);
    }
    group.shipments.push({ shipmentId: s.shipmentId, proNumber: s.proNumber });
  }
  return split;
}

/** The template filled for one carrier's request (the one placeholder filling, content-templates.ts). */
export function fillTrackingTemplate(
  template: { subject: string; body: string },
  values: { carrierName: string; senderName: string; shipments: CarrierGroup['shipments'] },
): { subject: string; body: string } {
  return fillTemplate(template, trackingRequestValues(values));
}

export interface NamedPlace {
  text: string;
  city: string | null;
  state: string | null;
  zipCode: string | null;
}

const states = new Set<string>(UsState.codes);

/**
 * The place a carrier's reply names: "Joliet, IL", "Joliet IL", "at 60435", "Dallas, TX 75201". The last
 * one in the text (a reply is written above the quoted request). Undefined when it names none.
 */
export function placeInReply(text: string): NamedPlace | undefined {
  // Only the reply's own words: the quoted request below it ("> ...", "On ... wrote:") is not the carrier's.
  const own = text
    .split(/\r?\n/)
    .filter((line) => !line.trimStart().startsWith('>'))
    .join('\n')
    .split(/\nOn .{1,200} wrote:\s*\n/)[0]!;
  const cityState =
    /\b([A-Z][A-Za-z.'-]+(?: [A-Z][A-Za-z.'-]+){0,3}),? ([A-Z]{2})\b(?:,? (\d{5})(?:-\d{4})?)?/g;
  let found: NamedPlace | undefined;
  for (const m of own.matchAll(cityState)) {
    if (!states.has(m[2]!)) continue;
    // "Shipment 10001 is in Joliet, IL": take the last capitalised words before the state.
    const words = m[1]!.split(' ').filter((w) => !/^(In|At|Near|Is|The|We|Are|Our|Truck|Driver)$/.test(w));
    if (words.length === 0) continue;
    found = { text: m[0], city: words.join(' '), state: m[2]!, zipCode: m[3] ?? null };
  }
  if (found) return found;
  const zips = [...own.matchAll(/\b(?:zip(?: code)?:?\s*|at\s+|in\s+)?(\d{5})(?:-\d{4})?\b/gi)].filter(
    // A shipment number is five digits too: a ZIP is named as one ("zip", "at", "in").
    (m) => /^(zip|at|in)/i.test(m[0]),
  );
  const zip = zips.at(-1);
  return zip ? { text: zip[0].trim(), city: null, state: null, zipCode: zip[1]! } : undefined;
}
