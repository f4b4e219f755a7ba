// The local stand-ins for Gmail's and Microsoft's mail servers (decision 0037): a private Dovecot whose `oauth2`
// passdb checks each XOAUTH2 bearer token at the local OAuth server's introspection endpoint (RFC 7662), holding
// the OAuth account's mailbox, and an SMTP server (infra/dev/mail-sink.ts) taking AUTH XOAUTH2, checked the same
// way, that keeps every message and delivers those for that mailbox into the Dovecot. `npm start` runs them
// (startSystem's `providerMailServers`) and points GOOGLE_IMAP_SERVER… at them, so that a Gmail or Microsoft
// mailbox signed in at the local OAuth server is read and sends for real on this machine.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { type MailSink, startMailSink } from './mail-sink.ts';
import type { OAuthClient } from './oauth-server.ts';
import { isListening, startPrivateMailServer } from './servers.ts';

/** The OAuth client the mail servers introspect tokens with (register it at the OAuth server). */
export function providerMailServersClient(): OAuthClient {
  return {
    clientId: 'local-mail-servers',
    clientSecret: randomBytes(16).toString('base64url'),
    redirectUris: [],
  };
}

export interface ProviderMailServers {
  /** GOOGLE_IMAP_SERVER, GOOGLE_SMTP_SERVER, MICROSOFT_IMAP_SERVER, MICROSOFT_SMTP_SERVER (`host:port`) */
  settings: Record<string, string>;
  imap: { host: string; port: number };
  smtp: MailSink;
  stop(): Promise<void>;
}

export async function startProviderMailServers(options: {
  /** the OAuth server's RFC 7662 endpoint */
  introspectionUrl: string;
  /** a client registered at it (providerMailServersClient) */
  client: OAuthClient;
  /** the mailboxes (the accounts the OAuth server signs in); they open only with a token */
  accounts: readonly string[];
  /** Dovecot's configuration, state and mail (every folder on the way open to its mail user) */
  dovecotDir: string;
  /** where the SMTP server keeps the messages */
  mailDir: string;
  ports: { imap: number; lmtp: number; smtp: number; page: number };
}): Promise<ProviderMailServers> {
  const host = '127.0.0.1';
  // A Dovecot of this folder left running (a start killed without its stop) is stopped first.
  const config = `${options.dovecotDir}/dovecot.conf`;
  if (existsSync(config) && (await isListening(options.ports.imap))) {
    try {
      execFileSync('doveadm', ['-c', config, 'stop'], { stdio: 'ignore' });
    } catch {}
    for (let i = 0; i < 50 && (await isListening(options.ports.imap)); i++)
      await new Promise((r) => setTimeout(r, 100));
  }
  mkdirSync(options.dovecotDir, { recursive: true, mode: 0o755 });
  const introspection = new URL(options.introspectionUrl);
  introspection.username = options.client.clientId;
  introspection.password = options.client.clientSecret;
  const mailboxes = options.accounts.map((address) => ({
    address,
    // a password nobody knows: these mailboxes open only with a token
    password: randomBytes(12).toString('hex'),
  }));
  const dovecot = await startPrivateMailServer({
    dir: options.dovecotDir,
    instanceName: `loadline-providers-${options.ports.imap}`,
    imapPort: options.ports.imap,
    lmtpPort: options.ports.lmtp,
    mailboxes,
    oauth2: { introspectionUrl: introspection.toString() },
  });
  let smtp: MailSink;
  try {
    smtp = await startMailSink({
      dir: options.mailDir,
      smtpPort: options.ports.smtp,
      httpPort: options.ports.page,
      localDelivery: { lmtpPort: options.ports.lmtp, mailboxes },
      oauth: {
        introspectionUrl: options.introspectionUrl,
        clientId: options.client.clientId,
        clientSecret: options.client.clientSecret,
      },
    });
  } catch (error) {
    await dovecot.stop();
    throw error;
  }
  const imapServer = `${host}:${options.ports.imap}`;
  const smtpServer = `${host}:${options.ports.smtp}`;
  return {
    settings: {
      GOOGLE_IMAP_SERVER: imapServer,
      GOOGLE_SMTP_SERVER: smtpServer,
      MICROSOFT_IMAP_SERVER: imapServer,
      MICROSOFT_SMTP_SERVER: smtpServer,
    },
    imap: { host, port: options.ports.imap },
    smtp,
    async stop() {
      await smtp.close();
      await dovecot.stop();
    },
  };
}
