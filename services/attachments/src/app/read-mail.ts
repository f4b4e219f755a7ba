// Reading a staff mailbox (issue 18 item 4; decision 0071). Each new INBOX message becomes, once, an email
// on the shipment it names: its files the shipment's attachments, and tms.attachments.email.received.v1 for
// the activity service, all in one transaction keyed by the message (mailbox, UIDVALIDITY, UID; and its
// Message-ID). The post-processing action comes after the commit and the cursor after that: a reader killed
// in between reads the message again, finds it recorded, and only post-processes it.
import { AttachmentType } from '@loadline/contracts/catalogue';
import { type MailboxChangedV1, subjects } from '@loadline/contracts/events';
import { heapBound, type Kysely, newId, saveIfNewer } from '@loadline/platform';
import { type FrontMessage, FrontRefused } from '../adapters/front.ts';
import {
  type InboxSession,
  type ParsedFile,
  type ParsedMessage,
  signInRefused,
} from '../adapters/mail-reader.ts';
import { discard, stageBuffer } from '../adapters/storage/staging.ts';
import {
  conversationsToProcess,
  FRONT_CURSOR_EPOCH,
  frontMessageKey,
  frontStatusFor,
  messagesToRead,
} from '../domain/front-mailbox.ts';
import {
  automationType,
  emailBody,
  messageKey,
  messageTokens,
  namedShipment,
  postProcessingOf,
  productMessageIds,
  READ_BATCH_MESSAGES,
  READ_HEAP_HEADROOM_BYTES,
  readBatches,
  readsMail,
  repliesOnly,
  shipmentIdTokens,
} from '../domain/inbound-mail.ts';
import { type MailAccess, mailAccess } from '../domain/provider-mailbox.ts';
import { type NamedPlace, placeInReply } from '../domain/tracking-requests.ts';
import type { AttachmentsDeps } from '../service.ts';
import { insertAttachment, lockBlob } from '../store/attachments.ts';
import {
  findCursor,
  findMailboxView,
  insertInbound,
  keepFiles,
  knownMessageKeys,
  type MailboxRow,
  type PublishedMailbox,
  saveCursor,
  sentByBroker,
  sentInFrontConversations,
  shipmentCandidates,
  shipmentOfBroker,
  updateInbound,
  whileReading,
} from '../store/inbound-mail.ts';
import type { AttachmentsTables } from '../store/tables.ts';
import { trackingRequestsNamed } from '../store/tracking-requests.ts';
import { openCredentials, tokenRefusedByServer, tokenWorked } from './mailbox-access.ts';
import { queues } from './queues.ts';

type Trx = Kysely<AttachmentsTables>;
export type Outcome = 'filed' | 'unmatched' | 'skipped' | 'known';

export interface ReadReport {
  filed: number;
  unmatched: number;
  skipped: number;
  known: number;
  /** another run was reading the mailbox: this one read nothing */
  alreadyBeingRead: boolean;
  /** the run waited in IDLE to its end: the next run should follow at once (`readAgain`) */
  idled: boolean;
}

const emptyReport = (): ReadReport => ({
  filed: 0,
  unmatched: 0,
  skipped: 0,
  known: 0,
  alreadyBeingRead: false,
  idled: false,
});

/** The job of one mailbox: a schedule per mailbox that reads (decision 0071). */
export interface ReadMailJob {
  userId: string;
}

export const readSchedulerId = (userId: string) => `mailbox-${userId}`;

/** Starts or stops a mailbox's reading schedule as its configuration says. */
export async function scheduleReading(deps: AttachmentsDeps, mailbox: PublishedMailbox): Promise<void> {
  const queue = deps.runtime.queue<ReadMailJob>(queues.readMail);
  if (readsMail(mailbox) && deps.settings.mailboxSecretKey) {
    await queue.schedule(
      readSchedulerId(mailbox.user_id),
      { every: deps.settings.mailPollIntervalMs },
      { userId: mailbox.user_id },
    );
  } else await queue.unschedule(readSchedulerId(mailbox.user_id));
}

/**
 * After a mailbox change committed: a mailbox that reads is read at once. The schedule set in the change's
 * transaction starts its first run right away, before that commit, when the run cannot see the mailbox yet
 * and reads nothing; without this the first read would wait a whole interval (30 s). The id names the
 * change, so a repeat adds nothing; the reading lock keeps it from running beside a scheduled run.
 */
