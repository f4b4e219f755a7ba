// Mail read from a staff mailbox (issue 18 item 4; decision 0071): which messages a mailbox reads, which
// shipment a message names, its email automation type (002 §3.8) and the activity's body. Pure: no I/O.
import {
  DEFAULT_POST_PROCESSING_ACTION,
  PostProcessingAction,
  StaffMailboxConfigType,
  StaffMailboxPermission,
} from '@loadline/contracts/catalogue';
// an email's body becomes an activity's description, so it keeps the activity's limit
import { ACTIVITY_DESCRIPTION_MAX_LENGTH } from '@loadline/contracts/rules/activity';
import { signsInWithToken } from './provider-mailbox.ts';

/** What became of a message read from a mailbox that named no shipment. */
export type InboundEmailStatus = 'Filed' | 'Unmatched' | 'Dismissed';

/** A message read from a staff mailbox, as it was kept. */
export interface InboundEmail {
  inboundId: string;
  brokerId: string;
  mailboxUserId: string;
  fromName: string;
  fromAddress: string;
  subject: string;
  body: string;
  receivedAt: Date;
  inReplyTo: string | null;
  /** email automation type, 002 §3.8 */
  automationType: string;
  shipmentId: number | null;
  status: InboundEmailStatus;
  /** the shipment attachments its files became */
  attachmentIds: string[];
}

/** The most candidate numbers of one message looked up among the broker's shipments. */
export const MAX_MESSAGE_TOKENS = 200;

export interface ReadableMailbox {
  mailbox_type: number;
  permissions: number;
  is_authorized: boolean;
  sealed_password: string | null;
  incoming_mail_server: string | null;
  username: string | null;
  /** a Gmail or Microsoft mailbox's access token, sealed (decision 0037) */
  sealed_access_token?: string | null;
}

/**
 * Whether the product reads this mailbox: a read permission, authorized, a username, and its credentials:
 * an IMAP mailbox its password and incoming server, a Gmail or Microsoft one its access token (its server
 * is its provider's, decision 0037).
 */
export function readsMail(m: ReadableMailbox): boolean {
  if (m.permissions === StaffMailboxPermission.values.SendOnly || !m.is_authorized || !m.username)
    return false;
  if (m.mailbox_type === StaffMailboxConfigType.values.IMAP)
    return m.sealed_password !== null && Boolean(m.incoming_mail_server);
  return signsInWithToken(m.mailbox_type) && Boolean(m.sealed_access_token);
}

/** SendAndReadReplies (002 §3.8): only replies to mail the product sent are read. */
export const repliesOnly = (permissions: number) =>
  permissions === StaffMailboxPermission.values.SendAndReadReplies;

export type PostProcessing = (typeof PostProcessingAction.codes)[number];
export const postProcessingOf = (value: string): PostProcessing =>
  PostProcessingAction.has(value)
    ? (value as PostProcessing)
    : (DEFAULT_POST_PROCESSING_ACTION as PostProcessing);

/**
 * The ids of the product's own messages a reply names in In-Reply-To or References: the document sender
 * sends each message with the Message-ID `<message id@loadline>` (services/attachments/src/app/send-message.ts).
 */
export function productMessageIds(inReplyTo: string | null, references: readonly string[]): string[] {
  const ids = new Set<string>();
  for (const value of [inReplyTo ?? '', ...references]) {
    for (const match of value.matchAll(/<([^<>@\s]{1,64})@loadline>/g)) ids.add(match[1]!);
  }
  return [...ids];
}

/**
 * The words of a message that may name a shipment, in the order they appear, subject first: shipment ids
 * (whole numbers) and reference or pro numbers (letters, digits and dashes). Lower case, each once.
 */
export function messageTokens(subject: string, body: string): string[] {
  const tokens = new Set<string>();
  for (const match of `${subject}\n${body}`.matchAll(/[A-Za-z0-9][A-Za-z0-9-]{2,39}/g)) {
    const token = match[0].replace(/-+$/, '').toLowerCase();
    // A reference or shipment id has a digit in it; plain words never name a shipment.
    if (/\d/.test(token)) tokens.add(token);
    if (tokens.size >= MAX_MESSAGE_TOKENS) break;
  }
  return [...tokens];
}

