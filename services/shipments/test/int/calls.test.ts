// The other 000 §7 calls the shipments service owns, against the real servers: pro-number
// duplicates, tracking link, shipmentDomestic, shipmentsearch details, bill-to, shipment alerts,
// the credit-hold check and universal search over shipments.
import { CANCEL_STATUS_CHOICE, ShipmentAlertType, ShipmentStatus } from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import { createEnvelope } from '@loadline/platform';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const S = ShipmentStatus.values;
let service: Service;

const get = (url: string, who: object = ops) =>
  service.app.inject({ method: 'GET', url, headers: service.t.as(who) });
const send = (method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, who: object = ops) =>
  service.app.inject({ method, url, headers: service.t.as(who), ...(payload ? { payload } : {}) });

const proOf = async (shipmentId: number) =>
  (
    await service.t.runtime.db
      .selectFrom('reference_number')
      .select('value')
      .where('shipment_id', '=', shipmentId)
      .where('reference_type_code', '=', 'LinehaulCarrierProNumber')
      .executeTakeFirstOrThrow()
  ).value;

beforeAll(async () => {
  service = await startService();
});
afterAll(async () => {
  await service?.close();
});

describe('GET /api/ShipmentUpdateStatus/proNumberHasDuplicates', () => {
  it('finds the same pro with the same carrier on another shipment, whatever its case', async () => {
    const pro = await proOf(10005); // Old Line Freight
    const ask = (query: string, who: object = ops) =>
      get(`/api/ShipmentUpdateStatus/proNumberHasDuplicates?${query}`, who);
    const res = await ask(`shipmentId=10013&carrierId=car_demo_oldline&proNumber=${pro.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(true);
    expect(
      (
        await ask(`carrierId=car_demo_oldline&proNumber=${pro}&referenceType=LinehaulCarrierProNumber`)
      ).json(),
    ).toBe(true);
    // Its own shipment, another carrier, another pro type: no duplicate.
    expect((await ask(`shipmentId=10005&carrierId=car_demo_oldline&proNumber=${pro}`)).json()).toBe(false);
    expect((await ask(`shipmentId=10013&carrierId=car_demo_prairie&proNumber=${pro}`)).json()).toBe(false);
    expect(
      (await ask(`carrierId=car_demo_oldline&proNumber=${pro}&referenceType=PickupCarrierProNumber`)).json(),
    ).toBe(false);
  });

  it('answers false without a carrier or under 6 characters, and is for staff', async () => {
    const pro = await proOf(10005);
    const ask = (query: string, who: object = ops) =>
      get(`/api/ShipmentUpdateStatus/proNumberHasDuplicates?${query}`, who);
    expect((await ask(`proNumber=${pro}`)).json()).toBe(false);
    expect((await ask(`carrierId=car_demo_oldline&proNumber=${pro.slice(0, 5)}`)).json()).toBe(false);
    expect((await ask('')).json()).toBe(false);
    expect((await ask(`carrierId=car_demo_oldline&proNumber=${pro}`, shipper)).statusCode).toBe(403);
    expect((await ask(`carrierId=car_demo_oldline&proNumber=${pro}`, otherBroker)).json()).toBe(false);
  });
});

describe('GET /api/ShipmentUpdateStatus/getTrackingLink/{id}', () => {
  it('replaces the pro-number placeholder, adds https, and gives null without a URL or a pro number', async () => {
    const link = (id: number, who: object = ops) =>
      get(`/api/ShipmentUpdateStatus/getTrackingLink/${id}`, who);
    expect((await link(10005)).json()).toEqual({
      trackingLink: `https://track.oldline.example/shipments?pro=${await proOf(10005)}`,
    });
    // Summit Carriers' URL has no scheme.
    expect((await link(10008)).json()).toEqual({
      trackingLink: `https://summit-carriers.example/track?pro=${await proOf(10008)}`,
    });
    // Bluewater has no tracking URL; 10002 (Committed) has no pro number yet.
    expect((await link(10007)).json()).toEqual({ trackingLink: null });
    expect((await link(10002)).json()).toEqual({ trackingLink: null });
    expect((await link(10005, shipper)).statusCode).toBe(200);
    expect((await link(10002, shipper)).statusCode).toBe(404);
  });
});

