// The worker that sends one outgoing email or fax (queue attachments-send, job id = message id, so a
// message is queued once however often it is asked). It makes the generated documents first (status
// Generate PDFs), streams the stored files into the message, and records every outcome as the 002 §3.8
// mail send status: a transient failure is retried by BullMQ (Retry 1, Retry 2, then Retry Timeout); a
// permanent one ends with its reason. The final status is announced (message.finished) in the same
// transaction that records it.
import { MailSendStatus } from '@loadline/contracts/catalogue';
import type { Job } from '@loadline/platform';
import { FrontRefused } from '../adapters/front.ts';
import { stageBuffer } from '../adapters/storage/staging.ts';
import { isBuiltDocument } from '../domain/documents.ts';
import { afterFailure, isFinal, type SendFailure } from '../domain/mail-status.ts';
import { ownAddress, sendsFromOwnMailbox, withSignature } from '../domain/own-mailbox.ts';
import { mailAccess } from '../domain/provider-mailbox.ts';
import { CONTACT_FAX } from '../domain/recipients.ts';
import type { AttachmentsDeps } from '../service.ts';
import { attachmentsByIds, insertBlob, lockBlob } from '../store/attachments.ts';
import { findMailboxView } from '../store/inbound-mail.ts';
import { announceFinished, findMessage, type MessageRow, updateMessage } from '../store/messages.ts';
import type { GeneratedFile } from '../store/tables.ts';
import { findShipment } from '../store/views.ts';
import { generateDocument } from './generate-document.ts';
import { openCredentials, tokenRefusedByServer, tokenWorked } from './mailbox-access.ts';
import type { SendJob } from './queues.ts';

const S = MailSendStatus.values;

class PermanentFailure extends Error {
  readonly failure: SendFailure;
  constructor(message: string, failure: SendFailure) {
    super(message);
    this.failure = failure;
  }
}

async function finish(deps: AttachmentsDeps, messageId: string, change: Parameters<typeof updateMessage>[2]) {
  await deps.runtime.db
    .transaction()
    .execute(async (trx) => {
      const row = await updateMessage(trx, messageId, change);
      if (isFinal(row.status)) await announceFinished(deps.runtime, trx, row);
      return row;
    })
    .then((row) => {
      // counted once committed: emails and faxes by their final mail send status (002 §3.8)
      if (isFinal(row.status))
        deps.runtime
          .counter('loadline_messages_sent_total', 'emails and faxes by final mail send status', [
            'type',
            'status',
          ])
          .inc({ type: row.message_type === CONTACT_FAX ? 'fax' : 'email', status: String(row.status) });
    });
}

/** Makes the message's generated documents and keeps them as blobs (status Generate PDFs → Ready To Send). */
async function generate(deps: AttachmentsDeps, m: MessageRow): Promise<GeneratedFile[]> {
  if (m.generated.length > 0 || m.documents.length === 0) return m.generated;
  const shipment =
    m.shipment_id === null ? undefined : await findShipment(deps.runtime.db, Number(m.shipment_id));
  if (!shipment)
    throw new PermanentFailure(`Shipment ${m.shipment_id} is no longer known.`, {
      reason: 'missing-attachment',
    });
  const files: GeneratedFile[] = [];
  for (const document of m.documents) {
    if (!isBuiltDocument(document))
      throw new PermanentFailure(`${document} cannot be generated.`, { reason: 'missing-attachment' });
    const { fileName, bytes } = await generateDocument(deps.runtime.db, shipment, document);
    const staged = await stageBuffer(bytes, deps.adapters.store.stagingDir);
    await deps.runtime.db.transaction().execute(async (trx) => {
      await lockBlob(trx, staged.sha256);
      await deps.adapters.store.put(staged, 'application/pdf');
      await insertBlob(trx, staged.sha256, staged.sizeBytes, 'application/pdf');
    });
    files.push({ document, fileName, sha256: staged.sha256, sizeBytes: staged.sizeBytes });
  }
  await updateMessage(deps.runtime.db, m.message_id, { status: S.ReadyToSend, generated: files });
  return files;
}

/**
 * The sender's own mailbox (decisions 0073, 0037): its SMTP account when it has an authorized IMAP mailbox
 * (the password opened only here, for this send) or an authorized Gmail or Microsoft one (its access token,
 * at its provider's SMTP server), its address, and the signature to append (whichever way the mail goes).
 * A token expired or already refused is no account: the send is tried again once the directory renewed it.
 */
async function ownMailboxOf(deps: AttachmentsDeps, userId: string, staffEmail: string) {
  const mailbox = await findMailboxView(deps.runtime.db, userId);
  const signature = mailbox?.signature ?? '';
  const none = {
    signature,
    account: undefined,
    front: undefined,
    address: undefined,
    mailbox: undefined,
    access: undefined,
  };
  if (!mailbox || !sendsFromOwnMailbox(mailbox)) return none;
  const access = mailAccess(mailbox, 'smtp', deps.settings.providerMailServers);
  if (!access) return none;
  const opened = await openCredentials(deps, mailbox, access, 'smtp');
  if (!opened.ok) {
    if (opened.why === 'no-key') return none; // sent by the product's relay until they enter it again
    throw new SignInRenewing();
  }
  const address = ownAddress(access.username, staffEmail);
  // A Front mailbox sends through Front's API with its token (decision 0037, "Front").
  if (access.via === 'front-api') {
    if (!('accessToken' in opened.secret)) return none;
    const front = { accessToken: opened.secret.accessToken, account: access.username };
    return { signature, account: undefined, front, address, mailbox, access };
  }
  return {
    signature,
    account: { server: access.server, username: access.username, ...opened.secret },
    front: undefined,
    address,
    mailbox,
    access,
  };
}

