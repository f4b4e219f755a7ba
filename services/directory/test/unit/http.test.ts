// The directory's HTTP shape with every server stopped: who is calling comes first (401, 403), then what is
// sent (400 naming the field). Built offline (buildService with `offline`): no PostgreSQL, NATS or Redis.
import { buildService, demoCallers, type TestService } from '@loadline/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectorySettings } from '../../src/config.ts';
import { type DirectoryAdapters, type DirectoryTables, directoryService } from '../../src/service.ts';

let t: TestService<DirectoryTables, DirectorySettings, DirectoryAdapters>;
beforeAll(async () => {
  t = await buildService(directoryService, { offline: true });
});
afterAll(async () => t?.cleanup());

describe('the directory’s HTTP shape, no server running', () => {
  it('answers 401 without a signed identity', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/organizations' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Please log in to continue.',
    });
  });

  it('answers 401 for an identity signed with another key', async () => {
    const other = await buildService(directoryService, { offline: true });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/organizations',
      headers: other.as(demoCallers.admin),
    });
    await other.cleanup();
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/could not be verified/);
  });

  it('answers 403 to a customer on a staff route before reading its input', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers: t.as(demoCallers.shipper),
      payload: { name: '' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers 400 naming each field of a bad body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: t.as(demoCallers.admin),
      payload: {
        organizationId: 'org_demo_acme',
        email: 'not-an-email',
        firstName: '',
        lastName: 'x',
        colour: 'red',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['model.colour', 'model.email', 'model.firstName']);
  });
});

describe('the mailbox and signature routes, no server running', () => {
  it('refuse customers before reading anything', async () => {
    for (const [method, url] of [
      ['GET', '/api/staff/mailbox'],
      ['PUT', '/api/staff/mailbox'],
      ['POST', '/api/email/imapconfig/test'],
      ['GET', '/api/email/address/usr_demo_ops'],
      ['POST', '/api/email/mailbox/unauthorize/'],
      ['POST', '/api/email/mailbox/reset/'],
      ['GET', '/api/staff/signature'],
      ['GET', '/api/staff/signature/usr_demo_ops'],
      ['PUT', '/api/staff/signature'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: t.as(demoCallers.shipper), payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('name each bad field of a mailbox change, and refuse a field that is not one', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/staff/mailbox',
      headers: t.as(demoCallers.ops),
      payload: { mailboxType: 9, permissions: 0, postProcessingAction: 'Shred', token: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'model.mailboxType',
      'model.permissions',
      'model.postProcessingAction',
      'model.token',
    ]);
  });

  it('refuse a signature longer than the limit', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/staff/signature',
      headers: t.as(demoCallers.ops),
      payload: { signature: 'x'.repeat(20_001) },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['model.signature']);
  });
});