describe('GET /api/shipmentDomestic/{id} and /api/shipmentsearch/details/{id}', () => {
  it('answers the created date, the type data and whether the shipment is a year old', async () => {
    const res = await get('/api/shipmentDomestic/10005');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      shipmentId: 10005,
      shipmentType: 4,
      shipmentTypeCodes: ['Truckload'],
      isInternational: false,
      isDomestic: true,
      status: S.Dispatched,
      createdDate: expect.stringMatching(/Z$/),
      yearOld: false,
      customerName: 'Acme Manufacturing',
    });
    await service.t.runtime.db
      .updateTable('shipment')
      .set({ created_at: sql`now() - interval '400 days'` })
      .where('shipment_id', '=', 10009)
      .execute();
    expect((await get('/api/shipmentDomestic/10009')).json().yearOld).toBe(true);
    expect((await get('/api/shipmentDomestic/10038')).json()).toMatchObject({
      consolidationChildIds: [10039],
    });
    expect((await get('/api/shipmentDomestic/10002', shipper)).statusCode).toBe(404);
  });

  it("shows a customer none of another customer's shipment numbers of a consolidation; staff see them all", async () => {
    // 10038 is Globex's consolidation parent, its child 10039 Acme's (decision 0025)
    const links = async (id: number, who: object) => {
      const [shipment, domestic] = await Promise.all([
        get(`/api/shipments/${id}`, who),
        get(`/api/shipmentDomestic/${id}`, who),
      ]);
      expect(shipment.statusCode).toBe(200);
      const pick = (j: { consolidationParentId: number | null; consolidationChildIds: number[] }) => ({
        parent: j.consolidationParentId,
        children: j.consolidationChildIds,
      });
      expect(pick(domestic.json())).toEqual(pick(shipment.json()));
      return pick(shipment.json());
    };
    expect(await links(10038, ops)).toEqual({ parent: null, children: [10039] });
    expect(await links(10039, ops)).toEqual({ parent: 10038, children: [] });
    expect(await links(10038, buyer)).toEqual({ parent: null, children: [] });
    expect(await links(10039, shipper)).toEqual({ parent: null, children: [] });
  });

  it('answers the type a shipment opens by', async () => {
    expect((await get('/api/shipmentsearch/details/10007')).json()).toEqual({
      shipmentId: 10007,
      shipmentType: 32,
      shipmentTypeCodes: ['Ocean'],
      isInternational: true,
      isDomestic: false,
      isOcean: true,
      status: S.OutForDelivery,
    });
    expect((await get('/api/shipmentsearch/details/10007', buyer)).statusCode).toBe(404);
    expect((await get('/api/shipmentsearch/details/99999')).statusCode).toBe(404);
    expect((await get('/api/shipmentsearch/details/10001', otherBroker)).statusCode).toBe(404);
  });
});

