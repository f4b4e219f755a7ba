// Mail read from a staff mailbox that named no shipment (decision 0071): the broker's staff see the list,
// assign a message to a shipment (its kept files then become the shipment's attachments and the activity
// service files it) or dismiss it.
import { fieldError, forbidden, type Identity, notFound } from '@loadline/platform';
import type { InboundEmail } from '../domain/inbound-mail.ts';
import type { AttachmentsDeps } from '../service.ts';
import {
  dropFiles,
  findInbound,
  keptFiles,
  shipmentOfBroker,
  unmatchedOf,
  updateInbound,
} from '../store/inbound-mail.ts';
import { fileOnShipment } from './read-mail.ts';

function requireStaffCaller(caller: Identity): void {
  if (caller.kind !== 'staff') throw forbidden('Only broker staff see the mail read from mailboxes.');
}

export async function unmatchedEmails(deps: AttachmentsDeps, caller: Identity, limit: number) {
  requireStaffCaller(caller);
  return unmatchedOf(deps.runtime.db, caller.brokerId, limit);
}

async function unmatchedOfCaller(
  trx: Parameters<typeof findInbound>[0],
  caller: Identity,
  inboundId: string,
): Promise<InboundEmail> {
  const row = await findInbound(trx, inboundId, true);
  // Another broker's message is as unknown as a missing one.
  if (!row || row.brokerId !== caller.brokerId) throw notFound(`Email ${inboundId} was not found.`);
  if (row.status !== 'Unmatched')
    throw fieldError('emailAutomationDetailId', `Email ${inboundId} is no longer waiting (${row.status}).`);
  return row;
}

export async function assignEmail(
  deps: AttachmentsDeps,
  caller: Identity,
  inboundId: string,
  shipmentId: number,
): Promise<InboundEmail> {
  requireStaffCaller(caller);
  return deps.runtime.db.transaction().execute(async (trx) => {
    const row = await unmatchedOfCaller(trx, caller, inboundId);
    const shipment = await shipmentOfBroker(trx, caller.brokerId, shipmentId);
    if (!shipment) throw fieldError('shipmentId', `Shipment ${shipmentId} was not found.`);
    const files = await keptFiles(trx, inboundId);
    await fileOnShipment(
      deps,
      trx,
      {
        inboundId,
        brokerId: row.brokerId,
        mailboxUserId: row.mailboxUserId,
        type: row.automationType,
        fromName: row.fromName,
        fromAddress: row.fromAddress,
        subject: row.subject,
        body: row.body,
        date: row.receivedAt,
        inReplyTo: row.inReplyTo,
      },
      { shipmentId, customerOrganizationId: shipment.customer_organization_id },
      files.map((f) => ({
        fileName: f.file_name,
        contentType: f.content_type,
        bytes: f.bytes,
        ordinal: f.ordinal,
      })),
    );
    await dropFiles(trx, inboundId);
    await updateInbound(trx, inboundId, { decided_by: caller.displayName, decided_at: new Date() });
    return (await findInbound(trx, inboundId))!;
  });
}

export async function dismissInboundEmail(
  deps: AttachmentsDeps,
  caller: Identity,
  inboundId: string,
): Promise<InboundEmail> {
  requireStaffCaller(caller);
  return deps.runtime.db.transaction().execute(async (trx) => {
    await unmatchedOfCaller(trx, caller, inboundId);
    await dropFiles(trx, inboundId);
    await updateInbound(trx, inboundId, {
      status: 'Dismissed',
      decided_by: caller.displayName,
      decided_at: new Date(),
    });
    return (await findInbound(trx, inboundId))!;
  });
}
