// The attachments service's consumers: the other services' events into its read models (read-models.ts),
// accounting's invoices into invoice_view, and each new invoice's PDF stored as an attachment (app/).
import { subjects } from '@loadline/contracts/events';
import type { ConsumerDefinition } from '@loadline/platform';
import { importResultMessageId, recordImportResult } from '../app/import-results.ts';
import { storeInvoicePdf } from '../app/invoices.ts';
import { emailActivityChanged } from '../app/moved-email.ts';
import { enqueueSend } from '../app/queues.ts';
import { mailboxChanged, readAfterChange } from '../app/read-mail.ts';
import { isEmailMove } from '../domain/inbound-mail.ts';
import type { AttachmentsDeps } from '../service.ts';
import { saveInvoiceView } from '../store/invoices.ts';
import type { AttachmentsTables } from '../store/tables.ts';
import {
  brokerCarrierOwnersReadModel,
  carrierComplianceReadModel,
  chargeLinesReadModel,
  insuranceOwnersReadModel,
  organizationReadModel,
  shipmentReadModel,
  userReadModel,
} from './read-models.ts';

export function attachmentsConsumers(deps: AttachmentsDeps) {
  // invoice.changed into invoice_view: which invoices exist and whose they are (the invoice notification
  // checks every id against it).
  const invoiceReadModel: ConsumerDefinition<typeof subjects.invoiceChanged, AttachmentsTables> = {
    name: 'accounting-invoices',
    subjects: [subjects.invoiceChanged],
    handle: async (event, trx) => {
      await saveInvoiceView(trx, event.data);
    },
  };
  const invoiceDocuments: ConsumerDefinition<typeof subjects.invoiceCreated, AttachmentsTables> = {
    name: 'accounting-invoice-pdfs',
    subjects: [subjects.invoiceCreated],
    handle: (event, trx) => storeInvoicePdf(deps, trx, event.data),
  };
  // A shipment import's result, emailed to the importer (issue 17): the message recorded with the event's
  // handling, its send queued after the commit (a lost enqueue is found by the purge job and queued again).
  const importResults: ConsumerDefinition<typeof subjects.shipmentImportFinished, AttachmentsTables> = {
    name: 'shipments-import-results',
    subjects: [subjects.shipmentImportFinished],
    handle: (event, trx) => recordImportResult(deps, trx, event.data),
    afterCommit: (event) => {
      enqueueSend(deps, importResultMessageId(event.data.bulkProcessId)).catch((err) =>
        deps.runtime.logger.warn({ err }, 'the import result email could not be queued; the purge job will'),
      );
    },
  };
  // The directory's staff mailboxes (decision 0071): kept, and each one that reads mail gets its schedule.
  const mailboxes: ConsumerDefinition<typeof subjects.mailboxChanged, AttachmentsTables> = {
    name: 'directory-mailboxes',
    subjects: [subjects.mailboxChanged],
    handle: (event, trx) => mailboxChanged(deps, trx, event.data),
    afterCommit: (event) => {
      readAfterChange(deps, event.data.userId, event.data.version).catch((err) => {
        // The schedule set in the transaction still reads it, an interval later.
        deps.runtime.logger.warn(
          { err, userId: event.data.userId },
          'an immediate mailbox read was not queued',
        );
      });
    },
  };
  // An email's activity entry moved to another shipment (decision 0039): its files and record follow.
  const movedEmails: ConsumerDefinition<typeof subjects.shipmentActivityChanged, AttachmentsTables> = {
    name: 'activity-moved-emails',
    subjects: [subjects.shipmentActivityChanged],
    // every other activity change (notes, status changes, pins) goes without a transaction (decision 0045)
    relevant: (event) => isEmailMove(event.data),
    handle: async (event, trx) => {
      await emailActivityChanged(deps, trx, event.data, new Date(event.occurredAt));
    },
  };
  return [
    importResults,
    movedEmails,
    mailboxes,
    shipmentReadModel,
    organizationReadModel,
    userReadModel,
    carrierComplianceReadModel,
    brokerCarrierOwnersReadModel,
    insuranceOwnersReadModel,
    chargeLinesReadModel,
    invoiceReadModel,
    invoiceDocuments,
  ];
}
