// The gateway with the directory behind it, on the real servers: sign-in, sessions, the
// signed identity, routing, and the event path from the directory into the gateway's read
// model (outbox → JetStream → durable consumer).

import { createServer } from 'node:http';
import { AccessLevel, StaffPermission } from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import { directoryService } from '@loadline/directory/service';
import { type App, generateIdentityKeys, signIdentity } from '@loadline/platform';
import { buildService, eventually, testIdentity, uniqueTestId } from '@loadline/platform/testing';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { saveOrganization } from '../../../directory/src/store/organizations.ts';
import { seedDemoData as seedDirectory } from '../../../directory/src/store/seed.ts';
import { saveUser } from '../../../directory/src/store/users.ts';
import { hashPassword, needsRehash } from '../../src/app/passwords.ts';
import { seedDemoData } from '../../src/app/seed.ts';
import { wrongCredentialsMessage } from '../../src/domain/login-throttle.ts';
import { gatewayService } from '../../src/service.ts';

const keys = generateIdentityKeys();
const namespace = `t_${uniqueTestId('gw')}`;
let directory: Awaited<ReturnType<typeof startDirectory>>;
let directoryApp: App;
const startDirectory = () =>
  buildService(directoryService, {
    config: { eventNamespace: namespace, identityPublicKey: keys.publicKey },
  });
