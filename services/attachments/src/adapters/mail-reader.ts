// Reading a staff mailbox over IMAP (imapflow) and parsing its messages (mailparser), for the mail reading
// job (decision 0071); a Gmail or Microsoft mailbox signs in with its access token (XOAUTH2, decision 0037). Connections are secured as the directory's connection test secures them (decision
// 0070): implicit TLS on 993, else STARTTLS, required unless the server is on this machine.
import { createRequire } from 'node:module';
import { connectionSecurity, type ServerAddress } from '@loadline/platform/mail-servers';
import type { PostProcessing } from '../domain/inbound-mail.ts';

/** A mailbox to sign in to: with its password (IMAP), or its access token (SASL XOAUTH2, decision 0037). */
export interface MailAccount {
  server: ServerAddress;
  username: string;
  password?: string | undefined;
  accessToken?: string | undefined;
}

/**
 * Whether an error of `open` is the server refusing the sign-in (a tagged NO to LOGIN or AUTHENTICATE), not a
 * server that could not check it now (`[UNAVAILABLE]`: Dovecot's answer when its token check is out of reach)
 * or a connection that failed.
 */
export function signInRefused(error: unknown): boolean {
  const e = error as { authenticationFailed?: boolean; serverResponseCode?: string } | null;
  return Boolean(e?.authenticationFailed) && e?.serverResponseCode?.toUpperCase() !== 'UNAVAILABLE';
}

export interface ParsedFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

export interface ParsedMessage {
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  fromName: string;
  fromAddress: string;
  subject: string;
  text: string;
  date: Date;
  files: ParsedFile[];
}

/** The INBOX of one mailbox, open and locked for reading. */
export interface InboxSession {
  uidValidity: bigint;
  /** whether the server offers IDLE (RFC 2177): new mail is then waited for instead of polled */
  supportsIdle: boolean;
  /** the UIDs of the messages after `lastUid`, oldest first */
  uidsAfter(lastUid: number): Promise<number[]>;
  /** the sizes (RFC822.SIZE) of these messages, in one command; a message gone meanwhile is left out */
  sizes(uids: readonly number[]): Promise<Map<number, number>>;
  /** these messages' whole sources, in one command; a message gone meanwhile is left out */
  sources(uids: readonly number[]): Promise<Map<number, Buffer>>;
  /** the post-processing action (002 §3.8) applied to messages that were read, in one command */
  apply(uids: readonly number[], action: PostProcessing): Promise<void>;
  /** waits in IDLE until new mail arrives or `ms` pass */
  waitForNew(ms: number): Promise<void>;
  close(): Promise<void>;
}

export interface MailReader {
  open(account: MailAccount): Promise<InboxSession>;
  parse(source: Buffer): Promise<ParsedMessage>;
}

const load = <T>(name: string): T => createRequire(import.meta.url)(name) as T;

/** An IMAP UID set of ascending UIDs, runs written as ranges: 3,7:9,12. */
export function uidSet(uids: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < uids.length; ) {
    let j = i;
    while (j + 1 < uids.length && uids[j + 1] === uids[j]! + 1) j++;
    parts.push(j === i ? String(uids[i]) : `${uids[i]}:${uids[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

export function imapMailReader(timeoutMs: number): MailReader {
  return {
    async open(account) {
      const { ImapFlow } = load<typeof import('imapflow')>('imapflow');
      const security = connectionSecurity('imap', account.server);
      const client = new ImapFlow({
        host: account.server.host,
        port: account.server.port,
        secure: security.secure,
        doSTARTTLS: security.requireStartTls ? true : undefined,
        auth: account.accessToken
          ? { user: account.username, accessToken: account.accessToken }
          : { user: account.username, pass: account.password ?? '' },
        logger: false,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: 5 * 60_000,
      });
      // A dropped connection is reported by the next command; an unheard error event would end the process.
      client.on('error', () => undefined);
      await client.connect();
      const lock = await client.getMailboxLock('INBOX');
      const opened = client.mailbox;
      if (!opened) throw new Error('INBOX could not be opened');
      let archivePath: string | undefined;
      const archive = async () => {
        if (archivePath) return archivePath;
        const folders = await client.list();
        archivePath = folders.find((f) => f.specialUse === '\\Archive')?.path;
        if (!archivePath) {
          archivePath = 'Archive';
          await client.mailboxCreate(archivePath).catch(() => undefined);
        }
        return archivePath;
      };
      return {
        uidValidity: BigInt(opened.uidValidity),
        supportsIdle: client.capabilities.has('IDLE'),
        async uidsAfter(lastUid) {
          const found = await client.search({ uid: `${lastUid + 1}:*` }, { uid: true });
          // `n:*` always names the last message, even when its UID is below n (RFC 3501 §6.4.8).
          return (found || []).filter((uid) => uid > lastUid).sort((a, b) => a - b);
        },
        async sizes(uids) {
          const found = new Map<number, number>();
          if (uids.length === 0) return found;
          for (const m of await client.fetchAll(uidSet(uids), { size: true }, { uid: true })) {
            if (m.size !== undefined) found.set(m.uid, m.size);
          }
          return found;
        },
        async sources(uids) {
          const found = new Map<number, Buffer>();
          if (uids.length === 0) return found;
          for (const m of await client.fetchAll(uidSet(uids), { source: true }, { uid: true })) {
            if (m.source) found.set(m.uid, m.source);
          }
          return found;
        },
        async apply(uids, action) {
          if (uids.length === 0) return;
          const range = uidSet(uids);
          if (action === 'Archive') await client.messageMove(range, await archive(), { uid: true });
          else if (action === 'MarkAsRead') await client.messageFlagsAdd(range, ['\\Seen'], { uid: true });
          else if (action === 'Delete') await client.messageDelete(range, { uid: true });
        },
        async waitForNew(ms) {
          await new Promise<void>((resolve) => {
            const done = () => {
              clearTimeout(timer);
              client.off('exists', done);
              client.off('close', done);
              resolve();
            };
            const timer = setTimeout(done, ms);
            client.on('exists', done);
            client.on('close', done);
            // imapflow enters IDLE by itself while no command runs; this makes it start now.
            void client.idle().catch(() => undefined);
          });
        },
        async close() {
          lock.release();
          await client.logout().catch(() => client.close());
        },
      };
    },
    async parse(source) {
      const { simpleParser } = load<typeof import('mailparser')>('mailparser');
      const mail = await simpleParser(source, { skipHtmlToText: false, skipTextToHtml: true });
      const from = mail.from?.value[0];
      const references = mail.references === undefined ? [] : [mail.references].flat();
      return {
        messageId: mail.messageId ?? null,
        inReplyTo: mail.inReplyTo ?? null,
        references,
        fromName: from?.name || from?.address || 'Unknown sender',
        fromAddress: from?.address ?? '',
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        // A missing or unreadable Date header: when it was read.
        date: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : new Date(),
        files: mail.attachments
          .filter((a) => a.contentDisposition !== 'inline' || a.filename)
          .map((a, i) => ({
            fileName: (a.filename || `attachment-${i + 1}`).slice(0, 255),
            contentType: a.contentType || 'application/octet-stream',
            bytes: a.content,
          })),
      };
    },
  };
}
