// A staff member's mailbox and signature against the real servers: PostgreSQL, and the local mail server
// of development and tests (Dovecot's IMAP, the launcher's SMTP server in front of it; decision 0070).
// Configure an IMAP mailbox, test it (both parts sign in), a wrong password named as such, an unreachable
// server named as such; the password sealed at rest and never answered; and who may read whose mailbox,
// address and signature: two staff of one broker, and staff of another broker.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@loadline/contracts/catalogue';
import { demoMailboxPassword } from '@loadline/contracts/demo';
import { REPLY_ONLY_FLAG, replyOnlyRefusal } from '@loadline/contracts/rules/mailbox';
import { buildService, demoCallers, type TestService } from '@loadline/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailSink, startMailSink } from '../../../../infra/dev/mail-sink.ts';
import { localMailboxes, startTestMailServer, testMailServerPorts } from '../../../../infra/dev/servers.ts';
import type { DirectorySettings } from '../../src/config.ts';
import { openSecret, sealSecret } from '../../src/domain/secrets.ts';
import { type DirectoryAdapters, type DirectoryTables, directoryService } from '../../src/service.ts';
import { addOtherBroker } from './other-broker.ts';

/** This file's own Dovecot with the demo mailboxes (decision 0112): no other file's mail lands in them. */
const mailServer = testMailServerPorts();
let stopMailServer: (() => Promise<void>) | undefined;

let t: TestService<DirectoryTables, DirectorySettings, DirectoryAdapters>;
let sink: MailSink;
let sinkDir: string;

const { ops, admin, shipper, otherBroker } = demoCallers;
const incoming = `${mailServer.host}:${mailServer.imapPort}`;
let outgoing: string;

const imapMailbox = () => ({
  mailboxType: 2,
  username: ops.email,
  password: demoMailboxPassword,
  incomingMailServer: incoming,
  outgoingMailServer: outgoing,
  permissions: 2,
  postProcessingAction: 'MarkAsRead',
});

const call = (
  who: Parameters<TestService<DirectoryTables, DirectorySettings, DirectoryAdapters>['as']>[0],
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: t.as(who), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  stopMailServer = (await startTestMailServer(mailServer)).stop;
  sinkDir = await mkdtemp(join(tmpdir(), 'loadline-directory-mail-'));
  sink = await startMailSink({
    dir: sinkDir,
    smtpPort: 0,
    httpPort: 0,
    localDelivery: { lmtpPort: mailServer.lmtpPort, mailboxes: localMailboxes },
  });
  outgoing = `127.0.0.1:${sink.smtpPort}`;
  t = await buildService(directoryService, { seed: true });
  await addOtherBroker(t);
});

afterAll(async () => {
  await t?.cleanup();
  await sink?.close();
  if (sinkDir) await rm(sinkDir, { recursive: true, force: true });
  await stopMailServer?.();
});

describe('configuring an IMAP mailbox', () => {
  it('starts as Default: nothing configured, not authorized, no password', async () => {
    const res = await call(ops, 'GET', '/api/staff/mailbox');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      staffId: ops.userId,
      mailboxType: 1,
      username: null,
      hasPassword: false,
      incomingMailServer: null,
      outgoingMailServer: null,
      permissions: 1,
      postProcessingAction: 'Archive',
      lastReadDate: null,
      isAuthorized: false,
      authorizationProblem: null,
    });
  });

  it('refuses IMAP without username, password or outgoing server, in 001 §5’s words', async () => {
    for (const missing of ['username', 'password', 'outgoingMailServer'] as const) {
      const res = await call(ops, 'PUT', '/api/staff/mailbox', { ...imapMailbox(), [missing]: '' });
      expect(res.statusCode, missing).toBe(400);
      expect(res.json().message).toBe(messages.mailbox.allFieldsRequired);
      expect(res.json().errors).toEqual({ [`model.${missing}`]: [messages.mailbox.allFieldsRequired] });
    }
    expect((await call(ops, 'GET', '/api/staff/mailbox')).json().mailboxType).toBe(1);
  });

  it('saves it with the password sealed at rest, and never answers the password', async () => {
    const res = await call(ops, 'PUT', '/api/staff/mailbox', imapMailbox());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      staffId: ops.userId,
      mailboxType: 2,
      username: ops.email,
      hasPassword: true,
      incomingMailServer: incoming,
      outgoingMailServer: outgoing,
      permissions: 2,
      postProcessingAction: 'MarkAsRead',
      lastReadDate: null,
      isAuthorized: true,
      authorizationProblem: null,
    });
    expect(res.body).not.toContain(demoMailboxPassword);
    const again = await call(ops, 'GET', '/api/staff/mailbox');
    expect(again.json()).toEqual(res.json());
    expect(again.body).not.toContain(demoMailboxPassword);

    const row = await t.runtime.db
      .selectFrom('staff_mailbox')
      .selectAll()
      .where('user_id', '=', ops.userId)
      .executeTakeFirstOrThrow();
    expect(row.sealed_password).not.toContain(demoMailboxPassword);
    expect(openSecret(t.deps.settings.mailboxSecretKey, ops.userId, row.sealed_password!)).toBe(
      demoMailboxPassword,
    );
    // sealed for ops: it does not open as anyone else's
    expect(() => openSecret(t.deps.settings.mailboxSecretKey, admin.userId, row.sealed_password!)).toThrow();
  });

  it('keeps the stored password when a change leaves it out', async () => {
    const { password: _left, ...rest } = imapMailbox();
    const res = await call(ops, 'PUT', '/api/staff/mailbox', { ...rest, postProcessingAction: 'Archive' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ hasPassword: true, postProcessingAction: 'Archive' });
  });
});

