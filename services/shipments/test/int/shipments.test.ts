// The shipments service against the real PostgreSQL, NATS and Redis: demo data, the directory's
// read model, creating, listing, who sees what, the edit-status view, and status updates through
// allowed and refused transitions with their events in the same transaction.
import {
  AccessLevel,
  CANCEL_STATUS_CHOICE,
  DomesticShipmentStatuses,
  ShipmentActivityType,
  ShipmentReferenceType,
  ShipmentStatus,
  ShipmentType,
  TransitLegType,
} from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import { type App, createEnvelope } from '@loadline/platform';
import { buildService } from '@loadline/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData, shipmentsService } from '../../src/service.ts';
import { demoShipmentIds } from '../../src/store/demo.ts';
import {
  admin,
  broker,
  clearGlobexCredit,
  ops,
  otherBroker,
  type Shipments,
  shipper,
  today,
} from './fixtures.ts';

let t: Shipments;
let app: App;

const S = ShipmentStatus.values;
const T = ShipmentType.values;
const L = TransitLegType.values;

interface OutboxRow {
  position: number;
  subject: string;
  envelope: { id: string; data: Record<string, unknown> };
  created_at: Date;
}

const outbox = async (): Promise<OutboxRow[]> =>
  (await t.runtime.db
    .selectFrom('outbox')
    .select(['position', 'subject', 'envelope', 'created_at'])
    .orderBy('position')
    .execute()) as OutboxRow[];
const outboxAfter = async (position: number) => (await outbox()).filter((r) => r.position > position);
const lastPosition = async () => (await outbox()).at(-1)?.position ?? 0;

const shipmentRow = (shipmentId: number) =>
  t.runtime.db
    .selectFrom('shipment')
    .selectAll()
    .where('shipment_id', '=', shipmentId)
    .executeTakeFirstOrThrow();

const update = (payload: Record<string, unknown>, who: object = ops) =>
  app.inject({ method: 'PUT', url: '/api/ShipmentUpdateStatus/updatestatus', headers: t.as(who), payload });

const list = (query: string, who: object = ops) =>
  app.inject({ method: 'GET', url: `/api/shipments${query}`, headers: t.as(who) });

const newShipment = (overrides: Record<string, unknown> = {}) => ({
  customerOrganizationId: 'org_demo_acme',
  shipmentType: T.LTL,
  transitDays: 2,
  totalWeight: 1200,
  stops: [
    {
      stopType: 'FirstPick',
      companyName: 'Acme Plant 3',
      city: 'Toledo',
      state: 'OH',
      zipCode: '43604',
      scheduledReadyDateTime: '2026-11-26T08:00',
      scheduledCloseDateTime: '2026-11-26T15:00',
    },
    { stopType: 'LastDrop', companyName: 'Zenith Retail', city: 'Nashville', state: 'TN', zipCode: '37210' },
  ],
  ...overrides,
});

beforeAll(async () => {
  t = await buildService(shipmentsService);
  app = t.app;
  await seedDemoData(t.runtime, today);
  // The updates below move Globex's Committed load 10002; Globex is on credit hold in the demo
  // (calls.test.ts checks the hold itself).
  await clearGlobexCredit(t);
});

afterAll(async () => {
  await t?.cleanup();
});

describe('demo data', () => {
  it('seeds 40 shipments with fixed numbers, both customers, every domestic status, several modes', async () => {
    const rows = await t.runtime.db
      .selectFrom('shipment')
      .select(['shipment_id', 'status', 'customer_organization_id', 'shipment_type'])
      .orderBy('shipment_id')
      .execute();
    expect(rows.map((r) => r.shipment_id)).toEqual([...demoShipmentIds]);
    expect(new Set(rows.map((r) => r.customer_organization_id))).toEqual(
      new Set(['org_demo_acme', 'org_demo_globex']),
    );
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(DomesticShipmentStatuses));
    expect(new Set(rows.map((r) => r.shipment_type)).size).toBeGreaterThanOrEqual(6);
    const events = await outbox();
    expect(events.filter((e) => e.subject === subjects.shipmentUpdated)).toHaveLength(40);
  });

  it('never puts a Last Ops Update after the day of seeding (a quote picked up next week was entered before it)', async () => {
    const rows = await t.runtime.db
      .selectFrom('shipment')
      .select(['shipment_id', 'status_changed_at'])
      .execute();
    const late = rows.filter((r) => r.status_changed_at >= new Date(`${today}T00:00:00Z`));
    expect(late.map((r) => r.shipment_id)).toEqual([]);
  });

  it('seeding twice changes nothing and publishes nothing', async () => {
    const count = async (
      table: 'shipment' | 'transit_leg' | 'stop' | 'reference_number' | 'shipment_alert',
    ) =>
      Number(
        (
          await t.runtime.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = {
      position: await lastPosition(),
      counts: await Promise.all(
        (['shipment', 'transit_leg', 'stop', 'reference_number', 'shipment_alert'] as const).map(count),
      ),
      versions: await t.runtime.db
        .selectFrom('shipment')
        .select(['shipment_id', 'version', 'updated_at'])
        .execute(),
    };
    await seedDemoData(t.runtime, '2027-01-04');
    expect(await lastPosition()).toBe(before.position);
    expect(
      await Promise.all(
        (['shipment', 'transit_leg', 'stop', 'reference_number', 'shipment_alert'] as const).map(count),
      ),
    ).toEqual(before.counts);
    expect(
      await t.runtime.db.selectFrom('shipment').select(['shipment_id', 'version', 'updated_at']).execute(),
    ).toEqual(before.versions);
  });

  it('gives moving loads a carrier, a pro number and a driver', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/shipments/10005', headers: t.as(ops) });
    const body = res.json();
    expect(body.status).toBe(S.Dispatched);
    expect(body.transitLegs[0]).toMatchObject({
      active: true,
      carrierMasterName: 'Old Line Freight',
      scac: 'OLFT',
    });
    const codes = body.referenceNumbers.map((r: { referenceTypeCode: string }) => r.referenceTypeCode);
    expect(codes).toEqual(
      expect.arrayContaining(['PONumber', 'LinehaulCarrierProNumber', 'DriverName', 'DriverCellPhoneNumber']),
    );
  });
});

