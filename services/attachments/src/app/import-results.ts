// The result of a shipment import (shipments' import.finished, issue 17, decision 0096) emailed to the
// importer through the document sender's own outgoing messages: a summary, with the rows the import left
// out attached as CSV. One message per import (its id is the import's), sent by the send job like any other.
import { BulkProcessType, MailSendStatus } from '@loadline/contracts/catalogue';
import type { ShipmentImportFinishedV1 } from '@loadline/contracts/events';
import type { Kysely } from '@loadline/platform';
import { discard, stageBuffer } from '../adapters/storage/staging.ts';
import { CONTACT_EMAIL } from '../domain/recipients.ts';
import type { AttachmentsDeps } from '../service.ts';
import { insertBlob, lockBlob } from '../store/attachments.ts';
import { findMessage, insertMessage, updateMessage } from '../store/messages.ts';
import type { AttachmentsTables } from '../store/tables.ts';

/** The generated-file code of the rejected rows (ours: 002 §3.10 has no document for it). */
export const REJECTED_ROWS_DOCUMENT = 'ImportRejectedRows';
export const importResultMessageId = (bulkProcessId: number) => `msg_import_${bulkProcessId}`;

export function importResultText(r: ShipmentImportFinishedV1): { subject: string; body: string } {
  const type = BulkProcessType.nameOf(r.processType) ?? 'Shipment Import';
  const subject = `${type} ${r.fileName}: ${r.importedRows} of ${r.totalRows} shipments imported`;
  const body = [
    `Hello ${r.requestedBy.name},`,
    '',
    `The ${type.toLowerCase()} of ${r.fileName} finished.`,
    `Rows in the file: ${r.totalRows}`,
    `Shipments imported: ${r.importedRows}`,
    `Rows left out: ${r.rejectedRows}`,
    r.rejectedRows > 0
      ? 'The rows left out are attached as CSV, each with its row number, column and the reason. Correct them and import them again.'
      : 'Every row was imported.',
  ].join('\n');
  return { subject, body };
}

/** Records the result email (once per import) in the consumer's transaction; the send is queued after it. */
export async function recordImportResult(
  deps: AttachmentsDeps,
  trx: Kysely<AttachmentsTables>,
  r: ShipmentImportFinishedV1,
): Promise<void> {
  const messageId = importResultMessageId(r.bulkProcessId);
  if (await findMessage(trx, messageId)) return;
  const { subject, body } = importResultText(r);
  await insertMessage(trx, {
    messageId,
    brokerId: r.brokerId,
    messageType: CONTACT_EMAIL,
    shipmentId: null,
    organizationId: null,
    sender: { userId: r.requestedBy.userId, name: r.requestedBy.name, email: r.recipient },
    recipients: [r.recipient],
    cc: [],
    bcc: [],
    subject,
    body,
    attachmentIds: [],
    documents: [],
    markInvoiceDelivered: false,
    privateActivityLog: true,
    status: MailSendStatus.values.ReadyToSend,
  });
  if (r.rejectedRows === 0) return;
  const staged = await stageBuffer(
    Buffer.from(`\uFEFF${r.rejectedRowsCsv}`, 'utf8'),
    deps.adapters.store.stagingDir,
  );
  try {
    await lockBlob(trx, staged.sha256);
    await deps.adapters.store.put(staged, 'text/csv');
    await insertBlob(trx, staged.sha256, staged.sizeBytes, 'text/csv');
    await updateMessage(trx, messageId, {
      status: MailSendStatus.values.ReadyToSend,
      generated: [
        {
          document: REJECTED_ROWS_DOCUMENT,
          fileName: `${r.fileName.replace(/\.csv$/i, '')}-rows-left-out.csv`,
          sha256: staged.sha256,
          sizeBytes: staged.sizeBytes,
        },
      ],
    });
  } finally {
    await discard(staged);
  }
}
