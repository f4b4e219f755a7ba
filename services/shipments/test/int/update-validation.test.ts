// 000 §5 date rules on PUT /api/ShipmentUpdateStatus/updatestatus against the real servers: what
// the update fills in, and refusals that answer 400 with model.<field> errors and write nothing.
import { ShipmentStatus } from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src/domain/stop-times.ts';
import { lastPosition, ops, outboxAfter, type Service, startService } from './fixtures.ts';

const S = ShipmentStatus.values;
let service: Service;

const update = (payload: object) =>
  service.app.inject({
    method: 'PUT',
    url: '/api/ShipmentUpdateStatus/updatestatus',
    headers: service.t.as(ops),
    payload,
  });
const stops = async (shipmentId: number) => {
  const body = (
    await service.app.inject({
      method: 'GET',
      url: `/api/shipments/${shipmentId}`,
      headers: service.t.as(ops),
    })
  ).json();
  return { pickup: body.stops[0], delivery: body.stops.at(-1), shipment: body };
};
const snapshot = async (shipmentId: number) => {
  const db = service.t.runtime.db;
  return {
    shipment: await db
      .selectFrom('shipment')
      .selectAll()
      .where('shipment_id', '=', shipmentId)
      .executeTakeFirst(),
    stops: await db
      .selectFrom('stop')
      .selectAll()
      .where('shipment_id', '=', shipmentId)
      .orderBy('sequence')
      .execute(),
    references: await db
      .selectFrom('reference_number')
      .selectAll()
      .where('shipment_id', '=', shipmentId)
      .orderBy('reference_id')
      .execute(),
    position: await lastPosition(service.t),
  };
};

beforeAll(async () => {
  service = await startService();
});
afterAll(async () => {
  await service?.close();
});

describe('what an update fills in (000 §5)', () => {
  it('moves the pickup close and the estimated delivery with a new pickup date, and publishes them', async () => {
    // 10003: Ready, LTL, Pittsburgh to Dallas, 3 transit days.
    const before = await lastPosition(service.t);
    const res = await update({ shipmentId: 10003, status: S.Ready, pickupReadyDateTime: '2026-12-04T09:30' });
    expect(res.statusCode).toBe(200);
    const { pickup, delivery } = await stops(10003);
    expect(pickup).toMatchObject({
      scheduledReadyDateTime: '2026-12-04T09:30:00',
      scheduledCloseDateTime: '2026-12-04T16:00:00',
    });
    // Friday 2026-12-04 + 3 weekdays = Wednesday 2026-12-09.
    expect(delivery).toMatchObject({
      scheduledReadyDateTime: '2026-12-09T08:00:00',
      scheduledCloseDateTime: '2026-12-09T16:00:00',
    });
    const updated = (await outboxAfter(service.t, before)).find(
      (e) => e.subject === subjects.shipmentUpdated,
    );
    expect(
      (updated!.envelope.data.stops as { scheduledReadyDateTime: string }[]).at(-1)?.scheduledReadyDateTime,
    ).toBe('2026-12-09T08:00:00');
  });

  it('reads a time alone as today at the origin, and a date alone as 00:00', async () => {
    // 10006: In Transit, from Denver (UTC-7).
    const { shipment } = await stops(10006);
    const res = await update({
      shipmentId: 10006,
      status: S.InTransit,
      actualPickupArrivalDateTime: '07:45',
      actualPickupDepartureDateTime: '08:30',
    });
    expect(res.statusCode).toBe(200);
    const day = localDate(new Date(), shipment.originBaseUTCOffset);
    expect((await stops(10006)).pickup).toMatchObject({
      actualArrivalDateTime: `${day}T07:45:00`,
      actualDepartureDateTime: `${day}T08:30:00`,
    });
  });

  it('fills the proof-of-delivery departure with 00:00 when only the arrival date is given', async () => {
    // 10007: Out for Delivery.
    const res = await update({
      shipmentId: 10007,
      status: S.Delivered,
      proofOfDeliveryArrivalDateTime: '2026-11-24',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      actualArrivalDateTime: '2026-11-24T00:00:00',
      actualDepartureDateTime: '2026-11-24T00:00:00',
    });
  });
});

describe('refused updates (400, model.<field>, nothing written)', () => {
  it('refuses an estimate after the delivery close, listing every problem', async () => {
    const before = await snapshot(10013);
    const res = await update({
      shipmentId: 10013,
      status: S.Dispatched,
      proNumber: 'OLFT999999',
      activity: 'should not be written',
      pickupAppointmentBeginDateTime: '2026-11-25T11:00',
      pickupAppointmentEndDateTime: '2026-11-25T10:00',
      deliveryEstimatedDateTime: '2026-11-30T17:00',
      deliveryCloseDateTime: '2026-11-30T16:00',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'model.pickupAppointmentEndDateTime': ['Pickup appointment end must not be before its begin.'],
      'model.deliveryEstimatedDateTime': [
        'Delivery estimated (11/30/2026 17:00) must be on or before delivery close (11/30/2026 16:00).',
      ],
    });
    expect(await snapshot(10013)).toEqual(before);
  });

  it('refuses a close without a ready time and a value that is not a date, writing nothing', async () => {
    const before = await snapshot(10013);
    const noReady = await update({ shipmentId: 10013, status: S.Dispatched, pickupReadyDateTime: null });
    expect(noReady.json().errors).toEqual({
      'model.pickupReadyDateTime': ['Pickup ready date and time are required.'],
    });
    const impossible = await update({
      shipmentId: 10013,
      status: S.Dispatched,
      pickupReadyDateTime: '2026-02-30',
    });
    expect(impossible.json().errors).toEqual({
      'model.pickupReadyDateTime': ['pickupReadyDateTime is not a valid date and time.'],
    });
    const zoned = await update({
      shipmentId: 10013,
      status: S.Dispatched,
      pickupReadyDateTime: '2026-11-26T08:00Z',
    });
    expect(zoned.statusCode).toBe(400);
    expect(await snapshot(10013)).toEqual(before);
  });
});
