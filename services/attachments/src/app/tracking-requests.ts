// Tracking status requests (001 §2, §7; issue 18 item 8; decision 0072): the chosen shipments split into
// truckload loads whose carrier has a tracking email and those without; the broker's template; one request
// per carrier, sent by the document sender's pipeline (the same outgoing message, statuses and retries).
// A carrier's reply is read back by the mailbox reader (read-mail.ts).
import { MailSendStatus, ProNumberReferenceCodes, messages as texts } from '@loadline/contracts/catalogue';
import type { ShipmentUpdatedV1 } from '@loadline/contracts/events';
import { isEmailAddress } from '@loadline/contracts/rules/emails';
import { TRACKING_REQUEST_MAX_SHIPMENTS } from '@loadline/contracts/rules/tracking';
import { fieldError, forbidden, type Identity, newId, notFound } from '@loadline/platform';
import {
  type CarrierGroup,
  fillTrackingTemplate,
  splitForTracking,
  TRACKING_TEMPLATE_TYPE,
  type TrackingShipment,
  type TrackingSplit,
} from '../domain/tracking-requests.ts';
import type { AttachmentsDeps } from '../service.ts';
import { insertMessage, toApi } from '../store/messages.ts';
import { carrierContacts, findTemplate, shipmentsOfBroker } from '../store/tracking-requests.ts';
import { enqueueSend } from './queues.ts';

const CONTACT_EMAIL = 0;

function requireStaffCaller(caller: Identity): void {
  if (caller.kind !== 'staff') throw forbidden('Only broker staff send tracking status requests.');
}

/** A shipment as the request needs it: its type, its last leg's carrier and that leg's pro number. */
function trackingShipment(shipmentId: number, shipmentType: number, state: unknown): TrackingShipment {
  const s = state as Pick<ShipmentUpdatedV1, 'transitLegs' | 'referenceNumbers'>;
  const legs = [...(s.transitLegs ?? [])].sort((a, b) => a.sequence - b.sequence);
  const leg = legs.filter((l) => l.carrierMasterId).at(-1) ?? legs.at(-1);
  const pro = (s.referenceNumbers ?? []).find(
    (r) =>
      (ProNumberReferenceCodes as readonly string[]).includes(r.referenceTypeCode) &&
      (r.transitLegId === null || r.transitLegId === leg?.transitLegId),
  );
  return {
    shipmentId,
    shipmentType,
    carrierMasterId: leg?.carrierMasterId ?? null,
    proNumber: pro?.value ?? null,
  };
}

/** The caller's broker's shipments among the ids, each id once; another broker's or a missing one is a 400. */
async function chosenShipments(deps: AttachmentsDeps, caller: Identity, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw fieldError('shipmentIds', 'Choose at least one shipment.');
  if (unique.length > TRACKING_REQUEST_MAX_SHIPMENTS)
    throw fieldError('shipmentIds', `Choose at most ${TRACKING_REQUEST_MAX_SHIPMENTS} shipments.`);
  const rows = await shipmentsOfBroker(deps.runtime.db, caller.brokerId, unique);
  const missing = unique.filter((id) => !rows.some((r) => r.shipment_id === id));
  if (missing.length > 0)
    throw fieldError(
      'shipmentIds',
      `${missing.length === 1 ? 'Shipment' : 'Shipments'} ${missing.slice(0, 20).join(', ')} ${missing.length === 1 ? 'was' : 'were'} not found.`,
    );
  return unique.map((id) => {
    const r = rows.find((row) => row.shipment_id === id)!;
    return trackingShipment(id, r.shipment_type, r.state);
  });
}

/** POST /api/truckloadTrackingStatusRequest: the split the sender shows (001 §7). */
export async function trackingStatusRequest(
  deps: AttachmentsDeps,
  caller: Identity,
  shipmentIds: readonly number[],
): Promise<TrackingSplit> {
  requireStaffCaller(caller);
  const shipments = await chosenShipments(deps, caller, shipmentIds);
  const carrierIds = [...new Set(shipments.map((s) => s.carrierMasterId).filter((c): c is string => !!c))];
  return splitForTracking(shipments, await carrierContacts(deps.runtime.db, caller.brokerId, carrierIds));
}