describe('the directory read model', () => {
  const organization = (overrides: Record<string, unknown>) => ({
    organizationId: 'org_test_initech',
    version: 1,
    name: 'Initech',
    organizationType: 70 as const,
    brokerId: broker,
    paymentPreference: null,
    creditLimit: 5000,
    customerSettings: 0,
    brokerSettings: 0,
    active: true,
    ...overrides,
  });
  const apply = (data: ReturnType<typeof organization>) =>
    t.runtime.consumers[0]!.apply(createEnvelope('directory', subjects.organizationChanged, data) as never);

  it('learns customers from organization.changed, ignoring older versions', async () => {
    await apply(organization({ version: 2, name: 'Initech Corp' }));
    await apply(organization({ version: 1, name: 'Initech (old)' }));
    const row = await t.runtime.db
      .selectFrom('customer_organization')
      .selectAll()
      .where('organization_id', '=', 'org_test_initech')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Initech Corp', version: 2, broker_id: broker });
  });

  it('lets staff create for a customer it learned, and not for another broker’s', async () => {
    await apply(
      organization({ organizationId: 'org_test_elsewhere', brokerId: 'org_other_broker', name: 'Elsewhere' }),
    );
    const ok = await app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: t.as(ops),
      payload: newShipment({ customerOrganizationId: 'org_test_initech' }),
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().customerName).toBe('Initech Corp');
    const refused = await app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: t.as(ops),
      payload: newShipment({ customerOrganizationId: 'org_test_elsewhere' }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      'model.customerOrganizationId': ['org_test_elsewhere is not a customer of your broker.'],
    });
  });
});

