// Audits and the carrier score against the real servers: the leg audit visibility rules of 000 §4 on
// what is accepted, the score arithmetic on known audits (kept as running sums, so an audit moves the
// score at once), replacing an audit, and the event of each.
import { ShipmentStatus, TransitLegType } from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  feedShipment,
  lastPosition,
  ops,
  otherBroker,
  outboxAfter,
  type Service,
  shipmentUpdated,
  shipper,
  startService,
} from './fixtures.ts';

let service: Service;
const S = ShipmentStatus.values;
const L = TransitLegType.values;

// A carrier with no audits yet (the demo carriers have their past loads' audits).
const fresh = { carrierMasterId: 'car_demo_coastal', carrierMasterName: 'Coastal Drayage', scac: 'CSDR' };

beforeAll(async () => {
  service = await startService();
  // 601 and 602 in transit, 603 delivered, all with Coastal on the linehaul; 604 has a pickup leg too.
  await feedShipment(
    service,
    shipmentUpdated(601, [{ transitLegId: 'leg_601', status: S.InTransit, ...fresh }]),
  );
  await feedShipment(
    service,
    shipmentUpdated(602, [{ transitLegId: 'leg_602', status: S.OutForDelivery, ...fresh }]),
  );
  await feedShipment(
    service,
    shipmentUpdated(603, [{ transitLegId: 'leg_603', status: S.Delivered, ...fresh }]),
  );
  await feedShipment(
    service,
    shipmentUpdated(604, [
      { transitLegId: 'leg_604_p', transitType: L.PickupLocal, status: S.Delivered, active: false, ...fresh },
      { transitLegId: 'leg_604', status: S.Dispatched, active: true, ...fresh },
      { transitLegId: 'leg_604_x', status: S.Canceled, active: false, ...fresh },
    ]),
  );
});
afterAll(async () => {
  await service?.close();
});

const audit = (body: object, who: object = ops) =>
  service.app.inject({
    method: 'POST',
    url: '/api/brokerCarrier/audit',
    payload: body,
    headers: service.t.as(who),
  });
const score = async () =>
  (
    await service.app.inject({
      method: 'GET',
      url: '/api/brokercarrier/carrierScore/car_demo_coastal',
      headers: service.t.as(ops),
    })
  ).json();

