// The location history calls against the real servers: GET /api/location/{id}, /api/Lastlocation/{id},
// adding a location and a batch of check calls, the shipment read model and the check calls of
// status updates (000 §3, §7; issue 4 items 1, 5, 6).
import {
  ShipmentLocationType,
  ShipmentStatus,
  type ShipmentStatusValue,
} from '@loadline/contracts/catalogue';
import { LOCATIONS_PER_EVENT, subjects } from '@loadline/contracts/events';
import { createEnvelope } from '@loadline/platform';
import { eventually } from '@loadline/platform/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyer, demo, ops, otherBroker, type Service, shipper, startService } from './fixtures.ts';

const L = ShipmentLocationType.values;
let service: Service;

const get = (url: string, who: object = ops) =>
  service.app.inject({ method: 'GET', url, headers: service.t.as(who) });
const post = (url: string, payload: object, who: object = ops) =>
  service.app.inject({ method: 'POST', url, payload, headers: service.t.as(who) });
const outbox = async () =>
  (await service.t.runtime.db
    .selectFrom('outbox')
    .select(['subject', 'envelope'])
    .orderBy('position')
    .execute()) as {
    subject: string;
    envelope: { data: Record<string, unknown> };
  }[];

beforeAll(async () => {
  service = await startService();
});
afterAll(async () => {
  await service?.close();
});

