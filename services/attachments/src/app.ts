// The attachments service as a builder, loadable by tests without listening.
import { type App, createApp, type ServiceRuntime } from '@loadline/platform';
import { type AttachmentsConfig, loadAttachmentsConfig } from './config.ts';
import type { AttachmentsContext } from './context.ts';
import { invoiceDocuments, invoiceReadModel } from './events/invoices.ts';
import {
  carrierComplianceReadModel,
  chargeLinesReadModel,
  organizationReadModel,
  shipmentReadModel,
  userReadModel,
} from './events/read-models.ts';
import { purgeWorker, schedulePurge } from './jobs/purge.ts';
import { sendWorker } from './jobs/send-message.ts';
import { type FaxProvider, LocalFaxSink } from './mail/fax.ts';
import { type EmailTransport, SmtpTransport, UnconfiguredTransport } from './mail/smtp.ts';
import { registerRoutes } from './routes/index.ts';
import { openBlobStore } from './storage/index.ts';
import type { AttachmentsTables } from './store/tables.ts';

export { loadAttachmentsConfig } from './config.ts';
export { migrations } from './store/migrations.ts';
export { seedDemoData } from './store/seed.ts';
export type { AttachmentsTables } from './store/tables.ts';

export const serviceName = 'attachments';
export const defaultPort = 8105;

export interface AppOptions {
  config?: AttachmentsConfig;
  /** the SMTP side; by default nodemailer to SMTP_URL */
  email?: EmailTransport;
  /** the fax provider; by default the local sink under the data folder */
  fax?: FaxProvider;
  /** pause before the first retry of a failed send, doubling after (default 30 s) */
  sendBackoffMs?: number;
  /** run the send and purge workers in this process (default true) */
  workers?: boolean;
}

export async function buildApp(
  runtime: ServiceRuntime<AttachmentsTables>,
  options: AppOptions = {},
): Promise<App & { attachments: AttachmentsContext }> {
  const config = options.config ?? loadAttachmentsConfig();
  if (!config.smtpUrl)
    runtime.logger.error('SMTP_URL is not set: every email will fail (status Unspecified Error).');
  const ctx: AttachmentsContext = {
    runtime,
    config,
    store: openBlobStore(config),
    email:
      options.email ?? (config.smtpUrl ? new SmtpTransport(config.smtpUrl) : new UnconfiguredTransport()),
    fax: options.fax ?? new LocalFaxSink(config.dataDir),
  };
  const sendBackoffMs = options.sendBackoffMs ?? 30_000;
  const app = await createApp({
    name: serviceName,
    description:
      'Files and their storage, access levels, types, downloads and prints, generated documents, the email and fax document sender, bulk sends',
    logger: runtime.logger,
    identityPublicKey: runtime.config.identityPublicKey,
    readiness: runtime.readiness(),
  });
  runtime.consume(shipmentReadModel);
  runtime.consume(organizationReadModel);
  runtime.consume(userReadModel);
  runtime.consume(carrierComplianceReadModel);
  runtime.consume(chargeLinesReadModel);
  runtime.consume(invoiceReadModel);
  runtime.consume(invoiceDocuments(ctx));
  if (options.workers ?? true) {
    runtime.work(sendWorker(ctx));
    runtime.work(purgeWorker(ctx));
    await schedulePurge(ctx);
  }
  await registerRoutes(app, ctx, { sendBackoffMs });
  app.addHook('onClose', async () => ctx.email.close());
  return Object.assign(app, { attachments: ctx });
}
