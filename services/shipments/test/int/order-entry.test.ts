// Order entry against the real PostgreSQL, NATS and Redis (issue 17): an order with commodities, hazmat,
// accessorials and special instructions in one transaction with its event; a customer ordering for another
// customer's organization (two tenants) and bad input refused with nothing stored; the accessorials
// checklist by lane and caller; the customer trends with accounting's charge lines as the spend.
import {
  BrokerOrganizationSetting,
  HAZARDOUS_ACCESSORIAL_ID,
  ShipmentStatus,
} from '@loadline/contracts/catalogue';
import { demoBroker } from '@loadline/contracts/demo';
import { subjects } from '@loadline/contracts/events';
import { type App, createEnvelope } from '@loadline/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationReadModel, spendReadModel } from '../../src/consumers/index.ts';
import { accessorialMasterList } from '../../src/domain/accessorials.ts';
import {
  buyer,
  lastPosition,
  ops,
  otherBroker,
  outboxAfter,
  type Service,
  shipper,
  startService,
} from './fixtures.ts';

let service: Service;
let app: App;

const post = (payload: object, who: object) =>
  app.inject({ method: 'POST', url: '/api/shipments', headers: service.t.as(who), payload });
const get = (url: string, who: object) => app.inject({ method: 'GET', url, headers: service.t.as(who) });

/** Rows of everything an order writes, to show a refused one wrote nothing. */
const counts = async () => {
  const db = service.t.runtime.db;
  const one = async (table: 'shipment' | 'commodity' | 'shipment_accessorial' | 'stop' | 'outbox') =>
    Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return {
    shipments: await one('shipment'),
    commodities: await one('commodity'),
    accessorials: await one('shipment_accessorial'),
    stops: await one('stop'),
    outbox: await one('outbox'),
  };
};

const order = (over: Record<string, unknown> = {}) => ({
  shipmentType: 2,
  status: ShipmentStatus.values.Quote,
  stops: [
    {
      stopType: 'FirstPick',
      companyName: 'Acme Dayton',
      city: 'Dayton',
      state: 'OH',
      zipCode: '45414',
      scheduledReadyDateTime: '2026-12-01T08:00',
      scheduledCloseDateTime: '2026-12-01T16:00',
    },
    { stopType: 'LastDrop', companyName: 'Windy City DC', city: 'Chicago', state: 'IL', zipCode: '60632' },
  ],
  commodities: [
    { description: 'Paint, in pails', pieces: 2, weight: 1000, length: 48, width: 40, height: 48 },
  ],
  referenceNumbers: [{ referenceType: 5, value: 'PO-7781' }],
  specialInstructions: 'Call the dock 30 minutes before arrival.',
  ...over,
});

const hazmat = {
  unNumber: 'UN1263',
  properShippingName: 'Paint',
  hazardClass: '3',
  packingGroup: 2,
  emergencyContactName: 'ChemTel',
  emergencyContactPhone: '(800) 255-3924',
};

beforeAll(async () => {
  service = await startService();
  app = service.app;
});
afterAll(() => service.close());

