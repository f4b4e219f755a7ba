// Signing a mailbox in at Google, Microsoft or Front (001 §2 "mailbox sign-in popups", §7; decision 0036),
// end to end against a real OAuth 2 authorization server the test starts on loopback (infra/dev/
// oauth-server.ts: it issues single-use codes, checks the PKCE verifier, issues, rotates and revokes
// tokens), with the directory on the real PostgreSQL and Redis. What the popup does is done by hand: open
// the authorization page, read where the server sends it back.
import { createHash, randomBytes } from 'node:crypto';
import { buildService, demoCallers, eventually, type TestService } from '@loadline/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OAuthServer, signInSettings, startOAuthServer } from '../../../../infra/dev/oauth-server.ts';
import type { DirectorySettings } from '../../src/config.ts';
import { signInMessages } from '../../src/domain/mailbox-sign-in.ts';
import { openSecret } from '../../src/domain/secrets.ts';
import { directoryQueues, directoryWorkers } from '../../src/jobs/index.ts';
import { type DirectoryAdapters, type DirectoryTables, directoryService } from '../../src/service.ts';
import { addOtherBroker } from './other-broker.ts';

type Service = TestService<DirectoryTables, DirectorySettings, DirectoryAdapters>;
let t: Service;
let oauth: OAuthServer;

const { ops, admin, otherBroker } = demoCallers;
const redirectUrl = 'http://127.0.0.1:9/mailbox-sign-in';
const account = 'ops.mailbox@gmail.example';
const clients = {
  google: { clientId: 'loadline-google', clientSecret: randomBytes(16).toString('hex') },
  microsoft: { clientId: 'loadline-microsoft', clientSecret: randomBytes(16).toString('hex') },
};

type Who = Parameters<Service['as']>[0];
const call = (who: Who, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.as(who), ...(payload ? { payload } : {}) });

