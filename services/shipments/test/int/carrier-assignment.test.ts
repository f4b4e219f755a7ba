// A shipment's carrier (decision 0117), against the real servers: broker staff put one of their carriers in
// compliance on a leg, change it or take it off, with shipment.updated and an activity entry; the picker
// lists their carriers only, each with why it may not be chosen. Customers, another broker's staff, a
// carrier out of compliance or another broker's carrier, and a delivered shipment are refused.
import { ShipmentAlertType, ShipmentStatus } from '@loadline/contracts/catalogue';
import { type BrokerCarrierChangedV1, subjects } from '@loadline/contracts/events';
import { ACTIVITY_DESCRIPTION_MAX_LENGTH } from '@loadline/contracts/rules/activity';
import { createEnvelope } from '@loadline/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  broker,
  buyer,
  lastPosition,
  newShipment,
  ops,
  otherBroker,
  outboxAfter,
  type Service,
  shipper,
  startService,
} from './fixtures.ts';

let service: Service;

beforeAll(async () => {
  service = await startService();
});
afterAll(async () => {
  await service?.close();
});

let version = 100;
const carrier = (overrides: Partial<BrokerCarrierChangedV1>): BrokerCarrierChangedV1 => ({
  brokerCarrierId: `bcr_${overrides.carrierMasterId}`,
  version: ++version,
  brokerId: broker,
  carrierMasterId: 'car_t_ready',
  carrierMasterName: 'Ready Freight',
  scac: 'RDYF',
  status: 1,
  previousStatus: null,
  favorite: false,
  inherited: false,
  insuranceStatus: 'Current',
  inCompliance: true,
  changedBy: null,
  phone: '6155550142',
  complianceReasons: [],
  ...overrides,
});

const deliver = (data: BrokerCarrierChangedV1) =>
  service.t.runtime.consumers
    .find((c) => c.durableName.includes('carriers-blocked-alert'))!
    .apply(createEnvelope('carriers', subjects.brokerCarrierChanged, data) as never);

const assign = (caller: typeof ops, shipmentId: number, body: Record<string, unknown>) =>
  service.app.inject({
    method: 'PUT',
    url: `/api/shipments/${shipmentId}/carrier`,
    headers: service.t.as(caller),
    payload: body,
  });

const choices = (caller: typeof ops, query = '') =>
  service.app.inject({
    method: 'GET',
    url: `/api/shipments/carrierChoices${query}`,
    headers: service.t.as(caller),
  });

