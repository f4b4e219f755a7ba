// The activity service's HTTP shape with every server stopped: who is calling comes first (401, 403), then
// what is sent (400 naming the field, from the schema or from the entry's rules before any read). Built
// offline (buildService with `offline`): no PostgreSQL, NATS or Redis.
import { ShipmentActivityType } from '@loadline/contracts/catalogue';
import { buildService, demoCallers, type TestService } from '@loadline/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ActivityAdapters,
  type ActivitySettings,
  type ActivityTables,
  activityService,
} from '../../src/service.ts';

let t: TestService<ActivityTables, ActivitySettings, ActivityAdapters>;
beforeAll(async () => {
  t = await buildService(activityService, { offline: true });
});
afterAll(async () => t?.cleanup());

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, who?: object, payload?: object) =>
  t.app.inject({ method, url, ...(who ? { headers: t.as(who) } : {}), ...(payload ? { payload } : {}) });

describe('the activity service’s HTTP shape, no server running', () => {
  it('answers 401 without a signed identity, on every door', async () => {
    for (const [method, url] of [
      ['GET', '/api/activitylog?shipmentId=10001'],
      ['POST', '/api/activitylog'],
      ['PUT', '/api/shipmentActivityLog/togglePinned'],
      ['GET', '/api/staffFavorites/10001'],
      ['GET', '/api/organizationactivityLog?organizationId=org_demo_acme'],
      ['POST', '/api/brokercarrieractivityLog'],
      ['POST', '/api/emailautomationlog'],
    ] as const) {
      const res = await inject(method, url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe('Please log in to continue.');
    }
  });

  it('answers 403 to a customer on a staff door before reading its input', async () => {
    for (const [method, url] of [
      ['POST', '/api/activitylog'],
      ['POST', '/api/activitylog/setaccesslevel/1/0'],
      ['PUT', '/api/shipmentActivityLog/togglePinned'],
      ['GET', '/api/consolidation/activity/10038'],
      ['POST', '/api/staffFavorites'],
      ['POST', '/api/organizationactivityLog'],
      ['POST', '/api/brokercarrieractivityLog'],
      ['PUT', '/api/emailautomationlog/eml_1/dismiss'],
    ] as const) {
      const res = await inject(method, url, demoCallers.shipper, { nonsense: true });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('answers 400 naming each field the schema refuses', async () => {
    const res = await inject('POST', '/api/activitylog', demoCallers.ops, {
      shipmentId: 0,
      pinned: 'yes',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['model.pinned', 'model.shipmentId']);
    const level = await inject('POST', '/api/activitylog/setaccesslevel/1/7', demoCallers.ops);
    expect(level.statusCode).toBe(400);
    expect(Object.keys(level.json().errors)).toEqual(['model.accessLevel']);
  });

  it('refuses by the entry’s rules before reading anything: type, Admin level, description', async () => {
    const res = await inject('POST', '/api/activitylog', demoCallers.ops, {
      shipmentId: 10001,
      activityType: ShipmentActivityType.values.StatusChange,
      accessLevel: 2,
      description: '   ',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'model.accessLevel',
      'model.activityType',
      'model.description',
    ]);
  });

  it('refuses a favorite delay that is not an option before reading anything', async () => {
    const res = await inject('POST', '/api/staffFavorites', demoCallers.ops, { shipmentId: 10001, delay: 7 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['model.delay']);
  });
});