describe('POST /api/shipments', () => {
  it('checks phone numbers as phone numbers, extensions allowed (001 §5, issue 14 item 13)', async () => {
    const refused = await app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: t.as(ops),
      payload: newShipment({
        transitLegs: [
          { transitType: L.Linehaul, carrierMasterName: 'Old Line Freight', carrierPhone: 'abc' },
        ],
        referenceNumbers: [
          { referenceTypeCode: 'DriverCellPhoneNumber', value: 'call the dispatcher' },
          { referenceTypeCode: 'DriverName', value: 'abc' },
        ],
      }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      'model.transitLegs.0.carrierPhone': [
        'abc is not a valid carrier phone: write it as (555) 010-2001, or +44 20 7946 0958 abroad, with an optional extension (x12).',
      ],
      'model.referenceNumbers.0.value': [
        'call the dispatcher is not a valid phone number: write it as (555) 010-2001, or +44 20 7946 0958 abroad, with an optional extension (x12).',
      ],
    });
    const taken = await app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: t.as(ops),
      payload: newShipment({
        transitLegs: [{ transitType: L.Linehaul, carrierPhone: '5550102003x12' }],
        referenceNumbers: [{ referenceTypeCode: 'CarrierDispatcherPhoneNumber', value: '+44 20 7946 0958' }],
      }),
    });
    expect(taken.statusCode).toBe(201);
  });

  it('creates a shipment with its legs, stops and references, and writes shipment.updated with it', async () => {
    const before = await lastPosition();
    const res = await app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: t.as(ops),
      payload: newShipment({
        transitLegs: [
          { transitType: L.PickupLocal, carrierMasterName: 'Summit Carriers', proNumber: 'SM123456' },
          {
            transitType: L.Linehaul,
            carrierMasterId: 'car_demo_oldline',
            carrierMasterName: 'Old Line Freight',
            scac: 'olft',
            proNumber: 'OL998877',
          },
        ],
        referenceNumbers: [
          { referenceType: ShipmentReferenceType.values.PONumber, value: 'PO-555' },
          { referenceTypeCode: 'DriverName', value: 'Pat Driver', transitLegIndex: 1 },
        ],
        billTo: { companyName: 'Acme AP', city: 'Kansas City', state: 'MO', zipCode: '64120' },
      }),
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.shipmentId).toBeGreaterThanOrEqual(100001);
    expect(created).toMatchObject({
      status: S.Quote,
      customerOrganizationId: 'org_demo_acme',
      customerName: 'Acme Manufacturing',
      brokerId: broker,
      version: 1,
      createdBy: 'Omar Operations',
      billTo: { companyName: 'Acme AP', transitLegId: null },
    });
    expect(
      created.transitLegs.map(
        (l: { transitType: number; active: boolean; status: number; scac: string | null }) => [
          l.transitType,
          l.active,
          l.status,
          l.scac,
        ],
      ),
    ).toEqual([
      [L.PickupLocal, false, S.Quote, null],
      [L.Linehaul, true, S.Quote, 'OLFT'],
    ]);
    // 000 §5: missing seconds are 00; the delivery estimate is pickup + 2 weekdays, 08:00 to 16:00.
    expect(created.stops[0]).toMatchObject({ scheduledReadyDateTime: '2026-11-26T08:00:00' });
    expect(created.stops[1]).toMatchObject({
      scheduledReadyDateTime: '2026-11-30T08:00:00',
      scheduledCloseDateTime: '2026-11-30T16:00:00',
    });
    const refs = created.referenceNumbers.map((r: Record<string, unknown>) => [
      r.referenceType,
      r.referenceTypeCode,
      r.value,
    ]);
    expect(refs).toEqual(
      expect.arrayContaining([
        [ShipmentReferenceType.values.PONumber, 'PONumber', 'PO-555'],
        [null, 'DriverName', 'Pat Driver'],
        [null, 'PickupCarrierProNumber', 'SM123456'],
        [null, 'LinehaulCarrierProNumber', 'OL998877'],
      ]),
    );
    const events = await outboxAfter(before);
    expect(events.map((e) => e.subject)).toEqual([subjects.shipmentUpdated]);
    expect(events[0]!.envelope.data).toMatchObject({
      shipmentId: created.shipmentId,
      version: 1,
      status: S.Quote,
    });
  });

  it('lets a customer user create for its own organization', async () => {
    const { customerOrganizationId: _, ...body } = newShipment({ status: S.Committed });
    const res = await app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: t.as(shipper),
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ customerOrganizationId: 'org_demo_acme', status: S.Committed });
  });

  it('refuses a customer user another organization, staff-only fields and a moving status', async () => {
    const other = await app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: t.as(shipper),
      payload: newShipment({ customerOrganizationId: 'org_demo_globex' }),
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('You can create shipments only for your own organization.');
    const legs = await app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: t.as(shipper),
      payload: newShipment({ transitLegs: [{ transitType: L.Linehaul }] }),
    });
    expect(legs.statusCode).toBe(403);
    expect(legs.json().message).toBe('Only broker staff can set transitLegs.');
    const dispatched = await app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: t.as(shipper),
      payload: newShipment({ status: S.Dispatched }),
    });
    expect(dispatched.statusCode).toBe(400);
    expect(dispatched.json().errors).toHaveProperty('model.status');
  });

  it('answers 400 naming the field, and writes nothing', async () => {
    const before = await lastPosition();
    const post = (payload: unknown) =>
      app.inject({ method: 'POST', url: '/api/shipments', headers: t.as(ops), payload: payload as object });

    const missing = await post({ customerOrganizationId: 'org_demo_acme', shipmentType: T.LTL });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('stops is required.');

    const unknown = await post(newShipment({ colour: 'red' }));
    expect(unknown.json().message).toBe('colour is not a known field.');

    const mixed = await post(newShipment({ shipmentType: ShipmentType.combine('LTL', 'Ocean') }));
    expect(mixed.json().errors).toEqual({
      'model.shipmentType': ['shipmentType cannot be international and domestic at once.'],
    });

    const noCustomer = await post(newShipment({ customerOrganizationId: undefined }));
    expect(noCustomer.json().errors).toEqual({
      'model.customerOrganizationId': ['customerOrganizationId is required.'],
    });

    const stops = newShipment().stops;
    const lateClose = await post(
      newShipment({ stops: [{ ...stops[0], scheduledCloseDateTime: '2026-11-26T07:00' }, stops[1]] }),
    );
    expect(lateClose.statusCode).toBe(400);
    expect(lateClose.json().errors).toEqual({
      'model.stops.0.scheduledCloseDateTime': [
        'Pickup close (11/26/2026 07:00) must not be before pickup ready (11/26/2026 08:00).',
      ],
    });

    const order = await post(newShipment({ stops: [stops[1], stops[0]] }));
    expect(Object.keys(order.json().errors)).toEqual(['model.stops']);

    const badRef = await post(newShipment({ referenceNumbers: [{ referenceType: 12, value: 'x' }] }));
    expect(badRef.json().errors).toEqual({
      'model.referenceNumbers.0.referenceType': ['12 is not a known reference type.'],
    });

    const zoned = await post(
      newShipment({ stops: [{ ...stops[0], scheduledReadyDateTime: '2026-11-26T08:00:00Z' }, stops[1]] }),
    );
    expect(zoned.statusCode).toBe(400);
    expect(zoned.json().message).toMatch(/stops\.0\.scheduledReadyDateTime/);

    expect(await lastPosition()).toBe(before);
  });
});

