// The rules of a mailbox's sign-in at Google, Microsoft or Front (decision 0036), with no server: the
// authorization address and its S256 challenge (RFC 7636's own example), what a token answer holds, when
// tokens are due, which settings configure a provider, and what a change of the mailbox keeps.
import { describe, expect, it } from 'vitest';
import { loadDirectorySettings } from '../../src/config.ts';
import { applyMailboxChange, defaultMailbox, type Mailbox } from '../../src/domain/mailbox.ts';
import {
  accountOfIdToken,
  afterSignInRefused,
  authorizationUrl,
  codeChallenge,
  parseTokenAnswer,
  renewalDue,
  renewalMarginMs,
} from '../../src/domain/mailbox-sign-in.ts';

const settings = {
  clientId: 'client',
  clientSecret: 'secret',
  authorizeUrl: 'https://accounts.example/auth?hd=example.com',
  tokenUrl: 'https://accounts.example/token',
  revokeUrl: null,
  scope: 'openid email https://mail.google.com/',
};
const jwt = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.signature`;

describe('the authorization address', () => {
  it("uses RFC 7636's S256: the example verifier gives the example challenge", () => {
    expect(codeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('carries the client, the redirect, the state, the challenge and the scope; Google gets offline access', () => {
    const url = new URL(authorizationUrl('google', settings, 'https://tms.example/cb', 'st', 'verifier'));
    expect(url.origin + url.pathname).toBe('https://accounts.example/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      hd: 'example.com',
      response_type: 'code',
      client_id: 'client',
      redirect_uri: 'https://tms.example/cb',
      state: 'st',
      code_challenge: codeChallenge('verifier'),
      code_challenge_method: 'S256',
      scope: settings.scope,
      access_type: 'offline',
      prompt: 'consent',
    });
    const verifier = 'the-verifier-that-never-leaves-the-directory';
    const microsoft = authorizationUrl('microsoft', settings, 'https://tms.example/cb', 'st', verifier);
    expect(new URL(microsoft).searchParams.has('access_type')).toBe(false);
    expect(microsoft).not.toContain(verifier);
  });
});

describe('a token answer', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  it('holds the tokens, the expiry and the account of the id token', () => {
    expect(
      parseTokenAnswer(
        {
          access_token: 'a',
          refresh_token: 'r',
          expires_in: 3599,
          id_token: jwt({ email: 'omar@gmail.example' }),
        },
        now,
      ),
    ).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: new Date(now.getTime() + 3599_000),
      account: 'omar@gmail.example',
    });
  });

  it('takes an expiry given as text, assumes an hour without one, and refuses an answer without a token', () => {
    expect(parseTokenAnswer({ access_token: 'a', expires_in: '60' }, now)?.expiresAt).toEqual(
      new Date(now.getTime() + 60_000),
    );
    expect(parseTokenAnswer({ access_token: 'a' }, now)).toMatchObject({
      refreshToken: null,
      account: null,
      expiresAt: new Date(now.getTime() + 3600_000),
    });
    expect(parseTokenAnswer({ error: 'invalid_grant' }, now)).toBeNull();
    expect(parseTokenAnswer(null, now)).toBeNull();
  });

  it("names Microsoft's account by preferred_username, and nothing from a broken id token", () => {
    expect(accountOfIdToken(jwt({ preferred_username: 'ops@contoso.example' }))).toBe('ops@contoso.example');
    expect(accountOfIdToken('not-a-jwt')).toBeNull();
    expect(accountOfIdToken('a.%%%.c')).toBeNull();
  });
});

describe('renewal', () => {
  it('is due within the margin before expiry, and not for a mailbox without tokens', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    expect(renewalDue(new Date(now.getTime() + renewalMarginMs), now)).toBe(true);
    expect(renewalDue(new Date(now.getTime() + renewalMarginMs + 1), now)).toBe(false);
    expect(renewalDue(null, now)).toBe(false);
  });
});

describe('what a change of the mailbox keeps', () => {
  const signedIn: Mailbox = {
    ...defaultMailbox('usr_ops', 'org_broker'),
    mailboxType: 3,
    username: 'omar@gmail.example',
    isAuthorized: true,
    sealedAccessToken: 'v1.a',
    sealedRefreshToken: 'v1.r',
    tokenExpiresAt: new Date(),
  };

  it('keeps the sign-in when the type stays, and forgets it for another type', () => {
    const kept = applyMailboxChange(signedIn, { mailboxType: 3, permissions: 3 }, null);
    expect(kept).toMatchObject({ isAuthorized: true, sealedRefreshToken: 'v1.r', permissions: 3 });
    for (const mailboxType of [1, 4, 5]) {
      const other = applyMailboxChange(signedIn, { mailboxType }, null);
      expect(other).toMatchObject({
        isAuthorized: false,
        username: null,
        sealedAccessToken: null,
        sealedRefreshToken: null,
        tokenExpiresAt: null,
      });
    }
  });
});

describe('the settings', () => {
  const base = { NODE_ENV: 'test' };
  it('offers a provider once its client id and secret are set, with its public endpoints by default', () => {
    const none = loadDirectorySettings(base);
    expect(none.mailboxSignIn).toEqual({ redirectUrl: null, providers: {}, renewEveryMs: 300_000 });
    const google = loadDirectorySettings({
      ...base,
      MAILBOX_OAUTH_REDIRECT_URL: 'https://tms.example/back-office/mailbox-sign-in',
      GOOGLE_OAUTH_CLIENT_ID: 'id',
      GOOGLE_OAUTH_CLIENT_SECRET: 'secret',
    }).mailboxSignIn;
    expect(google.providers.google).toMatchObject({
      clientId: 'id',
      authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
    });
    expect(google.providers.microsoft).toBeUndefined();
  });

  it('refuses a client id without its secret, and addresses that are not URLs', () => {
    expect(() => loadDirectorySettings({ ...base, FRONT_OAUTH_CLIENT_ID: 'id' })).toThrow(
      'FRONT_OAUTH_CLIENT_SECRET must be set with FRONT_OAUTH_CLIENT_ID',
    );
    expect(() =>
      loadDirectorySettings({
        ...base,
        MICROSOFT_OAUTH_CLIENT_ID: 'id',
        MICROSOFT_OAUTH_CLIENT_SECRET: 's',
        MICROSOFT_OAUTH_TOKEN_URL: 'not a url',
      }),
    ).toThrow('MICROSOFT_OAUTH_TOKEN_URL must be a URL');
    expect(() => loadDirectorySettings({ ...base, MAILBOX_OAUTH_REDIRECT_URL: 'nope' })).toThrow(
      'MAILBOX_OAUTH_REDIRECT_URL must be a URL',
    );
  });
});

describe('a token the attachments service could not use (decision 0037)', () => {
  const mailbox = {
    mailboxType: 3,
    isAuthorized: true,
    sealedAccessToken: 'v1.a.b.current',
    sealedRefreshToken: 'v1.a.b.refresh',
  };
  const refusal = { sealedAccessToken: 'v1.a.b.current', reason: 'refused' as const, refusals: 1 };

  it('renews an expired token, and a refused one once', () => {
    expect(afterSignInRefused(mailbox, refusal)).toBe('renew');
    expect(afterSignInRefused(mailbox, { ...refusal, reason: 'expired', refusals: 5 })).toBe('renew');
    expect(afterSignInRefused({ ...mailbox, mailboxType: 4 }, refusal)).toBe('renew');
  });

  it('stops when a renewed token was refused too: the mailbox is unauthorized, not renewed for ever', () => {
    expect(afterSignInRefused(mailbox, { ...refusal, refusals: 2 })).toBe('unauthorize');
  });

  it('ignores a report about a token the mailbox no longer has, or a mailbox signed out or of another type', () => {
    expect(afterSignInRefused(mailbox, { ...refusal, sealedAccessToken: 'v1.a.b.older' })).toBe('ignore');
    expect(afterSignInRefused(undefined, refusal)).toBe('ignore');
    expect(afterSignInRefused({ ...mailbox, isAuthorized: false }, refusal)).toBe('ignore');
    expect(afterSignInRefused({ ...mailbox, mailboxType: 2 }, refusal)).toBe('ignore');
    expect(afterSignInRefused({ ...mailbox, sealedRefreshToken: null }, refusal)).toBe('ignore');
  });
});