let gateway: Awaited<ReturnType<typeof startGateway>>;
let app: App;
let base: string;
/** Stands in for the tracking service's public driver page: records what the gateway forwards. */
const trackingSeen: { url: string; identity: string | undefined; cookie: string | undefined }[] = [];
const trackingStub = createServer((req, res) => {
  if (req.url !== '/readyz')
    trackingSeen.push({
      url: req.url ?? '',
      identity: req.headers['x-loadline-identity'] as string | undefined,
      cookie: req.headers.cookie,
    });
  // ?size=N: an answer of N bytes with its length; &chunked: in two chunks without one
  const size = Number(new URL(req.url ?? '/', 'http://stub').searchParams.get('size') ?? 0);
  if (size > 0) {
    const body = Buffer.alloc(size, 'abcdefghij');
    if (req.url?.includes('chunked')) {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write(body.subarray(0, size >> 1));
      res.end(body.subarray(size >> 1));
    } else res.writeHead(200, { 'content-type': 'text/plain', 'content-length': size }).end(body);
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html' }).end('<p>driver page</p>');
});

/** The gateway on this file's namespace, forwarding to the services given (settings as a deployment's). */
const startGateway = (services: Record<string, string>, config: { databaseSchema?: string } = {}) =>
  buildService(gatewayService, {
    config: { eventNamespace: namespace, ...config },
    settings: {
      identityPrivateKey: keys.privateKey,
      services,
      secureCookies: false,
      shells: {
        shells: {},
        remotes: {},
        remoteUrls: {},
        ssoHosts: ['sso.example.test'],
        ssoLoginUrl: 'https://idp.example.test/start',
        environment: 'test',
      },
    },
  });

async function login(email: string, password = 'demo') {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const cookie = res.cookies.find((c) => c.name === 'loadline_session');
  return { res, cookie: cookie ? `loadline_session=${cookie.value}` : '' };
}

beforeAll(async () => {
  directory = await startDirectory();
  directoryApp = directory.app;
  await directoryApp.listen({ port: 0, host: '127.0.0.1' });
  const address = directoryApp.server.address() as { port: number };
  await new Promise<void>((r) => trackingStub.listen(0, '127.0.0.1', r));
  const trackingPort = (trackingStub.address() as { port: number }).port;
  gateway = await startGateway({
    directory: `http://127.0.0.1:${address.port}`,
    tracking: `http://127.0.0.1:${trackingPort}`,
  });
  app = gateway.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(app.server.address() as { port: number }).port}`;
  await seedDemoData(gateway);
  await directory.runtime.start();
  await gateway.runtime.start();
  await seedDirectory(directory.deps);
  // A second broker with one staff user, to prove tenants never see each other.
  await directory.runtime.db.transaction().execute(async (trx) => {
    await saveOrganization(directory.runtime, trx, {
      organizationId: 'org_other_broker',
      name: 'Rival Freight',
      organizationType: 60,
      brokerId: null,
      paymentPreference: null,
      creditLimit: null,
      customerSettings: 0,
      brokerSettings: 0,
      active: true,
    });
    await saveUser(directory.runtime, trx, {
      userId: 'usr_other_staff',
      organizationId: 'org_other_broker',
      kind: 'staff',
      email: 'rival@other-broker.test',
      firstName: 'Rita',
      lastName: 'Rival',
      permissions: 0,
      customerSettings: 0,
      active: true,
    });
  });
  await gateway.runtime.db
    .insertInto('credential')
    .values({ user_id: 'usr_other_staff', password_hash: await hashPassword('demo') })
    .execute();
  // The directory's users reach the gateway's read model through JetStream.
  await eventually(async () => {
    const n = await gateway.runtime.db.selectFrom('directory_user').select('user_id').execute();
    return n.length === 5;
  });
}, 120_000);

afterAll(async () => {
  trackingStub.close();
  await app?.close();
  await gateway?.cleanup();
  await directory?.cleanup();
});

describe('sign-in', () => {
  it('signs a staff user in with an HTTP-only SameSite session cookie', async () => {
    const { res } = await login('admin@demo.test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      userId: 'usr_demo_admin',
      kind: 'staff',
      organizationName: 'Loadline Demo Logistics',
      organizationType: 60,
    });
    const cookie = res.cookies.find((c) => c.name === 'loadline_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('answers 401 with a clear message on a wrong password or an unknown email', async () => {
    const wrong = await login('ops@demo.test', 'not-the-password');
    expect(wrong.res.statusCode).toBe(401);
    expect(wrong.res.json().message).toBe(wrongCredentialsMessage);
    expect(wrong.cookie).toBe('');
    const unknown = await login('nobody@demo.test');
    expect(unknown.res.statusCode).toBe(401);
    expect(unknown.res.json().message).toBe(wrongCredentialsMessage);
  });

  it("stores a hash made with older Argon2id parameters again with today's at the next correct sign-in", async () => {
    const older = await hash('demo', { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    await gateway.runtime.db
      .updateTable('credential')
      .set({ password_hash: older })
      .where('user_id', '=', 'usr_other_staff')
      .execute();
    const stored = () =>
      gateway.runtime.db
        .selectFrom('credential')
        .select('password_hash')
        .where('user_id', '=', 'usr_other_staff')
        .executeTakeFirstOrThrow();
    expect((await login('rival@other-broker.test', 'not-the-password')).res.statusCode).toBe(401);
    expect((await stored()).password_hash).toBe(older);
    expect((await login('rival@other-broker.test')).res.statusCode).toBe(200);
    const renewed = (await stored()).password_hash;
    expect(renewed).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
    expect(needsRehash(renewed)).toBe(false);
    expect((await login('rival@other-broker.test')).res.statusCode).toBe(200);
  });

  it('answers 400 naming the missing field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ops@demo.test' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('password is required.');
  });

  it('limits attempts at an account from one address with 429, without locking the account out elsewhere', async () => {
    const attempt = (password: string, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'buyer@globex.test', password },
        remoteAddress,
      });
    const guesses = await Promise.all(Array.from({ length: 12 }, () => attempt('guess', '10.9.9.9')));
    // Reserved before the password is checked: a parallel burst cannot slip past the limit.
    expect(guesses.filter((r) => r.statusCode === 401)).toHaveLength(10);
    expect(guesses.filter((r) => r.statusCode === 429)).toHaveLength(2);
    const blocked = await attempt('demo', '10.9.9.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many failed sign-in attempts/);
    expect(blocked.headers['retry-after']).toBeDefined();
    // The buyer at their own desk still signs in, and so does everyone else.
    expect((await attempt('demo', '10.1.1.1')).statusCode).toBe(200);
    expect((await login('shipper@acme.test')).res.statusCode).toBe(200);
  });

  it('answers who is signed in, and 401 after logout', async () => {
    const { cookie } = await login('ops@demo.test');
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ email: 'ops@demo.test', displayName: 'Omar Operations' });
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(
      401,
    );
  });
});

describe('passwords', () => {
  it('a new user added in the directory signs in once an admin sets a password', async () => {
    const { cookie } = await login('admin@demo.test');
    const added = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie },
      payload: {
        organizationId: 'org_demo_acme',
        email: 'receiving@acme.test',
        firstName: 'Remy',
        lastName: 'Receiving',
      },
    });
    expect(added.statusCode).toBe(201);
    const userId = added.json().userId;
    await eventually(async () =>
      gateway.runtime.db
        .selectFrom('directory_user')
        .select('user_id')
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    );
    expect((await login('receiving@acme.test', 'welcome-to-acme')).res.statusCode).toBe(401);
    const set = await app.inject({
      method: 'PUT',
      url: `/api/auth/credentials/${userId}`,
      headers: { cookie },
      payload: { password: 'welcome-to-acme' },
    });
    expect(set.statusCode).toBe(204);
    const signedIn = await login('receiving@acme.test', 'welcome-to-acme');
    expect(signedIn.res.json()).toMatchObject({ kind: 'customer', organizationId: 'org_demo_acme' });
  });

  it("changing one's own password needs the current one; others' need the right permission", async () => {
    const { cookie } = await login('shipper@acme.test');
    const wrong = await app.inject({
      method: 'PUT',
      url: '/api/auth/credentials/usr_demo_shipper',
      headers: { cookie },
      payload: { password: 'a-new-password', currentPassword: 'nope' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({
      'model.currentPassword': ['The current password is not correct.'],
    });
    const short = await app.inject({
      method: 'PUT',
      url: '/api/auth/credentials/usr_demo_shipper',
      headers: { cookie },
      payload: { password: 'short', currentPassword: 'demo' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('password must be at least 8 characters.');
    // Another organization's user is not the customer's to see: 404, as for a user that does not exist
    // (decision 0013), not 403, which would tell that the id is a user of the same broker.
    const others = await app.inject({
      method: 'PUT',
      url: '/api/auth/credentials/usr_demo_buyer',
      headers: { cookie },
      payload: { password: 'taken-over-1' },
    });
    expect(others.statusCode).toBe(404);
    expect(others.json().message).toBe('User usr_demo_buyer was not found.');
    const missing = await app.inject({
      method: 'PUT',
      url: '/api/auth/credentials/usr_no_such_user',
      headers: { cookie },
      payload: { password: 'taken-over-1' },
    });
    expect(missing.statusCode).toBe(404);
    // Staff see the broker's users: without the permission, 403.
    const { cookie: opsCookie } = await login('ops@demo.test');
    const staffWithout = await app.inject({
      method: 'PUT',
      url: '/api/auth/credentials/usr_demo_buyer',
      headers: { cookie: opsCookie },
      payload: { password: 'taken-over-1' },
    });
    expect(staffWithout.statusCode).toBe(403);
    expect((await login('buyer@globex.test')).res.statusCode).toBe(200);
    const { cookie: rival } = await login('rival@other-broker.test');
    const otherBroker = await app.inject({
      method: 'PUT',
      url: '/api/auth/credentials/usr_demo_admin',
      headers: { cookie: rival },
      payload: { password: 'taken-over-2' },
    });
    expect(otherBroker.statusCode).toBe(404);
    expect((await login('admin@demo.test')).res.statusCode).toBe(200);
  });
});

describe('who may change whom, and sessions that end (issue 14 items 2 and 3)', () => {
  const siteAdmin = 'usr_site_admin';
  const put = (url: string, cookie: string, payload: object) =>
    app.inject({ method: 'PUT', url, headers: { cookie }, payload });
  const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
  /** A staff user of the demo broker with a password, known to the gateway. */
  async function staffUser(userId: string, email: string, permissions: number) {
    await directory.runtime.db.transaction().execute((trx) =>
      saveUser(directory.runtime, trx, {
        userId,
        organizationId: 'org_demo_broker',
        kind: 'staff',
        email,
        firstName: 'Test',
        lastName: userId,
        permissions,
        customerSettings: 0,
        active: true,
      }),
    );
    await gateway.runtime.db
      .insertInto('credential')
      .values({ user_id: userId, password_hash: await hashPassword('demo-password') })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    await eventually(async () =>
      gateway.runtime.db
        .selectFrom('directory_user')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('permissions', '=', permissions)
        .executeTakeFirst(),
    );
  }
  const P = StaffPermission.values;

  beforeAll(async () => {
    await staffUser(siteAdmin, 'site-admin@demo.test', P.TMSSiteAdmin | P.CustomerAddEdit);
  });

  it("a TMS Site Admin can neither set an IT support admin's password nor strip its permissions", async () => {
    const { cookie } = await login('site-admin@demo.test', 'demo-password');
    const password = await put('/api/auth/credentials/usr_demo_admin', cookie, { password: 'taken-over-3' });
    expect(password.statusCode).toBe(403);
    const strip = await put('/api/users/usr_demo_admin', cookie, { permissions: 0 });
    expect(strip.statusCode).toBe(403);
    expect(strip.json().message).toBe(
      'You cannot change a user whose role is equal to or higher than yours.',
    );
    const deactivate = await put('/api/users/usr_demo_admin', cookie, { active: false });
    expect(deactivate.statusCode).toBe(403);
    // The IT support admin is untouched.
    expect((await login('admin@demo.test')).res.statusCode).toBe(200);
    const admin = await directory.runtime.db
      .selectFrom('app_user')
      .select(['permissions', 'active'])
      .where('user_id', '=', 'usr_demo_admin')
      .executeTakeFirstOrThrow();
    expect(admin.permissions & P.ITSupportAdmin).toBe(P.ITSupportAdmin);
    expect(admin.active).toBe(true);
  });

  it('a TMS Site Admin cannot change another TMS Site Admin, nor its own permissions', async () => {
    await staffUser('usr_site_admin_2', 'site-admin-2@demo.test', P.TMSSiteAdmin);
    const { cookie } = await login('site-admin@demo.test', 'demo-password');
    expect(
      (await put('/api/auth/credentials/usr_site_admin_2', cookie, { password: 'taken-over-4' })).statusCode,
    ).toBe(403);
    expect((await put('/api/users/usr_site_admin_2', cookie, { permissions: 0 })).statusCode).toBe(403);
    const own = await put(`/api/users/${siteAdmin}`, cookie, {
      permissions: P.TMSSiteAdmin | P.ITSupportAdmin,
    });
    expect(own.statusCode).toBe(403);
    // An IT support admin manages both, and a lower user may be changed by the site admin.
    const { cookie: it } = await login('admin@demo.test');
    expect((await put('/api/users/usr_site_admin_2', it, { firstName: 'Renamed' })).statusCode).toBe(200);
    await staffUser('usr_plain_staff', 'plain@demo.test', P.LSPCarrierDetails);
    expect((await put('/api/users/usr_plain_staff', cookie, { permissions: 0 })).statusCode).toBe(200);
  });

  it("an admin's new password for a user ends that user's sessions at once, live connection included", async () => {
    await staffUser('usr_reset_me', 'reset-me@demo.test', 0);
    const old = await login('reset-me@demo.test', 'demo-password');
    expect((await me(old.cookie)).statusCode).toBe(200);
    const socket = new WebSocket(`ws://${base}/api/live`, { headers: { cookie: old.cookie } });
    await new Promise((resolve) => socket.once('message', resolve));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    const { cookie: admin } = await login('site-admin@demo.test', 'demo-password');
    expect(
      (await put('/api/auth/credentials/usr_reset_me', admin, { password: 'a-fresh-password' })).statusCode,
    ).toBe(204);
    expect((await me(old.cookie)).statusCode).toBe(401);
    expect(await closed).toBe(4401);
    // The admin's own session goes on; the user signs in with the new password.
    expect((await me(admin)).statusCode).toBe(200);
    expect((await login('reset-me@demo.test', 'a-fresh-password')).res.statusCode).toBe(200);
  });

  it("changing one's own password keeps this session and ends the others", async () => {
    await staffUser('usr_two_desks', 'two-desks@demo.test', 0);
    const desk = await login('two-desks@demo.test', 'demo-password');
    const laptop = await login('two-desks@demo.test', 'demo-password');
    const changed = await put('/api/auth/credentials/usr_two_desks', desk.cookie, {
      password: 'another-password',
      currentPassword: 'demo-password',
    });
    expect(changed.statusCode).toBe(204);
    expect((await me(desk.cookie)).statusCode).toBe(200);
    expect((await me(laptop.cookie)).statusCode).toBe(401);
  });

  it('guesses at the current password are throttled like sign-in: 429 after ten wrong ones, for this user only', async () => {
    await staffUser('usr_guessed', 'guessed@demo.test', 0);
    await staffUser('usr_not_guessed', 'not-guessed@demo.test', 0);
    const stolen = await login('guessed@demo.test', 'demo-password');
    const guess = (currentPassword: string) =>
      put('/api/auth/credentials/usr_guessed', stolen.cookie, {
        password: 'a-taken-password',
        currentPassword,
      });
    for (let i = 1; i <= 10; i += 1) expect((await guess(`wrong-${i}`)).statusCode).toBe(400);
    const throttled = await guess('wrong-11');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().message).toMatch(
      /^Too many failed sign-in attempts\. Please wait \d+ minute\(s\)/,
    );
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits now: the guesser cannot tell it was right.
    expect((await guess('demo-password')).statusCode).toBe(429);
    expect((await login('guessed@demo.test', 'demo-password')).res.statusCode).toBe(200);
    // Another user's count is its own; a right guess starts it again.
    const other = await login('not-guessed@demo.test', 'demo-password');
    const otherGuess = (currentPassword: string, password = 'a-new-password') =>
      put('/api/auth/credentials/usr_not_guessed', other.cookie, { password, currentPassword });
    expect((await otherGuess('wrong')).statusCode).toBe(400);
    expect((await otherGuess('demo-password')).statusCode).toBe(204);
  });

  it("disabling a user or removing one of its roles ends that user's sessions", async () => {
    await staffUser('usr_disable_me', 'disable-me@demo.test', 0);
    await staffUser('usr_demote_me', 'demote-me@demo.test', P.UserAllowedOrgAccess | P.LSPCarrierDetails);
    const disabled = await login('disable-me@demo.test', 'demo-password');
    const demoted = await login('demote-me@demo.test', 'demo-password');
    const kept = await login('plain@demo.test', 'demo-password');
    const { cookie: admin } = await login('site-admin@demo.test', 'demo-password');
    expect((await put('/api/users/usr_disable_me', admin, { active: false })).statusCode).toBe(200);
    expect(
      (await put('/api/users/usr_demote_me', admin, { permissions: P.LSPCarrierDetails })).statusCode,
    ).toBe(200);
    await eventually(async () => (await me(disabled.cookie)).statusCode === 401);
    await eventually(async () => (await me(demoted.cookie)).statusCode === 401);
    // A change that removes nothing (a new name, a permission added) keeps the session.
    expect((await put('/api/users/usr_plain_staff', admin, { lastName: 'Still here' })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect((await me(kept.cookie)).statusCode).toBe(200);
    // The demoted user signs in again, with the role it has now.
    const again = await login('demote-me@demo.test', 'demo-password');
    expect(again.res.json().permissions).toBe(P.LSPCarrierDetails);
  });
});

