// The directory against the real PostgreSQL, NATS and Redis: organizations, search, alerts,
// support, typeahead, the events it writes, and who may see what.

import { BrokerOrganizationSetting, StaffPermission } from '@loadline/contracts/catalogue';
import { demoUsers } from '@loadline/contracts/demo';
import { subjects } from '@loadline/contracts/events';
import type { App } from '@loadline/platform';
import { buildService, demoCallers, demoOrganizationIds, type TestService } from '@loadline/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectorySettings } from '../../src/config.ts';
import { type DirectoryAdapters, type DirectoryTables, directoryService } from '../../src/service.ts';
import { seedDemoData } from '../../src/store/seed.ts';

let t: TestService<DirectoryTables, DirectorySettings, DirectoryAdapters>;
let app: App;

const { broker } = demoOrganizationIds;
const { shipper } = demoCallers;
/** Organization edits need customer and broker edit rights besides the shared admin's. */
const admin = {
  ...demoCallers.admin,
  permissions: StaffPermission.combine('ITSupportAdmin', 'CustomerAddEdit', 'LSPAddEdit'),
};
/** staff without any permission bit: refused the edits the admin may make */
const ops = { ...demoCallers.ops, permissions: 0 };

const outboxCount = async () =>
  Number(
    (
      await t.runtime.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await buildService(directoryService, { seed: true });
  app = t.app;
});

afterAll(async () => {
  await t?.cleanup();
});

describe('demo data', () => {
  it('seeds the broker, two customers and the four demo users, with an event for each', async () => {
    const orgs = await t.runtime.db.selectFrom('organization').select('organization_id').execute();
    expect(orgs.map((o) => o.organization_id).sort()).toEqual([
      'org_demo_acme',
      'org_demo_broker',
      'org_demo_globex',
    ]);
    const users = await t.runtime.db.selectFrom('app_user').select('email').orderBy('email').execute();
    expect(users.map((u) => u.email)).toEqual([
      'admin@demo.test',
      'buyer@globex.test',
      'ops@demo.test',
      'shipper@acme.test',
    ]);
    expect(await outboxCount()).toBe(3 + demoUsers.length);
  });

  it('seeding twice changes nothing and publishes nothing', async () => {
    const before = await outboxCount();
    await seedDemoData(t.deps);
    expect(await outboxCount()).toBe(before);
    const versions = await t.runtime.db.selectFrom('organization').select('version').execute();
    expect(versions.every((v) => v.version === 1)).toBe(true);
  });

  it('gives the admin IT support admin and the ops user no admin rights', async () => {
    const rows = await t.runtime.db.selectFrom('app_user').select(['email', 'permissions']).execute();
    const perms = Object.fromEntries(rows.map((r) => [r.email, r.permissions]));
    expect(StaffPermission.has(perms['admin@demo.test']!, 'ITSupportAdmin')).toBe(true);
    expect(StaffPermission.has(perms['ops@demo.test']!, 'ITSupportAdmin')).toBe(false);
  });
});

