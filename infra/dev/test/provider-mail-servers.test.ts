// npm start's stand-ins for Gmail's and Microsoft's mail servers (decision 0037), for real: the local OAuth server
// and startProviderMailServers (a private Dovecot with an `oauth2` passdb, an SMTP server taking AUTH XOAUTH2) on
// ports of this file (11600–11604, PROVIDER_MAIL_SERVERS_PORT moves them). A token the OAuth server gave its
// account signs in over IMAP and SMTP with XOAUTH2; a message sent that way arrives in the account's mailbox; a
// wrong token, or another account's, is refused by both.
import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OAuthServer, startOAuthServer } from '../oauth-server.ts';
import {
  type ProviderMailServers,
  providerMailServersClient,
  startProviderMailServers,
} from '../provider-mail-servers.ts';

const basePort = Number(process.env.PROVIDER_MAIL_SERVERS_PORT || 11600);
const account = 'mailbox@oauth.localhost';
const redirectUri = 'http://127.0.0.1:9/back-office/mailbox-sign-in';
const google = {
  clientId: 'loadline-google',
  clientSecret: randomBytes(16).toString('hex'),
  redirectUris: [redirectUri],
};

let oauth: OAuthServer;
let servers: ProviderMailServers;
let dovecotDir: string;
let mailDir: string;

/** What the directory does at a sign-in: the authorization page (PKCE), then the code for tokens. */
async function accessTokenFor(who: string): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const page = new URL(oauth.authorizeUrl);
  page.search = new URLSearchParams({
    client_id: google.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'https://mail.google.com/',
    state: 'x',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    login_hint: who,
  }).toString();
  const back = new URL((await fetch(page, { redirect: 'manual' })).headers.get('location')!);
  const tokens = await fetch(oauth.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      redirect_uri: redirectUri,
      code_verifier: verifier,
      client_id: google.clientId,
      client_secret: google.clientSecret,
    }),
  });
  expect(tokens.status).toBe(200);
  return ((await tokens.json()) as { access_token: string }).access_token;
}

const imap = (user: string, accessToken: string) =>
  new ImapFlow({
    host: servers.imap.host,
    port: servers.imap.port,
    secure: false,
    auth: { user, accessToken },
    logger: false,
  });

const smtp = (user: string, accessToken: string) =>
  createTransport({
    host: '127.0.0.1',
    port: servers.smtp.smtpPort,
    secure: false,
    auth: { type: 'OAuth2', user, accessToken },
  });

beforeAll(async () => {
  const client = providerMailServersClient();
  oauth = await startOAuthServer({ account, port: basePort, clients: [google, client] });
  // Dovecot's mail user must be able to reach its folder: under /var/tmp, open to all.
  dovecotDir = await mkdtemp('/var/tmp/loadline-provider-servers-');
  await chmod(dovecotDir, 0o755);
  mailDir = await mkdtemp(join(tmpdir(), 'loadline-provider-servers-mail-'));
  servers = await startProviderMailServers({
    introspectionUrl: oauth.introspectionUrl,
    client,
    accounts: [account],
    dovecotDir,
    mailDir,
    ports: { imap: basePort + 1, lmtp: basePort + 2, smtp: basePort + 3, page: basePort + 4 },
  });
});

afterAll(async () => {
  await servers?.stop();
  await oauth?.close();
  if (dovecotDir) await rm(dovecotDir, { recursive: true, force: true });
  if (mailDir) await rm(mailDir, { recursive: true, force: true });
});

describe("npm start's Gmail and Microsoft mail servers", () => {
  it('point the four provider settings at themselves', () => {
    expect(servers.settings).toEqual({
      GOOGLE_IMAP_SERVER: `127.0.0.1:${basePort + 1}`,
      GOOGLE_SMTP_SERVER: `127.0.0.1:${basePort + 3}`,
      MICROSOFT_IMAP_SERVER: `127.0.0.1:${basePort + 1}`,
      MICROSOFT_SMTP_SERVER: `127.0.0.1:${basePort + 3}`,
    });
  });

  it('take the OAuth account’s token over SMTP and IMAP (XOAUTH2): a message sent arrives in its mailbox', async () => {
    const token = await accessTokenFor(account);
    const subject = `Load 4711 via XOAUTH2 ${Date.now()}`;
    const info = await smtp(account, token).sendMail({
      from: account,
      to: account,
      subject,
      text: 'Picked up at 10:40.',
    });
    expect(info.accepted).toEqual([account]);
    const sent = await servers.smtp.waitFor((m) => m.subject === subject, 10_000);
    expect(sent).toMatchObject({ signedInAs: account, delivered: [account] });

    const client = imap(account, token);
    await client.connect();
    try {
      const lock = await client.getMailboxLock('INBOX');
      try {
        const found = await client.search({ subject });
        expect(found).toHaveLength(1);
      } finally {
        lock.release();
      }
    } finally {
      await client.logout();
    }
  });

  it('refuse a wrong token, and another account’s, over IMAP and SMTP', async () => {
    const wrong = randomBytes(24).toString('base64url');
    const othersToken = await accessTokenFor('someone.else@oauth.localhost');
    for (const token of [wrong, othersToken]) {
      const client = imap(account, token);
      await expect(client.connect()).rejects.toMatchObject({ authenticationFailed: true });
      client.close();
      await expect(
        smtp(account, token).sendMail({ from: account, to: account, subject: 'refused', text: 'x' }),
      ).rejects.toMatchObject({ code: 'EAUTH', responseCode: 535 });
    }
    expect((await servers.smtp.messages()).filter((m) => m.subject === 'refused')).toHaveLength(0);
  });
});
