// The attachments service, declared once: files and their storage, access levels, types, downloads and
// prints, generated documents (invoice PDFs among them), the email and fax document sender, bulk sends
// (README.md). Its outside parties are adapters: the file store (local disk or S3), SMTP, the fax provider.
import { defineService, type ServiceDeps, type ServiceRuntime } from '@loadline/platform';
import { type FaxProvider, faxProvider } from './adapters/fax.ts';
import { type FrontApi, frontApi } from './adapters/front.ts';
import { imapMailReader, type MailReader } from './adapters/mail-reader.ts';
import { type EmailTransport, SmtpTransport, UnconfiguredTransport } from './adapters/smtp.ts';
import type { BlobStore } from './adapters/storage/blob-store.ts';
import { openBlobStore } from './adapters/storage/index.ts';
import { seedDemoData } from './app/demo.ts';
import { scheduleReading } from './app/read-mail.ts';
import { type AttachmentsSettings, loadAttachmentsSettings } from './config.ts';
import { attachmentsConsumers } from './consumers/index.ts';
import { registerHttp } from './http/index.ts';
import { attachmentsSchedules, attachmentsWorkers } from './jobs/index.ts';
import { mailboxViews } from './store/inbound-mail.ts';
import { migrations } from './store/migrations.ts';
import type { AttachmentsTables } from './store/tables.ts';

export interface AttachmentsAdapters {
  /** where the files' bytes live, by their SHA-256 */
  store: BlobStore;
  /** the SMTP side; nodemailer to SMTP_URL by default */
  email: EmailTransport;
  /** the fax provider; the local sink under the data folder by default */
  fax: FaxProvider;
  /** reading staff mailboxes over IMAP (decision 0071) */
  mailReader: MailReader;
  /** Front mailboxes (type 5): Front's Core API (decision 0037) */
  front: FrontApi;
}

export type AttachmentsDeps = ServiceDeps<AttachmentsTables, AttachmentsSettings, AttachmentsAdapters>;

function makeAdapters(
  settings: AttachmentsSettings,
  runtime: ServiceRuntime<AttachmentsTables>,
): AttachmentsAdapters {
  if (!settings.smtpUrl)
    runtime.logger.error('SMTP_URL is not set: every email will fail (status Unspecified Error).');
  if (!settings.mailboxSecretKey)
    runtime.logger.error('MAILBOX_SECRET_KEY is not set: no staff mailbox is read (decision 0071).');
  return {
    store: openBlobStore(settings),
    email: settings.smtpUrl ? new SmtpTransport(settings.smtpUrl) : new UnconfiguredTransport(),
    fax: faxProvider(settings, settings.dataDir),
    mailReader: imapMailReader(settings.mailConnectTimeoutMs),
    front: frontApi(settings.frontApiUrl, settings.mailConnectTimeoutMs),
  };
}

export const attachmentsService = defineService<AttachmentsTables, AttachmentsSettings, AttachmentsAdapters>({
  name: 'attachments',
  port: 8105,
  description:
    'Files and their storage, access levels, types, downloads and prints, generated documents, the email and fax document sender, bulk sends, reading staff mailboxes',
  paths: [
    '/api/files',
    '/files',
    '/api/documentsender',
    '/api/organization/invoicenotification',
    '/api/invoicedelivery',
    '/api/externaldocumentlist',
    '/api/addexternaldocumenttoshipment',
    '/api/contenttemplates',
    '/api/getbycontenttemplatetypedefaultmaster',
    '/api/inboundemail',
    // suggestions and the mail read from a staff member's mailbox (decision 0076)
    '/api/emailai',
    '/api/staff/emails',
    // tracking status requests are email: sent by the document sender, read back from the mailbox (decision 0072)
    '/api/truckloadtrackingstatusrequest',
    '/api/shipmentmanagement/emailtrackingstatusrequest',
  ],
  migrations,
  settings: loadAttachmentsSettings,
  adapters: makeAdapters,
  routes: registerHttp,
  consumers: attachmentsConsumers,
  workers: attachmentsWorkers,
  schedules: attachmentsSchedules,
  // Each mailbox that reads mail has its reading schedule, whatever Redis lost (decision 0071).
  atStart: async (deps) => {
    for (const mailbox of await mailboxViews(deps.runtime.db)) await scheduleReading(deps, mailbox);
  },
  seed: (deps) => seedDemoData(deps.runtime, new Date().toISOString().slice(0, 10), deps.adapters.store),
  close: async (deps) => deps.adapters.email.close(),
});

export type { AttachmentsSettings } from './config.ts';
export type { AttachmentsTables } from './store/tables.ts';