describe('organizations', () => {
  it('shows staff their broker and its customers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/organizations', headers: t.as(ops) });
    expect(res.statusCode).toBe(200);
    expect(
      res.json().map((o: { name: string; organizationType: number }) => [o.organizationType, o.name]),
    ).toEqual([
      [60, 'Loadline Demo Logistics'],
      [70, 'Acme Manufacturing'],
      [70, 'Globex Foods'],
    ]);
  });

  it('shows a customer only its own organization, and hides the others as not found', async () => {
    const mine = await app.inject({ method: 'GET', url: '/api/organizations', headers: t.as(shipper) });
    expect(mine.json().map((o: { organizationId: string }) => o.organizationId)).toEqual(['org_demo_acme']);
    const other = await app.inject({
      method: 'GET',
      url: '/api/organizations/org_demo_globex',
      headers: t.as(shipper),
    });
    expect(other.statusCode).toBe(404);
  });

  it('refuses an add without the Customer Add/Edit permission, and writes nothing', async () => {
    const before = await outboxCount();
    const res = await app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers: t.as(ops),
      payload: { name: 'Initech', organizationType: 70 },
    });
    expect(res.statusCode).toBe(403);
    expect(await outboxCount()).toBe(before);
  });

  it('answers 400 naming the field for a missing name, a wrong type and an unknown field', async () => {
    const missing = await app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers: t.as(admin),
      payload: { organizationType: 70 },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('name is required.');
    expect(missing.json().errors).toEqual({ 'model.name': ['name is required.'] });
    const wrongType = await app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers: t.as(admin),
      payload: { name: 'Initech', organizationType: 70, creditLimit: 'lots' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toMatch(/creditLimit/);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers: t.as(admin),
      payload: { name: 'Initech', organizationType: 70, color: 'red' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('color is not a known field.');
    const notJson = await app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers: { ...t.as(admin), 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('adds a customer under the caller’s broker and writes organization.changed in the same transaction', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers: t.as(admin),
      payload: { name: '  Initech  ', organizationType: 70, creditLimit: 2500 },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      name: 'Initech',
      organizationType: 70,
      brokerId: broker,
      creditLimit: 2500,
    });
    expect(created.organizationId).toMatch(/^org_/);
    const event = await t.runtime.db
      .selectFrom('outbox')
      .select(['subject', 'envelope'])
      .orderBy('position', 'desc')
      .executeTakeFirstOrThrow();
    expect(event.subject).toBe(subjects.organizationChanged);
    const data = (event.envelope as { data: { organizationId: string; version: number } }).data;
    expect(data).toMatchObject({ organizationId: created.organizationId, version: 1 });
    // only a broker's event carries a density scale
    expect(data).not.toHaveProperty('densityScale');
  });

  it('a change bumps the version and publishes; the same values again publish nothing', async () => {
    const change = () =>
      app.inject({
        method: 'PUT',
        url: '/api/organizations/org_demo_acme',
        headers: t.as(admin),
        payload: { creditLimit: 75000 },
      });
    const first = await change();
    expect(first.statusCode).toBe(200);
    expect(first.json().creditLimit).toBe(75000);
    const before = await outboxCount();
    const again = await change();
    expect(again.statusCode).toBe(200);
    expect(await outboxCount()).toBe(before);
    const row = await t.runtime.db
      .selectFrom('organization')
      .select('version')
      .where('organization_id', '=', 'org_demo_acme')
      .executeTakeFirstOrThrow();
    expect(row.version).toBe(2);
  });

  it('refuses broker settings on a customer organization', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/organizations/org_demo_acme',
      headers: t.as(admin),
      payload: { brokerSettings: 512 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('model.brokerSettings');
  });
});