async function create(overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await service.app.inject({
    method: 'POST',
    url: '/api/shipments',
    headers: service.t.as(ops),
    payload: newShipment(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().shipmentId;
}

interface Leg {
  active: boolean;
  carrierMasterId: string | null;
  trackingUrl: string | null;
}
const legOf = (shipment: { transitLegs: Leg[] }) => shipment.transitLegs.find((l) => l.active)!;

beforeAll(async () => {
  await deliver(carrier({ carrierMasterId: 'car_t_ready', carrierMasterName: 'Ready Freight' }));
  await deliver(
    carrier({
      carrierMasterId: 'car_t_road',
      carrierMasterName: 'Roadrunner Lines',
      scac: 'RRNL',
      phone: null,
    }),
  );
  await deliver(
    carrier({
      carrierMasterId: 'car_t_lapsed',
      carrierMasterName: 'Lapsed Haulers',
      scac: 'LPSD',
      insuranceStatus: 'Expired',
      inCompliance: false,
      complianceReasons: ['InsuranceExpired', 'DotStatusInactive'],
    }),
  );
  await deliver(
    carrier({
      carrierMasterId: 'car_t_blocked',
      carrierMasterName: 'Rogue Transport',
      scac: 'RGTR',
      status: 2,
      inCompliance: false,
      complianceReasons: ['Blocked'],
    }),
  );
  // another broker's carrier, in compliance for that broker
  await deliver(
    carrier({
      brokerId: 'org_other_broker',
      carrierMasterId: 'car_t_theirs',
      carrierMasterName: 'Rival Express',
    }),
  );
});

describe("putting a carrier on a shipment's leg", () => {
  it('puts the carrier on the active leg with its name, SCAC and phone, with shipment.updated and an activity entry', async () => {
    const id = await create({
      transitLegs: [{ transitType: 1, active: true, trackingUrl: 'https://old.example/track/{pro}' }],
    });
    const before = await lastPosition(service.t);
    const res = await assign(ops, id, { carrierMasterId: 'car_t_ready' });
    expect(res.statusCode, res.body).toBe(200);
    expect(legOf(res.json())).toMatchObject({
      carrierMasterId: 'car_t_ready',
      carrierMasterName: 'Ready Freight',
      scac: 'RDYF',
      carrierPhone: '6155550142',
      // no carrier had it: the leg's tracking link stays
      trackingUrl: 'https://old.example/track/{pro}',
    });
    const events = await outboxAfter(service.t, before);
    expect(events.map((e) => e.subject)).toEqual([subjects.shipmentUpdated, subjects.shipmentNoteAdded]);
    expect(events[1]!.envelope.data).toMatchObject({
      shipmentId: id,
      description: 'Carrier Ready Freight assigned.',
      createdBy: { userId: ops.userId },
    });

    // changed, then the same carrier again writes nothing
    const changed = await assign(ops, id, { carrierMasterId: 'car_t_road' });
    expect(legOf(changed.json())).toMatchObject({
      carrierMasterName: 'Roadrunner Lines',
      carrierPhone: null,
    });
    const mid = await lastPosition(service.t);
    expect((await assign(ops, id, { carrierMasterId: 'car_t_road' })).statusCode).toBe(200);
    expect(await outboxAfter(service.t, mid)).toEqual([]);
    const notes = (await outboxAfter(service.t, before)).filter(
      (e) => e.subject === subjects.shipmentNoteAdded,
    );
    // the change clears Ready Freight's tracking link, and says so
    expect(notes.map((e) => e.envelope.data.description)).toEqual([
      'Carrier Ready Freight assigned.',
      "Carrier changed from Ready Freight to Roadrunner Lines. The previous carrier's tracking link https://old.example/track/{pro} was cleared.",
    ]);
    expect(legOf(changed.json()).trackingUrl).toBeNull();

    // taken off
    const off = await assign(ops, id, { carrierMasterId: null });
    expect(legOf(off.json())).toMatchObject({ carrierMasterId: null, carrierMasterName: null, scac: null });
    const last = (await outboxAfter(service.t, mid)).at(-1)!;
    expect(last.envelope.data.description).toBe('Carrier Roadrunner Lines removed.');
  });

  it("clears the previous carrier's pro numbers and driver details with it, naming their values, unless staff keep them", async () => {
    const references = [
      { referenceTypeCode: 'LinehaulCarrierProNumber', value: 'RDY-5501', transitLegIndex: 0 },
      { referenceTypeCode: 'DriverName', value: 'Dale Cooper', transitLegIndex: 0 },
      { referenceTypeCode: 'DriverCellPhoneNumber', value: '6155550188', transitLegIndex: 0 },
      // not the carrier's own: they stay
      { referenceTypeCode: 'TrailerNumber', value: 'TRL-42', transitLegIndex: 0 },
      { referenceTypeCode: 'PONumber', value: 'PO-8812' },
    ];
    const id = await create({
      transitLegs: [{ transitType: 1, active: true }],
      referenceNumbers: references,
    });
    const codes = (shipment: { referenceNumbers: { referenceTypeCode: string; value: string }[] }) =>
      shipment.referenceNumbers.map((r) => `${r.referenceTypeCode} ${r.value}`).sort();
    // typed before any carrier: the first carrier takes them
    const first = await assign(ops, id, { carrierMasterId: 'car_t_ready' });
    expect(codes(first.json())).toHaveLength(5);

    // kept on request
    const before = await lastPosition(service.t);
    const kept = await assign(ops, id, { carrierMasterId: 'car_t_road', keepCarrierReferences: true });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(codes(kept.json())).toHaveLength(5);
    expect((await outboxAfter(service.t, before)).at(-1)!.envelope.data.description).toBe(
      'Carrier changed from Ready Freight to Roadrunner Lines.',
    );

    // by default they go with the carrier, in one transaction with the event and the note
    const mid = await lastPosition(service.t);
    const changed = await assign(ops, id, { carrierMasterId: 'car_t_ready' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(codes(changed.json())).toEqual(['PONumber PO-8812', 'TrailerNumber TRL-42']);
    const events = await outboxAfter(service.t, mid);
    expect(events.map((e) => e.subject)).toEqual([subjects.shipmentUpdated, subjects.shipmentNoteAdded]);
    const published = events[0]!.envelope.data as { referenceNumbers: { value: string }[] };
    expect(published.referenceNumbers.map((r) => r.value).sort()).toEqual(['PO-8812', 'TRL-42']);
    expect(events[1]!.envelope.data.description).toBe(
      "Carrier changed from Roadrunner Lines to Ready Freight. The previous carrier's Linehaul Carrier Pro Number RDY-5501, Driver Name Dale Cooper and Driver Cell Phone Number 6155550188 were cleared.",
    );
    // the same carrier again clears nothing more
    const again = await assign(ops, id, { carrierMasterId: 'car_t_ready' });
    expect(codes(again.json())).toHaveLength(2);
  });

  it("keeps the entry within an activity description's limit when many long references go, counting the rest", async () => {
    const long = (i: number) => `PRO-${String(i).padStart(2, '0')}-${'X'.repeat(190)}`;
    const id = await create({
      transitLegs: [{ transitType: 1, active: true }],
      referenceNumbers: Array.from({ length: 25 }, (_, i) => ({
        referenceTypeCode: 'LinehaulCarrierProNumber',
        value: long(i),
        transitLegIndex: 0,
      })),
    });
    await assign(ops, id, { carrierMasterId: 'car_t_ready' });
    const before = await lastPosition(service.t);
    const changed = await assign(ops, id, { carrierMasterId: 'car_t_road' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().referenceNumbers).toEqual([]);
    const note = (await outboxAfter(service.t, before)).at(-1)!.envelope.data.description as string;
    expect(note.length).toBeLessThanOrEqual(ACTIVITY_DESCRIPTION_MAX_LENGTH);
    expect(note).toMatch(
      /^Carrier changed from Ready Freight to Roadrunner Lines\. The previous carrier's Linehaul/,
    );
    expect(note).toMatch(/and \d+ more were cleared\.$/);
  });

  it('refuses keepCarrierReferences that is not a boolean, naming it, and writes nothing', async () => {
    const id = await create({
      transitLegs: [{ transitType: 1, active: true }],
      referenceNumbers: [{ referenceTypeCode: 'DriverName', value: 'Dale Cooper', transitLegIndex: 0 }],
    });
    await assign(ops, id, { carrierMasterId: 'car_t_ready' });
    const before = await lastPosition(service.t);
    const res = await assign(ops, id, { carrierMasterId: 'car_t_road', keepCarrierReferences: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('keepCarrierReferences');
    expect(await outboxAfter(service.t, before)).toEqual([]);
  });

  it('refuses a carrier out of compliance, blocked, unknown or of another broker, naming why, and writes nothing', async () => {
    const id = await create();
    const before = await lastPosition(service.t);
    const cases: [string, string][] = [
      ['car_t_lapsed', "The carrier's insurance has expired. The carrier's DOT status is inactive."],
      ['car_t_blocked', 'The carrier is blocked.'],
      ['car_t_nobody', 'The carrier is not in your carrier list.'],
      ['car_t_theirs', 'The carrier is not in your carrier list.'],
    ];
    for (const [carrierMasterId, message] of cases) {
      const res = await assign(ops, id, { carrierMasterId });
      expect(res.statusCode, carrierMasterId).toBe(400);
      expect(res.json().message).toBe(`carrierMasterId: ${message}`);
    }
    expect(await outboxAfter(service.t, before)).toEqual([]);
    const shown = await service.app.inject({
      method: 'GET',
      url: `/api/shipments/${id}`,
      headers: service.t.as(ops),
    });
    expect(legOf(shown.json()).carrierMasterId).toBeNull();
  });

  it('refuses customers (403) and another broker’s staff (404), whoever’s carrier they name', async () => {
    const id = await create();
    const customer = await assign(shipper, id, { carrierMasterId: 'car_t_ready' });
    expect(customer.statusCode).toBe(403);
    expect((await assign(buyer, id, { carrierMasterId: 'car_t_ready' })).statusCode).toBe(403);
    const other = await assign(otherBroker, id, { carrierMasterId: 'car_t_theirs' });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(`Shipment ${id} was not found.`);
    const shown = await service.app.inject({
      method: 'GET',
      url: `/api/shipments/${id}`,
      headers: service.t.as(ops),
    });
    expect(legOf(shown.json()).carrierMasterId).toBeNull();
  });

  it('says in the entry that a tendered shipment keeps its status and the new carrier was not tendered', async () => {
    const id = await create({
      status: ShipmentStatus.values.Dispatched,
      transitLegs: [{ transitType: 1, active: true }],
    });
    const before = await lastPosition(service.t);
    const notes = async () =>
      (await outboxAfter(service.t, before))
        .filter((e) => e.subject === subjects.shipmentNoteAdded)
        .map((e) => e.envelope.data.description);
    await assign(ops, id, { carrierMasterId: 'car_t_ready' });
    await assign(ops, id, { carrierMasterId: 'car_t_road' });
    const off = await assign(ops, id, { carrierMasterId: null });
    expect(off.json().status).toBe(ShipmentStatus.values.Dispatched);
    expect(await notes()).toEqual([
      'Carrier Ready Freight assigned. The shipment stays Dispatched: Ready Freight was not tendered.',
      'Carrier changed from Ready Freight to Roadrunner Lines. The shipment stays Dispatched: Roadrunner Lines was not tendered.',
      'Carrier Roadrunner Lines removed. The shipment stays Dispatched.',
    ]);
  });

  it('leaves the carrier of a delivered shipment as it is', async () => {
    const id = await create({ status: ShipmentStatus.values.Delivered });
    const res = await assign(ops, id, { carrierMasterId: 'car_t_ready' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'carrierMasterId: The carrier of a Delivered shipment cannot be changed.',
    );
    // the shipment says so before anyone tries (the page offers no picker); an open one says nothing
    const read = async (shipmentId: number) =>
      (
        await service.app.inject({
          method: 'GET',
          url: `/api/shipments/${shipmentId}`,
          headers: service.t.as(ops),
        })
      ).json();
    expect((await read(id)).carrierChangeRefusal).toBe(
      'The carrier of a Delivered shipment cannot be changed.',
    );
    expect((await read(await create())).carrierChangeRefusal).toBeNull();
  });

  it('names a leg of another shipment or a malformed body with a 400 on the field', async () => {
    const id = await create();
    const res = await assign(ops, id, { carrierMasterId: 'car_t_ready', transitLegId: 'leg_nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`transitLegId: leg_nope is not a transit leg of shipment ${id}.`);
    for (const body of [
      {},
      { carrierMasterId: 7 },
      { carrierMasterId: 'x'.repeat(65) },
      { carrierMasterId: 'car_t_ready', extra: 1 },
    ]) {
      const bad = await assign(ops, id, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().message.length).toBeLessThanOrEqual(500);
    }
  });

  it('resolves the carrier-blocked alert when the blocked carrier is replaced', async () => {
    await deliver(
      carrier({ carrierMasterId: 'car_t_soon', carrierMasterName: 'Soon Blocked Co', scac: 'SOON' }),
    );
    const id = await create({
      transitLegs: [
        { transitType: 1, active: true, carrierMasterId: 'car_t_soon', carrierMasterName: 'Soon Blocked Co' },
      ],
    });
    await deliver(
      carrier({
        carrierMasterId: 'car_t_soon',
        carrierMasterName: 'Soon Blocked Co',
        scac: 'SOON',
        status: 2,
        previousStatus: 1,
        inCompliance: false,
        complianceReasons: ['Blocked'],
      }),
    );
    const alerts = async () =>
      (
        await service.app.inject({ method: 'GET', url: `/api/shipments/${id}`, headers: service.t.as(ops) })
      ).json().shipmentAlertTypes as number[];
    expect(await alerts()).toContain(ShipmentAlertType.values.CarrierBlocked);
    const res = await assign(ops, id, { carrierMasterId: 'car_t_ready' });
    expect(res.json().shipmentAlertTypes).not.toContain(ShipmentAlertType.values.CarrierBlocked);
  });
});

describe('carriers on legs as the importer and order entry write them, and at the same time', () => {
  it('takes off a carrier known by its name alone, and one known by its id alone', async () => {
    const named = await create({
      transitLegs: [{ transitType: 1, active: true, carrierMasterName: 'Imported Co', scac: 'IMPC' }],
    });
    const before = await lastPosition(service.t);
    const off = await assign(ops, named, { carrierMasterId: null });
    expect(legOf(off.json())).toMatchObject({ carrierMasterId: null, carrierMasterName: null, scac: null });
    expect((await outboxAfter(service.t, before)).at(-1)!.envelope.data.description).toBe(
      'Carrier Imported Co removed.',
    );
    const byId = await create({
      transitLegs: [{ transitType: 1, active: true, carrierMasterId: 'car_t_road' }],
    });
    const mid = await lastPosition(service.t);
    await assign(ops, byId, { carrierMasterId: null });
    expect((await outboxAfter(service.t, mid)).at(-1)!.envelope.data.description).toBe(
      'Carrier car_t_road removed.',
    );
  });

  it('refuses a carrier published before the reasons were, out of compliance, with a plain reason', async () => {
    const {
      complianceReasons: _,
      phone: __,
      ...older
    } = carrier({
      carrierMasterId: 'car_t_older',
      carrierMasterName: 'Older Event Lines',
      scac: 'OLDE',
      inCompliance: false,
    });
    await deliver(older);
    const res = await assign(ops, await create(), { carrierMasterId: 'car_t_older' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('carrierMasterId: The carrier is out of compliance.');
  });

  it('keeps one history when staff change the carrier at the same time: each change from the one before', async () => {
    const id = await create();
    const before = await lastPosition(service.t);
    const answers = await Promise.all(
      ['car_t_ready', 'car_t_road', 'car_t_road', 'car_t_road'].map((carrierMasterId) =>
        assign(ops, id, { carrierMasterId }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const notes = (await outboxAfter(service.t, before))
      .filter((e) => e.subject === subjects.shipmentNoteAdded)
      .map((e) => e.envelope.data.description as string);
    // One history: the first assigns, each next change starts from the carrier the one before left, and a
    // Roadrunner request that finds Roadrunner on the leg writes nothing. Ready Freight's one request lands
    // first, last, or between two Roadrunner requests (then Roadrunner is written twice, each from Ready).
    const carriers = notes.map((note, i) => {
      if (i === 0) return /^Carrier (.+) assigned\.$/.exec(note)?.[1];
      const [, from, to] = /^Carrier changed from (.+) to (.+)\.$/.exec(note) ?? [];
      expect(from, note).toBe(
        /(?:Carrier | to )(Ready Freight|Roadrunner Lines)(?: assigned)?\.$/.exec(notes[i - 1]!)?.[1],
      );
      return to;
    });
    expect(carriers.filter((c) => c === 'Ready Freight')).toHaveLength(1);
    expect(carriers.every((c) => c === 'Ready Freight' || c === 'Roadrunner Lines')).toBe(true);
    expect(notes.length).toBeGreaterThanOrEqual(2);
    expect(notes.length).toBeLessThanOrEqual(3);
    const shown = await service.app.inject({
      method: 'GET',
      url: `/api/shipments/${id}`,
      headers: service.t.as(ops),
    });
    expect(notes.at(-1)).toContain(
      legOf(shown.json()).carrierMasterId === 'car_t_road' ? 'to Roadrunner' : 'to Ready',
    );
  });
});

describe('the carrier picker’s choices', () => {
  it("lists the broker's own carriers by name, each with why it may not be chosen; the search takes a name's or SCAC's start", async () => {
    const res = await choices(ops, '?limit=50');
    expect(res.statusCode).toBe(200);
    const listed = res.json().carriers as { carrierMasterId: string; name: string; refusal: string | null }[];
    const ours = listed.filter((c) => c.carrierMasterId.startsWith('car_t_'));
    expect(ours.map((c) => c.name)).toEqual([
      'Lapsed Haulers',
      'Older Event Lines',
      'Ready Freight',
      'Roadrunner Lines',
      'Rogue Transport',
      'Soon Blocked Co',
    ]);
    expect(listed.some((c) => c.carrierMasterId === 'car_t_theirs')).toBe(false);
    expect(ours.find((c) => c.name === 'Rogue Transport')).toMatchObject({
      status: 'Blocked',
      inCompliance: false,
      refusal: 'The carrier is blocked.',
    });
    expect(ours.find((c) => c.name === 'Ready Freight')).toMatchObject({ status: 'Enabled', refusal: null });

    const byName = (await choices(ops, '?search=ro')).json().carriers.map((c: { name: string }) => c.name);
    expect(byName).toEqual(['Roadrunner Lines', 'Rogue Transport']);
    const byScac = (await choices(ops, '?search=rdy')).json().carriers.map((c: { name: string }) => c.name);
    expect(byScac).toEqual(['Ready Freight']);
    // a wildcard is a character like any other
    expect((await choices(ops, '?search=%25')).json().carriers).toEqual([]);
    const theirs = (await choices(otherBroker, '?search=r'))
      .json()
      .carriers.map((c: { name: string }) => c.name);
    expect(theirs).toEqual(['Rival Express']);
  });

  it('refuses customers and bounds the query', async () => {
    expect((await choices(shipper)).statusCode).toBe(403);
    // the limit may be left out
    expect((await choices(ops)).statusCode).toBe(200);
    expect((await choices(ops, '?limit=51')).statusCode).toBe(400);
    expect((await choices(ops, `?search=${'a'.repeat(101)}`)).statusCode).toBe(400);
  });
});
