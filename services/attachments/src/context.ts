// What the routes and jobs of the attachments service share: the runtime (database, events, queues), the
// file store, the settings, and the outside parties (SMTP, fax).
import type { ServiceRuntime } from '@loadline/platform';
import type { AttachmentsConfig } from './config.ts';
import type { FaxProvider } from './mail/fax.ts';
import type { EmailTransport } from './mail/smtp.ts';
import type { BlobStore } from './storage/blob-store.ts';
import type { AttachmentsTables } from './store/tables.ts';

export interface AttachmentsContext {
  runtime: ServiceRuntime<AttachmentsTables>;
  store: BlobStore;
  config: AttachmentsConfig;
  email: EmailTransport;
  fax: FaxProvider;
}

/** Queue names (BullMQ, through the platform's job helper). */
export const queues = {
  /** one outgoing email or fax (job id = message id) */
  send: 'attachments-send',
  /** the purge of deleted attachments past retention, orphan files and stale staging; repeats hourly */
  purge: 'attachments-purge',
} as const;
