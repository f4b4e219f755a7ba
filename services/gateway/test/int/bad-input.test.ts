// Bad input at the one public origin answers a 4xx in the one error shape, never a 5xx or a broken
// connection (issue 14, decision 0011): undecodable addresses are refused before they are forwarded, a body
// over the services' limit is refused before it is sent on, and the gateway's own routes check who is
// calling before what is sent. The gateway with the directory behind it, on the real servers.
import { request as httpRequest } from 'node:http';
import { directoryService } from '@loadline/directory/service';
import { type App, generateIdentityKeys } from '@loadline/platform';
import { buildService, eventually, type TestService, uniqueTestId } from '@loadline/platform/testing';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData as seedDirectory } from '../../../directory/src/store/seed.ts';
import { seedDemoData } from '../../src/app/seed.ts';
import type { GatewaySettings } from '../../src/config.ts';
import { dotSegmentMessage } from '../../src/http/proxy.ts';
import { type GatewayTables, gatewayService } from '../../src/service.ts';

const keys = generateIdentityKeys();
const namespace = `t_${uniqueTestId('gwinput')}`;
let directory: Awaited<ReturnType<typeof startDirectory>>;
const startDirectory = () =>
  buildService(directoryService, {
    config: { eventNamespace: namespace, identityPublicKey: keys.publicKey },
  });
let directoryApp: App;
let gateway: TestService<GatewayTables, GatewaySettings, Record<string, never>>;
let app: App;
let port: number;

async function login(email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'demo' },
  });
  const cookie = res.cookies.find((c) => c.name === 'loadline_session');
  return cookie ? `loadline_session=${cookie.value}` : '';
}

const expectOneShape = (body: Record<string, unknown>, status: number) => {
  expect(body).toMatchObject({ statusCode: status, error: expect.any(String), message: expect.any(String) });
  expect(body.requestId).toMatch(/^req_/);
  expect(String(body.message).length).toBeLessThanOrEqual(500);
};

beforeAll(async () => {
  directory = await startDirectory();
  directoryApp = directory.app;
  await directoryApp.listen({ port: 0, host: '127.0.0.1' });
  const directoryPort = (directoryApp.server.address() as { port: number }).port;
  gateway = await buildService(gatewayService, {
    config: { eventNamespace: namespace },
    settings: {
      identityPrivateKey: keys.privateKey,
      services: { directory: `http://127.0.0.1:${directoryPort}` },
      secureCookies: false,
      shells: {
        shells: {},
        remotes: {},
        remoteUrls: {},
        ssoHosts: [],
        ssoLoginUrl: 'https://idp.example.test/start',
        environment: 'test',
      },
    },
  });
  app = gateway.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
  await seedDemoData(gateway);
  await directory.runtime.start();
  await gateway.runtime.start();
  await seedDirectory(directory.deps);
  await eventually(async () => {
    const n = await gateway.runtime.db.selectFrom('directory_user').select('user_id').execute();
    return n.length >= 4;
  });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await gateway?.cleanup();
  await directory?.cleanup();
});

