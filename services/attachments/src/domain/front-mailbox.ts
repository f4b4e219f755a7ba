// Front mailboxes (type 5, 002 §3.8) read and send through Front's Core API with the sign-in's access token
// as a bearer (decision 0037, "Front"): Front has no IMAP or SMTP. The rules of it that need no I/O: the key
// that makes a message read once, which messages a read takes, which conversations are post-processed and
// how, which channel sends, how long a rate limit makes us wait, and the API's address.
import type { PostProcessing } from './inbound-mail.ts';

/** The public API's address (decision 0037); FRONT_API_URL moves it (the local server in development). */
export const DEFAULT_FRONT_API_URL = 'https://api2.frontapp.com';

/** A Front mailbox's cursor has no UIDVALIDITY: its epoch is 0, which no IMAP server gives (RFC 3501 §2.3.1.1). */
export const FRONT_CURSOR_EPOCH = 0n;

/** The exactly-once key of a Front message: its id (`msg_…`) in place of UIDVALIDITY:UID. */
export const frontMessageKey = (userId: string, messageId: string) => `${userId}:front:${messageId}`;

export interface ListedMessage {
  id: string;
  conversationId: string;
  isInbound: boolean;
  /** Front's created_at, in milliseconds */
  createdAtMs: number;
}

/**
 * The messages a read takes: received (inbound: what the mailbox sent itself is not mail to file), at or after
 * the cursor (at: two messages of one millisecond, one read before a crash; the keys tell them apart), once
 * each (a conversation in two inboxes lists its messages twice), oldest first.
 */
export function messagesToRead<T extends ListedMessage>(messages: readonly T[], cursorMs: number): T[] {
  const seen = new Set<string>();
  return messages
    .filter((m) => m.isInbound && m.createdAtMs >= cursorMs && !seen.has(m.id) && seen.add(m.id))
    .sort((a, b) => a.createdAtMs - b.createdAtMs || (a.id < b.id ? -1 : 1));
}

/**
 * The post-processing action (002 §3.8) as a conversation status: Archive → archived, Delete → deleted
 * (Front's trash); MarkAsRead and DoNothing change nothing (Front's "seen" is each teammate's own and cannot
 * be written through the API).
 */
export function frontStatusFor(action: PostProcessing): 'archived' | 'deleted' | null {
  if (action === 'Archive') return 'archived';
  if (action === 'Delete') return 'deleted';
  return null;
}

/**
 * The conversations to post-process after a batch: those with a message read (recorded now or before), and
 * none left as it is (SendAndReadReplies: a message not a reply to the product's mail is not the product's).
 */
export function conversationsToProcess(
  read: readonly { conversationId: string; outcome: 'filed' | 'unmatched' | 'known' | 'skipped' }[],
): string[] {
  const left = new Set(read.filter((r) => r.outcome === 'skipped').map((r) => r.conversationId));
  return [...new Set(read.filter((r) => r.outcome !== 'skipped').map((r) => r.conversationId))].filter(
    (c) => !left.has(c),
  );
}

/** The channel a new message goes out through: the one whose address is the mailbox's account, else the first. */
export function sendingChannel<T extends { id: string; address?: string | null; send_as?: string | null }>(
  channels: readonly T[],
  account: string,
): T | undefined {
  const a = account.trim().toLowerCase();
  return (
    channels.find((c) => c.send_as?.toLowerCase() === a || c.address?.toLowerCase() === a) ?? channels[0]
  );
}

/** Front's rate limit: 429 with Retry-After seconds. How long to wait, bounded; undefined: give up for now. */
export function rateLimitWait(
  retryAfter: string | null,
  attempt: number,
  maxWaitMs = 60_000,
): number | undefined {
  if (attempt >= 3) return undefined;
  const seconds = retryAfter === null || retryAfter.trim() === '' ? Number.NaN : Number(retryAfter);
  const ms = Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 2 ** attempt * 1000;
  return ms > maxWaitMs ? undefined : Math.max(ms, 100);
}

/** Whether a link from an answer may be sent the bearer token: only on the API's own origin. */
export const onApi = (link: string, apiUrl: string) =>
  URL.canParse(link) && new URL(link).origin === new URL(apiUrl).origin;

/** Parses FRONT_API_URL, naming it when it is not an http(s) URL. */
export function frontApiUrlSetting(value: string | undefined): string {
  const raw = value?.trim() || DEFAULT_FRONT_API_URL;
  if (!URL.canParse(raw) || !/^https?:$/.test(new URL(raw).protocol))
    throw new Error(`FRONT_API_URL must be an http(s) URL, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}