describe('the reply-only flag (001 §6, decision 0074)', () => {
  it('refuses Send And Read to a broker with the flag and not to one without it; nothing is saved', async () => {
    await t.runtime.db
      .insertInto('feature_flag')
      .values({ broker_id: otherBroker.organizationId, flag: REPLY_ONLY_FLAG })
      .execute();
    const refused = await call(otherBroker, 'PUT', '/api/staff/mailbox', {
      ...imapMailbox(),
      username: otherBroker.email,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors['model.permissions']).toEqual([replyOnlyRefusal]);
    expect((await call(otherBroker, 'GET', '/api/staff/mailbox')).json().mailboxType).toBe(1);
    const replies = await call(otherBroker, 'PUT', '/api/staff/mailbox', {
      ...imapMailbox(),
      username: otherBroker.email,
      permissions: 3,
    });
    expect(replies.statusCode, replies.body).toBe(200);
    // the demo broker has no such flag: Send And Read stays its staff's to choose
    expect((await call(ops, 'PUT', '/api/staff/mailbox', imapMailbox())).statusCode).toBe(200);
    // the other broker's staff member is left as found, for the tests after
    expect((await call(otherBroker, 'POST', '/api/email/mailbox/reset/')).statusCode).toBe(200);
    await t.runtime.db
      .deleteFrom('feature_flag')
      .where('broker_id', '=', otherBroker.organizationId)
      .execute();
  });
});

describe('testing the connection against the real servers', () => {
  it('signs in to both the IMAP and the SMTP server with the stored password', async () => {
    const { password: _stored, ...entered } = imapMailbox();
    const res = await call(ops, 'POST', '/api/email/imapconfig/test', entered);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      imap: { ok: true, message: `Signed in to the incoming (IMAP) server ${incoming}.` },
      smtp: { ok: true, message: `Signed in to the outgoing (SMTP) server ${outgoing}.` },
    });
  });

  it('names a wrong password as such, for each server', async () => {
    const res = await call(ops, 'POST', '/api/email/imapconfig/test', {
      ...imapMailbox(),
      password: 'not-the-password',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: false,
      imap: {
        ok: false,
        message: `The incoming (IMAP) server ${incoming} refused the sign-in: wrong username or password.`,
      },
      smtp: {
        ok: false,
        message: `The outgoing (SMTP) server ${outgoing} refused the sign-in: wrong username or password.`,
      },
    });
    expect(res.body).not.toContain('not-the-password');
  });

  it('says which part failed when only one server is wrong', async () => {
    const res = await call(ops, 'POST', '/api/email/imapconfig/test', {
      ...imapMailbox(),
      incomingMailServer: '127.0.0.1:9',
    });
    expect(res.json()).toEqual({
      ok: false,
      imap: {
        ok: false,
        message: 'The incoming (IMAP) server 127.0.0.1:9 cannot be reached. Check the server name and port.',
      },
      smtp: { ok: true, message: `Signed in to the outgoing (SMTP) server ${outgoing}.` },
    });
  });

  it('saves nothing', async () => {
    await call(ops, 'POST', '/api/email/imapconfig/test', { ...imapMailbox(), username: 'admin@demo.test' });
    expect((await call(ops, 'GET', '/api/staff/mailbox')).json().username).toBe(ops.email);
  });
});

describe('a password sealed with another key', () => {
  it('is asked for again rather than failing', async () => {
    await t.runtime.db
      .updateTable('staff_mailbox')
      .set({ sealed_password: sealSecret(randomBytes(32), ops.userId, demoMailboxPassword) })
      .where('user_id', '=', ops.userId)
      .execute();
    const { password: _stored, ...entered } = imapMailbox();
    const res = await call(ops, 'POST', '/api/email/imapconfig/test', entered);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'model.password': [messages.mailbox.allFieldsRequired] });
  });
});

