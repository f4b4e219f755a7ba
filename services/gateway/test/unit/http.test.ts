// The gateway's HTTP shape with every server stopped (built offline: no PostgreSQL, NATS or Redis): who is
// calling comes first (401 without a session, whatever is sent), then what is sent (400 naming the field);
// the shells' configuration; a path no service owns answers 404; an owned one whose service is not
// configured answers 503 with the spec's wording.
import { buildService, type TestService } from '@loadline/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewaySettings } from '../../src/config.ts';
import { type GatewayTables, gatewayService } from '../../src/service.ts';

let t: TestService<GatewayTables, GatewaySettings, Record<string, never>>;
beforeAll(async () => {
  t = await buildService(gatewayService, {
    offline: true,
    settings: {
      services: {},
      shells: {
        shells: {},
        remotes: { activity: '/nonexistent' },
        remoteUrls: {},
        ssoHosts: ['sso.example.test'],
        ssoLoginUrl: 'https://idp.example.test/start',
        environment: 'test',
      },
    },
  });
});
afterAll(async () => t?.cleanup());

describe('the gateway’s HTTP shape, no server running', () => {
  it('answers 401 to who-am-I and to a password change without a session, whatever the body', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ statusCode: 401, message: 'Please log in to continue.' });
    const credentials = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/credentials/usr_1',
      payload: { nonsense: true },
    });
    expect(credentials.statusCode).toBe(401);
  });

  it('answers 400 naming the field to a sign-in without an email', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/email/);
  });

  it("serves the shells' configuration: the remote's manifest, single sign-on on its host only", async () => {
    const sso = await t.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { host: 'sso.example.test' },
    });
    expect(sso.json()).toEqual({
      remotes: { activity: '/remotes/activity/mf-manifest.json' },
      ssoEnabled: true,
      ssoLoginUrl: 'https://idp.example.test/start',
      environment: 'test',
      mapTileUrl: null,
    });
    const other = await t.app.inject({ method: 'GET', url: '/api/config', headers: { host: 'other.test' } });
    expect(other.json()).toMatchObject({ ssoEnabled: false, ssoLoginUrl: null });
  });

  it('answers 404 for a path no service owns, and 503 for an owned one whose service is not there', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/nowhere/at/all' });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('No route for GET /api/nowhere/at/all.');
    const owned = await t.app.inject({ method: 'GET', url: '/api/shipments/10001' });
    expect(owned.statusCode).toBe(503);
    expect(owned.json().message).toBe(
      'The shipments service is not available right now. Please try again later.',
    );
  });
});

describe('the metrics, whatever the proxy setup (issue 20)', () => {
  it('refuses a public client claiming loopback in X-Forwarded-For, and anything that came through a proxy', async () => {
    // A lax setup: both peers trusted as proxies, so request.ip is whatever X-Forwarded-For says.
    const open = await buildService(gatewayService, {
      offline: true,
      settings: { services: {}, trustProxy: ['127.0.0.1', '203.0.113.0/24'] },
    });
    const direct = await open.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    const spoofed = await open.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    const proxied = await open.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    await open.cleanup();
    expect(direct.statusCode).toBe(200);
    expect(spoofed.statusCode).toBe(404);
    expect(proxied.statusCode).toBe(404);
  });
});

describe('requests another site made a browser send (issue 20)', () => {
  it('refuses them with 403 before anything else, and lets the same origin through', async () => {
    const evil = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', host: 'tms.example.com' },
      payload: { email: 'admin@demo.test', password: 'demo' },
    });
    expect(evil.statusCode).toBe(403);
    expect(evil.json()).toMatchObject({
      statusCode: 403,
      message: 'This request came from another site and was refused.',
    });
    const push = await t.app.inject({
      method: 'GET',
      url: '/api/consolidation/activity/10038?push=true',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(push.statusCode).toBe(403);
    // The same origin reaches the route: here its validation (no password).
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: {
        origin: 'https://tms.example.com',
        host: 'tms.example.com',
        'sec-fetch-site': 'same-origin',
      },
      payload: { email: 'admin@demo.test' },
    });
    expect(own.statusCode).toBe(400);
  });
});