describe('tenants and rights', () => {
  const rival = {
    userId: 'usr_rival',
    organizationId: 'org_rival',
    brokerId: 'org_rival',
    permissions: StaffPermission.combine('CustomerAddEdit', 'LSPAddEdit'),
  };

  beforeAll(async () => {
    await t.runtime.db.transaction().execute(async (trx) => {
      const { saveOrganization } = await import('../../src/store/organizations.ts');
      await saveOrganization(t.runtime, trx, {
        organizationId: 'org_rival',
        name: 'Rival Freight',
        organizationType: 60,
        brokerId: null,
        paymentPreference: null,
        creditLimit: null,
        customerSettings: 0,
        brokerSettings: 0,
        active: true,
      });
    });
  });

  it("gives another broker's staff none of our organizations, staff or search results", async () => {
    const list = await app.inject({ method: 'GET', url: '/api/organizations', headers: t.as(rival) });
    expect(list.json().map((o: { organizationId: string }) => o.organizationId)).toEqual(['org_rival']);
    expect(
      (await app.inject({ method: 'GET', url: '/api/organizations/org_demo_acme', headers: t.as(rival) }))
        .statusCode,
    ).toBe(404);
    const search = await app.inject({
      method: 'GET',
      url: '/api/universalSearch/organizations?query=acme',
      headers: t.as(rival),
    });
    expect(search.json()).toEqual([]);
    const staff = await app.inject({
      method: 'GET',
      url: '/api/universalSearch/staff?query=omar',
      headers: t.as(rival),
    });
    expect(staff.json()).toEqual([]);
    const typeahead = await app.inject({
      method: 'GET',
      url: '/api/brokerStaff/typeahead?query=omar',
      headers: t.as(rival),
    });
    expect(typeahead.json()).toEqual([]);
  });

  it("refuses a change to another broker's customer as not found, and writes nothing", async () => {
    const before = await outboxCount();
    const res = await app.inject({
      method: 'PUT',
      url: '/api/organizations/org_demo_acme',
      headers: t.as(rival),
      payload: { name: 'Taken' },
    });
    expect(res.statusCode).toBe(404);
    expect(await outboxCount()).toBe(before);
  });

  it('refuses a change without the permission, and a customer’s change, writing nothing', async () => {
    const before = await outboxCount();
    const noRight = await app.inject({
      method: 'PUT',
      url: '/api/organizations/org_demo_acme',
      headers: t.as(ops),
      payload: { creditLimit: 1 },
    });
    expect(noRight.statusCode).toBe(403);
    expect(noRight.json().message).toBe(
      'You need the Customer Add/Edit permission to change this organization.',
    );
    const customer = await app.inject({
      method: 'PUT',
      url: '/api/organizations/org_demo_acme',
      headers: t.as(shipper),
      payload: { creditLimit: 1 },
    });
    expect(customer.statusCode).toBe(403);
    expect(await outboxCount()).toBe(before);
  });

  it('refuses a credit limit on a factoring company and settings that do not exist', async () => {
    const factor = await app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers: t.as(admin),
      payload: { name: 'Factor Co', organizationType: 80, creditLimit: 10 },
    });
    expect(factor.statusCode).toBe(400);
    expect(factor.json().errors).toEqual({
      'model.creditLimit': ['Only a customer organization has a credit limit.'],
    });
    const bits = await app.inject({
      method: 'PUT',
      url: '/api/organizations/org_demo_acme',
      headers: t.as(admin),
      payload: { customerSettings: 2 },
    });
    expect(bits.statusCode).toBe(400);
    expect(bits.json().errors).toHaveProperty('model.customerSettings');
    const preference = await app.inject({
      method: 'PUT',
      url: '/api/organizations/org_demo_acme',
      headers: t.as(admin),
      payload: { paymentPreference: 9 },
    });
    expect(preference.statusCode).toBe(400);
    expect(preference.json().message).toBe('paymentPreference must be one of: 0, 1, 2, 3, 4, 5.');
  });

  it('shows customers only the front office’s alerts, whatever they ask for', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/systemalerts?area=backoffice&showall=true',
      headers: t.as(shipper),
    });
    expect(res.json().systemAlerts.map((a: { title: string }) => a.title)).toEqual(['Track your freight']);
  });

  it('seeding again never reverts what someone changed', async () => {
    await app.inject({
      method: 'PUT',
      url: '/api/organizations/org_demo_globex',
      headers: t.as(admin),
      payload: { name: 'Globex Foods Group' },
    });
    await seedDemoData(t.deps);
    const row = await t.runtime.db
      .selectFrom('organization')
      .select('name')
      .where('organization_id', '=', 'org_demo_globex')
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Globex Foods Group');
  });
});

