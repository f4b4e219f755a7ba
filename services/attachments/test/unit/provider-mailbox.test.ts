// Reading and sending with a Gmail or Microsoft mailbox's access token (decision 0037): which server and
// credentials, when a token is tried, how a refusal is told and reported, without servers.
import { MailSendStatus } from '@loadline/contracts/catalogue';
import { describe, expect, it } from 'vitest';
import { signInRefused } from '../../src/adapters/mail-reader.ts';
import { loadAttachmentsSettings } from '../../src/config.ts';
import { readsMail } from '../../src/domain/inbound-mail.ts';
import { afterFailure, MAIL_ATTEMPTS } from '../../src/domain/mail-status.ts';
import { sendsFromOwnMailbox } from '../../src/domain/own-mailbox.ts';
import {
  mailAccess,
  refusalReason,
  TOKEN_EXPIRY_SKEW_MS,
  tokenUse,
} from '../../src/domain/provider-mailbox.ts';

const S = MailSendStatus.values;
const now = new Date('2026-11-26T12:00:00Z');
const inAnHour = new Date(now.getTime() + 3600_000);
const providers = {
  3: { imap: { host: 'imap.gmail.com', port: 993 }, smtp: { host: 'smtp.gmail.com', port: 465 } },
  4: {
    imap: { host: 'outlook.office365.com', port: 993 },
    smtp: { host: 'smtp.office365.com', port: 587 },
  },
};
const gmail = {
  mailbox_type: 3,
  permissions: 2,
  username: 'olivia@gmail.example',
  is_authorized: true,
  sealed_password: null,
  incoming_mail_server: null,
  outgoing_mail_server: null,
  sealed_access_token: 'v1.n.t.token',
  token_expires_at: inAnHour,
};

describe('which mailboxes read and send with a token', () => {
  it('reads and sends Gmail, Microsoft and Front mailboxes that are signed in, not a signed-out one', () => {
    expect(readsMail(gmail)).toBe(true);
    expect(readsMail({ ...gmail, mailbox_type: 4 })).toBe(true);
    expect(readsMail({ ...gmail, mailbox_type: 5 })).toBe(true);
    expect(readsMail({ ...gmail, mailbox_type: 1 })).toBe(false);
    expect(readsMail({ ...gmail, sealed_access_token: null })).toBe(false);
    expect(readsMail({ ...gmail, is_authorized: false })).toBe(false);
    expect(readsMail({ ...gmail, permissions: 1 })).toBe(false);
    expect(sendsFromOwnMailbox(gmail)).toBe(true);
    const sendOnly = { ...gmail, permissions: 1 };
    expect(sendsFromOwnMailbox(sendOnly)).toBe(true);
    expect(sendsFromOwnMailbox({ ...gmail, mailbox_type: 5 })).toBe(true);
    expect(sendsFromOwnMailbox({ ...gmail, mailbox_type: 1 })).toBe(false);
    expect(sendsFromOwnMailbox({ ...gmail, sealed_access_token: null })).toBe(false);
  });

  it("takes the provider's servers for a token and the owner's for a password", () => {
    expect(mailAccess(gmail, 'imap', providers)).toEqual({
      via: 'mail-servers',
      server: { host: 'imap.gmail.com', port: 993 },
      username: 'olivia@gmail.example',
      credentials: { kind: 'token', sealed: 'v1.n.t.token', expiresAt: inAnHour },
    });
    const outlook = mailAccess({ ...gmail, mailbox_type: 4 }, 'smtp', providers);
    expect(outlook?.via === 'mail-servers' && outlook.server).toEqual({
      host: 'smtp.office365.com',
      port: 587,
    });
    const imap = {
      ...gmail,
      mailbox_type: 2,
      sealed_password: 'v1.n.t.pw',
      incoming_mail_server: 'mail.example.com:993',
      outgoing_mail_server: 'mail.example.com:587',
      sealed_access_token: null,
    };
    expect(mailAccess(imap, 'smtp', providers)).toEqual({
      via: 'mail-servers',
      server: { host: 'mail.example.com', port: 587 },
      username: 'olivia@gmail.example',
      credentials: { kind: 'password', sealed: 'v1.n.t.pw' },
    });
    expect(mailAccess({ ...imap, outgoing_mail_server: null }, 'smtp', providers)).toBeUndefined();
    // Front: its API with the token, whichever side (decision 0037, "Front")
    for (const protocol of ['imap', 'smtp'] as const)
      expect(mailAccess({ ...gmail, mailbox_type: 5 }, protocol, {})).toEqual({
        via: 'front-api',
        username: 'olivia@gmail.example',
        credentials: { kind: 'token', sealed: 'v1.n.t.token', expiresAt: inAnHour },
      });
    expect(mailAccess({ ...gmail, mailbox_type: 5, sealed_access_token: null }, 'imap', {})).toBeUndefined();
    expect(mailAccess({ ...gmail, mailbox_type: 1 }, 'imap', providers)).toBeUndefined();
    expect(mailAccess(gmail, 'imap', {})).toBeUndefined();
  });
});

