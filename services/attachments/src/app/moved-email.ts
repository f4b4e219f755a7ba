// An email's activity entry moved to another shipment (the activity log's reassignment modal, decision 0039):
// the email's files, stored as its first shipment's attachments when it was read, and its record (which the
// suggestions' sender rule reads, decision 0076) follow it, in the transaction that marks the event handled.
import type { ShipmentActivityChangedV1 } from '@loadline/contracts/events';
import type { Kysely } from '@loadline/platform';
import { isEmailMove } from '../domain/inbound-mail.ts';
import type { AttachmentsDeps } from '../service.ts';
import { moveToShipment } from '../store/attachments.ts';
import { findInboundToMove, moveInbound } from '../store/inbound-mail.ts';
import type { AttachmentsTables } from '../store/tables.ts';
import { findShipment } from '../store/views.ts';

/** Who the files' attachment.changed events name: the move came from the activity log. */
const movedWithEmail = { userId: 'activity', name: 'Moved with its email' };

export type EmailMove = 'moved' | 'unchanged' | 'refused';

export async function emailActivityChanged(
  deps: AttachmentsDeps,
  trx: Kysely<AttachmentsTables>,
  entry: ShipmentActivityChangedV1,
  occurredAt: Date,
): Promise<EmailMove> {
  const detailId = entry.emailAutomationDetailId;
  if (!isEmailMove(entry) || !detailId) return 'unchanged';
  const email = await findInboundToMove(trx, detailId);
  // An email filed by hand (POST /api/emailautomationlog) was never read here: nothing of it to move.
  if (!email || email.status !== 'Filed') return 'unchanged';
  // Only the broker's own email moves, and only to the broker's own shipment. The activity service refuses
  // any other move before it publishes; an event that says otherwise is logged and changes nothing.
  const target = await findShipment(trx, entry.shipmentId);
  // Not known here yet (its shipment.updated still on its way): fail, so the event comes again.
  if (!target) throw new Error(`shipment ${entry.shipmentId} is not known yet; the email's move waits`);
  if (email.broker_id !== entry.brokerId || target.brokerId !== email.broker_id) {
    deps.runtime.logger.warn(
      { emailAutomationDetailId: detailId, shipmentId: entry.shipmentId, brokerId: entry.brokerId },
      "an email's activity moved to a shipment outside its broker: its files stay",
    );
    return 'refused';
  }
  // Moves may arrive out of order (a retried one after a later one): the entry's newest version wins.
  if (entry.version <= email.activity_version) return 'unchanged';
  await moveToShipment(
    deps.runtime,
    trx,
    email.broker_id,
    email.attachment_ids,
    { shipmentId: entry.shipmentId, customerOrganizationId: target.customerOrganizationId },
    movedWithEmail,
  );
  await moveInbound(trx, detailId, entry.shipmentId, entry.version, occurredAt);
  return 'moved';
}