/** What the popup does: opens the provider's page and lands back on ours with code and state. */
async function popup(authorizationUrl: string): Promise<{ code: string; state: string }> {
  const res = await fetch(authorizationUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(redirectUrl);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

async function start(who: Who, provider: string, body: object = {}) {
  const res = await call(who, 'POST', `/api/staff/mailbox/${provider}/validate`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { authorizationUrl: string; state: string; redirectUrl: string };
}

const row = (userId: string) =>
  t.runtime.db.selectFrom('staff_mailbox').selectAll().where('user_id', '=', userId).executeTakeFirst();

beforeAll(async () => {
  oauth = await startOAuthServer({
    account,
    clients: Object.values(clients).map((c) => ({ ...c, redirectUris: [redirectUrl] })),
  });
  t = await buildService(directoryService, {
    seed: true,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      MAILBOX_OAUTH_REDIRECT_URL: redirectUrl,
      ...signInSettings(oauth, 'google', clients.google),
      ...signInSettings(oauth, 'microsoft', clients.microsoft),
      // Front is not set up on this installation.
      FRONT_OAUTH_CLIENT_ID: '',
    },
  });
  await addOtherBroker(t);
});

afterAll(async () => {
  await t?.cleanup();
  await oauth?.close();
});

describe('signing a Gmail mailbox in', () => {
  it('sends the popup to the provider with an S256 challenge, never the verifier', async () => {
    const started = await start(ops, 'google');
    const url = new URL(started.authorizationUrl);
    expect(`${url.origin}${url.pathname}`).toBe(oauth.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: clients.google.clientId,
      redirect_uri: redirectUrl,
      state: started.state,
      code_challenge_method: 'S256',
      access_type: 'offline',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(started.redirectUrl).toBe(redirectUrl);
  });

  it('completes the flow: the mailbox is Gmail, authorized, its tokens sealed and never answered', async () => {
    const started = await start(ops, 'google', { permissions: 1, postProcessingAction: 'MarkAsRead' });
    const back = await popup(started.authorizationUrl);
    expect(back.state).toBe(started.state);
    const res = await call(ops, 'POST', '/api/staff/mailbox/google/token', back);
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      staffId: ops.userId,
      mailboxType: 3,
      username: account,
      hasPassword: false,
      incomingMailServer: null,
      outgoingMailServer: null,
      permissions: 1,
      postProcessingAction: 'MarkAsRead',
      lastReadDate: null,
      isAuthorized: true,
      authorizationProblem: null,
    };
    expect(res.json()).toEqual(expected);
    const got = await call(ops, 'GET', '/api/staff/mailbox');
    expect(got.json()).toEqual(expected);

    // At rest: sealed with the owner's id; opened, the access token is one the provider honours.
    const stored = (await row(ops.userId))!;
    const key = t.deps.settings.mailboxSecretKey;
    const access = openSecret(key, ops.userId, stored.sealed_access_token!);
    const refresh = openSecret(key, ops.userId, stored.sealed_refresh_token!);
    expect(oauth.introspect(access)).toMatchObject({ account, clientId: clients.google.clientId });
    expect(stored.sealed_access_token).not.toContain(access);
    expect(() => openSecret(key, admin.userId, stored.sealed_access_token!)).toThrow();
    expect(stored.token_expires_at!.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    // Neither answered nor published to the other services.
    for (const text of [res.body, got.body]) {
      expect(text).not.toContain(access);
      expect(text).not.toContain(refresh);
    }
    const outbox = await t.runtime.db.selectFrom('outbox').selectAll().execute();
    expect(JSON.stringify(outbox)).not.toContain(access);
    expect(JSON.stringify(outbox)).not.toContain(refresh);
  });

  it('changing the permissions keeps the sign-in; unauthorizing forgets the tokens and revokes them at the provider', async () => {
    const kept = await t.app.inject({
      method: 'PUT',
      url: '/api/staff/mailbox',
      headers: t.as(ops),
      payload: { mailboxType: 3, permissions: 3, postProcessingAction: 'Archive' },
    });
    expect(kept.json()).toMatchObject({
      mailboxType: 3,
      permissions: 3,
      isAuthorized: true,
      username: account,
    });
    const before = (await row(ops.userId))!;
    const access = openSecret(t.deps.settings.mailboxSecretKey, ops.userId, before.sealed_access_token!);
    expect(oauth.introspect(access)).toBeDefined();
    const off = await call(ops, 'POST', '/api/email/mailbox/unauthorize');
    expect(off.json()).toMatchObject({ mailboxType: 3, isAuthorized: false, authorizationProblem: null });
    const stored = (await row(ops.userId))!;
    expect([stored.sealed_access_token, stored.sealed_refresh_token, stored.token_expires_at]).toEqual([
      null,
      null,
      null,
    ]);
    // Forgotten here, revoked at the provider too (RFC 7009): the token no longer opens the mailbox.
    expect(oauth.introspect(access)).toBeUndefined();
  });
});

describe('what the token endpoint refuses', () => {
  it('a state used once already: the second exchange is refused and changes nothing', async () => {
    const started = await start(ops, 'google');
    const back = await popup(started.authorizationUrl);
    expect((await call(ops, 'POST', '/api/staff/mailbox/google/token', back)).statusCode).toBe(200);
    const again = await call(ops, 'POST', '/api/staff/mailbox/google/token', back);
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({ 'model.state': [signInMessages.unknownState] });
  });

  it('a code obtained with another verifier (an injected code): the provider refuses it, so do we', async () => {
    await call(ops, 'POST', '/api/email/mailbox/reset');
    const started = await start(ops, 'google');
    // An attacker's own authorization request, with their own challenge, carrying ops's state.
    const theirs = new URL(started.authorizationUrl);
    const attackerVerifier = randomBytes(48).toString('base64url');
    theirs.searchParams.set(
      'code_challenge',
      createHash('sha256').update(attackerVerifier).digest('base64url'),
    );
    const injected = await popup(theirs.toString());
    const res = await call(ops, 'POST', '/api/staff/mailbox/google/token', injected);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'model.code': [signInMessages.refusedCode('google')] });
    expect((await call(ops, 'GET', '/api/staff/mailbox')).json()).toMatchObject({
      mailboxType: 1,
      isAuthorized: false,
    });
    expect((await row(ops.userId))?.sealed_access_token ?? null).toBeNull();
  });

  it("another staff member's state, of the same broker or another, is refused without being spent", async () => {
    const adminsStart = await start(admin, 'google');
    const adminsBack = await popup(adminsStart.authorizationUrl);
    for (const who of [ops, otherBroker]) {
      const res = await call(who, 'POST', '/api/staff/mailbox/google/token', adminsBack);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ 'model.state': [signInMessages.unknownState] });
    }
    expect((await row(otherBroker.userId)) ?? null).toBeNull();
    // The same staff member in another session (a stolen state, replayed elsewhere) is refused too.
    const elsewhere = await call(
      { ...admin, sessionId: 'ses_elsewhere' },
      'POST',
      '/api/staff/mailbox/google/token',
      adminsBack,
    );
    expect(elsewhere.statusCode).toBe(400);
    // Admin's own finishes, and answers admin's mailbox only.
    const own = await call(admin, 'POST', '/api/staff/mailbox/google/token', adminsBack);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ staffId: admin.userId, mailboxType: 3, isAuthorized: true });
    await call(admin, 'POST', '/api/email/mailbox/reset');
  });

  it('a state started for Google, brought to Microsoft, an unknown state, and Front not set up', async () => {
    const started = await start(ops, 'google');
    const back = await popup(started.authorizationUrl);
    const other = await call(ops, 'POST', '/api/staff/mailbox/microsoft/token', back);
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toEqual({ 'model.state': [signInMessages.otherProvider('microsoft')] });
    const unknown = await call(ops, 'POST', '/api/staff/mailbox/google/token', {
      code: back.code,
      state: 'nope',
    });
    expect(unknown.statusCode).toBe(400);
    const front = await call(ops, 'POST', '/api/staff/mailbox/front/validate', {});
    expect(front.statusCode).toBe(409);
    expect(front.json().message).toBe(signInMessages.notConfigured('front'));
    const customer = await call(demoCallers.shipper, 'POST', '/api/staff/mailbox/google/validate', {});
    expect(customer.statusCode).toBe(403);
  });
});