describe('GET /api/shipments', () => {
  it('lists the broker’s shipments, newest first, with the grid’s first columns', async () => {
    const res = await list('');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalCount).toBeGreaterThanOrEqual(43);
    expect(body.page).toBe(1);
    expect(body.pageSize).toBe(100);
    const ids = body.items.map((i: { shipmentId: number }) => i.shipmentId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const row = body.items.find((i: { shipmentId: number }) => i.shipmentId === 10005);
    expect(row).toMatchObject({
      customerName: 'Acme Manufacturing',
      status: S.Dispatched,
      fromCity: 'Denver',
      fromState: 'CO',
      toCity: 'Kansas City',
      carrierName: 'Old Line Freight',
      proNumber: expect.stringMatching(/^OLFT/),
    });
  });

  it('filters by status, customer, type and text', async () => {
    const dispatched = (await list(`?status=${S.Dispatched}`)).json();
    expect(dispatched.items.length).toBeGreaterThan(0);
    expect(dispatched.items.every((i: { status: number }) => i.status === S.Dispatched)).toBe(true);

    const two = (await list(`?status=${S.Quote}&status=${S.Canceled}`)).json();
    expect(new Set(two.items.map((i: { status: number }) => i.status))).toEqual(
      new Set([S.Quote, S.Canceled]),
    );

    const globex = (await list('?customerOrganizationId=org_demo_globex')).json();
    expect(globex.totalCount).toBe(20);

    const ocean = (await list(`?shipmentType=${T.Ocean}`)).json();
    expect(ocean.items.length).toBeGreaterThan(0);
    expect(
      ocean.items.every((i: { shipmentType: number }) => ShipmentType.has(i.shipmentType, 'Ocean')),
    ).toBe(true);

    const po = (await list('?text=po-70037')).json();
    expect(po.items.map((i: { shipmentId: number }) => i.shipmentId)).toEqual([10002]);

    const number = (await list('?text=10005')).json();
    expect(number.items.map((i: { shipmentId: number }) => i.shipmentId)).toContain(10005);

    const city = (await list('?text=savannah')).json();
    expect(city.items.length).toBe(5);
  });

  it('pages and sorts', async () => {
    const page2 = (await list('?pageSize=10&page=2')).json();
    expect(page2.items).toHaveLength(10);
    expect(page2.page).toBe(2);
    const small = (await list('?pageSize=5')).json();
    expect(small.pageSize).toBe(100);
    // The pager clamps, never refuses (000 §4, §5, §9; issue 14): page 0 is page 1, size 0 is 100.
    for (const query of ['?page=0&pageSize=0', '?page=-3&pageSize=-1']) {
      const clamped = await list(query);
      expect(clamped.statusCode, query).toBe(200);
      expect(clamped.json()).toMatchObject({ page: 1, pageSize: 100 });
    }
    expect((await list('?pageSize=5000')).json().pageSize).toBe(1000);
    const beyond = (await list('?pageSize=10&page=99')).json();
    expect(beyond.items).toEqual([]);
    expect(beyond.totalCount).toBeGreaterThanOrEqual(43);
    const byCustomer = (await list('?sortBy=CustomerName&sortDirection=asc&pageSize=100')).json();
    const names = byCustomer.items.map((i: { customerName: string }) => i.customerName);
    expect(names).toEqual([...names].sort());
    const bad = await list('?sortBy=Colour');
    expect(bad.statusCode).toBe(400);
    const badStatus = await list('?status=7');
    expect(badStatus.json().errors).toEqual({ 'model.status': ['7 is not a shipment status.'] });
  });

  it('shows a customer only its own organization’s shipments', async () => {
    const mine = (await list('', shipper)).json();
    expect(mine.items.length).toBeGreaterThan(0);
    expect(
      mine.items.every(
        (i: { customerOrganizationId: string }) => i.customerOrganizationId === 'org_demo_acme',
      ),
    ).toBe(true);
    const asking = (await list('?customerOrganizationId=org_demo_globex', shipper)).json();
    expect(asking.items).toEqual([]);
    const theirs = await app.inject({ method: 'GET', url: '/api/shipments/10002', headers: t.as(shipper) });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Shipment 10002 was not found.');
    const own = await app.inject({ method: 'GET', url: '/api/shipments/10001', headers: t.as(shipper) });
    expect(own.statusCode).toBe(200);
  });

  it("never shows a customer the broker's buy side", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: t.as(ops),
      payload: newShipment({
        referenceNumbers: [
          { referenceType: ShipmentReferenceType.values.MinBuyRate, value: '1200' },
          { referenceType: ShipmentReferenceType.values.PONumber, value: 'PO-777' },
        ],
      }),
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().shipmentId;
    const codes = (r: { json(): { referenceNumbers: { referenceTypeCode: string }[] } }) =>
      r.json().referenceNumbers.map((x) => x.referenceTypeCode);
    const staff = await app.inject({ method: 'GET', url: `/api/shipments/${id}`, headers: t.as(ops) });
    expect(codes(staff)).toEqual(expect.arrayContaining(['MinBuyRate', 'PONumber']));
    const customer = await app.inject({ method: 'GET', url: `/api/shipments/${id}`, headers: t.as(shipper) });
    expect(codes(customer)).toContain('PONumber');
    expect(codes(customer)).not.toContain('MinBuyRate');
  });

  it('shows another broker nothing', async () => {
    expect((await list('', otherBroker)).json().totalCount).toBe(0);
    const res = await app.inject({ method: 'GET', url: '/api/shipments/10001', headers: t.as(otherBroker) });
    expect(res.statusCode).toBe(404);
  });

  it('answers 401 without an identity', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/shipments' })).statusCode).toBe(401);
  });
});