describe('POST /api/shipments with the order page’s lines', () => {
  it('a customer books with the hazmat flag: commodities, accessorials (46 and the required ones), special instructions, in one transaction with its event', async () => {
    const from = await lastPosition(service.t);
    const res = await post(
      order({
        commodities: [
          {
            description: 'Paint, in pails',
            pieces: 2,
            weight: 1000,
            length: 48,
            width: 40,
            height: 48,
            hazardous: true,
          },
        ],
        accessorials: [HAZARDOUS_ACCESSORIAL_ID, 12],
      }),
      shipper,
    );
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.customerOrganizationId).toBe(shipper.organizationId);
    expect(created.commodities).toEqual([
      expect.objectContaining({
        sequence: 0,
        pieces: 2,
        weight: 1000,
        freightClass: 100,
        hazardous: true,
        hazmat: null,
      }),
    ]);
    const required = accessorialMasterList.filter((d) => d.availability === 1).map((d) => d.accessorialId);
    expect(created.accessorials.map((a: { accessorialId: number }) => a.accessorialId).sort()).toEqual(
      [HAZARDOUS_ACCESSORIAL_ID, 12, ...required].sort(),
    );
    expect(created.specialInstructions).toBe('Call the dock 30 minutes before arrival.');
    expect(created.totalWeight).toBe(1000);

    const again = await get(`/api/shipments/${created.shipmentId}`, shipper);
    expect(again.json().commodities).toEqual(created.commodities);
    const events = await outboxAfter(service.t, from);
    expect(events.map((e) => e.subject)).toEqual([subjects.shipmentUpdated]);
    expect(events[0]!.envelope.data).toMatchObject({
      shipmentId: created.shipmentId,
      version: 1,
      commodities: [expect.objectContaining({ hazardous: true, freightClass: 100 })],
      accessorials: expect.arrayContaining([
        // with its type, so accounting makes its charge line of the matching type (decision 0098)
        { accessorialId: HAZARDOUS_ACCESSORIAL_ID, name: 'Hazardous Materials', accessorialType: 1 },
      ]),
      specialInstructions: 'Call the dock 30 minutes before arrival.',
    });
  });

  it('staff book for a customer with the hazmat modal’s details; the hazardous commodity brings accessorial 46', async () => {
    const res = await post(
      order({
        customerOrganizationId: 'org_demo_globex',
        commodities: [{ description: 'Paint', pieces: 1, weight: 400, freightClass: 92.5, hazmat }],
      }),
      ops,
    );
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.commodities[0]).toMatchObject({ freightClass: 92, hazardous: true, hazmat });
    expect(created.accessorials.map((a: { accessorialId: number }) => a.accessorialId)).toContain(
      HAZARDOUS_ACCESSORIAL_ID,
    );
  });

  it('a customer ordering for another customer’s organization is refused and nothing is stored', async () => {
    const before = await counts();
    const res = await post(order({ customerOrganizationId: buyer.organizationId }), shipper);
    expect(res.statusCode).toBe(403);
    expect(await counts()).toEqual(before);
    // and the other tenant's broker staff cannot book for this broker's customer
    const other = await post(order({ customerOrganizationId: 'org_demo_acme' }), otherBroker);
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toHaveProperty(['model.customerOrganizationId']);
    expect(await counts()).toEqual(before);
  });

  it('a customer orders domestic freight only; staff may enter an international shipment', async () => {
    const before = await counts();
    const domestic = 'Small Package, LTL, Truckload, Domestic Freight, Cartage, Drayage';
    for (const [shipmentType, name] of [
      [32, 'Ocean'],
      [16, 'Air House'],
      [512, 'Other'],
      [6, '6'],
    ] as const) {
      const res = await post(order({ shipmentType }), shipper);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().errors['model.shipmentType']).toEqual([
        `A customer can order ${domestic}; not ${name}.`,
      ]);
    }
    expect(await counts()).toEqual(before);
    const drayage = await post(order({ shipmentType: 2048 }), shipper);
    expect(drayage.statusCode).toBe(201);
    const ocean = await post(order({ shipmentType: 32, customerOrganizationId: 'org_demo_acme' }), ops);
    expect(ocean.statusCode, ocean.body).toBe(201);
    expect(ocean.json().shipmentType).toBe(32);
  });

  it('bad input answers each field’s error and stores nothing', async () => {
    const before = await counts();
    const prOnly = accessorialMasterList.find((d) => d.puertoRicoOnly)!.accessorialId;
    const res = await post(
      order({
        customerOrganizationId: 'org_demo_acme',
        commodities: [
          { description: '', pieces: 0, weight: 0 },
          { description: 'Paint', pieces: 1, weight: 50, hazardous: true },
          {
            description: 'Solvent',
            pieces: 1,
            weight: 50,
            hazmat: { ...hazmat, unNumber: '12', hazardClass: '12' },
          },
        ],
        accessorials: [prOnly],
      }),
      ops,
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(
      [
        'model.accessorials.0',
        'model.commodities.0.description',
        'model.commodities.0.pieces',
        'model.commodities.0.weight',
        'model.commodities.1.hazmat',
        'model.commodities.2.hazmat.hazardClass',
        'model.commodities.2.hazmat.unNumber',
      ].sort(),
    );
    expect(res.json().errors['model.accessorials.0'][0]).toMatch(/Puerto Rico/);
    const accessorialWithoutHazard = await post(order({ accessorials: [HAZARDOUS_ACCESSORIAL_ID] }), shipper);
    expect(accessorialWithoutHazard.statusCode).toBe(400);
    expect(accessorialWithoutHazard.json().errors).toHaveProperty(['model.accessorials.0']);
    expect(await counts()).toEqual(before);
  });

  it('fills a class from density on the broker’s scale (the alternate one when the broker says so)', async () => {
    const readModel = service.t.runtime.consumers.find((c) =>
      c.durableName.endsWith(organizationReadModel.name),
    )!;
    const heavyish = { description: 'Parts', pieces: 2, weight: 900, length: 48, width: 40, height: 48 };
    const standard = await post(order({ commodities: [heavyish] }), shipper);
    expect(standard.json().commodities[0].freightClass).toBe(100);
    await readModel.apply(
      createEnvelope('directory', subjects.organizationChanged, {
        ...demoBroker,
        version: 100,
        brokerSettings: BrokerOrganizationSetting.combine('UseAlternateClassEstimatorDensityScale'),
      }) as never,
    );
    const alternate = await post(order({ commodities: [heavyish] }), shipper);
    expect(alternate.json().commodities[0].freightClass).toBe(110);

    // The scale the directory decided (its flags too, decision 0091 addendum) wins: 60 lb/ft³ is class 60 on
    // the standard scale, 50 with the scale update.
    const dense = { description: 'Steel plates', pieces: 1, weight: 800, length: 48, width: 40, height: 12 };
    await readModel.apply(
      createEnvelope('directory', subjects.organizationChanged, {
        ...demoBroker,
        version: 101,
        brokerSettings: 0,
        densityScale: 'standardScaleUpdate',
      }) as never,
    );
    const updated = await post(order({ commodities: [dense] }), shipper);
    expect(updated.json().commodities[0].freightClass).toBe(50);
    await readModel.apply(
      createEnvelope('directory', subjects.organizationChanged, {
        ...demoBroker,
        version: 102,
        brokerSettings: 0,
        densityScale: 'standard',
      }) as never,
    );
    const standardAgain = await post(order({ commodities: [dense] }), shipper);
    expect(standardAgain.json().commodities[0].freightClass).toBe(60);
  });
});

