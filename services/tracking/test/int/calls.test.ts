// ZIP codes and geocoding, the driver-location request with its text message and one-time link,
// the tracking test and the nightly archive, against the real PostgreSQL, NATS and Redis
// (000 §3, §4, §5, §7, §9; issue 4 items 1-4).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ShipmentLocationType, ZIP_SEARCH_LIMIT } from '@loadline/contracts/catalogue';
import { eventually } from '@loadline/platform/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalCarrierTracking } from '../../src/adapters/carrier-tracking.ts';
import { HttpTextMessageProvider } from '../../src/adapters/text-messages.ts';
import { archiveQueue } from '../../src/app/archive.ts';
import { buyer, demo, ops, otherBroker, type Service, shipper, startService } from './fixtures.ts';

const L = ShipmentLocationType.values;
let service: Service;

const get = (url: string, who: object | null = ops) =>
  service.app.inject({ method: 'GET', url, headers: who ? service.t.as(who) : {} });
const post = (url: string, payload: object, who: object | null = ops) =>
  service.app.inject({ method: 'POST', url, payload, headers: who ? service.t.as(who) : {} });

/** The carriers' clock: fixed, so two questions in a row fall between the same two reports. */
const carrierNow = new Date();

beforeAll(async () => {
  service = await startService({
    carrierTracking: new LocalCarrierTracking(
      { sources: [110], failing: ['FAILPRO1'], reportEveryMinutes: 15 },
      () => carrierNow,
    ),
  });
});
afterAll(async () => {
  await service?.close();
});

describe('ZIP codes (000 §3, §5, §9)', () => {
  it('looks a ZIP code up (ZIP+4 too), a Canadian postal code by its area, and answers null for an unknown one', async () => {
    expect((await get('/api/location/zipCodes?zipCode=45414')).json()).toMatchObject({
      zip: '45414',
      city: 'Dayton',
      state: 'OH',
      country: 'USA',
      timeZone: 'America/New_York',
    });
    // The place's own zone (issue 14 item 10): Hammond, IN keeps Central time.
    expect((await get('/api/location/zipCodes?zipCode=46320')).json()).toMatchObject({
      city: 'Hammond',
      state: 'IN',
      timeZone: expect.stringMatching(/^America\/(Chicago|Indiana\/Knox)$/),
    });
    expect((await get('/api/location/zipCodes?zipCode=60632-1234')).json()).toMatchObject({
      city: 'Chicago',
      state: 'IL',
    });
    expect((await get('/api/location/zipCodes?zipCode=M5V%203L9')).json()).toMatchObject({
      zip: 'M5V',
      state: 'ON',
      country: 'Canada',
    });
    const unknown = await get('/api/location/zipCodes?zipCode=00000');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toBeNull();
    expect((await get('/api/location/zipCodes?zipCode=45414', shipper)).statusCode).toBe(200);
    expect((await get('/api/location/zipCodes?zipCode=45414', null)).statusCode).toBe(401);
  });

  it('searches by the start of a ZIP code or a city, 25 results at most', async () => {
    const byZip = (await get('/api/location/searchZipCodes?query=606')).json() as { zip: string }[];
    expect(byZip).toHaveLength(ZIP_SEARCH_LIMIT);
    expect(byZip.every((z) => z.zip.startsWith('606'))).toBe(true);
    const byCity = (await get('/api/location/searchZipCodes?query=Dayton,%20OH')).json() as {
      city: string;
      state: string;
    }[];
    expect(byCity.length).toBeGreaterThan(5);
    expect(byCity.every((z) => z.city === 'Dayton' && z.state === 'OH')).toBe(true);
    expect((await get('/api/location/searchZipCodes?query=zzzzqq')).json()).toEqual([]);
  });

  it('validates the origin and destination of a quick quote', async () => {
    expect((await get('/api/location/validateZipCodes?originZip=45414&destinationZip=60632')).json()).toBe(
      true,
    );
    expect((await get('/api/location/validateZipCodes?originZip=45414&destinationZip=00000')).json()).toBe(
      false,
    );
    expect((await get('/api/location/validateZipCodes?originZip=45414')).statusCode).toBe(400);
  });

  it('geocodes an address by its ZIP code, else its city and state (404 when neither is known)', async () => {
    expect((await get('/api/location?streetAddress=1%20Main%20St&zipCode=80216')).json()).toMatchObject({
      city: 'Denver',
      state: 'CO',
      precision: 'zip',
      latitude: expect.closeTo(39.8, 0),
    });
    expect((await get('/api/location?city=Fresno&state=CA')).json()).toMatchObject({
      city: 'Fresno',
      precision: 'city',
    });
    const none = await get('/api/location?city=Nowhereville&state=ZZ');
    expect(none.statusCode).toBe(404);
  });
});

