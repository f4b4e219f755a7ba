// SQL for the document sender's outgoing messages and their mail send status (002 §3.8).
import { MailSendStatus } from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import { type Kysely, type ServiceRuntime, sql } from '@loadline/platform';
import type { Selectable } from 'kysely';
import type { AttachmentsTables, GeneratedFile } from './tables.ts';

type Db = Kysely<AttachmentsTables>;
export type MessageRow = Selectable<AttachmentsTables['outgoing_message']>;

export interface NewMessage {
  messageId: string;
  brokerId: string;
  messageType: number;
  shipmentId: number | null;
  organizationId: string | null;
  sender: { userId: string; name: string; email: string };
  recipients: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  body: string;
  attachmentIds: string[];
  documents: string[];
  markInvoiceDelivered: boolean;
  privateActivityLog: boolean;
  status: number;
  /** a tracking status request: the shipments it asks about (decision 0072) */
  trackingShipmentIds?: number[];
}

export async function insertMessage(db: Db, m: NewMessage): Promise<MessageRow> {
  return await db
    .insertInto('outgoing_message')
    .values({
      message_id: m.messageId,
      broker_id: m.brokerId,
      message_type: m.messageType,
      shipment_id: m.shipmentId,
      organization_id: m.organizationId,
      sender_user_id: m.sender.userId,
      sender_name: m.sender.name,
      sender_email: m.sender.email,
      recipients: m.recipients,
      cc: m.cc,
      bcc: m.bcc,
      subject: m.subject,
      body: m.body,
      attachment_ids: m.attachmentIds,
      documents: m.documents,
      mark_invoice_delivered: m.markInvoiceDelivered,
      private_activity_log: m.privateActivityLog,
      status: m.status,
      last_error: null,
      provider_message_id: null,
      sent_at: null,
      ...(m.trackingShipmentIds ? { tracking_shipment_ids: m.trackingShipmentIds } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findMessage(
  db: Db,
  messageId: string,
  forUpdate = false,
): Promise<MessageRow | undefined> {
  let q = db.selectFrom('outgoing_message').selectAll().where('message_id', '=', messageId);
  if (forUpdate) q = q.forUpdate();
  return await q.executeTakeFirst();
}

export async function messagesOfShipment(
  db: Db,
  brokerId: string,
  shipmentId: number,
  senderUserId?: string,
): Promise<MessageRow[]> {
  let q = db
    .selectFrom('outgoing_message')
    .selectAll()
    .where('broker_id', '=', brokerId)
    .where('shipment_id', '=', shipmentId);
  if (senderUserId) q = q.where('sender_user_id', '=', senderUserId);
  return await q.orderBy('created_at', 'desc').limit(200).execute();
}

export async function updateMessage(
  db: Db,
  messageId: string,
  change: {
    status: number;
    attempts?: number;
    lastError?: string | null;
    providerMessageId?: string;
    frontConversationId?: string | null;
    generated?: GeneratedFile[];
    sent?: boolean;
  },
): Promise<MessageRow> {
  return await db
    .updateTable('outgoing_message')
    .set({
      status: change.status,
      updated_at: sql`now()`,
      ...(change.attempts !== undefined ? { attempts: change.attempts } : {}),
      ...(change.lastError !== undefined ? { last_error: change.lastError } : {}),
      ...(change.providerMessageId !== undefined ? { provider_message_id: change.providerMessageId } : {}),
      ...(change.frontConversationId ? { front_conversation_id: change.frontConversationId } : {}),
      ...(change.generated !== undefined ? { generated: JSON.stringify(change.generated) as never } : {}),
      ...(change.sent ? { sent_at: sql`now()` } : {}),
    })
    .where('message_id', '=', messageId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Announces a message's final status (for the activity log and accounting's invoice delivery). */
export async function announceFinished(
  runtime: ServiceRuntime<AttachmentsTables>,
  trx: Db,
  m: MessageRow,
): Promise<void> {
  await runtime.appendEvent(trx, subjects.messageFinished, {
    messageId: m.message_id,
    brokerId: m.broker_id,
    messageType: m.message_type as 0 | 1,
    shipmentId: m.shipment_id === null ? null : Number(m.shipment_id),
    organizationId: m.organization_id,
    status: m.status as never,
    recipients: m.recipients,
    subject: m.subject.slice(0, 500),
    documents: m.documents,
    attachmentIds: m.attachment_ids,
    markInvoiceDelivered: m.mark_invoice_delivered,
    privateActivityLog: m.private_activity_log,
    sentBy: { userId: m.sender_user_id, name: m.sender_name },
    finishedDate: new Date().toISOString(),
  });
}

/** Messages left in flight longer than `before` (their job was lost): the purge job queues them again. */
export async function stuckMessages(db: Db, statuses: readonly number[], before: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('outgoing_message')
    .select('message_id')
    .where('status', 'in', [...statuses])
    .where('updated_at', '<', before)
    .limit(500)
    .execute();
  return rows.map((r) => r.message_id);
}

export function toApi(m: MessageRow) {
  return {
    messageId: m.message_id,
    messageType: m.message_type,
    shipmentId: m.shipment_id === null ? null : Number(m.shipment_id),
    organizationId: m.organization_id,
    recipients: m.recipients,
    cc: m.cc,
    bcc: m.bcc,
    subject: m.subject,
    documents: m.documents,
    attachmentIds: m.attachment_ids,
    status: m.status as never,
    statusName: MailSendStatus.nameOf(m.status) ?? String(m.status),
    attempts: m.attempts,
    lastError: m.last_error,
    sentBy: m.sender_name,
    createdDate: m.created_at.toISOString(),
    sentDate: m.sent_at ? m.sent_at.toISOString() : null,
  };
}