describe('addresses that cannot be decoded', () => {
  const bad = ['%E0%A4%A', '%zz', '%', '%u0041', '%ED%A0%80'];

  it('in a forwarded query answer 400 naming the parameter, not 500', async () => {
    const cookie = await login('ops@demo.test');
    for (const encoded of bad) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/users?organizationId=${encoded}`,
        headers: { cookie },
      });
      expect(res.statusCode, encoded).toBe(400);
      expectOneShape(res.json(), 400);
      expect(res.json().errors).toEqual({
        'model.organizationId': ['organizationId is not correctly percent-encoded.'],
      });
    }
  });

  it('in a forwarded path answer 400 in the one error shape', async () => {
    const cookie = await login('ops@demo.test');
    for (const encoded of bad) {
      const res = await app.inject({ method: 'GET', url: `/api/users/${encoded}`, headers: { cookie } });
      expect(res.statusCode, encoded).toBe(400);
      expectOneShape(res.json(), 400);
    }
  });

  it('a NUL in a forwarded path is the service’s to refuse, after its access check', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/users/%00' });
    expect(anonymous.statusCode).toBe(401);
    const cookie = await login('ops@demo.test');
    const res = await app.inject({ method: 'GET', url: '/api/users/%00', headers: { cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'model.userId': ['userId must not contain a NUL character.'] });
  });
});

describe('"/.." in an address', () => {
  it('in a query value goes on to the service, which answers it (found by the fuzz at FUZZ_SEED=16)', async () => {
    const cookie = await login('ops@demo.test');
    // A search text holding "/..": the service's answer (no staff match), not the proxy's refusal.
    const search = await app.inject({
      method: 'GET',
      url: '/api/brokerStaff/typeahead?query=ops%2F..%2Fx',
      headers: { cookie },
    });
    expect(search.statusCode).toBe(200);
    expect(search.json()).toEqual([]);
    // The same value beside a bad one: the service's 400 names the bad field.
    const bad = await app.inject({
      method: 'GET',
      url: '/api/brokerStaff/typeahead?query=a/../b&recordCount=0',
      headers: { cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ 'model.recordCount': ['recordCount must be at least 1.'] });
  });

  it('in a path is refused at the gateway in the one error shape, saying why', async () => {
    const cookie = await login('ops@demo.test');
    for (const path of ['/api/users/..%2Fx', '/api/users/x%2F..', '/api/users/%2e.%2Fx']) {
      const res = await app.inject({ method: 'GET', url: path, headers: { cookie } });
      expect(res.statusCode, path).toBe(400);
      expectOneShape(res.json(), 400);
      expect(res.json().message, path).toBe(dotSegmentMessage);
    }
  });
});

describe('the gateway’s own routes', () => {
  it('sign-in with a NUL in the email answers 400 naming it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"x\\u0000y","password":"demo"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'model.email': ['email must not contain a NUL character.'] });
  });

  it('setting a password checks the session before the input: 401 anonymous, 400 naming the field signed in', async () => {
    const anonymous = await app.inject({
      method: 'PUT',
      url: '/api/auth/credentials/%00',
      payload: { password: 1, unknown: true },
    });
    expect(anonymous.statusCode).toBe(401);
    const cookie = await login('admin@demo.test');
    const res = await app.inject({
      method: 'PUT',
      url: '/api/auth/credentials/%00',
      headers: { cookie },
      payload: { password: 'a-long-enough-password' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'model.userId': ['userId must not contain a NUL character.'] });
  });

  it('joining a page group checks the session and the kind of user before the input', async () => {
    const bad = { connectionId: 5, groupName: '\ud800' };
    const anonymous = await app.inject({ method: 'POST', url: '/api/PageViewing/JoinGroup', payload: bad });
    expect(anonymous.statusCode).toBe(401);
    const customer = await login('shipper@acme.test');
    for (const url of ['/api/PageViewing/JoinGroup', '/api/PageViewing/LeaveGroup']) {
      const res = await app.inject({ method: 'POST', url, headers: { cookie: customer }, payload: bad });
      expect(res.statusCode, url).toBe(403);
    }
    const staff = await login('ops@demo.test');
    const res = await app.inject({
      method: 'POST',
      url: '/api/PageViewing/LeaveGroup',
      headers: { cookie: staff },
      payload: bad,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'model.groupName': ['groupName must be valid Unicode text (it has an unpaired surrogate).'],
    });
  });
});

describe('a body over the limit', () => {
  it('answers 413 at the gateway, and the next request on the same connection gets its own answer', async () => {
    const cookie = await login('ops@demo.test');
    // One connection for both requests: what was left of the refused body must not be read as a request.
    const agent = new Agent({ connections: 1, pipelining: 1 });
    const big = await undiciFetch(`http://127.0.0.1:${port}/api/support/create`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ subject: 'x'.repeat(2_000_000) }),
      dispatcher: agent,
      signal: AbortSignal.timeout(10_000),
    });
    expect(big.status).toBe(413);
    const body = (await big.json()) as Record<string, unknown>;
    expectOneShape(body, 413);
    expect(body.message).toBe('The request is too large: the limit is 1024 KB.');
    const next = await undiciFetch(`http://127.0.0.1:${port}/api/users/${'x'.repeat(65)}`, {
      headers: { cookie },
      dispatcher: agent,
      signal: AbortSignal.timeout(10_000),
    });
    expect(next.status).toBe(400);
    expect(((await next.json()) as { errors: unknown }).errors).toEqual({
      'model.userId': ['userId must be at most 64 characters.'],
    });
    await agent.close();
  });

  it('a query over 16 KB answers 431 in the one error shape', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { port, host: '127.0.0.1', path: `/api/users?organizationId=${'x'.repeat(20_000)}` },
        (res) => {
          let body = '';
          res.on('data', (d) => {
            body += d;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expectOneShape(JSON.parse(answer.body), 431);
  });
});