describe('when a token is tried', () => {
  it('not when it is the one already reported, nor when it expires within the skew', () => {
    expect(tokenUse(gmail, inAnHour, now)).toBe('use');
    expect(tokenUse({ ...gmail, refused_access_token: 'v1.n.t.other' }, inAnHour, now)).toBe('use');
    expect(tokenUse({ ...gmail, refused_access_token: gmail.sealed_access_token }, inAnHour, now)).toBe(
      'awaiting-renewal',
    );
    expect(tokenUse(gmail, new Date(now.getTime() + TOKEN_EXPIRY_SKEW_MS), now)).toBe('expired');
    expect(tokenUse(gmail, new Date(now.getTime() + TOKEN_EXPIRY_SKEW_MS + 1), now)).toBe('use');
    expect(tokenUse(gmail, null, now)).toBe('use');
  });

  it('a refusal is "expired" once the token is past its expiry, else "refused"', () => {
    expect(refusalReason(new Date(now.getTime() - 1), now)).toBe('expired');
    expect(refusalReason(inAnHour, now)).toBe('refused');
    expect(refusalReason(null, now)).toBe('refused');
  });

  it("tells the IMAP server's refusal from a check it could not make", () => {
    expect(signInRefused({ authenticationFailed: true, serverResponseCode: 'AUTHENTICATIONFAILED' })).toBe(
      true,
    );
    expect(signInRefused({ authenticationFailed: true, serverResponseCode: 'UNAVAILABLE' })).toBe(false);
    expect(signInRefused({ code: 'ECONNREFUSED' })).toBe(false);
    expect(signInRefused(null)).toBe(false);
  });
});

describe('a send waiting for a renewed sign-in', () => {
  it('is tried again (Retry 1, Retry 2) and ends Invalid Sender at the last attempt', () => {
    const waiting = { reason: 'sign-in-renewing' as const };
    expect(afterFailure(waiting, 1)).toEqual({ status: S.Retry1, retry: true });
    expect(afterFailure(waiting, 2)).toEqual({ status: S.Retry2, retry: true });
    expect(afterFailure(waiting, MAIL_ATTEMPTS)).toEqual({ status: S.InvalidSender, retry: false });
  });
});

describe('the provider servers setting', () => {
  const env = { NODE_ENV: 'test', MAILBOX_SECRET_KEY: Buffer.alloc(32, 1).toString('base64') };
  it("defaults to Google's and Microsoft's public servers", () => {
    expect(loadAttachmentsSettings(env).providerMailServers).toEqual(providers);
  });

  it('takes host:port, and names a setting that is not one', () => {
    const set = loadAttachmentsSettings({ ...env, GOOGLE_IMAP_SERVER: '127.0.0.1:11531' });
    expect(set.providerMailServers[3]!.imap).toEqual({ host: '127.0.0.1', port: 11531 });
    expect(() => loadAttachmentsSettings({ ...env, MICROSOFT_SMTP_SERVER: 'smtp.office365.com' })).toThrow(
      'MICROSOFT_SMTP_SERVER must be host:port',
    );
  });
});