describe('universal search over organizations and staff (spec 001 §5)', () => {
  it('refuses queries of 3 characters or fewer', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/universalSearch/organizations?query=acm',
      headers: t.as(ops),
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers nothing for numeric queries: they search shipments only', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/universalSearch/staff?query=12345',
      headers: t.as(ops),
    });
    expect(res.json()).toEqual([]);
  });

  it('finds customer (1) and broker (3) organizations', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/universalSearch/organizations?query=acme',
      headers: t.as(ops),
    });
    expect(res.json()).toEqual([
      expect.objectContaining({
        universalSearchResultType: 1,
        organizationId: 'org_demo_acme',
        staffId: null,
      }),
    ]);
    const lsp = await app.inject({
      method: 'GET',
      url: '/api/universalSearch/organizations?query=loadline',
      headers: t.as(ops),
    });
    expect(lsp.json()[0]).toMatchObject({ universalSearchResultType: 3, organizationId: broker });
  });

  it('finds broker staff (4) and customer staff (2)', async () => {
    const staff = await app.inject({
      method: 'GET',
      url: '/api/universalSearch/staff?query=omar',
      headers: t.as(ops),
    });
    expect(staff.json()[0]).toMatchObject({ universalSearchResultType: 4, staffId: 'usr_demo_ops' });
    const customer = await app.inject({
      method: 'GET',
      url: '/api/universalSearch/staff?query=shipper',
      headers: t.as(ops),
    });
    expect(customer.json()[0]).toMatchObject({ universalSearchResultType: 2, staffId: 'usr_demo_shipper' });
  });

  it('returns at most 12 results', async () => {
    for (let i = 0; i < 14; i++) {
      await app.inject({
        method: 'POST',
        url: '/api/organizations',
        headers: t.as(admin),
        payload: { name: `Searchable Co ${i}`, organizationType: 70 },
      });
    }
    const res = await app.inject({
      method: 'GET',
      url: '/api/universalSearch/organizations?query=searchable',
      headers: t.as(ops),
    });
    expect(res.json()).toHaveLength(12);
  });

  it('is for broker staff only', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/universalSearch/organizations?query=acme',
      headers: t.as(shipper),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('staff typeahead (spec 000 §7, §9)', () => {
  it('returns 8 results by default, staff of the caller’s broker only', async () => {
    for (let i = 0; i < 10; i++) {
      await t.runtime.db.transaction().execute(async (trx) => {
        const { saveUser } = await import('../../src/store/users.ts');
        await saveUser(t.runtime, trx, {
          userId: `usr_extra_${i}`,
          organizationId: broker,
          kind: 'staff',
          email: `dispatch${i}@demo.test`,
          firstName: 'Dispatch',
          lastName: `Desk ${i}`,
          permissions: 0,
          customerSettings: 0,
          active: true,
        });
      });
    }
    const res = await app.inject({
      method: 'GET',
      url: '/api/brokerStaff/typeahead?query=dispatch',
      headers: t.as(ops),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(8);
    const customers = await app.inject({
      method: 'GET',
      url: '/api/brokerStaff/typeahead?query=sam',
      headers: t.as(ops),
    });
    expect(customers.json()).toEqual([]);
  });
});

describe('system alerts (spec 001 §9)', () => {
  it('shows 2 at first with the total count, high priority first', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/systemalerts?area=backoffice&showall=false',
      headers: t.as(ops),
    });
    const body = res.json();
    expect(body.totalCount).toBe(3);
    expect(body.systemAlerts).toHaveLength(2);
    expect(body.systemAlerts[0]).toMatchObject({ highPriority: true, title: 'Scheduled maintenance' });
  });

  it('shows them all with showall', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/systemalerts?area=backoffice&showall=true',
      headers: t.as(ops),
    });
    expect(res.json().systemAlerts).toHaveLength(3);
  });
});

describe('support requests', () => {
  it('creates a ticket with its type and page', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/support/create',
      headers: t.as(shipper),
      payload: {
        supportRequestType: 1,
        currentURL: 'http://127.0.0.1:8080/front-office/',
        description: 'Where is my load?',
      },
    });
    expect(res.statusCode).toBe(201);
    const row = await t.runtime.db
      .selectFrom('support_request')
      .selectAll()
      .where('support_request_id', '=', res.json().supportRequestId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      support_request_type: 1,
      user_id: 'usr_demo_shipper',
      organization_id: 'org_demo_acme',
    });
  });

  it('refuses an unknown support request type', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/support/create',
      headers: t.as(shipper),
      payload: { supportRequestType: 9, currentURL: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('supportRequestType must be one of: 0, 1, 2, 3, 4, 5.');
  });
});

