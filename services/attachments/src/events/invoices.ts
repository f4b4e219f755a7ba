// The accounting service's invoices, as the attachments service keeps them:
// - invoice.changed into invoice_view (which invoices exist and whose they are: the invoice notification
//   checks every id against it);
// - invoice.created: the invoice PDF, generated and stored as an Invoice (002 §3.10, 6) attachment of the
//   shipment, Public (001 §4: invoices are not among the private types), once per invoice (the consumer
//   handles each event once; the attachment's id is the invoice's).
import { AttachmentType } from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import type { ConsumerDefinition } from '@loadline/platform';
import type { AttachmentsContext } from '../context.ts';
import { invoiceFileName, renderInvoicePdf } from '../documents/invoice.ts';
import { discard, stageBuffer } from '../storage/staging.ts';
import { insertAttachment, lockBlob } from '../store/attachments.ts';
import { saveInvoiceView } from '../store/invoices.ts';
import type { AttachmentsTables } from '../store/tables.ts';

export const invoiceReadModel: ConsumerDefinition<typeof subjects.invoiceChanged, AttachmentsTables> = {
  name: 'accounting-invoices',
  subjects: [subjects.invoiceChanged],
  async handle(event, trx) {
    await saveInvoiceView(trx, event.data);
  },
};

export const invoiceAttachmentId = (invoiceId: string) => `att_${invoiceId}`;

export function invoiceDocuments(
  ctx: AttachmentsContext,
): ConsumerDefinition<typeof subjects.invoiceCreated, AttachmentsTables> {
  return {
    name: 'accounting-invoice-pdfs',
    subjects: [subjects.invoiceCreated],
    async handle(event, trx) {
      const invoice = event.data;
      // An opening balance from before Loadline belongs to no shipment: there is no shipment file to add.
      if (invoice.shipmentId === null) return;
      const exists = await trx
        .selectFrom('attachment')
        .select('attachment_id')
        .where('attachment_id', '=', invoiceAttachmentId(invoice.invoiceId))
        .executeTakeFirst();
      if (exists) return;
      const bytes = await renderInvoicePdf(invoice);
      const staged = await stageBuffer(bytes, ctx.store.stagingDir);
      try {
        await lockBlob(trx, staged.sha256);
        await ctx.store.put(staged, 'application/pdf');
        await insertAttachment(ctx.runtime, trx, {
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
    },
  };
}
