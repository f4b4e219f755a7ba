// Gmail and Microsoft mailboxes read and send for real with their access token (SASL XOAUTH2; issue 18 item
// 2; decision 0037), against real servers the test starts: the local OAuth 2 server (infra/dev/oauth-server.ts)
// that signs the mailboxes in and answers token introspection (RFC 7662); a private Dovecot (its own ports,
// configuration and mail under a temporary folder) whose `oauth2` passdb checks each token there; and the
// local SMTP server (infra/dev/mail-sink.ts) taking AUTH XOAUTH2, checked the same way. The Gmail and
// Microsoft types' servers are pointed at them by configuration (GOOGLE_IMAP_SERVER…). The directory, the
// shipments, activity and attachments services share one event namespace: the sign-in goes through the
// directory's routes, the sealed token reaches the attachments service on mailbox.changed, a token expired
// or refused goes back on tms.attachments.mailbox.signin.refused.v1 and the directory renews it or
// unauthorizes the mailbox. Two brokers: the demo broker's ops signs in at Google, the other broker's staff
// at Microsoft.

import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { subjects } from '@loadline/contracts/events';
import type { Identity } from '@loadline/platform';
import { demoCallers, eventually } from '@loadline/platform/testing';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailSink, startMailSink } from '../../../../infra/dev/mail-sink.ts';
import { type OAuthServer, signInSettings, startOAuthServer } from '../../../../infra/dev/oauth-server.ts';
import { startPrivateMailServer } from '../../../../infra/dev/servers.ts';
import { signInMessages } from '../../../directory/src/domain/mailbox-sign-in.ts';
import { readMailbox } from '../../src/app/read-mail.ts';
import { tablesOf as db, type MailboxSystem, otherShipmentId, startMailboxSystem } from './mailbox-system.ts';

// Ports of this file's own servers (the OAuth server, Dovecot's IMAP and LMTP, the SMTP server), in one
// range; PROVIDER_MAILBOX_PORT moves them.
const basePort = Number(process.env.PROVIDER_MAILBOX_PORT || 11530);
const ports = {
  oauth: basePort,
  imap: basePort + 1,
  lmtp: basePort + 2,
  smtp: basePort + 3,
  web: basePort + 4,
};

const { ops, otherBroker } = demoCallers;
const gmailAccount = 'ops.mailbox@gmail.example';
const outlookAccount = 'olga.mailbox@outlook.example';
const redirectUrl = 'http://127.0.0.1:9/back-office/mailbox-sign-in';
const clients = {
  google: { clientId: 'loadline-google', clientSecret: randomBytes(16).toString('hex') },
  microsoft: { clientId: 'loadline-microsoft', clientSecret: randomBytes(16).toString('hex') },
  // the mail servers, as resource servers, introspect tokens with their own client
  mailServers: { clientId: 'local-mail-servers', clientSecret: randomBytes(16).toString('hex') },
};

let sys: MailboxSystem;
let att: MailboxSystem['att'];
let directory: MailboxSystem['directory'];
let activity: MailboxSystem['activity'];
let as: (who: Partial<Identity>) => Record<string, string>;
let oauth: OAuthServer;
let sink: MailSink;
let dovecot: { stop: () => Promise<void> };
let dataDir: string;
let mailDir: string;
let demoTruckload: number;
const lmtp = createTransport({ host: '127.0.0.1', port: ports.lmtp, lmtp: true });

/** The attachments service's copy once it holds a token other than `not` (a sign-in or renewal reached it). */
const tokenReached = (userId: string, not: string | null = null) =>
  eventually(async () => {
    const m = await sys.mailboxView(userId);
    return m?.sealed_access_token && m.sealed_access_token !== not ? m : undefined;
  }, 60_000);

async function deliver(to: string, subject: string, text: string) {
  await lmtp.sendMail({ from: 'Dispatch <dispatch@carrier.example>', to, subject, text });
}