describe('GET /api/ShipmentUpdateStatus/shipmentdetails/{id} (000 §3 edit-status view)', () => {
  it('answers the view with the active leg, stops, references and the statuses it may move to', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/shipmentupdatestatus/shipmentdetails/10005',
      headers: t.as(ops),
    });
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({
      shipmentId: 10005,
      status: S.Dispatched,
      shipmentType: T.Truckload,
      brokerId: broker,
      originBaseUTCOffset: -7,
      lockdownMarketplaceBuyer: false,
      activeTransitLeg: {
        status: S.Dispatched,
        transitType: L.Linehaul,
        carrierMasterName: 'Old Line Freight',
        carrierPhone: '(555) 010-2001',
        shipmentTransitlegTariff: { integrationEnableAPITracking: false },
      },
      suggestedStatuses: { previous: S.Committed, next: S.InTransit, other: S.OutForDelivery },
      canCancel: true,
    });
    expect(view.shipmentTransitStops.map((s: { stopType: string }) => s.stopType)).toEqual([
      'FirstPick',
      'LastDrop',
    ]);
    expect(view.allowedStatuses).toEqual([
      S.Committed,
      S.Ready,
      S.Sent,
      S.InTransit,
      S.OutForDelivery,
      S.Delivered,
    ]);
    // The custom picker's list (000 §4): the domestic set but Canceled and Complete, for the screen to show.
    expect(view.manualStatuses).toEqual([
      S.Quote,
      S.Committed,
      S.Ready,
      S.Sent,
      S.Dispatched,
      S.InTransit,
      S.OutForDelivery,
      S.Delivered,
    ]);
    expect(view.shipmentTransitReferenceNumbers.length).toBeGreaterThan(0);
  });

  it('drops Ready and Sent for an international shipment', async () => {
    const view = (
      await app.inject({
        method: 'GET',
        url: '/api/ShipmentUpdateStatus/shipmentdetails/10023',
        headers: t.as(ops),
      })
    ).json();
    expect(view.status).toBe(S.Committed);
    expect(view.suggestedStatuses).toEqual({ previous: S.Quote, next: null, other: S.Dispatched });
    expect(view.manualStatuses).not.toContain(S.Ready);
    expect(view.manualStatuses).not.toContain(S.Sent);
    expect(view.allowedStatuses).not.toContain(S.Ready);
  });
});