describe('bill-to (GET, PUT /api/shipmentdomestic/shipmentbillto, DELETE …/shipmentBillTo/{id})', () => {
  const address = {
    shipmentId: 10002,
    companyName: 'Globex Foods AP',
    streetAddress: ' 77 Market St ',
    city: 'Phoenix',
    state: 'az',
    zipCode: '85043',
  };

  it('answers null fields for a shipment without one, sets one with its events, and reads it back', async () => {
    const none = await get('/api/shipmentdomestic/shipmentbillto?shipmentId=10002');
    expect(none.json()).toMatchObject({ shipmentId: 10002, exists: false, city: null, transitLegId: null });

    const before = await lastPosition(service.t);
    const legId = (await get('/api/shipments/10002')).json().transitLegs[0].transitLegId;
    const saved = await send('PUT', '/api/shipmentdomestic/shipmentbillto', {
      ...address,
      transitLegId: legId,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      shipmentId: 10002,
      transitLegId: legId,
      companyName: 'Globex Foods AP',
      streetAddress: '77 Market St',
      streetAddressTwo: null,
      city: 'Phoenix',
      state: 'AZ',
      zipCode: '85043',
      country: 'USA',
      exists: true,
    });
    const events = await outboxAfter(service.t, before);
    expect(events.map((e) => e.subject)).toEqual([subjects.shipmentUpdated, subjects.shipmentBillToChanged]);
    expect(events[1]!.envelope.data).toMatchObject({
      shipmentId: 10002,
      version: 2,
      billTo: { city: 'Phoenix', transitLegId: legId },
      changedBy: { userId: 'usr_demo_ops' },
    });
    expect(
      (await get('/api/shipmentdomestic/shipmentbillto?shipmentId=10002&transitLegId=x')).json().city,
    ).toBe('Phoenix');
    expect((await get('/api/shipmentdomestic/shipmentbillto?shipmentId=10002', buyer)).statusCode).toBe(200);
    expect((await get('/api/shipmentdomestic/shipmentbillto?shipmentId=10002', shipper)).statusCode).toBe(
      404,
    );
  });

  it('refuses an incomplete address or a leg of another shipment with model errors, writing nothing; customers 403', async () => {
    const before = await lastPosition(service.t);
    const bad = await send('PUT', '/api/shipmentdomestic/shipmentbillto', {
      ...address,
      city: ' ',
      zipCode: '850',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      'model.city': ['City is required.'],
      'model.zipCode': ['ZIP code must be 5 digits (or ZIP+4).'],
    });
    const otherLeg = (await get('/api/shipments/10005')).json().transitLegs[0].transitLegId;
    const leg = await send('PUT', '/api/shipmentdomestic/shipmentbillto', {
      ...address,
      transitLegId: otherLeg,
    });
    expect(leg.json().errors).toEqual({
      'model.transitLegId': [`${otherLeg} is not a transit leg of shipment 10002.`],
    });
    expect((await send('PUT', '/api/shipmentdomestic/shipmentbillto', address, buyer)).statusCode).toBe(403);
    expect(
      (
        await send(
          'PUT',
          '/api/shipmentdomestic/shipmentbillto',
          { ...address, shipmentId: 10001 },
          otherBroker,
        )
      ).statusCode,
    ).toBe(404);
    expect(await lastPosition(service.t)).toBe(before);
  });

  it('deletes it with a billto.changed of null; deleting again changes nothing', async () => {
    const before = await lastPosition(service.t);
    const res = await send('DELETE', '/api/shipmentdomestic/shipmentBillTo/10002');
    expect(res.statusCode).toBe(204);
    const events = await outboxAfter(service.t, before);
    expect(events.map((e) => e.subject)).toEqual([subjects.shipmentUpdated, subjects.shipmentBillToChanged]);
    expect(events[1]!.envelope.data).toMatchObject({ billTo: null });
    expect((await get('/api/shipmentdomestic/shipmentbillto?shipmentId=10002')).json().exists).toBe(false);
    const again = await send('DELETE', '/api/shipmentdomestic/shipmentBillTo/10002');
    expect(again.statusCode).toBe(204);
    expect((await outboxAfter(service.t, before)).length).toBe(2);
    expect(
      (await send('DELETE', '/api/shipmentdomestic/shipmentBillTo/10001', undefined, shipper)).statusCode,
    ).toBe(403);
  });
});