/** The shipment ids among the tokens (whole numbers within an integer column's range). */
export const shipmentIdTokens = (tokens: readonly string[]) =>
  tokens.filter((t) => /^\d{1,9}$/.test(t)).map(Number);

export interface ShipmentCandidate {
  shipmentId: number;
  referenceValues: string[];
}

/** The shipment the message names first: the earliest token that is one's id, pro or reference number. */
export function namedShipment(
  tokens: readonly string[],
  candidates: readonly ShipmentCandidate[],
): number | undefined {
  for (const token of tokens) {
    const found = candidates.find(
      (c) => String(c.shipmentId) === token || c.referenceValues.some((v) => v.toLowerCase() === token),
    );
    if (found) return found.shipmentId;
  }
  return undefined;
}

/**
 * The email automation type (002 §3.8): Reply for an answer to the product's mail, Quote when the subject
 * asks about a quote, Attachment when it carries files, Operations otherwise.
 */
export function automationType(input: { isReply: boolean; subject: string; fileCount: number }): string {
  if (input.isReply) return 'Reply';
  if (/\bquotes?\b/i.test(input.subject)) return 'Quote';
  if (input.fileCount > 0) return 'Attachment';
  return 'Operations';
}

/** The activity's body: the text of the message, its subject when it has none, within the limit. */
export function emailBody(subject: string, text: string): string {
  const body = text.replace(/\r\n/g, '\n').trim() || subject.trim() || '(no text)';
  return body.length > ACTIVITY_DESCRIPTION_MAX_LENGTH
    ? `${body.slice(0, ACTIVITY_DESCRIPTION_MAX_LENGTH - 1)}…`
    : body;
}

/** The key of a message in a mailbox: UIDs are unique within one UIDVALIDITY of one mailbox (RFC 3501). */
export const messageKey = (userId: string, uidValidity: bigint | number, uid: number) =>
  `${userId}:${uidValidity}:${uid}`;

/**
 * Messages are fetched, recorded, post-processed and passed by the cursor in batches (one IMAP command each
 * for the sources and the post-processing, one cursor write): at most this many messages, and this many
 * bytes of sources held at once (a larger message goes alone), so a mailbox of large files stays in memory
 * bounds.
 */
export const READ_BATCH_MESSAGES = 50;
export const READ_BATCH_BYTES = 8 * 1024 * 1024;

/**
 * How far a read's heap may grow past what is alive before it is collected (the platform's `heapBound`, as the
 * shipment import does). A batch's sources and each message's parse live across many young collections while
 * the reader waits on IMAP and PostgreSQL, so they are promoted; bounded so, a backlog of 10,000 leaves the
 * worker holding what is alive, not thousands of messages' garbage until V8 decides to collect it
 * (infra/load/mail-read.ts).
 */
export const READ_HEAP_HEADROOM_BYTES = 24 * 1024 * 1024;

/** The UIDs (oldest first) cut into batches of at most `maxMessages` messages and `maxBytes` bytes. */
export function readBatches(
  messages: readonly { uid: number; size: number }[],
  maxMessages = READ_BATCH_MESSAGES,
  maxBytes = READ_BATCH_BYTES,
): number[][] {
  const batches: number[][] = [];
  let batch: number[] = [];
  let bytes = 0;
  for (const m of messages) {
    if (batch.length > 0 && (batch.length >= maxMessages || bytes + m.size > maxBytes)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(m.uid);
    bytes += m.size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** An activity change that moves an email this service read: an email entry reassigned to another shipment. */
export function isEmailMove(entry: {
  change: string;
  emailAutomationDetailId?: string | undefined;
}): boolean {
  return entry.change === 'reassigned' && Boolean(entry.emailAutomationDetailId);
}