describe('PUT /api/ShipmentUpdateStatus/updatestatus', () => {
  it('moves Committed to Ready with a note: one transaction writes the change and one shipment.updated carrying the move and the note', async () => {
    const before = await lastPosition();
    const res = await update({
      shipmentId: 10002,
      status: S.Ready,
      activity: 'Carrier confirmed the pickup window.',
      pinActivity: true,
      location: 'Savannah, GA',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      shipmentStatus: S.Ready,
      transitLegStatus: S.Ready,
      status: S.Ready,
      activityCreatedDate: expect.any(String),
      activityDescription: 'Carrier confirmed the pickup window.',
      activityCreatedBy: 'Omar Operations',
      noAccountingInvoice: false,
      actualArrivalDateTime: null,
      actualDepartureDateTime: null,
      voidedInsuranceCertificate: false,
      // Prairie Express (PRXP) has electronic dispatch through the local adapter (every SCAC by default).
      shipmentDispatchTried: true,
      shipmentDispatched: true,
      shipmentDispatchErrors: [],
    });
    const row = await shipmentRow(10002);
    expect(row).toMatchObject({ status: S.Ready, version: 2 });

    const [dispatchNote, ...others] = (await outboxAfter(before)).reverse();
    const events = others.reverse();
    // one event for the update (decision 0048), where there were three
    expect(events.map((e) => e.subject)).toEqual([subjects.shipmentUpdated]);
    // The dispatch outcome is a system note written after the commit.
    expect(dispatchNote!.subject).toBe(subjects.shipmentNoteAdded);
    expect(dispatchNote!.envelope.data).toMatchObject({
      shipmentId: 10002,
      createdBy: { name: 'System' },
      description: expect.stringMatching(/^Electronic dispatch to Prairie Express \(PRXP\).* accepted/),
    });
    expect(events[0]!.envelope.data).toMatchObject({
      shipmentId: 10002,
      version: 2,
      status: S.Ready,
      statusChange: {
        change: 'status',
        previousStatus: S.Committed,
        previousTransitLegStatus: S.Committed,
        transitLegStatus: S.Ready,
        lostQuoteAlertRequested: false,
        location: 'Savannah, GA',
        changedBy: { userId: 'usr_demo_ops', name: 'Omar Operations' },
      },
      note: {
        noteId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        activityType: ShipmentActivityType.values.Operations,
        accessLevel: AccessLevel.values.Private,
        description: 'Carrier confirmed the pickup window.',
        pinned: true,
        createdBy: { userId: 'usr_demo_ops', name: 'Omar Operations' },
        createdDate: res.json().activityCreatedDate,
      },
    });
    // now() is the transaction's start time: the row and its event share it.
    for (const event of events) expect(event.created_at).toEqual(row.updated_at);
    expect(row.status_changed_at).toEqual(row.updated_at);
  });

  it('refuses a transition outside the rules with 400 and the reason, and writes nothing', async () => {
    const before = { position: await lastPosition(), row: await shipmentRow(10005) };
    const res = await update({
      shipmentId: 10005,
      status: S.Quote,
      activity: 'Back to quote',
      proNumber: 'NEW123',
    });
    expect(res.statusCode).toBe(400);
    const message =
      'A shipment cannot move from Dispatched to Quote. Allowed from Dispatched: Committed, Ready, Sent, In Transit, Out for Delivery, Delivered. A dispatched load that is no longer wanted is canceled, not re-quoted.';
    expect(res.json()).toMatchObject({
      statusCode: 400,
      message: `status: ${message}`,
      errors: { 'model.status': [message] },
    });
    expect(await lastPosition()).toBe(before.position);
    expect(await shipmentRow(10005)).toEqual(before.row);
  });

  it('refuses Complete, a cancel of picked-up freight, Ready for an international shipment and a missing leg', async () => {
    const before = await lastPosition();
    const complete = await update({ shipmentId: 10008, status: S.Complete });
    expect(complete.json().errors['model.status']).toEqual([
      'Complete is set when the shipment is invoiced, not by a status update.',
    ]);
    const cancel = await update({
      shipmentId: 10006,
      status: CANCEL_STATUS_CHOICE,
      addSystemAlertLostQuote: true,
    });
    expect(cancel.statusCode).toBe(400);
    expect(cancel.json().errors['model.status'][0]).toMatch(
      /cannot be canceled: its freight has been picked up/,
    );
    const ready = await update({ shipmentId: 10023, status: S.Ready });
    expect(ready.json().errors['model.status']).toEqual([
      'Ready is not a status of an international shipment.',
    ]);
    const leg = await update({ shipmentId: 10002, status: S.Dispatched, transitType: L.Ocean });
    expect(leg.json().errors).toEqual({ 'model.transitType': ['Shipment 10002 has no Ocean leg.'] });
    const notStatus = await update({ shipmentId: 10002, status: 7 });
    expect(notStatus.json().errors).toEqual({ 'model.status': ['7 is not a shipment status.'] });
    expect(await lastPosition()).toBe(before);
  });

  it('cancels with -1 and requests the lost-quote alert, then reinstates to Quote', async () => {
    const before = await lastPosition();
    const cancel = await update({
      shipmentId: 10011,
      status: CANCEL_STATUS_CHOICE,
      addSystemAlertLostQuote: true,
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({
      shipmentStatus: S.Canceled,
      transitLegStatus: S.Canceled,
      status: S.Canceled,
    });
    const canceled = (
      await app.inject({ method: 'GET', url: '/api/shipments/10011', headers: t.as(ops) })
    ).json();
    expect(canceled).toMatchObject({ status: S.Canceled, lostQuote: true });
    // The lost-quote system alert appears with the shipment's alerts (issue 14 item 12).
    const alerts = (
      await app.inject({ method: 'GET', url: '/api/shipmentAlerts/10011', headers: t.as(ops) })
    ).json();
    expect(alerts[0]).toMatchObject({
      alertId: 'lost-quote-10011',
      type: null,
      code: 'LostQuote',
      displayName: 'Lost quote',
      settings: { color: 'red', icon: 'receipt-off' },
      systemRaised: true,
      resolved: false,
      createdDate: expect.stringMatching(/Z$/),
    });
    expect(canceled.transitLegs.every((l: { status: number }) => l.status === S.Canceled)).toBe(true);

    const again = await update({ shipmentId: 10011, status: CANCEL_STATUS_CHOICE });
    expect(again.json().errors['model.status']).toEqual(['The shipment is already canceled.']);

    const reinstate = await update({ shipmentId: 10011, status: S.Quote, reinstateShipment: true });
    expect(reinstate.statusCode).toBe(200);
    expect(reinstate.json().shipmentStatus).toBe(S.Quote);
    expect(
      (await app.inject({ method: 'GET', url: '/api/shipments/10011', headers: t.as(ops) })).json(),
    ).toMatchObject({
      status: S.Quote,
      lostQuote: false,
    });
    const after = (
      await app.inject({ method: 'GET', url: '/api/shipmentAlerts/10011', headers: t.as(ops) })
    ).json() as { code: string | null }[];
    expect(after.some((a) => a.code === 'LostQuote')).toBe(false);

    const changes = (await outboxAfter(before))
      .filter((e) => e.subject === subjects.shipmentUpdated && e.envelope.data.statusChange)
      .map((e) => ({ status: e.envelope.data.status, ...(e.envelope.data.statusChange as object) }));
    expect(changes).toEqual([
      expect.objectContaining({ change: 'cancel', status: S.Canceled, lostQuoteAlertRequested: true }),
      expect.objectContaining({ change: 'reinstate', previousStatus: S.Canceled, status: S.Quote }),
    ]);
    expect((await outboxAfter(before)).filter((e) => e.subject === subjects.shipmentStatusChanged)).toEqual(
      [],
    );
  });

  it('refuses reinstateShipment on a shipment that is not canceled', async () => {
    const res = await update({ shipmentId: 10002, status: S.Dispatched, reinstateShipment: true });
    expect(res.json().errors).toEqual({
      'model.reinstateShipment': ['Only a canceled shipment can be reinstated.'],
    });
  });

  it('dispatches with a pro number and dates, and tenders the load electronically', async () => {
    const res = await update({
      shipmentId: 10013,
      status: S.Dispatched,
      proNumber: ' OLFT424242 ',
      transitLegReferenceNumber: 'TRK-1',
      pickupAppointmentBeginDateTime: '2026-11-25T09:00',
      pickupAppointmentEndDateTime: '2026-11-25T11:00',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      shipmentStatus: S.Dispatched,
      shipmentDispatchTried: true,
      shipmentDispatched: true,
    });
    const shipment = (
      await app.inject({ method: 'GET', url: '/api/shipments/10013', headers: t.as(ops) })
    ).json();
    const active = shipment.transitLegs.find((l: { active: boolean }) => l.active);
    expect(shipment.referenceNumbers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          referenceTypeCode: 'LinehaulCarrierProNumber',
          value: 'OLFT424242',
          transitLegId: active.transitLegId,
        }),
        expect.objectContaining({
          referenceType: ShipmentReferenceType.values.TrackingReferenceNumber,
          value: 'TRK-1',
          transitLegId: active.transitLegId,
        }),
      ]),
    );
    expect(
      shipment.referenceNumbers.filter(
        (r: { referenceTypeCode: string }) => r.referenceTypeCode === 'LinehaulCarrierProNumber',
      ),
    ).toHaveLength(1);
    expect(shipment.stops[0]).toMatchObject({
      appointmentReadyDateTime: '2026-11-25T09:00:00',
      appointmentEndDateTime: '2026-11-25T11:00:00',
    });
  });

  it('delivers with a proof-of-delivery date (time 00:00 when missing) and signed-by', async () => {
    const res = await update({
      shipmentId: 10007,
      status: S.Delivered,
      proofOfDeliveryArrivalDateTime: '2026-11-24',
      proofOfDeliveryDepartureDateTime: '2026-11-24T00:30',
      proofOfDeliverySignedBy: 'R. Dock',
      noAccountingInvoice: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      shipmentStatus: S.Delivered,
      noAccountingInvoice: true,
      actualArrivalDateTime: '2026-11-24T00:00:00',
      actualDepartureDateTime: '2026-11-24T00:30:00',
    });
    const shipment = (
      await app.inject({ method: 'GET', url: '/api/shipments/10007', headers: t.as(ops) })
    ).json();
    expect(shipment.referenceNumbers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ referenceTypeCode: 'ProofOfDeliverySignedBy', value: 'R. Dock' }),
      ]),
    );
  });

  it('refuses a pickup close before the ready time on the close, and writes nothing', async () => {
    const before = { position: await lastPosition(), row: await shipmentRow(10003) };
    const res = await update({
      shipmentId: 10003,
      status: S.Dispatched,
      pickupReadyDateTime: '2026-11-25T10:00',
      pickupCloseDateTime: '2026-11-25T09:00',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'model.pickupCloseDateTime': [
        'Pickup close (11/25/2026 09:00) must not be before pickup ready (11/25/2026 10:00).',
      ],
    });
    expect(await lastPosition()).toBe(before.position);
    expect(await shipmentRow(10003)).toEqual(before.row);
  });

  it('applies concurrent updates of one shipment each once, on the state it read, and loses none', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: t.as(ops),
      payload: newShipment({ status: S.InTransit }),
    });
    expect(created.statusCode).toBe(201);
    const { shipmentId } = created.json() as { shipmentId: number };
    const start = (await shipmentRow(shipmentId)).version;
    const before = await lastPosition();
    // Eight check calls at once, each with its own pro number: every one changes the shipment.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        update({
          shipmentId,
          status: S.InTransit,
          activity: `Check call ${i + 1}`,
          proNumber: `RACE${i}0000`,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const row = await shipmentRow(shipmentId);
    expect(row.version).toBe(start + 8);
    const events = (await outboxAfter(before)).filter((e) => e.envelope.data.shipmentId === shipmentId);
    const updated = events.filter((e) => e.subject === subjects.shipmentUpdated).map((e) => e.envelope.data);
    expect(updated.map((d) => d.version).sort()).toEqual(Array.from({ length: 8 }, (_, i) => start + 1 + i));
    // each update's note rides in its shipment.updated
    expect(updated.map((d) => (d.note as { description: string } | undefined)?.description).sort()).toEqual(
      Array.from({ length: 8 }, (_, i) => `Check call ${i + 1}`).sort(),
    );
    expect(events.filter((e) => e.subject === subjects.shipmentNoteAdded)).toHaveLength(0);
    // The shipment ends with the pro number of its last version, and one pro number only.
    const last = updated.find((d) => d.version === start + 8)!;
    const pro = (refs: unknown) =>
      (refs as { referenceTypeCode: string; value: string }[])
        .filter((r) => r.referenceTypeCode === 'LinehaulCarrierProNumber')
        .map((r) => r.value);
    expect(pro(last.referenceNumbers)).toHaveLength(1);
    const details = await app.inject({
      method: 'GET',
      url: `/api/ShipmentUpdateStatus/shipmentdetails/${shipmentId}`,
      headers: t.as(ops),
    });
    expect(pro(details.json().shipmentTransitReferenceNumbers)).toEqual(pro(last.referenceNumbers));
  });

  it('keeps the status and only adds the note when the status does not change', async () => {
    const before = { position: await lastPosition(), version: (await shipmentRow(10005)).version };
    const res = await update({
      shipmentId: 10005,
      status: S.Dispatched,
      activity: 'Driver is 20 minutes out.',
      accessLevel: 0,
    });
    expect(res.statusCode).toBe(200);
    expect((await outboxAfter(before.position)).map((e) => e.subject)).toEqual([subjects.shipmentNoteAdded]);
    expect((await shipmentRow(10005)).version).toBe(before.version);
  });

  it('keeps Admin notes for IT support admins', async () => {
    const refused = await update({
      shipmentId: 10005,
      status: S.Dispatched,
      activity: 'Internal',
      accessLevel: 2,
    });
    expect(refused.json().errors).toEqual({
      'model.accessLevel': ['Only IT support admins can write Admin notes.'],
    });
    const allowed = await update(
      { shipmentId: 10005, status: S.Dispatched, activity: 'Internal', accessLevel: 2 },
      admin,
    );
    expect(allowed.statusCode).toBe(200);
  });

  it('moves a non-active leg alone: the shipment keeps its active leg’s status', async () => {
    const before = await lastPosition();
    const res = await update({ shipmentId: 10001, status: S.Committed, transitType: L.PickupLocal });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ shipmentStatus: S.Quote, transitLegStatus: S.Committed });
    const change = (await outboxAfter(before)).find((e) => e.subject === subjects.shipmentUpdated);
    expect(change?.envelope.data).toMatchObject({
      status: S.Quote,
      statusChange: { transitLegType: L.PickupLocal, previousStatus: S.Quote, transitLegStatus: S.Committed },
    });
  });

  it('is for staff of the shipment’s broker: a customer gets 403, another broker 404', async () => {
    const customer = await update({ shipmentId: 10001, status: S.Committed }, shipper);
    expect(customer.statusCode).toBe(403);
    const other = await update({ shipmentId: 10001, status: S.Committed }, otherBroker);
    expect(other.statusCode).toBe(404);
  });

  it('validates the payload by schema', async () => {
    const res = await update({ shipmentId: 10001, status: S.Committed, colour: 'red' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('colour is not a known field.');
    const missing = await update({ shipmentId: 10001 });
    expect(missing.json().message).toBe('status is required.');
  });
});