type Refusal = { userId: string; reason: string; refusals: number; sealedAccessToken: string };

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'attachments-provider-'));
  // Dovecot's mail user must be able to reach its folder: under /var/tmp, open to all.
  mailDir = await mkdtemp('/var/tmp/loadline-provider-mail-');
  await chmod(mailDir, 0o755);
  oauth = await startOAuthServer({
    account: gmailAccount,
    port: ports.oauth,
    clients: [
      { ...clients.google, redirectUris: [redirectUrl] },
      { ...clients.microsoft, redirectUris: [redirectUrl] },
      { ...clients.mailServers, redirectUris: [] },
    ],
  });
  const introspection = new URL(oauth.introspectionUrl);
  introspection.username = clients.mailServers.clientId;
  introspection.password = clients.mailServers.clientSecret;
  dovecot = await startPrivateMailServer({
    dir: mailDir,
    instanceName: `loadline-xoauth-${ports.imap}`,
    imapPort: ports.imap,
    lmtpPort: ports.lmtp,
    // passwords nobody knows: these mailboxes open only with a token
    mailboxes: [gmailAccount, outlookAccount].map((address) => ({
      address,
      password: randomBytes(12).toString('hex'),
    })),
    oauth2: { introspectionUrl: introspection.toString() },
  });
  sink = await startMailSink({
    dir: join(dataDir, 'mail'),
    smtpPort: ports.smtp,
    httpPort: ports.web,
    oauth: { introspectionUrl: oauth.introspectionUrl, ...clients.mailServers },
  });

  sys = await startMailboxSystem({
    tag: 'xoa',
    otherBroker: true,
    directoryEnv: {
      MAILBOX_OAUTH_REDIRECT_URL: redirectUrl,
      ...signInSettings(oauth, 'google', clients.google),
      ...signInSettings(oauth, 'microsoft', clients.microsoft),
    },
    attachmentsEnv: {
      // Both providers' servers are this file's own (decision 0037's settings).
      GOOGLE_IMAP_SERVER: `127.0.0.1:${ports.imap}`,
      GOOGLE_SMTP_SERVER: `127.0.0.1:${ports.smtp}`,
      MICROSOFT_IMAP_SERVER: `127.0.0.1:${ports.imap}`,
      MICROSOFT_SMTP_SERVER: `127.0.0.1:${ports.smtp}`,
    },
    settings: {
      dataDir,
      // the product's relay is the same SMTP server: mail from a mailbox no longer authorized goes there
      smtpUrl: `smtp://127.0.0.1:${ports.smtp}`,
      // long enough for a renewal to come back between two attempts of a send
      sendBackoffMs: 3000,
      mailIdleMs: 0,
      mailPollIntervalMs: 3_600_000,
    },
  });
  ({ att, directory, activity, as } = sys);
  // A truckload shipment of the demo broker, and one of the other broker (its copy in the read models).
  demoTruckload = await sys.shipmentOfEachBroker();

  await sys.signIn(ops, 'google', gmailAccount);
  await sys.signIn(otherBroker, 'microsoft', outlookAccount);
  await tokenReached(ops.userId);
  await tokenReached(otherBroker.userId);
}, 300_000);

afterAll(async () => {
  lmtp.close();
  await sys?.close();
  await sink?.close();
  await dovecot?.stop();
  await oauth?.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(mailDir, { recursive: true, force: true });
});

