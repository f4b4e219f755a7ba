// The order's accessorials become the shipment's charge lines (issue 17 item 2; decision 0098), from the
// shipments service's shipment.updated, against the real PostgreSQL and NATS: one line each, once, at zero
// in the customer's group, typed by the accessorial type; a line the broker deleted is not made again; a
// shipment that arrives settled (a historical import) gets none.
import { ShipmentStatus } from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import { createEnvelope } from '@loadline/platform';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipmentUpdated } from '../../src/app/events.ts';
import {
  type Accounting,
  events,
  lastPosition,
  operations,
  shipmentEvent,
  startAccounting,
} from './fixtures.ts';

const S = ShipmentStatus.values;
let t: Accounting;

beforeAll(async () => {
  t = await startAccounting();
});
afterAll(async () => t?.cleanup());

const fuel = { accessorialId: 30, name: 'Fuel Surcharge', accessorialType: 4 };
const liftgate = { accessorialId: 1, name: 'Liftgate Pickup', accessorialType: 2 };
const detention = { accessorialId: 100, name: 'Detention', accessorialType: 11 };
const residential = { accessorialId: 12, name: 'Residential Delivery', accessorialType: 3 };

const linesOf = async (shipmentId: number) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/accountingSummary/${shipmentId}`,
    headers: t.as(operations),
  });
  expect(res.statusCode, res.body).toBe(200);
  const summary = res.json();
  return summary.groups.flatMap(
    (g: { payerOrganizationId: string; chargeLines: Record<string, unknown>[] }) =>
      g.chargeLines.map((l) => ({
        payer: g.payerOrganizationId,
        type: l.chargeLineType,
        description: l.description,
        buyCents: l.buyCents,
        sellCents: l.sellCents,
        chargeLineId: l.chargeLineId,
      })),
  );
};

describe('accessorials chosen on the order', () => {
  it('each becomes one charge line at zero in the customer’s group, typed by its accessorial type', async () => {
    const before = await lastPosition(t);
    await t.deliver(
      subjects.shipmentUpdated,
      shipmentEvent(20001, S.Committed, 1, { accessorials: [fuel, liftgate, detention] }),
    );
    const lines = await linesOf(20001);
    expect(lines.map(({ chargeLineId: _, ...l }: { chargeLineId: string }) => l)).toEqual([
      { payer: 'org_demo_acme', type: 'Fuel', description: 'Fuel Surcharge', buyCents: 0, sellCents: 0 },
      { payer: 'org_demo_acme', type: 'Pickup', description: 'Liftgate Pickup', buyCents: 0, sellCents: 0 },
      { payer: 'org_demo_acme', type: 'Accessorial', description: 'Detention', buyCents: 0, sellCents: 0 },
    ]);
    expect((await events(t, subjects.chargeLinesChanged, before)).map((e) => e.data.shipmentId)).toContain(
      20001,
    );

    // the next versions name the same accessorials: nothing more
    await t.deliver(
      subjects.shipmentUpdated,
      shipmentEvent(20001, S.Dispatched, 2, { accessorials: [fuel, liftgate, detention] }),
    );
    expect(await linesOf(20001)).toHaveLength(3);

    // the broker deletes the detention line: a later event does not make it again
    const detentionLine = lines.find((l: { description: string }) => l.description === 'Detention')!;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/accountingSummary/transitChargeline/${detentionLine.chargeLineId}`,
      headers: t.as(operations),
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    await t.deliver(
      subjects.shipmentUpdated,
      shipmentEvent(20001, S.Dispatched, 3, { accessorials: [fuel, liftgate, detention, residential] }),
    );
    expect((await linesOf(20001)).map((l: { description: string }) => l.description)).toEqual([
      'Fuel Surcharge',
      'Liftgate Pickup',
      'Residential Delivery',
    ]);
    // an older version arriving late changes nothing
    await t.deliver(
      subjects.shipmentUpdated,
      shipmentEvent(20001, S.Committed, 1, { accessorials: [detention] }),
    );
    expect(await linesOf(20001)).toHaveLength(3);
  });

  it('a shipment that arrives delivered (a historical import) gets no charge line for them', async () => {
    await t.deliver(
      subjects.shipmentUpdated,
      shipmentEvent(20002, S.Delivered, 1, { accessorials: [fuel, liftgate] }),
    );
    expect(await linesOf(20002)).toEqual([]);
  });
});

describe('a batch of shipment.updated (decision 0045)', () => {
  // The same changes of two new Acme shipments, one given to the use case event by event (each in its own
  // transaction, as the consumer did before) and the other to the consumer as one batch
  // (In Transit ↔ Out for Delivery only written, an accessorial charged, an older copy skipped, the
  // delivery that may invoice): the copies, charge lines and events end the same.
  const changes = (id: number) => [
    shipmentEvent(id, S.InTransit, 1),
    shipmentEvent(id, S.OutForDelivery, 2),
    shipmentEvent(id, S.InTransit, 3, { accessorials: [fuel] }),
    shipmentEvent(id, S.OutForDelivery, 2),
    shipmentEvent(id, S.OutForDelivery, 4, { accessorials: [fuel, liftgate] }),
    shipmentEvent(id, S.Delivered, 5, { accessorials: [fuel, liftgate] }),
    shipmentEvent(id, S.InTransit, 6, { accessorials: [fuel, liftgate] }),
  ];
  const copyOf = async (id: number) => {
    const { shipment_id: _, ...copy } = await t.runtime.db
      .selectFrom('shipment_view')
      .selectAll()
      .where('shipment_id', '=', id)
      .executeTakeFirstOrThrow();
    return copy;
  };
  const eventsOf = async (id: number, after: number) =>
    (
      await t.runtime.db
        .selectFrom('outbox')
        .select(['subject', 'envelope'])
        .where('position', '>', after)
        .execute()
    )
      .filter((r) => JSON.stringify(r.envelope).includes(`"shipmentId":${id}`))
      .map((r) => r.subject);

  it('ends as the same events one by one would', async () => {
    const before = await lastPosition(t);
    for (const e of changes(20101))
      await t.runtime.db.transaction().execute((trx) => shipmentUpdated(t.deps, trx, e));
    const consumer = t.runtime.consumers.find((c) => c.durableName.endsWith('_shipments'))!;
    const batch = changes(20102).map((e) => createEnvelope('shipments', subjects.shipmentUpdated, e));
    expect(await consumer.applyAll(batch)).toEqual(batch.map(() => true));
    // Idempotent: no handled marks, and delivered again nothing is written twice.
    const marks = await sql<{ n: string }>`select count(*) as n from handled_event
      where event_id = any(${batch.map((e) => e.id)}::uuid[])`.execute(t.runtime.db);
    expect(Number(marks.rows[0]!.n)).toBe(0);
    await consumer.applyAll(batch);
    expect(await copyOf(20102)).toEqual(await copyOf(20101));
    expect((await copyOf(20102)).status).toBe(S.InTransit);
    expect((await copyOf(20102)).version).toBe(6);
    const lines = async (id: number) =>
      (await linesOf(id)).map(({ chargeLineId: _, ...l }: { chargeLineId: string }) => l);
    expect(await lines(20102)).toEqual(await lines(20101));
    expect((await lines(20102)).map((l: { description: string }) => l.description)).toEqual([
      'Fuel Surcharge',
      'Liftgate Pickup',
    ]);
    expect(await eventsOf(20102, before)).toEqual(await eventsOf(20101, before));
  });
});