describe('routing with a signed identity', () => {
  it('forwards a staff request to the directory, matching the path case-insensitively', async () => {
    const { cookie } = await login('ops@demo.test');
    const res = await app.inject({ method: 'GET', url: '/API/Organizations', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(3);
  });

  it('gives a customer only its own organization', async () => {
    const { cookie } = await login('shipper@acme.test');
    const res = await app.inject({ method: 'GET', url: '/api/organizations', headers: { cookie } });
    expect(res.json().map((o: { name: string }) => o.name)).toEqual(['Acme Manufacturing']);
  });

  it('never trusts an identity header sent by a client, even a validly signed one', async () => {
    const forged = signIdentity(
      {
        ...testIdentity({ brokerId: 'org_demo_broker', organizationId: 'org_demo_broker' }),
        permissions: 2 ** 30,
      },
      keys.privateKey,
    );
    // The directory itself would accept it...
    const direct = await directoryApp.inject({
      method: 'GET',
      url: '/api/organizations',
      headers: { 'x-loadline-identity': forged },
    });
    expect(direct.statusCode).toBe(200);
    // ...but the gateway drops it and forwards the request as anonymous.
    const res = await app.inject({
      method: 'GET',
      url: '/api/organizations',
      headers: { 'x-loadline-identity': forged },
    });
    expect(res.statusCode).toBe(401);
  });

  it('passes request bodies through and carries the service’s errors back', async () => {
    const { cookie } = await login('admin@demo.test');
    const res = await app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ organizationType: 70 }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('name is required.');
  });

  it('lets the driver’s one-time page through without a session, and never forwards a cookie (issue 4)', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/driver-location/drq_1.sig' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.body).toBe('<p>driver page</p>');
    const { cookie } = await login('ops@demo.test');
    await app.inject({
      method: 'POST',
      url: '/driver-location/drq_1.sig',
      headers: { cookie },
      payload: { latitude: 1, longitude: 2 },
    });
    expect(trackingSeen.map((s) => s.url)).toEqual([
      '/driver-location/drq_1.sig',
      '/driver-location/drq_1.sig',
    ]);
    expect(trackingSeen[0]).toMatchObject({ identity: undefined, cookie: undefined });
    expect(trackingSeen[1]!.cookie).toBeUndefined();
    // Only that path: other pages stay the shells' and the API's.
    expect((await app.inject({ method: 'GET', url: '/driver-locations/x' })).statusCode).toBe(404);
  });

  it('forwards answers whole, small ones from a buffer and larger or unsized ones as a stream', async () => {
    for (const url of [
      '?size=10',
      '?size=65536',
      '?size=65537',
      '?size=300000',
      '?size=70000&chunked',
      '?size=9&chunked',
    ]) {
      const res = await app.inject({ method: 'GET', url: `/driver-location/drq_2.sig${url}` });
      const size = Number(/size=(\d+)/.exec(url)![1]);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain');
      expect(res.rawPayload.equals(Buffer.alloc(size, 'abcdefghij'))).toBe(true);
    }
  });

  it('answers 503 with a clear message for a service that is not running', async () => {
    const { cookie } = await login('ops@demo.test');
    const res = await app.inject({
      method: 'GET',
      url: '/api/activitylog?shipmentId=1',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(
      'The activity service is not available right now. Please try again later.',
    );
  });

  it('is ready only when every service behind it is ready', async () => {
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().checks).toMatchObject({ directory: 'ok', postgresql: 'ok', nats: 'ok', redis: 'ok' });
  });

  it('shows its metrics to loopback (METRICS_ALLOW) only, not to the public', async () => {
    const local = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain('http_request_duration_seconds');
    const publicClient = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(publicClient.statusCode).toBe(404);
    expect(publicClient.body).not.toContain('http_request_duration_seconds');
  });

  it('offers single sign-on only on the configured hosts', async () => {
    const on = await app.inject({ method: 'GET', url: '/api/config', headers: { host: 'sso.example.test' } });
    expect(on.json()).toMatchObject({ ssoEnabled: true, ssoLoginUrl: 'https://idp.example.test/start' });
    const off = await app.inject({ method: 'GET', url: '/api/config', headers: { host: '127.0.0.1:8080' } });
    expect(off.json()).toMatchObject({ ssoEnabled: false, ssoLoginUrl: null });
  });
});

describe('one event path end to end: directory → outbox → JetStream → gateway read model', () => {
  it('a renamed organization reaches the gateway, and a customer sees the new name', async () => {
    const { cookie: adminCookie } = await login('admin@demo.test');
    const put = await app.inject({
      method: 'PUT',
      url: '/api/organizations/org_demo_acme',
      headers: { cookie: adminCookie },
      payload: { name: 'Acme Manufacturing Inc.' },
    });
    expect(put.statusCode).toBe(200);
    const row = await eventually(() =>
      gateway.runtime.db
        .selectFrom('directory_organization')
        .selectAll()
        .where('organization_id', '=', 'org_demo_acme')
        .where('name', '=', 'Acme Manufacturing Inc.')
        .executeTakeFirst(),
    );
    expect(row.version).toBe(2);
    const { res } = await login('shipper@acme.test');
    expect(res.json().organizationName).toBe('Acme Manufacturing Inc.');
  });

  it('an event delivered again by JetStream changes nothing', async () => {
    const event = await directory.runtime.db
      .selectFrom('outbox')
      .select(['envelope', 'subject'])
      .where('subject', '=', subjects.organizationChanged)
      .orderBy('position', 'desc')
      .executeTakeFirstOrThrow();
    const consumer = gateway.runtime.consumers.find((c) =>
      c.durableName.endsWith('directory-organizations'),
    )!;
    const skippedBefore = consumer.skipped;
    // Published again as a new message (as after a relay crash past the duplicate window).
    await gateway.runtime.js.publish(`${namespace}.${event.subject}`, JSON.stringify(event.envelope), {
      msgID: crypto.randomUUID(),
    });
    await eventually(async () => consumer.skipped > skippedBefore);
    const rows = await gateway.runtime.db
      .selectFrom('directory_organization')
      .selectAll()
      .where('organization_id', '=', 'org_demo_acme')
      .execute();
    expect(rows).toEqual([expect.objectContaining({ name: 'Acme Manufacturing Inc.', version: 2 })]);
  });

  it('a redelivered event changes nothing', async () => {
    const event = await directory.runtime.db
      .selectFrom('outbox')
      .select('envelope')
      .where('subject', '=', subjects.organizationChanged)
      .orderBy('position', 'desc')
      .executeTakeFirstOrThrow();
    const consumer = gateway.runtime.consumers.find((c) =>
      c.durableName.endsWith('directory-organizations'),
    )!;
    const handledBefore = consumer.handled;
    expect(await consumer.apply(event.envelope as never)).toBe(false);
    expect(consumer.handled).toBe(handledBefore);
    const rows = await gateway.runtime.db
      .selectFrom('directory_organization')
      .selectAll()
      .where('organization_id', '=', 'org_demo_acme')
      .execute();
    expect(rows).toEqual([expect.objectContaining({ name: 'Acme Manufacturing Inc.', version: 2 })]);
  });

  it('an older version delivered late never overwrites a newer one', async () => {
    const first = await directory.runtime.db
      .selectFrom('outbox')
      .select('envelope')
      .where('subject', '=', subjects.organizationChanged)
      .orderBy('position', 'asc')
      .executeTakeFirstOrThrow();
    const stale = { ...(first.envelope as object), id: crypto.randomUUID() } as never;
    const consumer = gateway.runtime.consumers.find((c) =>
      c.durableName.endsWith('directory-organizations'),
    )!;
    await consumer.apply(stale);
    const row = await gateway.runtime.db
      .selectFrom('directory_organization')
      .select(['name', 'version'])
      .where('organization_id', '=', 'org_demo_acme')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Acme Manufacturing Inc.', version: 2 });
  });
});

describe('the live hub', () => {
  it("refuses a handshake another site's page makes with the user's cookie (cross-site WebSocket hijacking)", async () => {
    const { cookie } = await login('admin@demo.test');
    const hijack = new WebSocket(`ws://${base}/api/live`, {
      headers: { cookie, origin: 'https://evil.example' },
    });
    const status = await new Promise<number>((resolve) => {
      hijack.once('unexpected-response', (req, res) => {
        // With this listener the client must end the refused request itself.
        req.destroy();
        resolve(res.statusCode ?? 0);
      });
      hijack.once('open', () => resolve(101));
    });
    expect(status).toBe(403);
    // The browser of the same origin connects.
    const own = new WebSocket(`ws://${base}/api/live`, { headers: { cookie, origin: `http://${base}` } });
    await new Promise((resolve) => own.once('open', resolve));
    own.close();
  });

  it('acknowledges, shows who views a page, and pushes a group’s events live', async () => {
    const { cookie } = await login('admin@demo.test');
    const socket = new WebSocket(`ws://${base}/api/live`, { headers: { cookie } });
    const messages: { type: string; [k: string]: unknown }[] = [];
    socket.on('message', (raw: Buffer) => messages.push(JSON.parse(String(raw))));
    await new Promise((resolve) => socket.once('open', resolve));
    const ack = await eventually(async () => messages.find((m) => m.type === 'acknowledge'));
    expect(ack.connectionId).toEqual(expect.any(String));
    socket.send(
      JSON.stringify({
        type: 'join',
        groupName: 'org_demo_globex',
        pageTitle: 'Globex Foods',
        uri: '/back-office/x',
      }),
    );
    const presence = await eventually(async () => messages.find((m) => m.type === 'presence'));
    expect(presence.users).toEqual([
      expect.objectContaining({
        DisplayName: 'Avery Admin',
        Company: 'Loadline',
        GroupName: 'org_demo_globex',
        PageTitle: 'Globex Foods',
      }),
    ]);
    await app.inject({
      method: 'PUT',
      url: '/api/organizations/org_demo_globex',
      headers: { cookie },
      payload: { creditLimit: 12345 },
    });
    const live = await eventually(async () => messages.find((m) => m.type === 'event'));
    expect(live).toMatchObject({ groupName: 'org_demo_globex', subject: subjects.organizationChanged });
    expect((live.data as { creditLimit: number }).creditLimit).toBe(12345);
    socket.close();
  });

  it('refuses a join without a page title (spec 001 §5)', async () => {
    const { cookie } = await login('ops@demo.test');
    const socket = new WebSocket(`ws://${base}/api/live`, { headers: { cookie } });
    const messages: { type: string; message?: string }[] = [];
    socket.on('message', (raw: Buffer) => messages.push(JSON.parse(String(raw))));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'join', groupName: 'x' }));
    const error = await eventually(async () => messages.find((m) => m.type === 'error'));
    expect(error.message).toBe('pageTitle is required.');
    socket.close();
  });

  it('shows viewers on another gateway replica, and drops them when they leave', async () => {
    // A second replica: its own connections to NATS and Redis, the same schema and namespace.
    const second = await startGateway({}, { databaseSchema: gateway.config.databaseSchema });
    const replica = second.app;
    await replica.listen({ port: 0, host: '127.0.0.1' });
    const replicaBase = `127.0.0.1:${(replica.server.address() as { port: number }).port}`;
    const open = async (host: string, email: string) => {
      const { cookie } = await login(email);
      const socket = new WebSocket(`ws://${host}/api/live`, { headers: { cookie } });
      const received: { type: string; users?: { DisplayName: string }[] }[] = [];
      socket.on('message', (raw: Buffer) => received.push(JSON.parse(String(raw))));
      await new Promise((resolve) => socket.once('open', resolve));
      await eventually(async () => received.some((m) => m.type === 'acknowledge'));
      return { socket, received };
    };
    const viewers = (m: { users?: { DisplayName: string }[] }) =>
      (m.users ?? []).map((u) => u.DisplayName).sort();
    const a = await open(base, 'admin@demo.test');
    const b = await open(replicaBase, 'ops@demo.test');
    const join = {
      type: 'join',
      groupName: 'shipment-replicas',
      pageTitle: 'Shipment',
      uri: '/back-office/x',
    };
    a.socket.send(JSON.stringify(join));
    await eventually(async () => a.received.some((m) => m.type === 'presence'));
    b.socket.send(JSON.stringify(join));
    const both = ['Avery Admin', 'Omar Operations'];
    await eventually(async () =>
      a.received.some((m) => m.type === 'presence' && viewers(m).join() === both.join()),
    );
    await eventually(async () =>
      b.received.some((m) => m.type === 'presence' && viewers(m).join() === both.join()),
    );
    b.socket.close();
    await eventually(async () => {
      const last = a.received.filter((m) => m.type === 'presence').at(-1);
      return last && viewers(last).join() === 'Avery Admin';
    });
    a.socket.close();
    // Not cleanup(): the schema and namespace are the first replica's, dropped with it.
    await replica.close();
    await second.runtime.close();
  });

  it('pushes to a socket on this replica an event caused through another, and closes it when the session ends there', async () => {
    // Gateway 2: its own process's connections to PostgreSQL, NATS and Redis, the same schema and namespace,
    // forwarding to the same directory. Everything below goes over real sockets, as through an ingress.
    const directoryBase = `http://127.0.0.1:${(directoryApp.server.address() as { port: number }).port}`;
    const second = await startGateway(
      { directory: directoryBase },
      { databaseSchema: gateway.config.databaseSchema },
    );
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    const gateway2 = `http://127.0.0.1:${(second.app.server.address() as { port: number }).port}`;
    try {
      // Signed in through gateway 2; the browser's live socket happens to land on gateway 1.
      const login2 = await fetch(`${gateway2}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.test', password: 'demo' }),
      });
      expect(login2.status).toBe(200);
      const cookie = login2.headers
        .getSetCookie()
        .find((c) => c.startsWith('loadline_session='))!
        .split(';')[0]!;
      const socket = new WebSocket(`ws://${base}/api/live`, { headers: { cookie } });
      const received: { type: string; groupName?: string; subject?: string; data?: unknown }[] = [];
      socket.on('message', (raw: Buffer) => received.push(JSON.parse(String(raw))));
      const closed = new Promise<number>((resolve) => socket.once('close', resolve));
      await new Promise((resolve) => socket.once('open', resolve));
      await eventually(async () => received.some((m) => m.type === 'acknowledge'));
      socket.send(
        JSON.stringify({ type: 'join', groupName: 'org_demo_globex', pageTitle: 'Globex', uri: '/x' }),
      );
      await eventually(async () => received.some((m) => m.type === 'presence'));
      // The change is made through gateway 2: directory → outbox → NATS → gateway 1's hub → the socket.
      const changed = await fetch(`${gateway2}/api/organizations/org_demo_globex`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ creditLimit: 33333 }),
      });
      expect(changed.status).toBe(200);
      const live = await eventually(async () =>
        received.find(
          (m) => m.type === 'event' && (m.data as { creditLimit?: number }).creditLimit === 33333,
        ),
      );
      expect(live).toMatchObject({ groupName: 'org_demo_globex', subject: subjects.organizationChanged });
      // Signing out through gateway 2 closes the live connection gateway 1 holds.
      const out = await fetch(`${gateway2}/api/auth/logout`, { method: 'POST', headers: { cookie } });
      expect(out.status).toBeLessThan(300);
      expect(await closed).toBe(4401);
    } finally {
      // Not cleanup(): the schema and namespace are the first replica's, dropped with it.
      await second.app.close();
      await second.runtime.close();
    }
  });

  it('answers a malformed message with an error and keeps going', async () => {
    const { cookie } = await login('ops@demo.test');
    const socket = new WebSocket(`ws://${base}/api/live`, { headers: { cookie } });
    const messages: { type: string; message?: string }[] = [];
    socket.on('message', (raw: Buffer) => messages.push(JSON.parse(String(raw))));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send('null');
    socket.send('{"type":');
    socket.send(JSON.stringify({ type: 'dance' }));
    await eventually(async () => messages.filter((m) => m.type === 'error').length === 3);
    expect(messages.filter((m) => m.type === 'error').map((m) => m.message)).toEqual([
      'Messages must be JSON objects.',
      'Messages must be JSON.',
      'Unknown message type: use "join", "leave", "follow" or "unfollow".',
    ]);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    socket.close();
  });

  it("never pushes one broker's events to another broker's staff", async () => {
    const { cookie: ours } = await login('admin@demo.test');
    const { cookie: theirs } = await login('rival@other-broker.test');
    const open = async (cookie: string) => {
      const socket = new WebSocket(`ws://${base}/api/live`, { headers: { cookie } });
      const received: { type: string; groupName?: string; users?: { DisplayName: string }[] }[] = [];
      socket.on('message', (raw: Buffer) => received.push(JSON.parse(String(raw))));
      await new Promise((resolve) => socket.once('open', resolve));
      await eventually(async () => received.some((m) => m.type === 'acknowledge'));
      socket.send(
        JSON.stringify({ type: 'join', groupName: 'org_demo_globex', pageTitle: 'Globex', uri: '/x' }),
      );
      await eventually(async () => received.some((m) => m.type === 'presence'));
      return { socket, received };
    };
    const a = await open(ours);
    const b = await open(theirs);
    await app.inject({
      method: 'PUT',
      url: '/api/organizations/org_demo_globex',
      headers: { cookie: ours },
      payload: { creditLimit: 22222 },
    });
    await eventually(async () => a.received.some((m) => m.type === 'event'));
    // The rival joined a group of the same name but sees neither the event nor our presence.
    await new Promise((r) => setTimeout(r, 300));
    expect(b.received.filter((m) => m.type === 'event')).toEqual([]);
    const rivalPresence = b.received.filter((m) => m.type === 'presence').at(-1) as {
      users: { DisplayName: string }[];
    };
    expect(rivalPresence?.users?.map((u) => u.DisplayName)).toEqual(['Rita Rival']);
    a.socket.close();
    b.socket.close();
  });

  it("lets a customer's page follow its own shipment's check calls live, without presence, and no one else's", async () => {
    const open = async (email: string) => {
      const { cookie } = await login(email);
      const socket = new WebSocket(`ws://${base}/api/live`, { headers: { cookie } });
      const received: {
        type: string;
        groupName?: string;
        message?: string;
        subject?: string;
        data?: Record<string, unknown>;
      }[] = [];
      socket.on('message', (raw: Buffer) => received.push(JSON.parse(String(raw))));
      await new Promise((resolve) => socket.once('open', resolve));
      await eventually(async () => received.some((m) => m.type === 'acknowledge'));
      return { socket, received };
    };
    const staff = await open('ops@demo.test');
    const acme = await open('shipper@acme.test');
    const globex = await open('buyer@globex.test');
    // 001 §6: a customer does not join presence…
    acme.socket.send(JSON.stringify({ type: 'join', groupName: '10017', pageTitle: 'Shipment', uri: '/x' }));
    await eventually(async () => acme.received.some((m) => m.type === 'error'));
    expect(acme.received.find((m) => m.type === 'error')?.message).toBe(
      'Only broker staff can join page groups.',
    );
    // …but follows the shipment's live events.
    for (const page of [staff, acme, globex])
      page.socket.send(JSON.stringify({ type: 'follow', groupName: '10017' }));
    globex.socket.send(JSON.stringify({ type: 'follow' }));
    await eventually(async () => globex.received.some((m) => m.type === 'error'));
    expect(globex.received.find((m) => m.type === 'error')?.message).toBe('groupName is required.');
    await new Promise((r) => setTimeout(r, 100));
    const checkCall = (locationId: number) => ({
      id: crypto.randomUUID(),
      subject: subjects.locationAdded,
      source: 'tracking',
      occurredAt: new Date().toISOString(),
      data: {
        locationId,
        shipmentId: 10017,
        brokerId: 'org_demo_broker',
        customerOrganizationId: 'org_demo_acme',
        locationStringFull: 'Joliet, IL 60435',
      },
    });
    // The hub reads events straight from NATS, as the tracking service's relay publishes them.
    gateway.runtime.nats.publish(`${namespace}.${subjects.locationAdded}`, JSON.stringify(checkCall(71)));
    const pushed = await eventually(async () => acme.received.find((m) => m.type === 'event'));
    expect(pushed).toMatchObject({ groupName: '10017', data: { locationId: 71, shipmentId: 10017 } });
    expect(pushed.data).not.toHaveProperty('customerOrganizationId');
    await eventually(async () => staff.received.some((m) => m.type === 'event'));
    // Globex follows the same group name but the shipment is Acme's: nothing reaches it.
    await new Promise((r) => setTimeout(r, 300));
    expect(globex.received.filter((m) => m.type === 'event')).toEqual([]);
    // After unfollow, nothing more.
    acme.socket.send(JSON.stringify({ type: 'unfollow', groupName: '10017' }));
    await new Promise((r) => setTimeout(r, 100));
    gateway.runtime.nats.publish(`${namespace}.${subjects.locationAdded}`, JSON.stringify(checkCall(72)));
    await eventually(async () => staff.received.filter((m) => m.type === 'event').length === 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(acme.received.filter((m) => m.type === 'event')).toHaveLength(1);
    // A batch of check calls is one locations.added event: each location reaches the page as its own
    // location.added message.
    const batch = {
      ...checkCall(73),
      subject: subjects.locationsAdded,
      data: { locations: [checkCall(73).data, checkCall(74).data] },
    };
    gateway.runtime.nats.publish(`${namespace}.${subjects.locationsAdded}`, JSON.stringify(batch));
    const fromBatch = await eventually(async () => {
      const events = staff.received.filter((m) => m.type === 'event').slice(2);
      return events.length === 2 ? events : undefined;
    });
    expect(fromBatch.map((m) => [m.subject, m.data?.locationId])).toEqual([
      [subjects.locationAdded, 73],
      [subjects.locationAdded, 74],
    ]);
    // An event published twice (a relay's retry; JetStream keeps one copy, but the hub hears both) reaches
    // the page once; the next event still comes.
    const twice = checkCall(75);
    for (let i = 0; i < 2; i++)
      gateway.runtime.nats.publish(`${namespace}.${subjects.locationAdded}`, JSON.stringify(twice));
    gateway.runtime.nats.publish(`${namespace}.${subjects.locationAdded}`, JSON.stringify(checkCall(76)));
    await eventually(async () => staff.received.some((m) => m.data?.locationId === 76));
    await new Promise((r) => setTimeout(r, 200));
    expect(staff.received.filter((m) => m.type === 'event').map((m) => m.data?.locationId)).toEqual([
      71, 72, 73, 74, 75, 76,
    ]);
    for (const page of [staff, acme, globex]) page.socket.close();
  });

  it("pushes a shipment's activity entries live by access level: a customer only its own Public ones (000 §6, §7)", async () => {
    type Received = { type: string; groupName?: string; data?: Record<string, unknown> };
    const open = async (email: string, groupName: string) => {
      const { cookie } = await login(email);
      const socket = new WebSocket(`ws://${base}/api/live`, { headers: { cookie } });
      const received: Received[] = [];
      socket.on('message', (raw: Buffer) => received.push(JSON.parse(String(raw))));
      await new Promise((resolve) => socket.once('open', resolve));
      await eventually(async () => received.some((m) => m.type === 'acknowledge'));
      socket.send(JSON.stringify({ type: 'follow', groupName }));
      return { socket, received };
    };
    const ids = (page: { received: Received[] }) =>
      page.received.filter((m) => m.type === 'event').map((m) => m.data?.activityId);
    // Two customers and staff of two ranks follow Acme's 10017; Globex also follows its own 10002; the
    // other broker's staff follows a group of the same name.
    const acme = await open('shipper@acme.test', '10017');
    const globex = await open('buyer@globex.test', '10017');
    const globexOwn = await open('buyer@globex.test', '10002');
    const ops = await open('ops@demo.test', '10017');
    const admin = await open('admin@demo.test', '10017');
    const rival = await open('rival@other-broker.test', '10017');
    await new Promise((r) => setTimeout(r, 150));
    const entry = (
      activityId: number,
      accessLevel: number,
      shipmentId = 10017,
      customer = 'org_demo_acme',
    ) => ({
      id: crypto.randomUUID(),
      subject: subjects.shipmentActivityChanged,
      source: 'activity',
      occurredAt: new Date().toISOString(),
      data: {
        activityId,
        shipmentId,
        brokerId: 'org_demo_broker',
        customerOrganizationId: customer,
        change: 'added',
        version: 1,
        activityType: 5,
        accessLevel,
        description: `entry ${activityId}`,
        pinned: false,
        userName: 'Omar Operations',
        createdDate: new Date().toISOString(),
        assignment: {
          staffId: 'usr_demo_ops',
          isTeam: false,
          dueDate: new Date().toISOString(),
          assigned: true,
        },
      },
    });
    const publish = (event: ReturnType<typeof entry>) =>
      gateway.runtime.nats.publish(`${namespace}.${subjects.shipmentActivityChanged}`, JSON.stringify(event));
    publish(entry(901, AccessLevel.values.Public));
    publish(entry(902, AccessLevel.values.Private));
    publish(entry(903, AccessLevel.values.Admin));
    publish(entry(904, AccessLevel.values.Public, 10002, 'org_demo_globex'));
    await eventually(async () => ids(admin).length === 3);
    await eventually(async () => ids(globexOwn).length === 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(ids(admin)).toEqual([901, 902, 903]);
    expect(ids(ops)).toEqual([901, 902]);
    expect(ids(acme)).toEqual([901]);
    expect(ids(globex)).toEqual([]);
    expect(ids(globexOwn)).toEqual([904]);
    expect(ids(rival)).toEqual([]);
    // The entry as the page reads it: no broker or customer ids; customers never see whom it assigns.
    const pushed = acme.received.find((m) => m.type === 'event')!;
    expect(pushed).toMatchObject({ groupName: '10017', subject: subjects.shipmentActivityChanged });
    expect(pushed.data).toMatchObject({ activityId: 901, description: 'entry 901', accessLevel: 0 });
    expect(pushed.data).not.toHaveProperty('assignment');
    expect(pushed.data).not.toHaveProperty('customerOrganizationId');
    expect(pushed.data).not.toHaveProperty('brokerId');
    expect(ops.received.find((m) => m.type === 'event')?.data).toHaveProperty('assignment');
    for (const page of [acme, globex, globexOwn, ops, admin, rival]) page.socket.close();
  });

  it('closes a connection without a session', async () => {
    const socket = new WebSocket(`ws://${base}/api/live`);
    const code = await new Promise((resolve) => socket.once('close', resolve));
    expect(code).toBe(4401);
  });
});