describe('GET /api/location/{id} and /api/Lastlocation/{id}', () => {
  it('answers the demo history newest first, the newest flagged most recent, with UTC and local time', async () => {
    const res = await get(`/api/location/${demo.acmeOnTheRoad}`);
    expect(res.statusCode).toBe(200);
    const locations = res.json() as Record<string, unknown>[];
    expect(locations.length).toBeGreaterThanOrEqual(2);
    expect(locations.at(-1)).toMatchObject({
      locationType: L.Origin,
      locationStringFull: expect.stringMatching(/^Acme Plant 2, Dayton, OH 45414$/),
    });
    expect(locations.filter((l) => l.mostRecentLocation)).toEqual([locations[0]]);
    const times = locations.map((l) => Date.parse(String(l.locationDateTime)));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // Dayton in November: Eastern standard time, 09:15 at the dock is 14:15 UTC.
    const origin = locations.at(-1)!;
    expect(origin.utcOffsetMinutes).toBe(-300);
    expect(String(origin.localDateTime)).toMatch(/T09:15:00$/);
    expect(String(origin.locationDateTime)).toMatch(/T14:15:00\.000Z$/);

    const last = (await get(`/api/Lastlocation/${demo.acmeOnTheRoad}`)).json();
    expect(last).toEqual({
      shipmentId: demo.acmeOnTheRoad,
      locationStringFull: locations[0]!.locationStringFull,
      locationDateTime: locations[0]!.locationDateTime,
      utcOffsetMinutes: locations[0]!.utcOffsetMinutes,
    });
  });

  it('has no history for a load that has not left, and says so with nulls', async () => {
    expect((await get(`/api/location/${demo.acmeQuote}`)).json()).toEqual([]);
    expect((await get(`/api/Lastlocation/${demo.acmeQuote}`)).json()).toEqual({
      shipmentId: demo.acmeQuote,
      locationStringFull: null,
      locationDateTime: null,
      utcOffsetMinutes: null,
    });
  });

  it('lets a customer see its own shipments only; another customer’s or broker’s answer 404', async () => {
    expect((await get(`/api/location/${demo.acmeOnTheRoad}`, shipper)).statusCode).toBe(200);
    expect((await get(`/api/location/${demo.acmeOnTheRoad}`, buyer)).statusCode).toBe(404);
    expect((await get(`/api/Lastlocation/${demo.acmeOnTheRoad}`, buyer)).statusCode).toBe(404);
    expect((await get(`/api/shipmentLocationsArchive/${demo.acmeOnTheRoad}`, buyer)).statusCode).toBe(404);
    expect((await get(`/api/location/${demo.globexInTransit}`, buyer)).statusCode).toBe(200);
    const other = await get(`/api/location/${demo.acmeOnTheRoad}`, otherBroker);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(`Shipment ${demo.acmeOnTheRoad} was not found.`);
    expect((await get('/api/location/999999')).statusCode).toBe(404);
    expect(
      (await service.app.inject({ method: 'GET', url: `/api/location/${demo.acmeOnTheRoad}` })).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/location (staff)', () => {
  it('adds a check call by ZIP code at the place’s wall clock, stores UTC with the offset, moves the most recent flag and writes locations.added', async () => {
    const before = (await outbox()).length;
    const res = await post('/api/location', {
      shipmentId: demo.globexInTransit,
      locationType: L.InTransit,
      locationDateTime: '2026-11-23T06:30',
      zipCode: '60435',
    });
    expect(res.statusCode).toBe(201);
    const added = res.json();
    expect(added).toMatchObject({
      shipmentId: demo.globexInTransit,
      locationType: L.InTransit,
      city: 'Joliet',
      state: 'IL',
      zipCode: '60435',
      country: 'USA',
      locationStringFull: 'Joliet, IL 60435',
      locationDateTime: '2026-11-23T12:30:00.000Z',
      utcOffsetMinutes: -360,
      localDateTime: '2026-11-23T06:30:00',
      mostRecentLocation: true,
      source: 'staff',
      addedBy: 'Omar Operations',
    });
    expect(added.latitude).toBeCloseTo(41.5, 0);
    const list = (await get(`/api/location/${demo.globexInTransit}`)).json() as {
      locationId: number;
      mostRecentLocation: boolean;
    }[];
    expect(list.filter((l) => l.mostRecentLocation).map((l) => l.locationId)).toEqual([added.locationId]);
    const events = (await outbox()).slice(before);
    expect(events.map((e) => e.subject)).toEqual([subjects.locationsAdded]);
    expect(events[0]!.envelope.data.locations).toHaveLength(1);
    expect((events[0]!.envelope.data.locations as unknown[])[0]).toMatchObject({
      locationId: added.locationId,
      shipmentId: demo.globexInTransit,
      brokerId: 'org_demo_broker',
      customerOrganizationId: 'org_demo_globex',
      mostRecentLocation: true,
      source: 'staff',
    });
    expect((await get(`/api/Lastlocation/${demo.globexInTransit}`)).json().locationStringFull).toBe(
      'Joliet, IL 60435',
    );
  });

  it('an older location joins the history without taking the most recent flag', async () => {
    const res = await post('/api/location', {
      shipmentId: demo.globexInTransit,
      locationType: L.Informational,
      locationDateTime: '2026-11-20T10:00:00Z',
      latitude: 39.7684,
      longitude: -86.1581,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ mostRecentLocation: false, city: 'Indianapolis', state: 'IN' });
    expect((await get(`/api/Lastlocation/${demo.globexInTransit}`)).json().locationStringFull).toBe(
      'Joliet, IL 60435',
    );
  });

  it('refuses a customer (403), an unknown ZIP, half coordinates and a future time (400 on model.<field>), writing nothing', async () => {
    const count = async () => (await get(`/api/location/${demo.acmeOnTheRoad}`)).json().length;
    const before = await count();
    const base = { shipmentId: demo.acmeOnTheRoad, locationType: L.InTransit };
    expect((await post('/api/location', { ...base, zipCode: '43604' }, shipper)).statusCode).toBe(403);
    const unknown = await post('/api/location', { ...base, zipCode: '00000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ 'model.zipCode': ['ZIP code 00000 was not found.'] });
    // Beyond the column's range (a check constraint refused it with a 500, issue 14): 400 naming the field.
    const offTheGlobe = await post('/api/location', { ...base, latitude: 91, longitude: -181 });
    expect(offTheGlobe.statusCode).toBe(400);
    expect(offTheGlobe.json().errors).toEqual({
      'model.latitude': ['latitude must be at most 90.'],
      'model.longitude': ['longitude must be at least -180.'],
    });
    const half = await post('/api/location', { ...base, latitude: 41 });
    expect(half.json().errors).toEqual({
      'model.longitude': ['Latitude and longitude go together: give both or neither.'],
    });
    const future = await post('/api/location', {
      ...base,
      zipCode: '43604',
      locationDateTime: '2099-01-01T00:00:00Z',
    });
    expect(future.json().errors).toEqual({
      'model.locationDateTime': ['locationDateTime must not be in the future.'],
    });
    const badType = await post('/api/location', { ...base, locationType: 35, zipCode: '43604' });
    expect(badType.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });
});

describe('POST /api/location/checkCalls', () => {
  it('writes one locations.added event per batch (one per LOCATIONS_PER_EVENT locations), each location in one of them once, in order', async () => {
    const before = (await outbox()).length;
    const count = LOCATIONS_PER_EVENT + 10;
    const ok = await post('/api/location/checkCalls', {
      locations: Array.from({ length: count }, (_, i) => ({
        shipmentId: demo.acmeDispatched,
        locationType: L.InTransit,
        latitude: 39 + i / 1000,
        longitude: -84,
        locationDateTime: new Date(Date.parse('2026-11-20T00:00:00Z') + i * 60_000).toISOString(),
      })),
    });
    expect(ok.statusCode).toBe(201);
    const events = (await outbox()).slice(before);
    expect(events.map((e) => e.subject)).toEqual([subjects.locationsAdded, subjects.locationsAdded]);
    const locations = events.flatMap(
      (e) =>
        e.envelope.data.locations as { locationId: number; source: string; customerOrganizationId: string }[],
    );
    expect(events.map((e) => (e.envelope.data.locations as unknown[]).length)).toEqual([
      LOCATIONS_PER_EVENT,
      10,
    ]);
    expect(locations.map((l) => l.locationId)).toEqual(ok.json().locationIds);
    expect(
      locations.every((l) => l.source === 'checkCall' && l.customerOrganizationId === 'org_demo_acme'),
    ).toBe(true);
  });

  it('stores each check call as given: any text, the coordinates to their last digit, the time to the millisecond', async () => {
    const before = (await outbox()).length;
    const text = 'Dock "B" \\ {north, gate} 🚚 Zoë’s — tab\there';
    const ok = await post('/api/location/checkCalls', {
      locations: [
        {
          shipmentId: demo.acmeDispatched,
          locationType: L.InTransit,
          latitude: 39.123456789012344,
          longitude: -84.98765432109876,
          city: 'Cincinnati "West"',
          locationStringFull: text,
          locationDateTime: '2026-11-21T10:11:12.345Z',
        },
        {
          shipmentId: demo.acmeDispatched,
          locationType: L.Informational,
          locationStringFull: 'At the shipper, NULL',
          locationDateTime: '2026-11-21T10:00:00Z',
        },
      ],
    });
    expect(ok.statusCode).toBe(201);
    const [first, second] = ok.json().locationIds as number[];
    const history = (await get(`/api/location/${demo.acmeDispatched}`)).json() as Record<string, unknown>[];
    expect(history.find((l) => l.locationId === first)).toMatchObject({
      latitude: 39.123456789012344,
      longitude: -84.98765432109876,
      city: 'Cincinnati "West"',
      locationStringFull: text,
      locationDateTime: '2026-11-21T10:11:12.345Z',
      source: 'checkCall',
    });
    expect(history.find((l) => l.locationId === second)).toMatchObject({
      latitude: null,
      longitude: null,
      city: null,
      zipCode: null,
      locationStringFull: 'At the shipper, NULL',
    });
    const [event] = (await outbox()).slice(before);
    expect(event!.envelope.data.locations).toMatchObject([
      {
        locationId: first,
        latitude: 39.123456789012344,
        locationStringFull: text,
        city: 'Cincinnati "West"',
      },
      { locationId: second, latitude: null, locationStringFull: 'At the shipper, NULL' },
    ]);
  });

  it('adds a batch in one transaction, or nothing when one entry is wrong', async () => {
    const count = async () => (await get(`/api/location/${demo.acmeDispatched}`)).json().length;
    const before = await count();
    const wrong = await post('/api/location/checkCalls', {
      locations: [
        { shipmentId: demo.acmeDispatched, locationType: L.InTransit, zipCode: '45414' },
        { shipmentId: demo.acmeDispatched, locationType: L.InTransit, zipCode: '99999' },
        { shipmentId: 424242, locationType: L.InTransit, zipCode: '45414' },
      ],
    });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().errors)).toEqual([
      'model.locations.1.zipCode',
      'model.locations.2.shipmentId',
    ]);
    expect(await count()).toBe(before);
    const ok = await post('/api/location/checkCalls', {
      locations: [
        {
          shipmentId: demo.acmeDispatched,
          locationType: L.InTransit,
          zipCode: '45414',
          locationDateTime: '2026-11-22T10:00:00Z',
        },
        {
          shipmentId: demo.acmeDispatched,
          locationType: L.InTransit,
          latitude: 40.44,
          longitude: -79.99,
          locationDateTime: '2026-11-22T11:00:00Z',
        },
      ],
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().added).toBe(2);
    const list = (await get(`/api/location/${demo.acmeDispatched}`)).json() as {
      locationId: number;
      mostRecentLocation: boolean;
    }[];
    expect(list.length).toBe(before + 2);
    expect(list.find((l) => l.mostRecentLocation)?.locationId).toBe(ok.json().locationIds[1]);
    // A customer cannot post check calls; another broker's shipment is not found.
    expect(
      (
        await post(
          '/api/location/checkCalls',
          { locations: [{ shipmentId: demo.acmeDispatched, locationType: 30, zipCode: '45414' }] },
          shipper,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await post(
          '/api/location/checkCalls',
          { locations: [{ shipmentId: demo.acmeDispatched, locationType: 30, zipCode: '45414' }] },
          otherBroker,
        )
      ).statusCode,
    ).toBe(400);
  });
});

describe('events from the shipments service', () => {
  const shipmentUpdated = (version: number, status: ShipmentStatusValue) =>
    createEnvelope('shipments', subjects.shipmentUpdated, {
      shipmentId: 20001,
      version,
      brokerId: 'org_demo_broker',
      customerOrganizationId: 'org_demo_acme',
      shipmentType: 2,
      status,
      transitDays: 2,
      weightUnit: 0,
      totalWeight: 1000,
      dimensionUnit: 0,
      totalHandlingUnits: 2,
      originBaseUTCOffset: -5,
      lockdownMarketplaceBuyer: false,
      noAccountingInvoice: false,
      lostQuote: false,
      shipmentAlertTypes: [],
      consolidationParentId: null,
      createdDate: '2026-11-20T15:00:00.000Z',
      transitLegs: [
        {
          transitLegId: 'leg_1',
          sequence: 0,
          transitType: 1,
          status,
          active: true,
          carrierMasterId: 'car_demo_oldline',
          carrierMasterName: 'Old Line Freight',
          carrierPhone: null,
          serviceLevel: null,
          scac: 'OLFT',
          trackingUrl: null,
          integrationEnableAPITracking: true,
          trackingIntegrationEnableAPITracking: false,
          trackingIntegrationSourceId: 110,
          integrationSourceId: null,
        },
      ],
      stops: [],
      referenceNumbers: [
        {
          referenceId: 'ref_1',
          referenceType: 11,
          referenceTypeCode: 'DriverCellPhoneNumber',
          value: '(555) 020-9999',
          transitLegId: null,
        },
        {
          referenceId: 'ref_2',
          referenceType: null,
          referenceTypeCode: 'LinehaulCarrierProNumber',
          value: 'OLFT123456',
          transitLegId: 'leg_1',
        },
      ],
    });

  /** Cy's status update of shipment 20001 from `previous` to `status`, with its check-call location. */
  const statusUpdate = (
    version: number,
    previous: ShipmentStatusValue,
    status: ShipmentStatusValue,
    location: string,
  ) =>
    createEnvelope('shipments', subjects.shipmentUpdated, {
      ...shipmentUpdated(version, status).data,
      statusChange: {
        transitLegId: 'leg_1',
        transitLegType: 1,
        change: 'status',
        previousStatus: previous,
        previousTransitLegStatus: previous,
        transitLegStatus: status,
        lostQuoteAlertRequested: false,
        location,
        changedBy: { userId: 'usr_cy', name: 'Cy' },
      },
    });

  it('keeps the newest shipment.updated whatever the order; a redelivery changes nothing', async () => {
    const readModel = service.t.runtime.consumers.find((c) => c.durableName.endsWith('shipments'))!;
    expect(await readModel.apply(shipmentUpdated(2, ShipmentStatus.values.InTransit))).toBe(true);
    const older = shipmentUpdated(1, ShipmentStatus.values.Dispatched);
    expect(await readModel.apply(older)).toBe(true);
    await readModel.apply(older); // again: the version guard keeps the newer copy
    const row = await service.t.runtime.db
      .selectFrom('shipment')
      .selectAll()
      .where('shipment_id', '=', 20001)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: ShipmentStatus.values.InTransit,
      version: 2,
      driver_cell_phone: '(555) 020-9999',
      pro_number: 'OLFT123456',
      api_tracking: true,
      integration_source_id: 110,
      origin_utc_offset_minutes: -300,
    });
    expect((await get('/api/location/20001', shipper)).json()).toEqual([]);
  });

  it('turns the location of a status update into a check call, placed by its city and state', async () => {
    const checkCalls = service.t.runtime.consumers.find((c) => c.durableName.endsWith('status-check-calls'))!;
    const envelope = createEnvelope('shipments', subjects.shipmentStatusChanged, {
      shipmentId: 20001,
      version: 3,
      brokerId: 'org_demo_broker',
      customerOrganizationId: 'org_demo_acme',
      shipmentType: 2,
      transitLegId: 'leg_1',
      transitLegType: 1,
      change: 'status',
      previousStatus: ShipmentStatus.values.Dispatched,
      status: ShipmentStatus.values.InTransit,
      previousTransitLegStatus: ShipmentStatus.values.Dispatched,
      transitLegStatus: ShipmentStatus.values.InTransit,
      lostQuoteAlertRequested: false,
      location: 'Toledo, OH',
      changedBy: { userId: 'usr_demo_ops', name: 'Omar Operations' },
    });
    expect(await checkCalls.apply(envelope)).toBe(true);
    expect(await checkCalls.apply(envelope)).toBe(false);
    const list = (await get('/api/location/20001')).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      locationType: L.InTransit,
      locationStringFull: 'Toledo, OH',
      city: 'Toledo',
      state: 'OH',
      source: 'statusUpdate',
      addedBy: 'Omar Operations',
      mostRecentLocation: true,
    });
    expect(list[0].latitude).toBeCloseTo(41.6, 0);
  });

  it('takes a batch of status changes together; one without a location is none of its business', async () => {
    const checkCalls = service.t.runtime.consumers.find((c) => c.durableName.endsWith('status-check-calls'))!;
    const change = (version: number, location: string | null, name: string) =>
      createEnvelope('shipments', subjects.shipmentStatusChanged, {
        shipmentId: 20001,
        version,
        brokerId: 'org_demo_broker',
        customerOrganizationId: 'org_demo_acme',
        shipmentType: 2,
        transitLegId: 'leg_1',
        transitLegType: 1,
        change: 'status',
        previousStatus: ShipmentStatus.values.InTransit,
        status: ShipmentStatus.values.InTransit,
        previousTransitLegStatus: ShipmentStatus.values.InTransit,
        transitLegStatus: ShipmentStatus.values.InTransit,
        lostQuoteAlertRequested: false,
        location,
        changedBy: { userId: `usr_${name}`, name },
      });
    const ignoredBefore = checkCalls.ignored;
    const batch = [change(4, 'Gary, IN', 'Ann'), change(5, null, 'Ann'), change(6, 'Joliet, IL', 'Bob')];
    expect(await checkCalls.applyAll(batch)).toEqual([true, false, true]);
    expect(checkCalls.ignored).toBe(ignoredBefore + 1);
    expect(await checkCalls.applyAll(batch)).toEqual([false, false, false]);
    const list = (await get('/api/location/20001')).json();
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ city: 'Joliet', addedBy: 'Bob', mostRecentLocation: true });
    expect(list[1]).toMatchObject({ city: 'Gary', addedBy: 'Ann', mostRecentLocation: false });
  });

  it("takes the check call of a status update's one shipment.updated, once, with the copy (decision 0048)", async () => {
    const readModel = service.t.runtime.consumers.find((c) => c.durableName.endsWith('shipments'))!;
    const status = ShipmentStatus.values.OutForDelivery;
    const envelope = statusUpdate(7, ShipmentStatus.values.InTransit, status, 'Toledo, OH');
    // without a location, a status update's shipment.updated is the copy alone
    const quiet = createEnvelope('shipments', subjects.shipmentUpdated, {
      ...shipmentUpdated(6, ShipmentStatus.values.InTransit).data,
      statusChange: {
        ...envelope.data.statusChange!,
        location: null,
        changedBy: { userId: 'usr_dee', name: 'Dee' },
      },
    });
    expect(await readModel.applyAll([quiet, envelope])).toEqual([true, true]);
    // Delivered again, alone and in a batch with itself: no second check call, and no handled marks
    // (idempotent: the check call is keyed by its event's id).
    await readModel.apply(envelope);
    await readModel.applyAll([envelope, envelope]);
    const marks = await sql<{ n: string }>`select count(*) as n from handled_event
      where event_id in (${envelope.id}::uuid, ${quiet.id}::uuid)`.execute(service.t.runtime.db);
    expect(Number(marks.rows[0]!.n)).toBe(0);
    const list = (await get('/api/location/20001')).json();
    expect(list).toHaveLength(4);
    expect(list[0]).toMatchObject({
      city: 'Toledo',
      source: 'statusUpdate',
      addedBy: 'Cy',
      locationType: L.InTransit,
      mostRecentLocation: true,
    });
    const row = await service.t.runtime.db
      .selectFrom('shipment')
      .select(['status', 'version'])
      .where('shipment_id', '=', 20001)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status, version: 7 });
  });

  it('a status update delivered again is one check call, announced once, beside a new one in its batch; two check calls of the ingest alike are two', async () => {
    const readModel = service.t.runtime.consumers.find((c) => c.durableName.endsWith('shipments'))!;
    const { InTransit, OutForDelivery } = ShipmentStatus.values;
    const envelope = statusUpdate(8, OutForDelivery, InTransit, 'Detroit, MI');
    const before = (await outbox()).length;
    const count = (await get('/api/location/20001')).json().length;
    // the second, the same event, is not handed to the handler (once each per batch)
    expect(await readModel.applyAll([envelope, envelope])).toEqual([true, false]);
    // and delivered again in a later batch, it finds its row and adds nothing
    expect(await readModel.applyAll([envelope])).toEqual([true]);
    const list = (await get('/api/location/20001')).json();
    expect(list).toHaveLength(count + 1);
    expect(list[0]).toMatchObject({
      city: 'Detroit',
      state: 'MI',
      source: 'statusUpdate',
      mostRecentLocation: true,
    });
    const announced = (await outbox())
      .slice(before)
      .filter((e) => e.subject === subjects.locationsAdded)
      .flatMap((e) => e.envelope.data.locations as { city: string; locationId: number }[]);
    expect(announced).toEqual([expect.objectContaining({ city: 'Detroit', locationId: list[0].locationId })]);
    // In one batch, an event whose row is there already, then a new one (its id in capitals, which the
    // contract's format takes): the new one goes in under its own id, the one before adds nothing.
    const chicago = statusUpdate(9, InTransit, OutForDelivery, 'Chicago, IL');
    const since = (await outbox()).length;
    expect(await readModel.applyAll([envelope, { ...chicago, id: chicago.id.toUpperCase() }])).toEqual([
      true,
      true,
    ]);
    // delivered again as it was made, it is the same event
    expect(await readModel.applyAll([chicago])).toEqual([true]);
    const later = (await get('/api/location/20001')).json();
    expect(later).toHaveLength(count + 2);
    expect(later[0]).toMatchObject({ city: 'Chicago', state: 'IL', mostRecentLocation: true });
    expect(later[1]).toMatchObject({ city: 'Detroit', mostRecentLocation: false });
    const announcedLater = (await outbox())
      .slice(since)
      .filter((e) => e.subject === subjects.locationsAdded)
      .flatMap((e) => e.envelope.data.locations as { city: string; locationId: number }[]);
    expect(announcedLater).toEqual([
      expect.objectContaining({ city: 'Chicago', locationId: later[0].locationId, mostRecentLocation: true }),
    ]);
    // the check calls of the ingest name no event: two alike are two
    const call = {
      shipmentId: 20001,
      locationType: L.InTransit,
      latitude: 42.33,
      longitude: -83.05,
      locationDateTime: '2026-11-20T00:00:00.000Z',
    };
    const batch = await post('/api/location/checkCalls', { locations: [call, call] });
    expect(batch.statusCode).toBe(201);
    expect(batch.json().locationIds).toHaveLength(2);
    expect((await get('/api/location/20001')).json()).toHaveLength(count + 4);
  });

  it('publishes locations.added through the outbox to the stream', async () => {
    await eventually(async () => {
      const rows = await service.t.runtime.db.selectFrom('outbox').select('published_at').execute();
      return rows.length > 0 && rows.every((r) => r.published_at !== null);
    });
  });
});