export async function readAfterChange(deps: AttachmentsDeps, userId: string, version: number): Promise<void> {
  const mailbox = await findMailboxView(deps.runtime.db, userId);
  if (!mailbox || mailbox.version !== version || !readsMail(mailbox) || !deps.settings.mailboxSecretKey)
    return;
  await deps.runtime
    .queue<ReadMailJob>(queues.readMail)
    .enqueue({ userId }, { idempotencyKey: `${readSchedulerId(userId)}-changed-${version}` });
}

/**
 * After a run that waited in IDLE to its end: the next run, at once. Left to the schedule, new mail would
 * wait for its next slot — up to 5 s of every 30 s, and up to a whole interval after a run that overran it
 * (a backlog), as the benchmark showed (decision 0039). A run that finds the mailbox no longer reading mail
 * does not idle, so the chain ends with the mailbox's reading.
 */
export async function readAgain(deps: AttachmentsDeps, userId: string): Promise<void> {
  await deps.runtime
    .queue<ReadMailJob>(queues.readMail)
    .enqueue({ userId }, { idempotencyKey: `${readSchedulerId(userId)}-again-${newId('run')}` });
}

/** A mailbox as the directory now has it: kept (newer versions only) and its schedule set. */
export async function mailboxChanged(deps: AttachmentsDeps, trx: Trx, m: MailboxChangedV1): Promise<void> {
  const row: PublishedMailbox = {
    user_id: m.userId,
    broker_id: m.brokerId,
    mailbox_type: m.mailboxType,
    username: m.username,
    sealed_password: m.sealedPassword,
    incoming_mail_server: m.incomingMailServer,
    permissions: m.permissions,
    post_processing_action: m.postProcessingAction,
    is_authorized: m.isAuthorized,
    outgoing_mail_server: m.outgoingMailServer ?? null,
    signature: m.signature ?? '',
    version: m.version,
    sealed_access_token: m.sealedAccessToken ?? null,
    token_expires_at: m.tokenExpiresAt ? new Date(m.tokenExpiresAt) : null,
  };
  // A schedule set for a change that lost to a newer one is set right by that one's own handling.
  if (await saveIfNewer(trx, 'mailbox_view', 'user_id', row)) await scheduleReading(deps, row);
}

/**
 * Stores a matched message's files as the shipment's attachments; their ids. A file's id is the message's and
 * its place among the message's files (`ordinal`, its index when not given), so filing it twice cannot happen.
 */
export async function storeFiles(
  deps: AttachmentsDeps,
  trx: Trx,
  inboundId: string,
  shipment: { shipmentId: number; customerOrganizationId: string },
  brokerId: string,
  from: string,
  files: readonly (ParsedFile & { ordinal?: number })[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, file] of files.entries()) {
    const staged = await stageBuffer(file.bytes, deps.adapters.store.stagingDir);
    try {
      await lockBlob(trx, staged.sha256);
      await deps.adapters.store.put(staged, file.contentType);
      const attachmentId = `att_${inboundId}_${(file.ordinal ?? i) + 1}`;
      await insertAttachment(deps.runtime, trx, {
        attachmentId,
        brokerId,
        sourceType: 'shipment',
        sourceId: String(shipment.shipmentId),
        sourceIds: { shipmentId: String(shipment.shipmentId) },
        shipmentId: shipment.shipmentId,
        customerOrganizationId: shipment.customerOrganizationId,
        attachmentType: AttachmentType.values.Document,
        attachmentTypeCode: 'Document',
        // Mail is the broker's correspondence: Private until staff share it.
        accessLevel: 1,
        fileName: file.fileName,
        title: null,
        sha256: staged.sha256,
        sizeBytes: staged.sizeBytes,
        contentType: file.contentType,
        uploadedBy: { userId: 'email', name: from.slice(0, 200) },
      });
      ids.push(attachmentId);
    } finally {
      await discard(staged);
    }
  }
  return ids;
}