describe('request driver location (000 §3, §6, §7)', () => {
  it('answers the model: a valid status and the driver’s cell phone', async () => {
    expect(
      (
        await get(`/api/requestDriverLocation/getRequestDriverLocationModel/${demo.acmeOnTheRoad}`, shipper)
      ).json(),
    ).toEqual({
      shipmentId: demo.acmeOnTheRoad,
      isValidStatus: true,
      driverCellPhoneNumber: '(555) 020-3016',
    });
    expect(
      (await get(`/api/requestDriverLocation/getRequestDriverLocationModel/${demo.acmeQuote}`)).json(),
    ).toMatchObject({
      isValidStatus: false,
      driverCellPhoneNumber: null,
    });
    expect(
      (await get(`/api/requestDriverLocation/getRequestDriverLocationModel/${demo.acmeOnTheRoad}`, buyer))
        .statusCode,
    ).toBe(404);
  });

  it('texts a one-time link; the driver’s page takes the position once, as an In Transit location, then refuses', async () => {
    const res = await post(
      '/api/requestDriverLocation',
      {
        shipmentId: demo.acmeOnTheRoad,
        driverCellPhoneNumber: '(555) 020-3016',
      },
      shipper,
    );
    expect(res.statusCode).toBe(201);
    const { requestId } = res.json();
    const message = await eventually(() =>
      service.t.runtime.db
        .selectFrom('text_message')
        .selectAll()
        .where('reference', '=', requestId)
        .executeTakeFirst(),
    );
    expect(message.to_number).toBe('+15550203016');
    const link = /http:\/\/gateway\.test(\/driver-location\/[^\s]+)/.exec(message.body)?.[1];
    expect(link).toBeDefined();
    expect(message.body).not.toContain(String(demo.acmeOnTheRoad));
    // The development page lists it (staff).
    const listed = (await get('/api/requestDriverLocation/textMessages')).json() as { reference: string }[];
    expect(listed.map((m) => m.reference)).toContain(requestId);

    const page = await get(link!, null);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Share my location');
    expect(page.body).not.toContain(String(demo.acmeOnTheRoad));
    expect(page.body).not.toMatch(/Dayton|Chicago|Acme/);

    const shared = await post(link!, { latitude: 41.0, longitude: -86.5, accuracy: 20 }, null);
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toEqual({ shared: true });
    const newest = (await get(`/api/location/${demo.acmeOnTheRoad}`)).json()[0];
    expect(newest).toMatchObject({
      locationType: L.InTransit,
      source: 'driver',
      latitude: 41,
      longitude: -86.5,
      mostRecentLocation: true,
    });

    const again = await post(link!, { latitude: 42, longitude: -87 }, null);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe('This link has expired or was already used.');
    expect((await get(link!, null)).statusCode).toBe(410);
    // A forged token is refused the same way.
    expect(
      (
        await post(
          `/driver-location/${requestId}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
          { latitude: 1, longitude: 1 },
          null,
        )
      ).statusCode,
    ).toBe(410);
  });

  it("lists a broker's texts to its own staff only: another broker's staff never see the driver's phone or link", async () => {
    const { requestId } = (
      await post('/api/requestDriverLocation', {
        shipmentId: demo.acmeDispatched,
        driverCellPhoneNumber: '(555) 020-3004',
      })
    ).json();
    await eventually(() =>
      service.t.runtime.db
        .selectFrom('text_message')
        .select('message_id')
        .where('reference', '=', requestId)
        .executeTakeFirst(),
    );
    const references = async (who: object) => {
      const res = await get('/api/requestDriverLocation/textMessages', who);
      expect(res.statusCode).toBe(200);
      return (res.json() as { reference: string; to: string; body: string }[]).map((m) => m.reference);
    };
    expect(await references(ops)).toContain(requestId);
    // The other broker's staff (decision 0013): none of the demo broker's texts.
    expect(await references(otherBroker)).toEqual([]);
  });

  it('an expired link is refused', async () => {
    const { requestId } = (
      await post('/api/requestDriverLocation', {
        shipmentId: demo.acmeDispatched,
        driverCellPhoneNumber: '555-020-3004',
      })
    ).json();
    const message = await eventually(() =>
      service.t.runtime.db
        .selectFrom('text_message')
        .selectAll()
        .where('reference', '=', requestId)
        .executeTakeFirst(),
    );
    await service.t.runtime.db
      .updateTable('driver_location_request')
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where('request_id', '=', requestId)
      .execute();
    const link = /(\/driver-location\/\S+)/.exec(message.body)![1]!;
    expect((await post(link, { latitude: 40, longitude: -80 }, null)).statusCode).toBe(410);
  });

  it('refuses a load without a driver on it and a phone that is not a cell phone number', async () => {
    const quote = await post('/api/requestDriverLocation', {
      shipmentId: demo.acmeQuote,
      driverCellPhoneNumber: '5550203016',
    });
    expect(quote.statusCode).toBe(400);
    expect(Object.keys(quote.json().errors)).toEqual(['model.shipmentId']);
    const phone = await post('/api/requestDriverLocation', {
      shipmentId: demo.acmeOnTheRoad,
      driverCellPhoneNumber: '12345',
    });
    expect(phone.json().errors).toEqual({
      'model.driverCellPhoneNumber': [
        'driverCellPhoneNumber must be a 10-digit US or Canadian cell phone number.',
      ],
    });
    expect(
      (
        await post(
          '/api/requestDriverLocation',
          { shipmentId: demo.acmeOnTheRoad, driverCellPhoneNumber: '5550203016' },
          buyer,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('texts only the driver on record for a customer; staff may correct the number (000 §6)', async () => {
    const texted = async () =>
      Number(
        (
          await service.t.runtime.db
            .selectFrom('driver_location_request')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('shipment_id', '=', demo.acmeOnTheRoad)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await texted();
    const stranger = await post(
      '/api/requestDriverLocation',
      { shipmentId: demo.acmeOnTheRoad, driverCellPhoneNumber: '(555) 999-0000' },
      shipper,
    );
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().errors).toEqual({
      'model.driverCellPhoneNumber': [
        "driverCellPhoneNumber must be the driver's cell phone number on the shipment.",
      ],
    });
    expect(await texted()).toBe(before);
    // the same number written another way is the driver's
    const driver = await post(
      '/api/requestDriverLocation',
      { shipmentId: demo.acmeOnTheRoad, driverCellPhoneNumber: '1-555-020-3016' },
      shipper,
    );
    expect(driver.statusCode).toBe(201);
    const corrected = await post('/api/requestDriverLocation', {
      shipmentId: demo.acmeOnTheRoad,
      driverCellPhoneNumber: '(555) 999-0000',
    });
    expect(corrected.statusCode).toBe(201);
    expect(corrected.json().driverCellPhoneNumber).toBe('(555) 999-0000');
    expect(await texted()).toBe(before + 2);
  });
});

describe('the text-message job with a real HTTP provider that fails first', () => {
  let gatewayServer: Server;
  const received: { body: Record<string, unknown>; idempotencyKey: string | undefined }[] = [];
  let other: Service;

  beforeAll(async () => {
    // A text-message gateway that refuses the first message (503) and takes the next.
    gatewayServer = createServer((req, res) => {
      let text = '';
      req.on('data', (c) => {
        text += c;
      });
      req.on('end', () => {
        received.push({
          body: JSON.parse(text),
          idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        });
        if (received.length === 1) {
          res.writeHead(503).end('busy');
          return;
        }
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ id: `sms-${received.length}` }));
      });
    });
    await new Promise<void>((r) => gatewayServer.listen(0, '127.0.0.1', r));
    const port = (gatewayServer.address() as AddressInfo).port;
    other = await startService({
      textMessages: new HttpTextMessageProvider(`http://127.0.0.1:${port}/messages`, 'token'),
    });
  });
  afterAll(async () => {
    await other?.close();
    gatewayServer?.close();
  });

  it('retries after the provider failure and sends once it is taken', async () => {
    const res = await other.app.inject({
      method: 'POST',
      url: '/api/requestDriverLocation',
      headers: other.t.as(ops),
      payload: { shipmentId: demo.acmeOnTheRoad, driverCellPhoneNumber: '(555) 020-3016' },
    });
    expect(res.statusCode).toBe(201);
    const { requestId } = res.json();
    const sent = await eventually(
      () =>
        other.t.runtime.db
          .selectFrom('driver_location_request')
          .select('sent_at')
          .where('request_id', '=', requestId)
          .where('sent_at', 'is not', null)
          .executeTakeFirst(),
      15_000,
    );
    expect(sent.sent_at).toBeInstanceOf(Date);
    expect(received).toHaveLength(2);
    expect(received.map((r) => r.idempotencyKey)).toEqual([requestId, requestId]);
    expect(received[1]!.body).toMatchObject({ to: '+15550203016', reference: requestId });
    // With a real provider, the development page has nothing to show.
    expect(
      (
        await other.app.inject({
          method: 'GET',
          url: '/api/requestDriverLocation/textMessages',
          headers: other.t.as(ops),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('POST /api/integrationsource/testtrackingfull (000 §4)', () => {
  it('adds the carrier’s position as an In Transit location (result true)', async () => {
    const res = await post('/api/integrationsource/testtrackingfull', {
      integrationSourceId: 110,
      shipmentId: demo.globexInTransit,
      proNumber: 'CSDR123456',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.result).toBe(true);
    expect(body.location).toMatchObject({
      locationType: L.InTransit,
      source: 'trackingTest',
      mostRecentLocation: true,
    });
    expect((await get(`/api/Lastlocation/${demo.globexInTransit}`)).json().locationStringFull).toBe(
      body.location.locationStringFull,
    );
  });

  it('adds nothing when the carrier has no newer position, nor once the load is no longer moving (issue 14 item 9)', async () => {
    const run = (shipmentId: number) =>
      post('/api/integrationsource/testtrackingfull', {
        integrationSourceId: 110,
        shipmentId,
        proNumber: 'OLFT123456',
      });
    const count = async (id: number) => ((await get(`/api/location/${id}`)).json() as unknown[]).length;
    // Dispatched: the first opening adds the carrier's latest report, the next one finds nothing newer.
    const before = await count(demo.acmeDispatched);
    const first = (await run(demo.acmeDispatched)).json();
    expect(first).toMatchObject({ result: true, upToDate: true, location: { source: 'trackingTest' } });
    // The position is as of the carrier's report, not of the question.
    expect(new Date(first.location.locationDateTime).getTime() % (15 * 60_000)).toBe(0);
    const again = (await run(demo.acmeDispatched)).json();
    expect(again).toMatchObject({ result: false, upToDate: true, location: null });
    expect(again.message).toBe('The carrier has no newer position than the one already on the shipment.');
    expect(await count(demo.acmeDispatched)).toBe(before + 1);
    // Complete, Delivered and Quote loads get no location from the carrier's tracking.
    for (const [id, status] of [
      [demo.acmeComplete, 'Complete'],
      [demo.globexDelivered, 'Delivered'],
      [demo.acmeQuote, 'Quote'],
    ] as const) {
      const lastBefore = (await get(`/api/Lastlocation/${id}`)).json();
      const countBefore = await count(id);
      const answer = (await run(id)).json();
      expect(answer).toMatchObject({ result: false, upToDate: true, location: null });
      expect(answer.message).toBe(
        `Shipment ${id} is ${status}: the carrier's tracking adds locations only while the load is moving.`,
      );
      expect(await count(id)).toBe(countBefore);
      expect((await get(`/api/Lastlocation/${id}`)).json()).toEqual(lastBefore);
    }
  });

  it('a failed test leaves the last location as it was (result false); customers may not run it', async () => {
    const before = (await get(`/api/Lastlocation/${demo.acmeOnTheRoad}`)).json();
    const failed = await post('/api/integrationsource/testtrackingfull', {
      integrationSourceId: 110,
      shipmentId: demo.acmeOnTheRoad,
      proNumber: 'FAILPRO1',
    });
    expect(failed.json()).toMatchObject({ result: false, upToDate: false, location: null });
    const unknownSource = await post('/api/integrationsource/testtrackingfull', {
      integrationSourceId: 7,
      shipmentId: demo.acmeOnTheRoad,
      proNumber: 'ANY123',
    });
    expect(unknownSource.json().result).toBe(false);
    expect((await get(`/api/Lastlocation/${demo.acmeOnTheRoad}`)).json()).toEqual(before);
    expect(
      (
        await post(
          '/api/integrationsource/testtrackingfull',
          { integrationSourceId: 110, shipmentId: demo.acmeOnTheRoad, proNumber: 'X1' },
          shipper,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('the nightly archive (issue 4 item 1)', () => {
  it('moves the locations of shipments delivered more than a year ago; they stay readable', async () => {
    const db = service.t.runtime.db;
    const live = (await get(`/api/location/${demo.globexDelivered}`)).json() as { locationId: number }[];
    expect(live.length).toBeGreaterThan(0);
    const lastBefore = (await get(`/api/Lastlocation/${demo.globexDelivered}`)).json();
    const onTheRoad = (await get(`/api/location/${demo.acmeOnTheRoad}`)).json().length;
    // Delivered 400 days before the job runs: archived. The load on the road is not.
    await db
      .updateTable('shipment')
      .set({ past_delivered_at: new Date(Date.now() - 400 * 86400_000) })
      .where('shipment_id', '=', demo.globexDelivered)
      .execute();
    const job = await service.t.runtime.queue(archiveQueue).enqueue({ now: new Date().toISOString() });
    await eventually(async () => (await job.getState()) === 'completed', 15_000);
    expect((await get(`/api/location/${demo.globexDelivered}`)).json()).toEqual([]);
    const archived = (await get(`/api/shipmentLocationsArchive/${demo.globexDelivered}`, buyer)).json() as {
      locationId: number;
      isArchived: boolean;
      mostRecentLocation: boolean;
    }[];
    expect(archived.map((l) => l.locationId).sort()).toEqual(live.map((l) => l.locationId).sort());
    expect(archived.every((l) => l.isArchived && !l.mostRecentLocation)).toBe(true);
    expect((await get(`/api/Lastlocation/${demo.globexDelivered}`)).json()).toEqual(lastBefore);
    expect((await get(`/api/location/${demo.acmeOnTheRoad}`)).json().length).toBe(onTheRoad);
    const scheduler = await service.t.runtime
      .queue(archiveQueue)
      .queue.getJobScheduler('nightly-location-archive');
    expect(scheduler?.pattern).toBe('0 3 * * *');
  });
});