describe('GET /api/shipments/accessorials', () => {
  type Group = { accessorialType: number; accessorials: { accessorialId: number }[] };
  const idsOf = (groups: Group[]) => groups.flatMap((g) => g.accessorials.map((a) => a.accessorialId));
  const prOnly = accessorialMasterList.filter((d) => d.puertoRicoOnly).map((d) => d.accessorialId);
  const backOffice = accessorialMasterList
    .filter((d) => d.display === 'ShowBackOffice')
    .map((d) => d.accessorialId);

  it('leaves out Puerto Rico-only accessorials unless the lane touches Puerto Rico', async () => {
    const mainland = await get('/api/shipments/accessorials?originZip=45414&destinationZip=60632', shipper);
    expect(mainland.statusCode).toBe(200);
    expect(idsOf(mainland.json())).not.toEqual(expect.arrayContaining([prOnly[0]]));
    const island = await get('/api/shipments/accessorials?originZip=45414&destinationState=PR', shipper);
    expect(idsOf(island.json())).toEqual(expect.arrayContaining(prOnly));
  });

  it('shows the back office’s accessorials to staff only', async () => {
    const customerView = idsOf((await get('/api/shipments/accessorials', shipper)).json());
    const staffView = idsOf((await get('/api/shipments/accessorials', ops)).json());
    for (const id of backOffice) {
      expect(customerView).not.toContain(id);
      expect(staffView).toContain(id);
    }
    expect(staffView).toContain(HAZARDOUS_ACCESSORIAL_ID);
  });
});

describe('GET /api/shipments/customerTrends/{organizationId}', () => {
  const trends = (org: string, who: object) => get(`/api/shipments/customerTrends/${org}`, who);
  const deliverSpend = async (shipmentId: number, sellCents: number[]) => {
    const consumer = service.t.runtime.consumers.find((c) => c.durableName.endsWith(spendReadModel.name))!;
    await consumer.apply(
      createEnvelope('accounting', subjects.chargeLinesChanged, {
        shipmentId,
        version: 1,
        brokerId: demoBroker.organizationId,
        chargeLines: sellCents.map((sell, i) => ({
          chargeLineId: `chl_${shipmentId}_${i}`,
          transitLegId: null,
          chargeLineType: 'Linehaul',
          description: 'Linehaul',
          carrierMasterId: null,
          buyCents: 0,
          sellCents: sell,
        })),
      }) as never,
    );
  };

  it('counts the customer’s shipments booked and their spend from accounting’s charge lines', async () => {
    const before = (await trends(shipper.organizationId, shipper)).json();
    expect(before.ranges.map((r: { range: string }) => r.range)).toEqual([
      'Last7Days',
      'ThisMonth',
      'LastMonth',
    ]);
    const created = (await post(order(), shipper)).json();
    await deliverSpend(created.shipmentId, [120_000, 4_550]);
    const after = (await trends(shipper.organizationId, ops)).json();
    expect(after.ranges[0].shipmentCount).toBe(before.ranges[0].shipmentCount + 1);
    expect(after.ranges[0].spendCents).toBe(before.ranges[0].spendCents + 124_550);
    expect(after.ranges[1].shipmentCount).toBe(before.ranges[1].shipmentCount + 1);
    expect(after.ranges[2]).toEqual(before.ranges[2]);
  });

  it('a customer sees only its own organization; staff only their broker’s customers', async () => {
    expect((await trends(buyer.organizationId, shipper)).statusCode).toBe(404);
    expect((await trends(shipper.organizationId, buyer)).statusCode).toBe(404);
    expect((await trends(buyer.organizationId, buyer)).statusCode).toBe(200);
    expect((await trends(shipper.organizationId, otherBroker)).statusCode).toBe(404);
    expect((await trends('org_nowhere', ops)).statusCode).toBe(404);
  });
});
