// Email over SMTP with nodemailer. In development the launcher's SMTP sink (infra/dev/mail-sink.ts)
// receives everything; in production SMTP_URL names the real relay. Attachments are streamed from the
// store into the message, never read whole into memory.
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { connectionSecurity, type ServerAddress } from '@loadline/platform/mail-servers';
import type { Transporter } from 'nodemailer';

export interface OutgoingEmail {
  from: string;
  replyTo: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  text: string;
  /** an HTML part (the signature as written), besides the text */
  html?: string | undefined;
  /**
   * the staff member's own SMTP server and credentials (decision 0073): a password, or a Gmail or Microsoft
   * mailbox's access token (SASL XOAUTH2, decision 0037); the product's relay when absent
   */
  account?:
    | {
        server: ServerAddress;
        username: string;
        password?: string | undefined;
        accessToken?: string | undefined;
      }
    | undefined;
  /** a stable id: a retried send carries the same Message-ID, so receivers can tell a repeat */
  messageId: string;
  attachments: { filename: string; contentType: string; content: () => Promise<Readable> }[];
}

export interface EmailTransport {
  send(email: OutgoingEmail): Promise<{ providerMessageId: string }>;
  close(): void;
}

export class SmtpTransport implements EmailTransport {
  private readonly url: string;
  private made: Transporter | undefined;
  constructor(url: string) {
    this.url = url;
  }

  /** nodemailer is loaded by the first email sent, not at start (~5 MB resident). */
  private get transporter(): Transporter {
    if (!this.made) {
      const nodemailer = createRequire(import.meta.url)('nodemailer') as typeof import('nodemailer');
      this.made = nodemailer.createTransport(this.url, {
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 60_000,
      } as never);
    }
    return this.made;
  }

  async send(email: OutgoingEmail): Promise<{ providerMessageId: string }> {
    // Open every file first: a missing one fails the send before anything is said to the server.
    const attachments = await Promise.all(
      email.attachments.map(async (a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: await a.content(),
      })),
    );
    // The staff member's own server: one connection for this message, secured as decision 0070 says.
    const own = email.account ? this.ownTransport(email.account) : undefined;
    try {
      const info = await (own ?? this.transporter).sendMail({
        from: email.from,
        replyTo: email.replyTo,
        to: email.to,
        cc: email.cc,
        bcc: email.bcc,
        subject: email.subject,
        text: email.text,
        ...(email.html ? { html: email.html } : {}),
        messageId: email.messageId,
        attachments,
      });
      return { providerMessageId: String(info.messageId ?? email.messageId) };
    } finally {
      for (const a of attachments) a.content.destroy();
      own?.close();
    }
  }

  private ownTransport(account: NonNullable<OutgoingEmail['account']>): Transporter {
    const nodemailer = createRequire(import.meta.url)('nodemailer') as typeof import('nodemailer');
    const security = connectionSecurity('smtp', account.server);
    return nodemailer.createTransport({
      host: account.server.host,
      port: account.server.port,
      secure: security.secure,
      requireTLS: security.requireStartTls,
      auth: account.accessToken
        ? { type: 'OAuth2', user: account.username, accessToken: account.accessToken }
        : { user: account.username, pass: account.password ?? '' },
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
    });
  }

  close(): void {
    this.made?.close();
  }
}

/** Used when no SMTP server is configured (production without SMTP_URL): every send fails, visibly. */
export class UnconfiguredTransport implements EmailTransport {
  async send(): Promise<never> {
    throw Object.assign(new Error('No SMTP server is configured (SMTP_URL).'), { code: 'ENOCONFIG' });
  }
  close(): void {}
}