/** Files a message on its shipment (the files, the event), in the caller's transaction. */
export async function fileOnShipment(
  deps: AttachmentsDeps,
  trx: Trx,
  inbound: {
    inboundId: string;
    brokerId: string;
    mailboxUserId: string;
    type: string;
    fromName: string;
    fromAddress: string;
    subject: string;
    body: string;
    date: Date;
    inReplyTo: string | null;
  },
  shipment: { shipmentId: number; customerOrganizationId: string },
  files: readonly { fileName: string; contentType: string; bytes: Buffer }[],
  checkCall: NamedPlace | null = null,
): Promise<void> {
  const attachmentIds = await storeFiles(
    deps,
    trx,
    inbound.inboundId,
    shipment,
    inbound.brokerId,
    inbound.fromName,
    files,
  );
  await updateInbound(trx, inbound.inboundId, {
    shipment_id: shipment.shipmentId,
    status: 'Filed',
    attachment_ids: attachmentIds,
  });
  await deps.runtime.appendEvent(trx, subjects.emailReceived, {
    emailAutomationDetailId: inbound.inboundId,
    brokerId: inbound.brokerId,
    mailboxUserId: inbound.mailboxUserId,
    shipmentId: shipment.shipmentId,
    customerOrganizationId: shipment.customerOrganizationId,
    type: inbound.type,
    name: inbound.fromName.slice(0, 300),
    fromAddress: inbound.fromAddress.slice(0, 254),
    subject: inbound.subject.slice(0, 500),
    body: inbound.body,
    date: inbound.date.toISOString(),
    inReplyTo: inbound.inReplyTo?.slice(0, 500) ?? null,
    attachmentIds,
    checkCall: checkCall && { ...checkCall, text: checkCall.text.slice(0, 400) },
  });
}

/** One message, once: recorded and filed (or kept unmatched), or skipped, or known from an earlier read. */
export async function recordMessage(
  deps: AttachmentsDeps,
  mailbox: MailboxRow,
  key: string,
  mail: ParsedMessage,
): Promise<Outcome> {
  const { runtime } = deps;
  return runtime.db.transaction().execute(async (trx) => {
    const replyTo = productMessageIds(mail.inReplyTo, mail.references);
    const isReply = await sentByBroker(trx, mailbox.broker_id, replyTo);
    if (repliesOnly(mailbox.permissions) && !isReply) return 'skipped';
    const inboundId = newId('eml');
    const body = emailBody(mail.subject, mail.text);
    const type = automationType({ isReply, subject: mail.subject, fileCount: mail.files.length });
    const recorded = await insertInbound(trx, {
      inbound_id: inboundId,
      message_key: key,
      message_id_header: mail.messageId?.slice(0, 500) ?? null,
      broker_id: mailbox.broker_id,
      mailbox_user_id: mailbox.user_id,
      from_name: mail.fromName.slice(0, 300),
      from_address: mail.fromAddress.slice(0, 254),
      subject: mail.subject.slice(0, 500),
      body,
      received_at: mail.date,
      in_reply_to: isReply ? (mail.inReplyTo ?? mail.references[0] ?? null) : null,
      automation_type: type,
      shipment_id: null,
      status: 'Unmatched',
    });
    if (!recorded) return 'known';
    const tokens = messageTokens(mail.subject, mail.text);
    // A reply to a tracking status request is about the shipments it asked about: the one the reply names,
    // else the only one; a place in it makes it a check call (decision 0072).
    const asked = isReply ? await trackingRequestsNamed(trx, mailbox.broker_id, replyTo) : [];
    const askedAbout =
      shipmentIdTokens(tokens).find((id) => asked.includes(id)) ??
      (asked.length === 1 ? asked[0] : undefined);
    const asShipment = askedAbout && (await shipmentOfBroker(trx, mailbox.broker_id, askedAbout));
    const candidates = asShipment
      ? [
          {
            shipmentId: Number(asShipment.shipment_id),
            customerOrganizationId: asShipment.customer_organization_id,
            referenceValues: [],
          },
        ]
      : await shipmentCandidates(trx, mailbox.broker_id, shipmentIdTokens(tokens), tokens);
    const shipmentId = asShipment ? Number(asShipment.shipment_id) : namedShipment(tokens, candidates);
    const shipment = candidates.find((c) => c.shipmentId === shipmentId);
    const checkCall =
      shipment && asked.includes(shipment.shipmentId) ? (placeInReply(mail.text) ?? null) : null;
    if (!shipment) {
      await keepFiles(trx, inboundId, mail.files);
      return 'unmatched';
    }
    await fileOnShipment(
      deps,
      trx,
      {
        inboundId,
        brokerId: mailbox.broker_id,
        mailboxUserId: mailbox.user_id,
        type,
        fromName: mail.fromName,
        fromAddress: mail.fromAddress,
        subject: mail.subject,
        body,
        date: mail.date,
        inReplyTo: isReply ? (mail.inReplyTo ?? null) : null,
      },
      shipment,
      mail.files,
      checkCall,
    );
    return 'filed';
  });
}