describe('feature flags', () => {
  const flagsAs = async (caller: Parameters<typeof t.as>[0]) =>
    (await app.inject({ method: 'GET', url: '/api/featureFlags', headers: t.as(caller) })).json();
  const setBrokerSettings = async (brokerSettings: number) => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/organizations/${broker}`,
      headers: t.as(admin),
      payload: { brokerSettings },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  /** The last organization.changed of the broker. */
  const brokerEvent = async () => {
    const rows = await t.runtime.db
      .selectFrom('outbox')
      .select(['subject', 'envelope'])
      .orderBy('position', 'desc')
      .execute();
    const data = rows
      .filter((r) => r.subject === subjects.organizationChanged)
      .map((r) => (r.envelope as { data: Record<string, unknown> }).data);
    return data.find((d) => d.organizationId === broker);
  };

  it("lists the flags on for the caller's broker, with the density scale they decide", async () => {
    expect(await flagsAs(ops)).toEqual({
      flags: ['InternationalOceanPage', 'TruckloadQuotingPage'],
      densityScale: 'standard',
    });
  });

  it("gives a customer its broker's density scale, which it may not read from the broker's organization", async () => {
    const organization = await app.inject({
      method: 'GET',
      url: `/api/organizations/${broker}`,
      headers: t.as(shipper),
    });
    expect(organization.statusCode).toBe(404);
    const alternate = BrokerOrganizationSetting.values.UseAlternateClassEstimatorDensityScale;
    await setBrokerSettings(alternate);
    try {
      // the broker's setting wins over the scale-update flag (002 §6.4)
      await t.runtime.db
        .insertInto('feature_flag')
        .values({ broker_id: broker, flag: 'FreightClassScaleUpdate' })
        .execute();
      expect((await flagsAs(shipper)).densityScale).toBe('alternate');
      expect((await flagsAs(ops)).densityScale).toBe('alternate');
      // the broker's organization.changed carries the same scale, for the shipments service's classes
      expect(await brokerEvent()).toMatchObject({ organizationId: broker, densityScale: 'alternate' });
      await setBrokerSettings(0);
      expect((await flagsAs(shipper)).densityScale).toBe('standardScaleUpdate');
      expect(await brokerEvent()).toMatchObject({ densityScale: 'standardScaleUpdate', brokerSettings: 0 });
    } finally {
      await setBrokerSettings(0);
      await t.runtime.db
        .deleteFrom('feature_flag')
        .where('broker_id', '=', broker)
        .where('flag', '=', 'FreightClassScaleUpdate')
        .execute();
    }
    expect(await flagsAs(shipper)).toEqual({
      flags: ['InternationalOceanPage', 'TruckloadQuotingPage'],
      densityScale: 'standard',
    });
  });
});

describe('the platform parts every service has', () => {
  it('answers health, readiness and metrics, and echoes a request id', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toEqual({
      status: 'ready',
      service: 'directory',
      checks: { postgresql: 'ok', nats: 'ok', redis: 'ok' },
    });
    const metrics = await app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toContain('http_request_duration_seconds');
    const res = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'req_abc' } });
    expect(res.headers['x-request-id']).toBe('req_abc');
  });

  it('answers an unknown route with the one error shape', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      statusCode: 404,
      error: 'Not Found',
      message: 'No route for GET /api/nothing-here.',
    });
    expect(res.json().requestId).toMatch(/^req_/);
  });
});

describe('users and roles (spec 002 §6.1, §6.2)', () => {
  const siteAdmin = {
    ...admin,
    permissions: StaffPermission.combine('ITSupportAdmin', 'TMSSiteAdmin', 'CustomerAddEdit'),
  };

  it('lists a broker’s users with their roles; a customer sees only its own organization’s', async () => {
    const staff = await app.inject({ method: 'GET', url: '/api/users', headers: t.as(ops) });
    const adminUser = staff.json().find((u: { email: string }) => u.email === 'admin@demo.test');
    expect(adminUser.roles).toEqual(expect.arrayContaining(['Broker', 'ITSupportAdmin', 'TMSSiteAdmin']));
    const mine = await app.inject({ method: 'GET', url: '/api/users', headers: t.as(shipper) });
    expect(mine.json().map((u: { email: string }) => u.email)).toEqual(['shipper@acme.test']);
  });

  it('adds a customer user and publishes user.changed; a duplicate email is a conflict', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: t.as(siteAdmin),
      payload: {
        organizationId: 'org_demo_acme',
        email: 'dock@acme.test',
        firstName: 'Dana',
        lastName: 'Dock',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'customer', roles: ['Customer'], permissions: 0 });
    const event = await t.runtime.db
      .selectFrom('outbox')
      .select(['subject', 'envelope'])
      .orderBy('position', 'desc')
      .executeTakeFirstOrThrow();
    expect(event.subject).toBe(subjects.userChanged);
    const again = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: t.as(siteAdmin),
      payload: { organizationId: 'org_demo_acme', email: 'DOCK@acme.test', firstName: 'D', lastName: 'D' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('grants staff access only with TMS site admin, and IT support admin only from an IT support admin', async () => {
    const payload = {
      organizationId: broker,
      email: 'new.staff@demo.test',
      firstName: 'New',
      lastName: 'Staff',
    };
    const noRight = await app.inject({ method: 'POST', url: '/api/users', headers: t.as(ops), payload });
    expect(noRight.statusCode).toBe(403);
    expect(noRight.json().message).toBe('You need the TMS Site Admin permission to do this.');
    const siteOnly = { ...admin, permissions: StaffPermission.combine('TMSSiteAdmin') };
    const escalate = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: t.as(siteOnly),
      payload: { ...payload, permissions: StaffPermission.values.ITSupportAdmin },
    });
    expect(escalate.statusCode).toBe(403);
    const customerWithBits = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: t.as(siteAdmin),
      payload: {
        organizationId: 'org_demo_acme',
        email: 'x@acme.test',
        firstName: 'X',
        lastName: 'Y',
        permissions: 1,
      },
    });
    expect(customerWithBits.statusCode).toBe(400);
    expect(customerWithBits.json().errors).toEqual({
      'model.permissions': ['Customer users have no staff permissions.'],
    });
    const ok = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: t.as(siteOnly),
      payload: { ...payload, permissions: StaffPermission.values.LSPCarrierAddEdit },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().roles).toEqual(['Broker', 'LSPCarrierAddEdit']);
  });

  it('tells the caller what it may change of a user, as the staff pages show it (001 §2, decision 0009)', async () => {
    const details = async (userId: string, who: object) =>
      (await app.inject({ method: 'GET', url: `/api/users/${userId}`, headers: t.as(who) })).json();
    // another member of the broker's staff, a TMS Site Admin
    const siteOnly = {
      ...admin,
      userId: 'usr_site_admin',
      permissions: StaffPermission.combine('TMSSiteAdmin'),
    };
    const none = { names: false, email: false, permissions: false, active: false, grantablePermissions: 0 };
    // Staff without admin rights: their own name and email only; nobody else's.
    expect(await details('usr_demo_ops', ops)).toMatchObject({
      email: 'ops@demo.test',
      organizationName: 'Loadline Demo Logistics',
      organizationType: 60,
      changeable: { names: true, email: true, permissions: false, active: false, grantablePermissions: 0 },
    });
    expect((await details('usr_demo_admin', ops)).changeable).toEqual(none);
    // A TMS Site Admin manages plain staff, without granting IT support admin, and never an IT support admin.
    const opsForSite = (await details('usr_demo_ops', siteOnly)).changeable;
    expect(opsForSite).toMatchObject({ names: true, email: true, permissions: true, active: true });
    expect(StaffPermission.has(opsForSite.grantablePermissions, 'TMSSiteAdmin')).toBe(true);
    expect(StaffPermission.has(opsForSite.grantablePermissions, 'ITSupportAdmin')).toBe(false);
    expect((await details('usr_demo_admin', siteOnly)).changeable).toEqual(none);
    // A customer user has no permissions to grant; Customer Add/Edit changes the rest.
    expect((await details('usr_demo_shipper', siteAdmin)).changeable).toEqual({
      names: true,
      email: true,
      permissions: false,
      active: true,
      grantablePermissions: 0,
    });
  });

  it('lets staff change their own name and email, never their own permissions (decision 0009)', async () => {
    const put = (payload: object) =>
      app.inject({ method: 'PUT', url: '/api/users/usr_demo_ops', headers: t.as(ops), payload });
    const renamed = await put({ email: 'omar@demo.test', firstName: 'Omar' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().email).toBe('omar@demo.test');
    const raise = await put({ permissions: StaffPermission.values.TMSSiteAdmin });
    expect(raise.statusCode).toBe(403);
    expect((await put({ email: 'ops@demo.test' })).statusCode).toBe(200);
  });

  it('deactivates a user, publishing the change, and hides other brokers’ users', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/users/usr_demo_ops',
      headers: t.as(siteAdmin),
      payload: { active: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().active).toBe(false);
    const rival = {
      userId: 'usr_rival',
      organizationId: 'org_rival',
      brokerId: 'org_rival',
      permissions: StaffPermission.combine('TMSSiteAdmin'),
    };
    const hidden = await app.inject({
      method: 'PUT',
      url: '/api/users/usr_demo_admin',
      headers: t.as(rival),
      payload: { active: false },
    });
    expect(hidden.statusCode).toBe(404);
  });
});
