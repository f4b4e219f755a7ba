// The organization and carrier logs, email-based activities and the demo activity, against the real servers
// (issue 5 items 4 and 6; 000 §3, §5, §6).
import {
  AccessLevel,
  OrganizationLogActivityType,
  PresetCollectionNote,
  PresetOnboardingNote,
  ShipmentActivityType,
  ShipmentStatus,
} from '@loadline/contracts/catalogue';
import { demoShipmentPlans } from '@loadline/contracts/demo/shipments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/app/demo.ts';
import { statusPath } from '../../src/store/demo.ts';
import {
  accountant,
  acme,
  admin,
  broker,
  globex,
  ops,
  otherBroker,
  type Service,
  shipmentUpdated,
  shipper,
  startService,
  subjects,
} from './fixtures.ts';

const A = AccessLevel.values;
const T = ShipmentActivityType.values;
const O = OrganizationLogActivityType.values;

let s: Service;

const request = async (method: 'GET' | 'POST' | 'PUT', url: string, who: object, payload?: object) => {
  const res = await s.app.inject({ method, url, headers: s.t.as(who), ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() };
};

const organization = (organizationId: string, brokerId: string | null, organizationType: 60 | 70 = 70) => ({
  organizationId,
  version: 1,
  name: organizationId,
  organizationType,
  brokerId,
  paymentPreference: null,
  creditLimit: null,
  customerSettings: 0,
  brokerSettings: 0,
  active: true,
});

beforeAll(async () => {
  s = await startService();
  await s.deliver(subjects.organizationChanged, organization(broker, null, 60));
  await s.deliver(subjects.organizationChanged, organization(acme, broker));
  await s.deliver(subjects.organizationChanged, organization('org_other_customer', 'org_other_broker'));
});

afterAll(async () => {
  await s?.close();
});

describe('the organization log (000 §3, §5, §6)', () => {
  const url = `/api/organizationactivityLog?organizationId=${acme}`;

  it('adds Collection and Onboarding entries with their preset first; Admin by default for IT support admins', async () => {
    const collection = await request('POST', '/api/organizationactivityLog', admin, {
      organizationId: acme,
      activityType: O.Collection,
      presetCollectionNote: PresetCollectionNote.values.LeftVoiceMailMessage,
      activityDescription: 'Called AP about invoice 7781.',
    });
    expect(collection.status).toBe(201);
    expect(collection.body).toMatchObject({
      organizationId: acme,
      activityType: 1,
      activityTypeName: 'Collections',
      presetCollectionNote: 15,
      presetOnboardingNote: null,
      activityDescription: 'Left voice mail message. Called AP about invoice 7781.',
      accessLevel: A.Admin,
      userName: 'Avery Admin',
    });
    const onboarding = await request('POST', '/api/organizationactivityLog', ops, {
      organizationId: acme,
      activityType: O.Onboarding,
      presetOnboardingNote: PresetOnboardingNote.values.DataImport,
      presetCollectionNote: 2,
      activityDescription: 'Kickoff call. Imported 40 lanes.',
    });
    expect(onboarding.body).toMatchObject({
      activityType: 3,
      activityDescription: 'Data import. Imported 40 lanes.',
      presetOnboardingNote: 10,
      presetCollectionNote: null,
      accessLevel: A.Private,
    });
    const general = await request('POST', '/api/organizationactivityLog', ops, {
      organizationId: acme,
      activityDescription: 'Moved to a new warehouse.',
    });
    expect(general.body).toMatchObject({
      activityType: O.General,
      activityTypeName: 'General',
      accessLevel: A.Private,
    });
  });

  it('offers Admin to IT support admin, AR revisions, AP revisions and margin add/edit only', async () => {
    const byAccountant = await request('POST', '/api/organizationactivityLog', accountant, {
      organizationId: acme,
      activityDescription: 'Credit limit under review.',
      accessLevel: A.Admin,
    });
    expect(byAccountant.status).toBe(201);
    const byOps = await request('POST', '/api/organizationactivityLog', ops, {
      organizationId: acme,
      activityDescription: 'x',
      accessLevel: A.Admin,
    });
    expect(byOps.status).toBe(400);
    expect(Object.keys(byOps.body.errors)).toEqual(['model.accessLevel']);
    const seenByOps = (await request('GET', url, ops)).body as { accessLevel: number }[];
    const seenByAccountant = (await request('GET', url, accountant)).body as { accessLevel: number }[];
    expect(seenByOps.every((e) => e.accessLevel !== A.Admin)).toBe(true);
    expect(seenByAccountant.filter((e) => e.accessLevel === A.Admin)).toHaveLength(2);
  });

  it('is the broker staff’s: customers 403, other brokers’ and unknown organizations 404', async () => {
    expect((await request('GET', url, shipper)).status).toBe(403);
    expect((await request('GET', url, otherBroker)).status).toBe(404);
    expect(
      (await request('GET', '/api/organizationactivityLog?organizationId=org_other_customer', ops)).status,
    ).toBe(404);
    expect((await request('GET', `/api/organizationactivityLog?organizationId=${broker}`, ops)).status).toBe(
      200,
    );
    const bad = await request('POST', '/api/organizationactivityLog', ops, {
      organizationId: acme,
      activityType: 9,
      activityDescription: '',
    });
    expect(bad.status).toBe(400);
  });
});

describe('the carrier log (000 §3)', () => {
  const url = '/api/brokercarrieractivityLog?carrierMasterId=car_demo_oldline';

  it('adds General, Bill Payments and Variance entries; Admin for IT support admins only; per broker', async () => {
    const general = await request('POST', '/api/brokercarrieractivityLog', ops, {
      carrierMasterId: 'car_demo_oldline',
      activityDescription: 'Good service on Midwest lanes.',
    });
    expect(general.status).toBe(201);
    expect(general.body).toMatchObject({
      carrierMasterId: 'car_demo_oldline',
      activityType: 'General',
      activityTypeName: 'General',
      accessLevel: A.Private,
    });
    const variance = await request('POST', '/api/brokercarrieractivityLog', admin, {
      carrierMasterId: 'car_demo_oldline',
      activityType: 'Variance',
      activityDescription: 'Reweigh disputed.',
      accessLevel: A.Admin,
    });
    expect(variance.body).toMatchObject({ activityTypeName: 'Variance', accessLevel: A.Admin });
    expect(
      (
        await request('POST', '/api/brokercarrieractivityLog', ops, {
          carrierMasterId: 'car_demo_oldline',
          activityDescription: 'x',
          accessLevel: A.Admin,
        })
      ).status,
    ).toBe(400);
    expect((await request('GET', url, ops)).body).toHaveLength(1);
    expect((await request('GET', url, admin)).body).toHaveLength(2);
    expect((await request('GET', url, otherBroker)).body).toHaveLength(0);
    expect((await request('GET', url, shipper)).status).toBe(403);
  });
});

describe('email-based activities (000 §3, §2 item 9)', () => {
  beforeAll(async () => {
    await s.deliver(subjects.shipmentUpdated, shipmentUpdated({ shipmentId: 901 }));
    await s.deliver(
      subjects.shipmentUpdated,
      shipmentUpdated({ shipmentId: 902, customerOrganizationId: globex }),
    );
    // Another broker's shipment: an email never moves there.
    await s.deliver(
      subjects.shipmentUpdated,
      shipmentUpdated({
        shipmentId: 903,
        brokerId: 'org_other_broker',
        customerOrganizationId: 'org_other_customer',
      }),
    );
  });

  const reassignedEvents = async () =>
    (
      await s.t.runtime.db
        .selectFrom('outbox')
        .select('envelope')
        .where('subject', '=', subjects.shipmentActivityChanged)
        .execute()
    )
      .map((e) => (e.envelope as { data: Record<string, unknown> }).data)
      .filter((d) => d.change === 'reassigned');

  it('files an email as an Email entry, moves it to another shipment, and dismisses it', async () => {
    const filed = await request('POST', '/api/emailautomationlog', ops, {
      shipmentId: 901,
      emailAutomationDetailId: 'eml_test_1',
      type: 'Operations',
      name: 'Prairie Express dispatch',
      body: 'Truck 41 delayed two hours.',
      date: '2026-11-20T15:04:00Z',
    });
    expect(filed.status).toBe(201);
    expect(filed.body).toMatchObject({
      shipmentId: 901,
      activityType: T.Email,
      accessLevel: A.Private,
      userName: 'Prairie Express dispatch',
      email: {
        emailAutomationDetailId: 'eml_test_1',
        type: 'Operations',
        name: 'Prairie Express dispatch',
        date: '2026-11-20T15:04:00.000Z',
        body: 'Truck 41 delayed two hours.',
      },
    });
    const again = await request('POST', '/api/emailautomationlog', ops, {
      shipmentId: 901,
      emailAutomationDetailId: 'eml_test_1',
      type: 'Operations',
      name: 'x',
      body: 'x',
      date: '2026-11-20T15:04:00Z',
    });
    expect(again.status).toBe(400);

    const moved = await request('PUT', '/api/emailautomationlog/eml_test_1/reassign', ops, {
      shipmentId: 902,
    });
    expect(moved.body).toMatchObject({ shipmentId: 902, id: filed.body.id });
    expect((await request('GET', '/api/activitylog?shipmentId=901', ops)).body).toHaveLength(0);
    // The move's event names the email, so the attachments service moves its files and record along.
    expect(await reassignedEvents()).toEqual([
      expect.objectContaining({
        activityId: filed.body.id,
        shipmentId: 902,
        customerOrganizationId: globex,
        brokerId: broker,
        emailAutomationDetailId: 'eml_test_1',
      }),
    ]);

    // Two brokers: neither the other broker's shipment as the target, nor the other broker's staff moving
    // ours; refused before anything changes (no entry moved, no event).
    const toOther = await request('PUT', '/api/emailautomationlog/eml_test_1/reassign', ops, {
      shipmentId: 903,
    });
    expect(toOther.status).toBe(404);
    const byOther = await request('PUT', '/api/emailautomationlog/eml_test_1/reassign', otherBroker, {
      shipmentId: 903,
    });
    expect(byOther.status).toBe(404);
    expect((await request('GET', '/api/activitylog?shipmentId=902', ops)).body).toHaveLength(1);
    expect((await request('GET', '/api/activitylog?shipmentId=903', otherBroker)).body).toHaveLength(0);
    expect(await reassignedEvents()).toHaveLength(1);
    const same = await request('PUT', '/api/emailautomationlog/eml_test_1/reassign', ops, {
      shipmentId: 902,
    });
    expect(same.status).toBe(400);

    const dismissed = await request('PUT', '/api/emailautomationlog/eml_test_1/dismiss', ops);
    expect(dismissed.status).toBe(200);
    expect((await request('GET', '/api/activitylog?shipmentId=902', ops)).body).toHaveLength(0);
    const afterDismissal = await request('PUT', '/api/emailautomationlog/eml_test_1/reassign', ops, {
      shipmentId: 901,
    });
    expect(afterDismissal.body.errors['model.shipmentId']).toEqual([
      'A dismissed email cannot be reassigned.',
    ]);
    expect((await request('PUT', '/api/emailautomationlog/eml_test_1/dismiss', shipper)).status).toBe(403);
    expect((await request('PUT', '/api/emailautomationlog/eml_nope/dismiss', ops)).status).toBe(404);
  });
});

describe('the demo activity (issue 5 item 6)', () => {
  const today = '2026-11-23';
  const now = new Date('2026-11-23T16:00:00Z');
  const rows = () =>
    s.t.runtime.db.selectFrom('shipment_activity').selectAll().where('demo_key', 'is not', null).execute();

  it('writes a believable history on the demo shipments; seeding twice changes nothing', async () => {
    await seedDemo(s.t.deps, today, now);
    const first = await rows();
    const assignments = await s.t.runtime.db.selectFrom('staff_assignment').selectAll().execute();
    await seedDemo(s.t.deps, today, new Date(now.getTime() + 86_400_000));
    expect(await rows()).toHaveLength(first.length);
    expect(await s.t.runtime.db.selectFrom('staff_assignment').selectAll().execute()).toHaveLength(
      assignments.length,
    );

    // Each shipment's Status Change entries walk its path to its status, in order, none in the future.
    for (const plan of demoShipmentPlans(today)) {
      const changes = first
        .filter((r) => r.shipment_id === plan.shipmentId && r.activity_type === T.StatusChange)
        .sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
      expect(changes).toHaveLength(statusPath(plan).length - 1);
      if (plan.status === ShipmentStatus.values.Canceled) {
        expect(changes.at(-1)!.description).toBe(
          'Shipment canceled (was Committed). Lost quote alert requested.',
        );
      } else if (changes.length > 0) {
        expect(changes.at(-1)!.description).toMatch(
          new RegExp(`to ${ShipmentStatus.nameOf(plan.status)}\\.`),
        );
      }
    }
    expect(first.every((r) => r.created_at.getTime() <= now.getTime())).toBe(true);
    // Every access level, pins, check calls, system notes, presets, assignments now, scheduled and the team's.
    expect(new Set(first.map((r) => r.access_level))).toEqual(new Set([A.Public, A.Private, A.Admin]));
    expect(first.some((r) => r.pinned)).toBe(true);
    expect(first.some((r) => r.description.startsWith('Check call'))).toBe(true);
    expect(first.some((r) => r.user_name === 'System')).toBe(true);
    expect(
      first.some((r) => r.preset_payable_note !== null && r.description.startsWith('Duplicate bill. ')),
    ).toBe(true);
    expect(first.some((r) => r.preset_audit_note !== null && r.description.startsWith('Call. '))).toBe(true);
    expect(first.some((r) => r.is_assignment && r.assigned_at !== null && !r.assign_to_team)).toBe(true);
    expect(first.some((r) => r.is_assignment && r.assigned_at === null)).toBe(true);
    expect(first.some((r) => r.assign_to_team)).toBe(true);
    expect(first.some((r) => r.email_automation_detail_id !== null)).toBe(true);
    expect(assignments.some((a) => a.assigned_at === null && a.due_at.getTime() > now.getTime())).toBe(true);

    // Acme's shipper sees the Public part of an Acme shipment's history through the API.
    const acmeComplete = demoShipmentPlans(today).find(
      (p) => p.customerOrganizationId === acme && p.status === ShipmentStatus.values.Complete,
    )!;
    const seen = await request('GET', `/api/activitylog?shipmentId=${acmeComplete.shipmentId}`, shipper);
    expect(seen.body.length).toBeGreaterThan(3);
    expect(seen.body.every((e: { accessLevel: number }) => e.accessLevel === A.Public)).toBe(true);
    const orgEntries = await request('GET', `/api/organizationactivityLog?organizationId=${acme}`, admin);
    expect(
      orgEntries.body.some((e: { activityDescription: string }) =>
        e.activityDescription.startsWith('Kickoff call. '),
      ),
    ).toBe(true);
    const carrierEntries = await request(
      'GET',
      '/api/brokercarrieractivityLog?carrierMasterId=car_demo_summit',
      admin,
    );
    expect(carrierEntries.body).toHaveLength(1);
  });
});