describe('shipment alerts', () => {
  it('lists the alert types with their settings; the admin page adds open counts, for staff', async () => {
    const list = (await get('/api/shipmentAlerts/search/?isAdminPage=false')).json();
    expect(list.map((a: { type: number }) => a.type)).toEqual([218, 222, 223, 224, 265, 269, 270]);
    expect(list[4]).toEqual({
      alertId: 265,
      type: 265,
      displayName: 'Hold',
      settings: { color: 'red', icon: 'hand-stop' },
      systemRaised: false,
    });
    const admin = (await get('/api/shipmentAlerts/search?isAdminPage=true')).json();
    const count = (type: number) => admin.find((a: { type: number }) => a.type === type).openCount;
    expect(count(ShipmentAlertType.values.Hold)).toBe(1);
    expect(count(ShipmentAlertType.values.CreditLimitExceeded)).toBe(4);
    expect(count(ShipmentAlertType.values.CarrierBlocked)).toBe(0);
    expect((await get('/api/shipmentAlerts/search/', shipper)).statusCode).toBe(200);
    expect((await get('/api/shipmentAlerts/search/?isAdminPage=true', shipper)).statusCode).toBe(403);
  });

  it("answers a shipment's alerts, open ones first", async () => {
    await service.t.runtime.db
      .insertInto('shipment_alert')
      .values({
        alert_id: 'alr_test_old',
        shipment_id: 10008,
        alert_type: 240,
        resolved: true,
        resolved_at: new Date(),
      })
      .execute();
    const res = await get('/api/shipmentAlerts/10008');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ type: 265, displayName: 'Hold', resolved: false, resolvedDate: null }),
      expect.objectContaining({
        alertId: 'alr_test_old',
        type: 240,
        displayName: null,
        settings: { color: 'amber', icon: 'clock-exclamation' },
        resolved: true,
        resolvedDate: expect.stringMatching(/Z$/),
      }),
    ]);
    expect((await get('/api/shipmentAlerts/10008', shipper)).statusCode).toBe(404);
  });
});

describe('POST /api/creditHoldShipment/canUpdateTransitLegStatus', () => {
  const can = (payload: object, who: object = ops) =>
    send('POST', '/api/creditHoldShipment/canUpdateTransitLegStatus', payload, who);

  it('refuses moving a credit-hold customer’s load beyond Committed, and lets Committed, Quote and cancel through', async () => {
    // Globex Foods is on credit hold (contracts/demo); 10002 is its Committed load.
    expect((await can({ shipmentId: 10002, newtransitLegStatus: S.Ready })).json()).toBe(false);
    expect((await can({ shipmentId: 10002, newTransitLegStatus: S.Dispatched, transitType: 1 })).json()).toBe(
      false,
    );
    expect((await can({ shipmentId: 10002, newtransitLegStatus: S.Committed })).json()).toBe(true);
    expect((await can({ shipmentId: 10002, newtransitLegStatus: S.Quote })).json()).toBe(true);
    expect((await can({ shipmentId: 10002, newtransitLegStatus: CANCEL_STATUS_CHOICE })).json()).toBe(true);
    // A Globex load already moving keeps moving.
    expect((await can({ shipmentId: 10006, newtransitLegStatus: S.OutForDelivery })).json()).toBe(true);
    // Acme is approved.
    expect((await can({ shipmentId: 10001, newtransitLegStatus: S.Dispatched })).json()).toBe(true);
  });

  it('updatestatus refuses the same move with 400 and the reason, and writes nothing', async () => {
    const before = await service.t.runtime.db
      .selectFrom('shipment')
      .select(['status', 'version'])
      .where('shipment_id', '=', 10002)
      .executeTakeFirstOrThrow();
    const positions = await lastPosition(service.t);
    const res = await send('PUT', '/api/ShipmentUpdateStatus/updatestatus', {
      shipmentId: 10002,
      status: S.Ready,
      activity: 'Trying to skip the credit-hold modal',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'model.status': [
        'Globex Foods is on credit hold: the shipment cannot move to Ready. Choose Committed or Quote, or cancel it.',
      ],
    });
    const after = await service.t.runtime.db
      .selectFrom('shipment')
      .select(['status', 'version'])
      .where('shipment_id', '=', 10002)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(await outboxAfter(service.t, positions)).toEqual([]);
    // The modal's choices go through.
    const quote = await send('PUT', '/api/ShipmentUpdateStatus/updatestatus', {
      shipmentId: 10002,
      status: S.Quote,
    });
    expect(quote.statusCode).toBe(200);
    expect(quote.json().shipmentStatus).toBe(S.Quote);
    const back = await send('PUT', '/api/ShipmentUpdateStatus/updatestatus', {
      shipmentId: 10002,
      status: S.Committed,
    });
    expect(back.json().shipmentStatus).toBe(S.Committed);
  });

  it('refuses a load with an open credit-limit-exceeded alert, and follows the directory’s changes', async () => {
    await service.t.runtime.db
      .insertInto('shipment_alert')
      .values({
        alert_id: 'alr_test_credit',
        shipment_id: 10011,
        alert_type: ShipmentAlertType.values.CreditLimitExceeded,
        resolved_at: null,
      })
      .execute();
    expect((await can({ shipmentId: 10011, newtransitLegStatus: S.Ready })).json()).toBe(false);

    await service.t.runtime.consumers[0]!.apply(
      createEnvelope('directory', subjects.organizationChanged, {
        organizationId: 'org_demo_globex',
        version: 5,
        name: 'Globex Foods',
        organizationType: 70,
        brokerId: 'org_demo_broker',
        paymentPreference: 1,
        creditLimit: 10000,
        customerSettings: 0,
        brokerSettings: 0,
        active: true,
      }) as never,
    );
    // 10002 still carries its open credit-limit-exceeded alert; 10012's, once resolved, no longer counts.
    expect((await can({ shipmentId: 10002, trainsitType: null, newtransitLegStatus: S.Ready })).json()).toBe(
      false,
    );
    expect((await can({ shipmentId: 10012, newtransitLegStatus: S.Ready })).json()).toBe(false);
    await service.t.runtime.db
      .updateTable('shipment_alert')
      .set({ resolved: true, resolved_at: new Date() })
      .where('shipment_id', '=', 10012)
      .execute();
    expect((await can({ shipmentId: 10012, trainsitType: null, newtransitLegStatus: S.Ready })).json()).toBe(
      true,
    );
  });

  it('asks for the new status, is for staff, and hides other shipments', async () => {
    const missing = await can({ shipmentId: 10002 });
    expect(missing.json().errors).toEqual({
      'model.newtransitLegStatus': ['newtransitLegStatus is required.'],
    });
    expect((await can({ shipmentId: 10002, newtransitLegStatus: S.Ready }, buyer)).statusCode).toBe(403);
    expect((await can({ shipmentId: 10002, newtransitLegStatus: S.Ready }, otherBroker)).statusCode).toBe(
      404,
    );
  });
});