/** GET /api/contentTemplates/emailTruckloadShipmentTrackingStatusUpdate: the broker's template, or 404. */
export async function trackingTemplate(deps: AttachmentsDeps, caller: Identity) {
  requireStaffCaller(caller);
  const template = await findTemplate(deps.runtime.db, caller.brokerId, TRACKING_TEMPLATE_TYPE);
  if (!template) throw notFound(texts.email.trackingStatusTemplateMissing);
  return { contentTemplateType: TRACKING_TEMPLATE_TYPE, subject: template.subject, body: template.body };
}

export interface TrackingEmailIn {
  email: string;
  shipmentIds: number[];
  subject?: string | undefined;
  body?: string | undefined;
}

/**
 * POST /api/shipmentmanagement/emailTrackingStatusRequest: one request per carrier (001 §7 "body: emails"),
 * each an outgoing email of the document sender, naming the shipments it asks about so a reply finds them.
 * Every shipment is the caller's broker's truckload load; the template fills what the sender left out, and
 * the placeholders of either are filled per carrier.
 */
export async function emailTrackingStatusRequests(
  deps: AttachmentsDeps,
  caller: Identity,
  emails: readonly TrackingEmailIn[],
) {
  requireStaffCaller(caller);
  if (emails.length === 0) throw fieldError('emails', 'Choose at least one carrier to send to.');
  if (!isEmailAddress(caller.email))
    throw fieldError('senderId', 'Your user has no email address: add one before sending documents.');
  const template = await findTemplate(deps.runtime.db, caller.brokerId, TRACKING_TEMPLATE_TYPE);
  const plans: { to: string; group: CarrierGroup; subject: string; body: string }[] = [];
  for (const [i, e] of emails.entries()) {
    if (!isEmailAddress(e.email))
      throw fieldError(`emails[${i}].email`, `${e.email} is not an email address.`);
    const shipments = await chosenShipments(deps, caller, e.shipmentIds);
    const split = await trackingStatusRequest(deps, caller, e.shipmentIds);
    if (split.notTruckload.length > 0)
      throw fieldError(
        `emails[${i}].shipmentIds`,
        `Shipment ${split.notTruckload[0]} is not a truckload shipment: tracking status requests are for truckload loads.`,
      );
    const carrierName =
      split.withCarrierEmail[0]?.carrierName ?? split.withoutCarrierEmail[0]?.carrierName ?? 'carrier';
    const group: CarrierGroup = {
      carrierMasterId: shipments[0]!.carrierMasterId ?? '',
      carrierName,
      email: e.email,
      shipments: shipments.map((s) => ({ shipmentId: s.shipmentId, proNumber: s.proNumber })),
    };
    // What the sender wrote, else the template's; either way its placeholders are filled for this carrier
    // (the sender's screen shows the template once for every carrier).
    const subjectText = e.subject?.trim() || template?.subject;
    const bodyText = e.body?.trim() || template?.body;
    if (!subjectText || !bodyText) throw notFound(texts.email.trackingStatusTemplateMissing);
    const { subject, body } = fillTrackingTemplate(
      { subject: subjectText, body: bodyText },
      { carrierName, senderName: caller.displayName, shipments: group.shipments },
    );
    plans.push({ to: e.email.trim(), group, subject, body });
  }
  const sent = [];
  for (const plan of plans) {
    const row = await insertMessage(deps.runtime.db, {
      messageId: newId('msg'),
      brokerId: caller.brokerId,
      messageType: CONTACT_EMAIL,
      shipmentId: plan.group.shipments[0]!.shipmentId,
      organizationId: null,
      sender: { userId: caller.userId, name: caller.displayName, email: caller.email },
      recipients: [plan.to],
      cc: [],
      bcc: [],
      subject: plan.subject,
      body: plan.body,
      attachmentIds: [],
      documents: [],
      markInvoiceDelivered: false,
      privateActivityLog: true,
      status: MailSendStatus.values.ReadyToSend,
      trackingShipmentIds: plan.group.shipments.map((s) => s.shipmentId),
    });
    // Queued after the commit; a lost enqueue is found by the purge job and queued again.
    await enqueueSend(deps, row.message_id);
    sent.push({ ...toApi(row), shipmentIds: plan.group.shipments.map((s) => s.shipmentId) });
  }
  return sent;
}