async function readNew(
  deps: AttachmentsDeps,
  mailbox: MailboxRow,
  session: InboxSession,
  report: ReadReport,
): Promise<void> {
  const { db, logger } = deps.runtime;
  const cursor = await findCursor(db, mailbox.user_id);
  const sameEpoch = cursor !== undefined && BigInt(cursor.uid_validity) === session.uidValidity;
  const after = sameEpoch ? Number(cursor.last_uid) : 0;
  const action = postProcessingOf(mailbox.post_processing_action);
  const uids = await session.uidsAfter(after);
  const bound = heapBound(READ_HEAP_HEADROOM_BYTES);
  // Sizes first, a bounded slice at a time: a backlog of thousands is cut into batches of bounded bytes.
  for (let from = 0; from < uids.length; from += 10 * READ_BATCH_MESSAGES) {
    const slice = uids.slice(from, from + 10 * READ_BATCH_MESSAGES);
    const sizes = await session.sizes(slice);
    const present = slice.filter((uid) => sizes.has(uid)).map((uid) => ({ uid, size: sizes.get(uid)! }));
    for (const batch of readBatches(present)) {
      const sources = await session.sources(batch);
      const read: number[] = [];
      for (const uid of batch) {
        const source = sources.get(uid);
        if (!source) continue;
        sources.delete(uid);
        const outcome = await recordMessage(
          deps,
          mailbox,
          messageKey(mailbox.user_id, session.uidValidity, uid),
          await deps.adapters.mailReader.parse(source),
        );
        report[outcome] += 1;
        // A message that is not the product's to read (SendAndReadReplies, not a reply) is left as it is.
        if (outcome !== 'skipped') read.push(uid);
      }
      // Only after every message of the batch is recorded (committed) is it post-processed, and only then
      // does the cursor pass it: a reader killed before reads the batch again and finds its keys.
      await session.apply(read, action).catch((err) => {
        logger.warn(
          { err, userId: mailbox.user_id, uids: read.length },
          'post-processing of read messages failed',
        );
      });
      await saveCursor(db, mailbox.user_id, session.uidValidity, batch.at(-1)!);
      bound();
    }
  }
  // Messages gone meanwhile (moved by the owner) are passed too.
  if (uids.length > 0) await saveCursor(db, mailbox.user_id, session.uidValidity, uids.at(-1)!);
}

/**
 * Reads a Front mailbox's new messages through Front's API (decision 0037, "Front"): the received messages of
 * the teammate's inboxes created since the cursor, each recorded once by its message id as an IMAP message by
 * its UID; then its conversation post-processed (archived, deleted), then the cursor moved. A reader killed
 * in between lists the messages again, finds their keys, and only post-processes them.
 */