describe('GET /api/universalSearch/shipments', () => {
  const search = (query: string, who: object = ops) =>
    get(`/api/universalSearch/shipments?query=${encodeURIComponent(query)}`, who);

  it('finds a shipment by number first, and shipments by the start of a reference value', async () => {
    const byNumber = (await search('10005')).json();
    expect(byNumber[0]).toEqual({
      universalSearchResultType: 5,
      organizationId: 'org_demo_acme',
      staffId: null,
      shipmentId: '10005',
      updateStatusText: expect.stringMatching(/^Shipment 10005 · \w+/),
    });
    const po = (await search('po-70037')).json();
    expect(po).toEqual([
      expect.objectContaining({
        shipmentId: '10002',
        updateStatusText: expect.stringMatching(/PO Number PO-70037$/),
      }),
    ]);
    const many = (await search('PO-7')).json();
    expect(many).toHaveLength(12);
    expect(new Set(many.map((r: { shipmentId: string }) => r.shipmentId)).size).toBe(12);
    expect((await get('/api/universalSearch/shipments?query=PO-7&maxResults=3')).json()).toHaveLength(3);
    expect((await search('zzzz-nothing')).json()).toEqual([]);
  });

  it('needs more than 3 characters, is for staff, and stays within the broker', async () => {
    const short = await search('PO-');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ 'model.query': ['Search text must be longer than 3 characters.'] });
    expect((await search('PO-7', shipper)).statusCode).toBe(403);
    expect((await search('PO-7', otherBroker)).json()).toEqual([]);
    expect((await search('10005', otherBroker)).json()).toEqual([]);
  });
});