describe('renewing the tokens', () => {
  it('renews them through the renewal job before they expire, and unauthorizes a revoked sign-in', async () => {
    // Microsoft this time, whose access tokens here live 10 minutes: within the renewal margin.
    oauth.setAccessTokenSeconds(600);
    const microsoftAccount = 'admin@outlook.example';
    const started = await start(admin, 'microsoft', { permissions: 2 });
    const url = new URL(started.authorizationUrl);
    url.searchParams.set('login_hint', microsoftAccount);
    const back = await popup(url.toString());
    const signed = await call(admin, 'POST', '/api/staff/mailbox/microsoft/token', back);
    expect(signed.json()).toMatchObject({ mailboxType: 4, username: microsoftAccount, isAuthorized: true });
    oauth.setAccessTokenSeconds(3600);

    const key = t.deps.settings.mailboxSecretKey;
    const before = (await row(admin.userId))!;
    const firstAccess = openSecret(key, admin.userId, before.sealed_access_token!);
    expect(oauth.introspect(firstAccess)).toBeDefined(); // still valid: renewal comes before expiry
    const refreshes = oauth.issued.refresh_token;

    t.runtime.work(directoryWorkers(t.deps)[0]!);
    const queue = t.runtime.queue(directoryQueues.renewMailboxTokens);
    await queue.enqueue({});
    const renewed = await eventually(async () => {
      const now = await row(admin.userId);
      return now && now.token_expires_at! > before.token_expires_at! && now;
    });
    expect(oauth.issued.refresh_token).toBe(refreshes + 1);
    const newAccess = openSecret(key, admin.userId, renewed.sealed_access_token!);
    expect(newAccess).not.toBe(firstAccess);
    expect(oauth.introspect(newAccess)).toMatchObject({ account: microsoftAccount });
    expect(renewed.token_expires_at!.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect(renewed.sealed_refresh_token).not.toBe(before.sealed_refresh_token); // rotated
    expect(renewed.is_authorized).toBe(true);

    // The account's owner revokes the app at Microsoft; the next renewal is refused.
    await t.runtime.db
      .updateTable('staff_mailbox')
      .set({ token_expires_at: new Date(Date.now() + 60_000) })
      .where('user_id', '=', admin.userId)
      .execute();
    oauth.revokeAccount(microsoftAccount);
    await queue.enqueue({});
    await eventually(async () => (await row(admin.userId))?.is_authorized === false);
    const page = (await call(admin, 'GET', '/api/staff/mailbox')).json();
    expect(page).toMatchObject({
      mailboxType: 4,
      permissions: 2,
      isAuthorized: false,
      authorizationProblem: signInMessages.revoked('microsoft'),
    });
    const stored = (await row(admin.userId))!;
    expect(stored.sealed_refresh_token).toBeNull();
    // ops's Gmail mailbox (reset above) and others were not touched by the job.
    expect((await row(ops.userId))?.authorization_problem ?? null).toBeNull();
  });
});