async function readFront(
  deps: AttachmentsDeps,
  mailbox: MailboxRow,
  access: MailAccess,
  accessToken: string,
  report: ReadReport,
): Promise<ReadReport> {
  const { db, logger } = deps.runtime;
  const session = deps.adapters.front.open(accessToken);
  const cursor = await findCursor(db, mailbox.user_id);
  const since =
    cursor !== undefined && BigInt(cursor.uid_validity) === FRONT_CURSOR_EPOCH ? Number(cursor.last_uid) : 0;
  let listed: FrontMessage[];
  try {
    listed = messagesToRead(await session.messagesSince(since), since);
  } catch (error) {
    if (!(error instanceof FrontRefused)) throw error;
    await tokenRefusedByServer(deps, mailbox, access, 'imap');
    logger.warn({ userId: mailbox.user_id, kind: 'token' }, 'Front refused the mailbox access token');
    return report;
  }
  await tokenWorked(deps, mailbox, access);
  const status = frontStatusFor(postProcessingOf(mailbox.post_processing_action));
  const bound = heapBound(READ_HEAP_HEADROOM_BYTES);
  for (let from = 0; from < listed.length; from += READ_BATCH_MESSAGES) {
    const batch = listed.slice(from, from + READ_BATCH_MESSAGES);
    const keys = batch.map((m) => frontMessageKey(mailbox.user_id, m.id));
    const known = await knownMessageKeys(db, keys);
    // Front gives mail it sends a Message-ID of its own: a message received in a conversation the product
    // started is a reply to what it sent there, named as an IMAP reply names it (In-Reply-To, References).
    const started = await sentInFrontConversations(
      db,
      mailbox.broker_id,
      batch.map((m) => m.conversationId),
    );
    const read: { conversationId: string; outcome: Outcome }[] = [];
    for (const [i, m] of batch.entries()) {
      const sent = (started.get(m.conversationId) ?? []).map((id) => `<${id}@loadline>`);
      const mail =
        sent.length === 0
          ? m.mail
          : { ...m.mail, inReplyTo: sent.at(-1)!, references: [...m.mail.references, ...sent] };
      // Known from an earlier read: not downloaded again, only post-processed.
      const outcome = known.has(keys[i]!)
        ? 'known'
        : await recordMessage(deps, mailbox, keys[i]!, { ...mail, files: await session.files(m) });
      report[outcome] += 1;
      read.push({ conversationId: m.conversationId, outcome });
    }
    if (status) {
      for (const conversationId of conversationsToProcess(read)) {
        await session.setStatus(conversationId, status).catch((err: unknown) => {
          logger.warn(
            { err, userId: mailbox.user_id, conversationId },
            'post-processing of a Front conversation failed',
          );
        });
      }
    }
    await saveCursor(db, mailbox.user_id, FRONT_CURSOR_EPOCH, batch.at(-1)!.createdAtMs);
    bound();
  }
  return report;
}

/**
 * Reads a mailbox's new messages. Where the server offers IDLE, it then waits for new mail and reads it as
 * it arrives, for up to `idleMs`; the worker then queues the next run at once (`readAgain`), the schedule
 * being the safety net.
 */
export async function readMailbox(
  deps: AttachmentsDeps,
  userId: string,
  options: { idleMs?: number } = {},
): Promise<ReadReport> {
  const report = emptyReport();
  const mailbox = await findMailboxView(deps.runtime.db, userId);
  if (!mailbox || !readsMail(mailbox)) return report;
  // An IMAP mailbox's own server and password, or a Gmail or Microsoft mailbox's provider and token (0037).
  const access = mailAccess(mailbox, 'imap', deps.settings.providerMailServers);
  if (!access) return report;
  const opened = await openCredentials(deps, mailbox, access, 'imap');
  // No key, or a token expired or refused: nothing is read until the directory's new token comes.
  if (!opened.ok) return report;
  // One reader per mailbox at a time. The schedule's next run starts when this one starts (BullMQ sets the
  // next iteration as a job becomes active), so a read longer than the interval (a backlog, then IDLE) would
  // otherwise have a second run fetch the same messages and race this one to move them.
  const read = await whileReading(deps.runtime.db, mailbox.user_id, async () => {
    if (access.via === 'front-api') {
      if (!('accessToken' in opened.secret)) return report;
      return readFront(deps, mailbox, access, opened.secret.accessToken, report);
    }
    let session: InboxSession;
    try {
      session = await deps.adapters.mailReader.open({
        server: access.server,
        username: access.username,
        ...opened.secret,
      });
    } catch (error) {
      if (!signInRefused(error)) throw error;
      // Refused: a token is reported once (the directory renews it); a password waits for its owner.
      await tokenRefusedByServer(deps, mailbox, access, 'imap');
      deps.runtime.logger.warn({ userId, kind: access.credentials.kind }, 'the mailbox refused the sign-in');
      return report;
    }
    await tokenWorked(deps, mailbox, access);
    try {
      await readNew(deps, mailbox, session, report);
      const idleMs = options.idleMs ?? 0;
      if (session.supportsIdle && idleMs > 0) {
        const until = Date.now() + idleMs;
        while (Date.now() < until) {
          await session.waitForNew(until - Date.now());
          await readNew(deps, mailbox, session, report);
        }
        report.idled = true;
      }
    } finally {
      await session.close();
    }
    return report;
  });
  return read ?? { ...report, alreadyBeingRead: true };
}