/**
 * A Gmail or Microsoft mailbox whose token expired or was refused: its renewal is awaited (decision 0037).
 * Not permanent: the send is tried again (Retry 1, Retry 2), Invalid Sender only at the last attempt.
 */
class SignInRenewing extends PermanentFailure {
  constructor() {
    super('Your mailbox refused the sign-in, or its sign-in had expired: it is being renewed.', {
      reason: 'sign-in-renewing',
    });
  }
}

function failureOf(error: unknown): SendFailure {
  if (error instanceof PermanentFailure) return error.failure;
  const e = error as { code?: string; responseCode?: number; command?: string };
  return { code: e.code, responseCode: e.responseCode, command: e.command };
}

export async function sendMessage(
  deps: AttachmentsDeps,
  job: Pick<Job<SendJob>, 'data' | 'attemptsMade'>,
): Promise<void> {
  const m = await findMessage(deps.runtime.db, job.data.messageId);
  if (!m || isFinal(m.status)) return;
  const attempt = job.attemptsMade + 1;
  try {
    const generated = await generate(deps, m);
    const rows = await attachmentsByIds(deps.runtime.db, m.broker_id, m.attachment_ids);
    const missing = m.attachment_ids.filter((id) => !rows.some((r) => r.attachment_id === id));
    if (missing.length > 0) {
      throw new PermanentFailure(`Attachment ${missing.join(', ')} was deleted.`, {
        reason: 'missing-attachment',
      });
    }
    const files = [
      // generated documents are PDFs; an import's rows left out are CSV (app/import-results.ts)
      ...generated.map((g) => ({
        filename: g.fileName,
        contentType: /\.csv$/i.test(g.fileName) ? 'text/csv' : 'application/pdf',
        sha256: g.sha256,
      })),
      ...m.attachment_ids.map((id) => {
        const r = rows.find((x) => x.attachment_id === id)!;
        return { filename: r.file_name, contentType: r.content_type, sha256: r.sha256 };
      }),
    ];
    const content = (sha256: string) => () => deps.adapters.store.read(sha256);
    let providerMessageId: string;
    let frontConversationId: string | null = null;
    if (m.message_type === CONTACT_FAX) {
      await updateMessage(deps.runtime.db, m.message_id, { status: S.FaxSendRequested, attempts: attempt });
      ({ providerMessageId } = await deps.adapters.fax.send({
        faxId: m.message_id,
        to: m.recipients,
        from: m.sender_name,
        cover: [m.subject, m.body].filter(Boolean).join('\n\n'),
        documents: files.map((f) => ({ filename: f.filename, content: content(f.sha256) })),
      }));
    } else {
      const own = await ownMailboxOf(deps, m.sender_user_id, m.sender_email);
      const signed = withSignature(m.body, own.signature);
      const sender = `${m.sender_name} <${own.address ?? m.sender_email}>`;
      // What goes out whichever way it is sent (Front's API or SMTP).
      const message = {
        to: m.recipients,
        cc: m.cc,
        bcc: m.bcc,
        subject: m.subject,
        text: signed.text,
        html: signed.html,
        attachments: files.map((f) => ({
          filename: f.filename,
          contentType: f.contentType,
          content: content(f.sha256),
        })),
      };
      const sending: Promise<{ providerMessageId: string; conversationId?: string | null }> = own.front
        ? deps.adapters.front
            .send(own.front.accessToken, own.front.account, { senderName: m.sender_name, ...message })
            .catch(async (error: unknown) => {
              if (!(error instanceof FrontRefused)) throw error;
              // The token refused: reported once (the directory renews it) and the message tried again.
              await tokenRefusedByServer(deps, own.mailbox!, own.access!, 'smtp');
              throw new SignInRenewing();
            })
        : deps.adapters.email.send({
            from: own.account ? sender : deps.settings.mailFrom,
            replyTo: sender,
            ...message,
            account: own.account,
            messageId: `<${m.message_id}@loadline>`,
          });
      const done = await sending.catch(async (error: { code?: string; responseCode?: number }) => {
        // A 4xx to AUTH (454: the server could not check now) is no refusal: retried as any 4xx.
        const temporary = error?.responseCode !== undefined && error.responseCode < 500;
        if (own.account && error?.code === 'EAUTH' && !temporary) {
          // A token refused: reported once (the directory renews it) and the message tried again.
          if (own.mailbox && own.access?.credentials.kind === 'token') {
            await tokenRefusedByServer(deps, own.mailbox, own.access, 'smtp');
            throw new SignInRenewing();
          }
          // Their own server refusing their password: it is wrong, retrying will not mend it.
          throw new PermanentFailure('Your mailbox refused the sign-in: check its password.', {
            reason: 'invalid-sender',
          });
        }
        throw error;
      });
      providerMessageId = done.providerMessageId;
      frontConversationId = done.conversationId ?? null;
      if (own.mailbox && own.access) await tokenWorked(deps, own.mailbox, own.access);
    }
    await finish(deps, m.message_id, {
      status: S.Success,
      attempts: attempt,
      lastError: null,
      providerMessageId,
      frontConversationId,
      sent: true,
    });
  } catch (error) {
    const failure = failureOf(error);
    const outcome =
      m.message_type === CONTACT_FAX && !(error instanceof PermanentFailure) && !failure.code
        ? { status: S.FaxFailed, retry: false }
        : afterFailure(failure, attempt);
    const message = error instanceof Error ? error.message : String(error);
    await finish(deps, m.message_id, {
      status: outcome.status,
      attempts: attempt,
      lastError: message.slice(0, 1000),
    });
    deps.runtime.logger.warn({ err: error, messageId: m.message_id, status: outcome.status }, 'send failed');
    // Thrown again only to have BullMQ try later.
    if (outcome.retry) throw error;
  }
}
