// The rules of a staff member's mailbox and signature, with no server: 001 §5's IMAP rule, the server
// form, how a connection is secured, sealing passwords, the signature's allow-list, the settings.
import { randomBytes } from 'node:crypto';
import { messages } from '@loadline/contracts/catalogue';
import { describe, expect, it } from 'vitest';
import { loadDirectorySettings } from '../../src/config.ts';
import {
  applyMailboxChange,
  connectionMessage,
  connectionSecurity,
  defaultMailbox,
  type MailboxChange,
  mailboxChangeProblems,
  parseServer,
  sendingAddress,
  serverFormMessage,
  unauthorized,
} from '../../src/domain/mailbox.ts';
import { openSecret, parseSecretKey, sealSecret } from '../../src/domain/secrets.ts';
import { sanitizeSignature } from '../../src/domain/signature.ts';

const imap: MailboxChange = {
  mailboxType: 2,
  username: 'ops@demo.test',
  password: 'secret',
  incomingMailServer: 'imap.demo.test:993',
  outgoingMailServer: 'smtp.demo.test:587',
  permissions: 2,
};
const required = messages.mailbox.allFieldsRequired;

describe('the IMAP rule (001 §5)', () => {
  it('accepts a complete IMAP configuration', () => {
    expect(mailboxChangeProblems(imap, false)).toEqual([]);
  });

  it.each([
    'username',
    'password',
    'outgoingMailServer',
  ] as const)('needs %s, in the spec’s words', (field) => {
    for (const empty of ['', '   ', null, undefined]) {
      expect(mailboxChangeProblems({ ...imap, [field]: empty }, false)).toEqual([
        { field, message: required },
      ]);
    }
  });

  it('takes a stored password in place of an entered one', () => {
    expect(mailboxChangeProblems({ ...imap, password: undefined }, true)).toEqual([]);
  });

  it('needs the incoming server only to read mail', () => {
    const sendOnly = { ...imap, incomingMailServer: null, permissions: 1 };
    expect(mailboxChangeProblems(sendOnly, false)).toEqual([]);
    for (const permissions of [2, 3]) {
      expect(mailboxChangeProblems({ ...sendOnly, permissions }, false)).toEqual([
        { field: 'incomingMailServer', message: required },
      ]);
    }
  });

  it('asks nothing of Default, Gmail, Microsoft or Front', () => {
    for (const mailboxType of [1, 3, 4, 5]) expect(mailboxChangeProblems({ mailboxType }, false)).toEqual([]);
  });

  it('refuses a server that is not host:port', () => {
    expect(mailboxChangeProblems({ ...imap, outgoingMailServer: 'smtp.demo.test' }, false)).toEqual([
      { field: 'outgoingMailServer', message: serverFormMessage },
    ]);
  });

  it('refuses values outside 002 §3.8', () => {
    expect(mailboxChangeProblems({ mailboxType: 6 }, false).map((p) => p.field)).toEqual(['mailboxType']);
    expect(mailboxChangeProblems({ mailboxType: 1, permissions: 4 }, false).map((p) => p.field)).toEqual([
      'permissions',
    ]);
  });
});

describe('servers as url:port (001 §3)', () => {
  it('reads host and port, with or without a scheme, IPv6 in brackets', () => {
    expect(parseServer('imap.demo.test:993')).toEqual({ host: 'imap.demo.test', port: 993 });
    expect(parseServer(' imaps://imap.demo.test:993 ')).toEqual({ host: 'imap.demo.test', port: 993 });
    expect(parseServer('127.0.0.1:1143')).toEqual({ host: '127.0.0.1', port: 1143 });
    expect(parseServer('[::1]:25')).toEqual({ host: '::1', port: 25 });
  });

  it('refuses no port, a port out of range, or a path', () => {
    for (const bad of [
      'imap.demo.test',
      'imap.demo.test:0',
      'imap.demo.test:65536',
      'h:99999',
      'a/b:25',
      ':25',
      '',
    ]) {
      expect(parseServer(bad), bad).toBeUndefined();
    }
  });
});

describe('securing a connection', () => {
  it('uses TLS on the TLS ports, and STARTTLS elsewhere unless the server is on this machine', () => {
    expect(connectionSecurity('imap', { host: 'imap.demo.test', port: 993 })).toEqual({
      secure: true,
      requireStartTls: false,
    });
    expect(connectionSecurity('smtp', { host: 'smtp.demo.test', port: 465 })).toEqual({
      secure: true,
      requireStartTls: false,
    });
    expect(connectionSecurity('smtp', { host: 'smtp.demo.test', port: 587 })).toEqual({
      secure: false,
      requireStartTls: true,
    });
    expect(connectionSecurity('imap', { host: '127.0.0.1', port: 1143 })).toEqual({
      secure: false,
      requireStartTls: false,
    });
  });

  it('names the part that failed', () => {
    const server = { host: 'imap.demo.test', port: 993 };
    expect(connectionMessage('imap', server, 'wrongPassword')).toBe(
      'The incoming (IMAP) server imap.demo.test:993 refused the sign-in: wrong username or password.',
    );
    expect(connectionMessage('smtp', server, null)).toBe(
      'Signed in to the outgoing (SMTP) server imap.demo.test:993.',
    );
  });
});

