// The local mail server of development and tests (decision 0070), for real: the launcher's Dovecot and
// the SMTP server in front of it. A message submitted with a demo mailbox's password reaches another demo
// mailbox and is read back over IMAP; a wrong password is refused by both; mail for anyone else is kept
// but not delivered.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoMailboxPassword } from '@loadline/contracts/demo';
import { ImapFlow } from 'imapflow';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailSink, startMailSink } from '../mail-sink.ts';
import { ensureMailServer, localMailboxes, localMailServer } from '../servers.ts';

let sink: MailSink;
let dir: string;

beforeAll(async () => {
  await ensureMailServer(() => undefined);
  dir = await mkdtemp(join(tmpdir(), 'loadline-local-mail-'));
  sink = await startMailSink({
    dir,
    smtpPort: 0,
    httpPort: 0,
    localDelivery: { lmtpPort: localMailServer.lmtpPort, mailboxes: localMailboxes },
  });
});

afterAll(async () => {
  await sink?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const imap = (user: string, pass: string) =>
  new ImapFlow({
    host: localMailServer.host,
    port: localMailServer.imapPort,
    secure: false,
    auth: { user, pass },
    logger: false,
  });

const submit = (user: string, pass: string) =>
  createTransport({
    host: '127.0.0.1',
    port: sink.smtpPort,
    secure: false,
    auth: { user, pass },
  });

describe('the local mail server', () => {
  it('has a mailbox for each demo staff user, with the documented password', () => {
    expect(localMailboxes.map((m) => m.address).sort()).toEqual(['admin@demo.test', 'ops@demo.test']);
    expect(localMailboxes.every((m) => m.password === demoMailboxPassword)).toBe(true);
  });

  it('delivers a message submitted over SMTP into the recipient’s mailbox, read back over IMAP', async () => {
    const subject = `Load 4711 tracking ${Date.now()}`;
    const info = await submit('ops@demo.test', demoMailboxPassword).sendMail({
      from: 'ops@demo.test',
      to: ['admin@demo.test', 'carrier@elsewhere.test'],
      subject,
      text: 'Where is load 4711?',
    });
    expect(info.accepted).toEqual(['admin@demo.test', 'carrier@elsewhere.test']);
    const kept = await sink.waitFor((m) => m.subject === subject);
    expect(kept.delivered).toEqual(['admin@demo.test']);

    const client = imap('admin@demo.test', demoMailboxPassword);
    await client.connect();
    try {
      const lock = await client.getMailboxLock('INBOX');
      try {
        const found = await client.search({ subject }, { uid: true });
        expect(found).toHaveLength(1);
        const message = await client.fetchOne(
          String((found as number[])[0]),
          { envelope: true },
          { uid: true },
        );
        expect(message ? message.envelope?.from?.[0]?.address : undefined).toBe('ops@demo.test');
      } finally {
        lock.release();
      }
      const folders = (await client.list()).map((f) => f.specialUse).filter(Boolean);
      expect(folders).toEqual(expect.arrayContaining(['\\Archive', '\\Sent', '\\Trash']));
    } finally {
      await client.logout();
    }
  });

  it('refuses a wrong password over SMTP (535) and over IMAP (AUTHENTICATIONFAILED)', async () => {
    await expect(submit('ops@demo.test', 'wrong').verify()).rejects.toMatchObject({ responseCode: 535 });
    const client = imap('ops@demo.test', 'wrong');
    client.on('error', () => undefined);
    await expect(client.connect()).rejects.toMatchObject({ authenticationFailed: true });
  });
});