describe('who reads whose mailbox, address and signature', () => {
  it('gives each staff member only their own mailbox', async () => {
    const theirs = await call(admin, 'GET', '/api/staff/mailbox');
    expect(theirs.json()).toMatchObject({ staffId: admin.userId, mailboxType: 1, username: null });
    const other = await call(otherBroker, 'GET', '/api/staff/mailbox');
    expect(other.json()).toMatchObject({ staffId: otherBroker.userId, mailboxType: 1, username: null });
    // another broker's staff configure theirs; ops's stays as it was
    const put = await call(otherBroker, 'PUT', '/api/staff/mailbox', {
      mailboxType: 2,
      username: 'olga@other-broker.test',
      password: 'olgas-secret',
      outgoingMailServer: 'smtp.other-broker.test:587',
    });
    expect(put.statusCode).toBe(200);
    expect((await call(ops, 'GET', '/api/staff/mailbox')).json().username).toBe(ops.email);
    expect((await call(admin, 'GET', '/api/staff/mailbox')).body).not.toContain('olga');
  });

  it('tells the sending address within the broker only', async () => {
    const same = await call(admin, 'GET', `/api/email/address/${ops.userId}`);
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual({ staffId: ops.userId, emailAddress: ops.email, mailboxType: 2 });
    const across = await call(otherBroker, 'GET', `/api/email/address/${ops.userId}`);
    expect(across.statusCode).toBe(404);
    const back = await call(ops, 'GET', `/api/email/address/${otherBroker.userId}`);
    expect(back.statusCode).toBe(404);
    expect(back.body).not.toContain('olga');
  });

  it('refuses customers every mailbox and signature route', async () => {
    for (const [method, url] of [
      ['GET', '/api/staff/mailbox'],
      ['GET', '/api/staff/signature'],
      ['GET', `/api/staff/signature/${ops.userId}`],
      ['GET', `/api/email/address/${ops.userId}`],
      ['POST', '/api/email/mailbox/reset'],
    ] as const) {
      expect((await call(shipper, method, url)).statusCode, url).toBe(403);
    }
  });

  it('keeps signatures sanitized and within the broker', async () => {
    const put = await call(ops, 'PUT', '/api/staff/signature', {
      signature:
        '<p><b>Omar</b> | <a href="https://demo.test" onclick="steal()">Loadline</a><script>alert(1)</script>' +
        '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a></p>',
    });
    expect(put.statusCode).toBe(200);
    const clean = '<p><b>Omar</b> | <a href="https://demo.test">Loadline</a><img src="x" /><a>x</a></p>';
    expect(put.json()).toEqual({ staffId: ops.userId, signature: clean });
    expect((await call(ops, 'GET', '/api/staff/signature')).json()).toEqual({
      staffId: ops.userId,
      signature: clean,
    });
    expect((await call(admin, 'GET', `/api/staff/signature/${ops.userId}`)).json().signature).toBe(clean);
    expect((await call(admin, 'GET', '/api/staff/signature')).json()).toEqual({
      staffId: admin.userId,
      signature: '',
    });
    const across = await call(otherBroker, 'GET', `/api/staff/signature/${ops.userId}`);
    expect(across.statusCode).toBe(404);
    expect(across.json().message).toBe(messages.email.signatureLoadFailed);
  });
});

describe('unauthorizing and resetting', () => {
  it('unauthorize forgets the password and keeps the settings; a test then needs it again', async () => {
    const res = await call(ops, 'POST', '/api/email/mailbox/unauthorize/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      mailboxType: 2,
      username: ops.email,
      hasPassword: false,
      isAuthorized: false,
    });
    const row = await t.runtime.db
      .selectFrom('staff_mailbox')
      .select('sealed_password')
      .where('user_id', '=', ops.userId)
      .executeTakeFirstOrThrow();
    expect(row.sealed_password).toBeNull();
    const { password: _gone, ...entered } = imapMailbox();
    const test = await call(ops, 'POST', '/api/email/imapconfig/test', entered);
    expect(test.statusCode).toBe(400);
    expect(test.json().message).toBe(messages.mailbox.allFieldsRequired);
  });

  it('reset goes back to Default and deletes the configuration', async () => {
    const res = await call(ops, 'POST', '/api/email/mailbox/reset/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      mailboxType: 1,
      username: null,
      hasPassword: false,
      isAuthorized: false,
    });
    const rows = await t.runtime.db
      .selectFrom('staff_mailbox')
      .select('user_id')
      .where('user_id', '=', ops.userId)
      .execute();
    expect(rows).toEqual([]);
    // the other broker's mailbox is untouched
    expect((await call(otherBroker, 'GET', '/api/staff/mailbox')).json()).toMatchObject({
      mailboxType: 2,
      hasPassword: true,
    });
  });
});