describe('the carrier score on known audits (000 §3)', () => {
  it('starts from the demo audits of past loads', async () => {
    expect(await score()).toMatchObject({ totalAuditCount: 8, pickupAuditCount: 4, deliveryAuditCount: 4 });
  });

  it('moves with every audit: pickup 28/30 and 11/30, delivery 40/40', async () => {
    // Forget the demo history for this carrier so the arithmetic reads on its own.
    await service.t.runtime.db
      .deleteFrom('carrier_score')
      .where('carrier_master_id', '=', 'car_demo_coastal')
      .execute();
    await service.t.runtime.db
      .deleteFrom('carrier_audit')
      .where('carrier_master_id', '=', 'car_demo_coastal')
      .execute();
    expect(await score()).toEqual({
      carrierMasterId: 'car_demo_coastal',
      totalAuditCount: 0,
      pickupAuditCount: 0,
      deliveryAuditCount: 0,
      starScore: null,
      actualScore: null,
      pickupStarScore: null,
      actualPickupScore: null,
      deliveryStarScore: null,
      actualDeliveryScore: null,
    });

    // Yes (10) + 4 stars (8) + Good (10) = 28 of 30: 4.67 stars.
    const a = await audit({
      shipmentId: 601,
      transitLegId: 'leg_601',
      category: 'Pickup',
      answers: { 'pickup-on-time': true, 'pickup-driver': 4, 'pickup-equipment': 'Good' },
    });
    expect(a.statusCode).toBe(200);
    expect(a.json().score).toBe(4.67);
    // No (0) + 3 stars (6) + Acceptable (5) = 11 of 30: 1.83 stars.
    const b = await audit({
      shipmentId: 602,
      transitLegId: 'leg_602',
      category: 'Pickup',
      answers: { 'pickup-on-time': false, 'pickup-driver': 3, 'pickup-equipment': 'Acceptable' },
    });
    expect(b.json().score).toBe(1.83);
    // Yes, yes, 5 stars, same day = 40 of 40: 5 stars.
    const c = await audit({
      shipmentId: 603,
      transitLegId: 'leg_603',
      category: 'Delivery',
      answers: {
        'delivery-on-time': true,
        'delivery-condition': true,
        'delivery-communication': 5,
        'delivery-paperwork': 'Same day',
      },
    });
    expect(c.json().carrierScore).toEqual(await score());
    // Pickup 5 × 39/60 = 3.25 (3.5 stars, a quarter rounds up); delivery 5; overall (2 × 3.25 + 5) / 3 = 3.83 (4 stars).
    expect(await score()).toEqual({
      carrierMasterId: 'car_demo_coastal',
      totalAuditCount: 3,
      pickupAuditCount: 2,
      deliveryAuditCount: 1,
      starScore: 4,
      actualScore: 3.83,
      pickupStarScore: 3.5,
      actualPickupScore: 3.25,
      deliveryStarScore: 5,
      actualDeliveryScore: 5,
    });
  });

  it('a second audit of the same leg replaces the first: the counts stay, the score moves', async () => {
    const before = await lastPosition(service.t);
    const res = await audit({
      shipmentId: 602,
      transitLegId: 'leg_602',
      category: 'Pickup',
      answers: { 'pickup-on-time': true, 'pickup-driver': 5, 'pickup-equipment': 'Good' },
    });
    expect(res.statusCode).toBe(200);
    // Pickup (28 + 30) / 60 × 5 = 4.83 (5 stars); overall (2 × 4.8333 + 5) / 3 = 4.89 (5 stars).
    expect(await score()).toMatchObject({
      totalAuditCount: 3,
      pickupAuditCount: 2,
      actualPickupScore: 4.83,
      pickupStarScore: 5,
      actualScore: 4.89,
      starScore: 5,
    });
    const [event] = await outboxAfter(service.t, before);
    expect(event!.subject).toBe(subjects.carrierAuditRecorded);
    expect(event!.envelope.data).toMatchObject({
      shipmentId: 602,
      transitLegId: 'leg_602',
      category: 'Pickup',
      score: 5,
      carrierMasterId: 'car_demo_coastal',
      recordedBy: { userId: 'usr_demo_ops', name: 'Omar Operations' },
    });
    expect(event!.envelope.data.replacedAuditId).toMatch(/^aud_/);
  });

  it("scores of one broker are not another's", async () => {
    const other = await service.app.inject({
      method: 'GET',
      url: '/api/brokercarrier/carrierScore/car_demo_coastal',
      headers: service.t.as(otherBroker),
    });
    expect(other.json()).toMatchObject({ totalAuditCount: 0, starScore: null });
  });
});

