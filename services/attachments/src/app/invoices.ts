// A new invoice of the accounting service (invoice.created): the invoice PDF, generated and stored as an
// Invoice (002 §3.10, 6) attachment of the shipment, Public (001 §4: invoices are not among the private
// types), once per invoice (the consumer handles each event once; the attachment's id is the invoice's).
import { AttachmentType } from '@loadline/contracts/catalogue';
import type { InvoiceCreatedV1 } from '@loadline/contracts/events';
import type { Kysely } from '@loadline/platform';
import { renderPdf } from '../adapters/pdf.ts';
import { discard, stageBuffer } from '../adapters/storage/staging.ts';
import { invoiceContent, invoiceFileName } from '../domain/invoice-document.ts';
import type { AttachmentsDeps } from '../service.ts';
import { attachmentExists, insertAttachment, lockBlob } from '../store/attachments.ts';
import type { AttachmentsTables } from '../store/tables.ts';

export const invoiceAttachmentId = (invoiceId: string) => `att_${invoiceId}`;

/** The PDF's bytes; the invoice date as its creation date, so the same invoice always makes the same file. */
export function renderInvoicePdf(invoice: InvoiceCreatedV1): Promise<Buffer> {
  return renderPdf(invoiceContent(invoice), {
    author: invoice.brokerName,
    createdAt: new Date(`${invoice.invoiceDate}T12:00:00Z`),
  });
}

/** Stores a new invoice's PDF as an attachment of its shipment, in the consumer's transaction, once. */
export async function storeInvoicePdf(
  deps: AttachmentsDeps,
  trx: Kysely<AttachmentsTables>,
  invoice: InvoiceCreatedV1,
): Promise<void> {
  // An opening balance from before Loadline belongs to no shipment: there is no shipment file to add.
  if (invoice.shipmentId === null) return;
  if (await attachmentExists(trx, invoiceAttachmentId(invoice.invoiceId))) return;
  const bytes = await renderInvoicePdf(invoice);
  const staged = await stageBuffer(bytes, deps.adapters.store.stagingDir);
  try {
    await lockBlob(trx, staged.sha256);
    await deps.adapters.store.put(staged, 'application/pdf');
    await insertAttachment(deps.runtime, trx, {
      attachmentId: invoiceAttachmentId(invoice.invoiceId),
      brokerId: invoice.brokerId,
      sourceType: 'shipment',
      sourceId: String(invoice.shipmentId),
      sourceIds: { shipmentId: String(invoice.shipmentId) },
      shipmentId: invoice.shipmentId,
      customerOrganizationId: invoice.customerOrganizationId,
      attachmentType: AttachmentType.values.Invoice,
      attachmentTypeCode: 'Invoice',
      accessLevel: 0,
      fileName: invoiceFileName(invoice),
      title: `Invoice ${invoice.invoiceNumber}`,
      sha256: staged.sha256,
      sizeBytes: staged.sizeBytes,
      contentType: 'application/pdf',
      uploadedBy: invoice.createdBy ?? { userId: 'system', name: 'System' },
    });
  } finally {
    await discard(staged);
  }
}
