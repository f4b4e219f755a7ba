// Suggestions and external documents (001 §7, §8; issue 18 item 9; decision 0076): what an email is (its
// automation type) and which shipment it concerns; the mail read from a staff member's mailbox; and the files
// that came with unmatched mail, which staff attach to a shipment of their broker.
import { messages as texts } from '@loadline/contracts/catalogue';
import { fieldError, forbidden, type Identity, notFound } from '@loadline/platform';
import { suggestShipment, suggestType } from '../domain/email-suggestion.ts';
import { messageTokens, namedShipment, productMessageIds, shipmentIdTokens } from '../domain/inbound-mail.ts';
import type { AttachmentsDeps } from '../service.ts';
import {
  dropFile,
  emailsOfMailbox,
  externalDocumentsOf,
  findInbound,
  keptFile,
  lastFiledFrom,
  sentByBroker,
  shipmentCandidates,
  shipmentOfBroker,
  staffOfBroker,
  updateInbound,
} from '../store/inbound-mail.ts';
import { trackingRequestsNamed } from '../store/tracking-requests.ts';
import { storeFiles } from './read-mail.ts';

function requireStaffCaller(caller: Identity): void {
  if (caller.kind !== 'staff') throw forbidden('Only broker staff work with the mail read from mailboxes.');
}

export interface EmailIn {
  subject?: string | undefined;
  body?: string | undefined;
  fromAddress?: string | undefined;
  inReplyTo?: string | undefined;
  references?: string[] | undefined;
  attachmentCount?: number | undefined;
}

/**
 * POST /api/emailai/getsuggestion: the type by suggestType's rules; the shipment as the mailbox reader finds
 * it (the first word of subject, then body, that is a shipment id, pro or reference number of the broker's),
 * else, for a reply to a tracking status request about one shipment, that one, else the shipment of the last
 * mail filed from the same sender (suggestShipment's rules).
 */
export async function suggestForEmail(deps: AttachmentsDeps, caller: Identity, email: EmailIn) {
  requireStaffCaller(caller);
  const subject = email.subject ?? '';
  const body = email.body ?? '';
  if (!subject.trim() && !body.trim()) throw fieldError('body', "Give the email's subject or body.");
  const db = deps.runtime.db;
  const replyTo = productMessageIds(email.inReplyTo ?? null, email.references ?? []);
  const isReply = await sentByBroker(db, caller.brokerId, replyTo);
  const type = suggestType({
    subject,
    body,
    fromAddress: email.fromAddress ?? '',
    fileCount: email.attachmentCount ?? 0,
    isReply,
  });
  const tokens = messageTokens(subject, body);
  const candidates = await shipmentCandidates(db, caller.brokerId, shipmentIdTokens(tokens), tokens);
  const named = namedShipment(tokens, candidates) ?? null;
  const askedAbout =
    named === null && isReply ? await trackingRequestsNamed(db, caller.brokerId, replyTo) : [];
  const fromAddress = email.fromAddress ?? '';
  const lastFiledFromSender =
    named === null && askedAbout.length !== 1
      ? ((await lastFiledFrom(db, caller.brokerId, fromAddress)) ?? null)
      : null;
  const { shipmentId, shipmentReason } = suggestShipment(fromAddress, {
    named,
    askedAbout,
    lastFiledFromSender,
  });
  return { ...type, shipmentId, shipmentReason };
}

/**
 * GET /api/staff/emails/{id}: the mail read from a staff member's mailbox, newest first, for any staff of the
 * same broker (it is the broker's correspondence: filed mail is in the activity log, unmatched mail in the
 * broker's list); a user who is not staff of the caller's broker is not found.
 */
export async function staffEmails(deps: AttachmentsDeps, caller: Identity, staffId: string, limit: number) {
  requireStaffCaller(caller);
  const staff = await staffOfBroker(deps.runtime.db, caller.brokerId, staffId);
  if (!staff) throw notFound(texts.email.userEmailsLoadFailed);
  return emailsOfMailbox(deps.runtime.db, caller.brokerId, staffId, limit);
}

/** An external document's id: its email's id and its place among the email's files. */
export const externalDocumentId = (inboundId: string, ordinal: number) => `${inboundId}.${ordinal}`;

function parseExternalDocumentId(id: string): { inboundId: string; ordinal: number } | undefined {
  const m = /^(eml_[0-9a-z]{1,40})\.(\d{1,4})$/.exec(id);
  return m ? { inboundId: m[1]!, ordinal: Number(m[2]) } : undefined;
}

/** GET /api/externaldocumentlist: the files that came with the broker's unmatched mail. */
export async function externalDocuments(deps: AttachmentsDeps, caller: Identity, limit: number) {
  requireStaffCaller(caller);
  return externalDocumentsOf(deps.runtime.db, caller.brokerId, limit);
}

/**
 * PUT /api/addexternaldocumenttoshipment/{documentId}/{shipmentId}: the file becomes a Private attachment of
 * the shipment (uploaded by "email", the sender's name) and leaves the list; its email stays unmatched. Another
 * broker's document or shipment, or one already attached, is not found and nothing changes.
 */
export async function addExternalDocument(
  deps: AttachmentsDeps,
  caller: Identity,
  documentId: string,
  shipmentId: number,
) {
  requireStaffCaller(caller);
  const ref = parseExternalDocumentId(documentId);
  const missing = () => notFound(`Document ${documentId} was not found.`);
  if (!ref) throw missing();
  return deps.runtime.db.transaction().execute(async (trx) => {
    const email = await findInbound(trx, ref.inboundId, true);
    if (!email || email.brokerId !== caller.brokerId || email.status !== 'Unmatched') throw missing();
    const file = await keptFile(trx, ref.inboundId, ref.ordinal);
    if (!file) throw missing();
    const shipment = await shipmentOfBroker(trx, caller.brokerId, shipmentId);
    if (!shipment) throw notFound(`Shipment ${shipmentId} was not found.`);
    const [attachmentId] = await storeFiles(
      deps,
      trx,
      ref.inboundId,
      { shipmentId, customerOrganizationId: shipment.customer_organization_id },
      caller.brokerId,
      email.fromName || email.fromAddress,
      [
        {
          fileName: file.file_name,
          contentType: file.content_type,
          bytes: file.bytes,
          ordinal: file.ordinal,
        },
      ],
    );
    await dropFile(trx, ref.inboundId, ref.ordinal);
    await updateInbound(trx, ref.inboundId, { attachment_ids: [...email.attachmentIds, attachmentId!] });
    return { documentId, attachmentId: attachmentId!, shipmentId, fileName: file.file_name };
  });
}