describe('a Gmail and a Microsoft mailbox read with their token (XOAUTH2)', () => {
  it('carries the sign-in to the attachments service sealed, never in clear', async () => {
    const mine = (await sys.mailboxView(ops.userId))!;
    expect(mine).toMatchObject({ mailbox_type: 3, username: gmailAccount, is_authorized: true });
    expect(mine.sealed_access_token).toMatch(/^v1\./);
    expect(mine.token_expires_at!.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect((await sys.mailboxView(otherBroker.userId))!).toMatchObject({
      mailbox_type: 4,
      username: outlookAccount,
      broker_id: otherBroker.brokerId,
    });
  });

  it('files a message delivered to each mailbox on the right shipment, once, as one activity; never across brokers', async () => {
    const word = randomBytes(4).toString('hex');
    await deliver(gmailAccount, `Load ${demoTruckload} picked up ${word}`, 'Driver loaded.');
    await deliver(outlookAccount, `Load ${otherShipmentId} delivered ${word}`, 'POD to follow.');
    // The other broker's mailbox names the demo broker's shipment: not theirs, kept unmatched.
    await deliver(outlookAccount, `About ${demoTruckload} ${word}x`, 'Wrong broker.');
    const gmail = await sys.recorded(ops.userId, word);
    const outlook = await sys.recorded(otherBroker.userId, `delivered ${word}`);
    const stray = await sys.recorded(otherBroker.userId, `${word}x`);
    expect(gmail).toMatchObject({ status: 'Filed', shipment_id: demoTruckload, broker_id: ops.brokerId });
    expect(outlook).toMatchObject({
      status: 'Filed',
      shipment_id: otherShipmentId,
      broker_id: otherBroker.brokerId,
    });
    expect(stray).toMatchObject({ status: 'Unmatched', shipment_id: null });
    // One activity each, on its shipment.
    for (const [row, shipmentId] of [
      [gmail, demoTruckload],
      [outlook, otherShipmentId],
    ] as const) {
      const entries = await eventually(async () => {
        const found = await db(activity)
          .selectFrom('shipment_activity')
          .select(['shipment_id', 'email_automation_detail_id'])
          .where('email_automation_detail_id', '=', row.inbound_id as string)
          .execute();
        return found.length > 0 ? found : undefined;
      }, 60_000);
      expect(entries).toEqual([{ shipment_id: shipmentId, email_automation_detail_id: row.inbound_id }]);
    }
    // Read again: nothing new (each message once).
    const again = await readMailbox(att.deps, ops.userId);
    expect(again.filed + again.unmatched).toBe(0);
  });

  it('sends a tracking status request from each mailbox through the SMTP server, signed in with XOAUTH2', async () => {
    const request = async (who: Partial<Identity>, shipmentId: number) => {
      const sent = await sys.requestTracking(who, shipmentId);
      expect(sent.statusCode, sent.body).toBe(201);
      return sink.waitFor((m) => m.messageId === `<${sent.messageId!}@loadline>`, 60_000);
    };
    const fromGmail = await request(ops, demoTruckload);
    expect(fromGmail.signedInAs).toBe(gmailAccount);
    expect(fromGmail.from).toContain(gmailAccount);
    expect(fromGmail.envelope.to).toEqual(['dispatch@carrier.example']);
    const fromOutlook = await request(otherBroker, otherShipmentId);
    expect(fromOutlook.signedInAs).toBe(outlookAccount);
    expect(fromOutlook.from).toContain(outlookAccount);
    // The other broker cannot ask about the demo broker's shipment.
    const rival = await sys.requestTracking(otherBroker, demoTruckload, { email: 'x@carrier.example' });
    expect(rival.statusCode).toBe(400);
  });
});

describe('a token expired or refused: renewed by the directory, never looped on', () => {
  it('an expired token is not tried: reported once, renewed, and the mailbox read with the new one', async () => {
    // A sign-in whose tokens live one second.
    oauth.setAccessTokenSeconds(1);
    const renewals = oauth.issued.refresh_token;
    await sys.signIn(ops, 'google', gmailAccount);
    oauth.setAccessTokenSeconds(3600);
    // The one-second token as the directory stored and published it.
    const short = (
      (await db(directory)
        .selectFrom('staff_mailbox')
        .select('sealed_access_token')
        .where('user_id', '=', ops.userId)
        .executeTakeFirstOrThrow()) as { sealed_access_token: string }
    ).sealed_access_token;
    const word = randomBytes(4).toString('hex');
    await deliver(gmailAccount, `Load ${demoTruckload} late ${word}`, 'Running late.');
    await readMailbox(att.deps, ops.userId);
    // The renewed token comes back through the directory, and the message is read with it.
    await eventually(async () => {
      const m = await sys.mailboxView(ops.userId);
      return m!.sealed_access_token !== short && m!.token_expires_at!.getTime() > Date.now() + 50 * 60_000;
    }, 60_000);
    expect(await sys.recorded(ops.userId, word)).toMatchObject({
      status: 'Filed',
      shipment_id: demoTruckload,
    });
    expect(oauth.issued.refresh_token).toBeGreaterThan(renewals);
    const reports = (await sys.refusalsPublished<Refusal>(ops.userId)).filter((r) => r.reason === 'expired');
    expect(reports.length).toBeGreaterThanOrEqual(1);
    // The expired token is reported once however often it is met.
    expect(reports.filter((r) => r.sealedAccessToken === short)).toHaveLength(1);
  });

  it('a token the server refuses before its expiry is renewed once; reading and sending go on with the new one', async () => {
    const current = (await sys.mailboxView(ops.userId))!.sealed_access_token;
    // The provider ends the account's sessions: the access tokens stop working, the refresh token does not.
    oauth.revokeAccessTokens(gmailAccount);
    const word = randomBytes(4).toString('hex');
    await deliver(gmailAccount, `Load ${demoTruckload} arrived ${word}`, 'At the dock.');
    // A run of its own (not one already connected before the tokens ended): its sign-in is refused.
    await eventually(async () => !(await readMailbox(att.deps, ops.userId)).alreadyBeingRead, 30_000);
    const seen = await sys.mailboxView(ops.userId);
    // Either the refusal is recorded, or the renewal already came back: never the same token tried again.
    expect(seen!.refused_access_token === current || seen!.sealed_access_token !== current).toBe(true);
    await tokenReached(ops.userId, current);
    expect(await sys.recorded(ops.userId, word)).toMatchObject({ status: 'Filed' });
    // A sign-in that worked forgets the refusals in a row.
    await eventually(async () => (await sys.mailboxView(ops.userId))!.signin_refusals === 0, 30_000);
    const refused = (await sys.refusalsPublished<Refusal>(ops.userId)).filter((r) => r.reason === 'refused');
    expect(refused.map((r) => r.refusals)).toEqual([1]);

    // Sending: the token is revoked again; the send is refused, reported, retried and goes out renewed.
    const next = (await sys.mailboxView(ops.userId))!.sealed_access_token;
    oauth.revokeAccessTokens(gmailAccount);
    const sent = await sys.requestTracking(ops, demoTruckload, { subject: 'Status?', body: 'Where?' });
    expect(sent.statusCode, sent.body).toBe(201);
    const mail = await sink.waitFor((m) => m.messageId === `<${sent.messageId!}@loadline>`, 90_000);
    expect(mail.signedInAs).toBe(gmailAccount);
    expect((await sys.mailboxView(ops.userId))!.sealed_access_token).not.toBe(next);
    const message = await att.app.inject({
      method: 'GET',
      url: `/api/documentsender/messages/${sent.messageId!}`,
      headers: as(ops),
    });
    expect(message.json()).toMatchObject({ status: 90 });
    // a renewal, a read and a send: about 10 s on two cores alone, as long as its own waits beside the suite
  }, 120_000);

  it('a revoked sign-in (the refresh token refused) leaves the mailbox unauthorized with the page’s words; the other broker’s untouched', async () => {
    oauth.revokeAccount(outlookAccount);
    const word = randomBytes(4).toString('hex');
    await deliver(outlookAccount, `Load ${otherShipmentId} ${word}`, 'Anyone?');
    await readMailbox(att.deps, otherBroker.userId);
    const page = await eventually(async () => {
      const res = await directory.app.inject({
        method: 'GET',
        url: '/api/staff/mailbox',
        headers: as(otherBroker),
      });
      return res.json().isAuthorized === false ? res.json() : undefined;
    }, 60_000);
    expect(page).toMatchObject({
      mailboxType: 4,
      authorizationProblem: signInMessages.revoked('microsoft'),
    });
    await eventually(
      async () => (await sys.mailboxView(otherBroker.userId))!.is_authorized === false,
      30_000,
    );
    // Not read any more; mail from it goes out through the product's relay, not signed in.
    expect((await readMailbox(att.deps, otherBroker.userId)).filed).toBe(0);
    const sent = await sys.requestTracking(otherBroker, otherShipmentId, { subject: 'S', body: 'B' });
    expect(sent.statusCode, sent.body).toBe(201);
    const mail = await sink.waitFor((m) => m.messageId === `<${sent.messageId!}@loadline>`, 60_000);
    expect(mail.signedInAs).toBeNull();
    // The demo broker's Gmail mailbox is still signed in.
    expect((await sys.mailboxView(ops.userId))!.is_authorized).toBe(true);
  });

  it('a renewed token refused again (mail access turned off for the account): renewed once, then unauthorized, no loop', async () => {
    const renewals = oauth.issued.refresh_token;
    const before = (await sys.refusalsPublished<Refusal>(ops.userId)).length;
    // The account's tokens are still issued and renewed, but its mail servers refuse them.
    oauth.setMailAccess(gmailAccount, false);
    const word = randomBytes(4).toString('hex');
    await deliver(gmailAccount, `Load ${demoTruckload} ${word}`, 'Anyone?');
    await eventually(async () => !(await readMailbox(att.deps, ops.userId)).alreadyBeingRead, 30_000);
    // Refused (1), renewed, the renewed token read at once and refused (2): the directory stops there.
    const page = await eventually(async () => {
      const res = await directory.app.inject({ method: 'GET', url: '/api/staff/mailbox', headers: as(ops) });
      return res.json().isAuthorized === false ? res.json() : undefined;
    }, 60_000);
    expect(page).toMatchObject({
      mailboxType: 3,
      authorizationProblem: signInMessages.serverRefused('google'),
    });
    expect(oauth.issued.refresh_token).toBe(renewals + 1);
    const reports = (await sys.refusalsPublished<Refusal>(ops.userId)).slice(before);
    expect(reports.map((r) => [r.reason, r.refusals])).toEqual([
      ['refused', 1],
      ['refused', 2],
    ]);
    await eventually(async () => (await sys.mailboxView(ops.userId))!.is_authorized === false, 30_000);
    // Nothing more is tried: the mailbox is no longer read, and no report follows.
    await readMailbox(att.deps, ops.userId);
    expect((await sys.refusalsPublished<Refusal>(ops.userId)).slice(before)).toHaveLength(2);
    oauth.setMailAccess(gmailAccount, true);
    // Two refusals, a renewal and the directory's answer take about 15 s on two cores alone; the waits above
    // allow more, and so does the test (beside the rest of the suite it once took more than 30 s).
  }, 120_000);

  it('a report about a token the mailbox no longer has changes nothing', async () => {
    const renewals = oauth.issued.refresh_token;
    await sys.signIn(ops, 'google', gmailAccount);
    const stale = 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA';
    await directory.deliver(subjects.mailboxSignInRefused, {
      userId: ops.userId,
      brokerId: ops.brokerId,
      mailboxType: 3,
      sealedAccessToken: stale,
      reason: 'refused',
      protocol: 'smtp',
      refusals: 2,
      refusedAt: new Date().toISOString(),
    });
    const res = await directory.app.inject({ method: 'GET', url: '/api/staff/mailbox', headers: as(ops) });
    expect(res.json()).toMatchObject({ isAuthorized: true, authorizationProblem: null });
    expect(oauth.issued.refresh_token).toBe(renewals);
  });
});