describe('changing a mailbox', () => {
  const current = defaultMailbox('usr_a', 'org_b');

  it('defaults to Default, SendOnly, Archive, not authorized', () => {
    expect(current).toMatchObject({
      mailboxType: 1,
      permissions: 1,
      postProcessingAction: 'Archive',
      isAuthorized: false,
    });
  });

  it('stores an IMAP account with its sealed password, authorized', () => {
    const next = applyMailboxChange(current, imap, 'sealed');
    expect(next).toMatchObject({
      mailboxType: 2,
      username: 'ops@demo.test',
      sealedPassword: 'sealed',
      incomingMailServer: 'imap.demo.test:993',
      outgoingMailServer: 'smtp.demo.test:587',
      permissions: 2,
      postProcessingAction: 'Archive',
      isAuthorized: true,
    });
    expect(applyMailboxChange(next, { ...imap, password: undefined }, null).sealedPassword).toBe('sealed');
  });

  it('forgets servers and credentials when going back to Default, and on unauthorize only the credentials', () => {
    const configured = applyMailboxChange(current, imap, 'sealed');
    expect(applyMailboxChange(configured, { mailboxType: 1 }, null)).toMatchObject({
      username: null,
      sealedPassword: null,
      incomingMailServer: null,
      outgoingMailServer: null,
      isAuthorized: false,
    });
    expect(unauthorized(configured)).toMatchObject({
      username: 'ops@demo.test',
      sealedPassword: null,
      isAuthorized: false,
      outgoingMailServer: 'smtp.demo.test:587',
    });
  });

  it('sends from the IMAP account when it is an address, else from the staff email', () => {
    const configured = applyMailboxChange(current, { ...imap, username: 'dispatch@demo.test' }, 'sealed');
    expect(sendingAddress('ops@demo.test', configured)).toBe('dispatch@demo.test');
    expect(
      sendingAddress('ops@demo.test', applyMailboxChange(current, { ...imap, username: 'omar' }, 's')),
    ).toBe('ops@demo.test');
    expect(sendingAddress('ops@demo.test', current)).toBe('ops@demo.test');
  });
});

describe('sealing passwords (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('opens for the same key and owner only, with a fresh nonce every time', () => {
    const a = sealSecret(key, 'usr_a', 'p@ss');
    const b = sealSecret(key, 'usr_a', 'p@ss');
    expect(a).not.toBe(b);
    expect(a).not.toContain('p@ss');
    expect(openSecret(key, 'usr_a', a)).toBe('p@ss');
    expect(() => openSecret(key, 'usr_b', a)).toThrow();
    expect(() => openSecret(randomBytes(32), 'usr_a', a)).toThrow();
    const [v, n, t, body] = a.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => openSecret(key, 'usr_a', [v, n, t, flipped.toString('base64url')].join('.'))).toThrow();
  });

  it('reads the key from configuration: 32 bytes in base64, never a default (a test gets a random one)', () => {
    const encoded = key.toString('base64');
    expect(parseSecretKey(encoded).equals(key)).toBe(true);
    expect(() => parseSecretKey(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
    expect(loadDirectorySettings({ MAILBOX_SECRET_KEY: encoded }).mailboxSecretKey.equals(key)).toBe(true);
    expect(() => loadDirectorySettings({})).toThrow(/MAILBOX_SECRET_KEY must be set/);
    expect(() => loadDirectorySettings({ NODE_ENV: 'production' })).toThrow(/MAILBOX_SECRET_KEY/);
    const random = loadDirectorySettings({ NODE_ENV: 'test' }).mailboxSecretKey;
    expect(random).toHaveLength(32);
    expect(random.equals(key)).toBe(false);
  });
});

describe('the signature’s allow-list', () => {
  it('keeps formatting, links and pictures', () => {
    const html =
      '<p style="color:#336699;font-weight:bold">Omar <i>Operations</i><br />' +
      '<a href="mailto:ops@demo.test">ops@demo.test</a> <a href="tel:+15555550100">call</a></p>' +
      '<img src="https://demo.test/logo.png" alt="Loadline" width="120" />';
    expect(sanitizeSignature(html)).toBe(html);
  });

  it('drops scripts, handlers, frames, forms, styles that are not allowed, and javascript: links', () => {
    expect(
      sanitizeSignature(
        '<script>x()</script><iframe src="https://evil.test"></iframe><form><input /></form>' +
          '<p onclick="x()" style="position: fixed; color: red">hi</p><a href="javascript:x()">a</a>' +
          '<img src="data:image/svg+xml;base64,AAAA" /><style>p{}</style>',
      ),
    ).toBe('<p style="color:red">hi</p><a>a</a><img />');
  });

  it('adds rel to a link that opens a new window', () => {
    expect(sanitizeSignature('<a href="https://demo.test" target="_blank">x</a>')).toBe(
      '<a href="https://demo.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});