describe('leg audit visibility (000 §4) decides what is accepted', () => {
  it('lists the carrier legs with the audits shown and recorded', async () => {
    const res = await service.app.inject({
      method: 'GET',
      url: '/api/brokerCarrier/audits/604',
      headers: service.t.as(ops),
    });
    expect(res.statusCode).toBe(200);
    const legs = res.json().legs as {
      transitLegId: string;
      pickupAuditShown: boolean;
      deliveryAuditShown: boolean;
      carrierMasterName: string;
      weightUnit: number;
    }[];
    expect(legs.map((l) => [l.transitLegId, l.pickupAuditShown, l.deliveryAuditShown])).toEqual([
      ['leg_604_p', false, false],
      ['leg_604', false, false],
      ['leg_604_x', false, false],
    ]);
    expect(legs[0]).toMatchObject({ carrierMasterName: 'Coastal Drayage', weightUnit: 0 });
    const delivered = (
      await service.app.inject({
        method: 'GET',
        url: '/api/brokerCarrier/audits/603',
        headers: service.t.as(ops),
      })
    ).json();
    expect(delivered.legs[0]).toMatchObject({ pickupAuditShown: true, deliveryAuditShown: true });
    expect(delivered.legs[0].deliveryAudit).toMatchObject({ category: 'Delivery', score: 5 });
    expect(delivered.legs[0].pickupAudit).toBeNull();
  });

  const pickup = { 'pickup-on-time': true, 'pickup-driver': 4, 'pickup-equipment': 'Good' };
  const refused = async (body: object) => {
    const res = await audit(body);
    expect(res.statusCode).toBe(400);
    return res.json();
  };

  it('refuses a pickup audit before In Transit, a delivery audit before Delivered, other legs and canceled ones', async () => {
    expect(
      (await refused({ shipmentId: 604, transitLegId: 'leg_604', category: 'Pickup', answers: pickup }))
        .message,
    ).toBe('A pickup audit is recorded once the leg is In Transit or beyond.');
    expect(
      (
        await refused({
          shipmentId: 601,
          transitLegId: 'leg_601',
          category: 'Delivery',
          answers: {
            'delivery-on-time': true,
            'delivery-condition': true,
            'delivery-communication': 4,
            'delivery-paperwork': 'Later',
          },
        })
      ).errors,
    ).toEqual({ 'model.category': ['A delivery audit is recorded once the leg is Delivered or beyond.'] });
    expect(
      (await refused({ shipmentId: 604, transitLegId: 'leg_604_p', category: 'Pickup', answers: pickup }))
        .message,
    ).toBe('Only linehaul legs are audited.');
    expect(
      (await refused({ shipmentId: 604, transitLegId: 'leg_604_x', category: 'Pickup', answers: pickup }))
        .message,
    ).toBe('A canceled leg is not audited.');
    expect(
      (await refused({ shipmentId: 601, transitLegId: 'leg_604', category: 'Pickup', answers: pickup }))
        .errors,
    ).toEqual({ 'model.transitLegId': ['Leg leg_604 is not a leg of shipment 601.'] });
  });

  it('checks every answer by its question type, naming each field', async () => {
    const body = await refused({
      shipmentId: 601,
      transitLegId: 'leg_601',
      category: 'Pickup',
      answers: { 'pickup-on-time': 'yes', 'pickup-driver': 6, 'pickup-colour': 'red' },
    });
    expect(body.errors).toEqual({
      'model.answers.pickup-on-time': ["'Arrived on time for pickup' must be yes (true) or no (false)."],
      'model.answers.pickup-driver': [
        "'Driver courtesy and professionalism' must be a whole number of stars from 1 to 5.",
      ],
      'model.answers.pickup-equipment': ["'Equipment condition' needs an answer."],
      'model.answers.pickup-colour': ['pickup-colour is not a pickup audit question.'],
    });
  });

  it("is for the broker's staff: a customer 403, another broker's shipment 404", async () => {
    const body = { shipmentId: 601, transitLegId: 'leg_601', category: 'Pickup', answers: pickup };
    expect((await audit(body, shipper)).statusCode).toBe(403);
    expect((await audit(body, otherBroker)).statusCode).toBe(404);
    expect((await audit(body, admin)).statusCode).toBe(200);
  });

  it('lists the audit questions with their types', async () => {
    const res = await service.app.inject({
      method: 'GET',
      url: '/api/brokerCarrier/auditQuestions',
      headers: service.t.as(ops),
    });
    const questions = res.json() as { questionId: string; category: string; type: string }[];
    expect(questions.map((q) => q.type)).toEqual([
      'Bool',
      'StarRating',
      'Select',
      'Bool',
      'Bool',
      'StarRating',
      'Select',
    ]);
    expect(new Set(questions.map((q) => q.category))).toEqual(new Set(['Pickup', 'Delivery']));
  });
});
