// The carrier-blocked alert (002 §3.4, 218) raised from the carriers service's brokercarrier.changed,
// against the real servers: on every shipment under way with the carrier on a leg, once, with
// shipment.updated; resolved when the carrier is no longer blocked; older versions and redeliveries
// change nothing; a shipment created later with a blocked carrier has it from the start.
import { ShipmentAlertType, ShipmentStatus, TransitLegType } from '@loadline/contracts/catalogue';
import { type BrokerCarrierChangedV1, subjects } from '@loadline/contracts/events';
import { createEnvelope } from '@loadline/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoShipmentIds } from '../../src/store/demo.ts';
import {
  broker,
  lastPosition,
  newShipment,
  ops,
  outboxAfter,
  type Service,
  startService,
} from './fixtures.ts';

let service: Service;
const CarrierBlocked = ShipmentAlertType.values.CarrierBlocked;

interface Shown {
  shipmentId: number;
  status: number;
  shipmentAlertTypes: number[];
  transitLegs: { carrierMasterId: string | null }[];
}
const shipments: Shown[] = [];

beforeAll(async () => {
  service = await startService();
  for (const id of demoShipmentIds) {
    const res = await service.app.inject({
      method: 'GET',
      url: `/api/shipments/${id}`,
      headers: service.t.as(ops),
    });
    shipments.push(res.json());
  }
});
afterAll(async () => {
  await service?.close();
});

const changed = (overrides: Partial<BrokerCarrierChangedV1>): BrokerCarrierChangedV1 => ({
  brokerCarrierId: 'bcr_demo_summit',
  version: 2,
  brokerId: broker,
  carrierMasterId: 'car_demo_summit',
  carrierMasterName: 'Summit Carriers',
  scac: 'SMCR',
  status: 2,
  previousStatus: 1,
  favorite: false,
  inherited: false,
  insuranceStatus: 'Current',
  inCompliance: false,
  changedBy: { userId: 'usr_demo_admin', name: 'Avery Admin' },
  ...overrides,
});

const consumer = () =>
  service.t.runtime.consumers.find((c) => c.durableName.includes('carriers-blocked-alert'))!;
const deliver = (data: BrokerCarrierChangedV1) =>
  consumer().apply(createEnvelope('carriers', subjects.brokerCarrierChanged, data) as never);

const underWay = (carrier: string) =>
  shipments
    .filter(
      (s) =>
        s.status < ShipmentStatus.values.Delivered &&
        s.transitLegs.some((l) => l.carrierMasterId === carrier),
    )
    .map((s) => s.shipmentId)
    .sort((a, b) => a - b);

async function openBlockedAlerts(): Promise<number[]> {
  const rows = await service.t.runtime.db
    .selectFrom('shipment_alert')
    .select('shipment_id')
    .where('alert_type', '=', CarrierBlocked)
    .where('resolved', '=', false)
    .orderBy('shipment_id')
    .execute();
  return rows.map((r) => Number(r.shipment_id));
}

describe('the carrier-blocked alert (218)', () => {
  it('is raised on each shipment under way with the blocked carrier on any leg, with shipment.updated', async () => {
    const expected = underWay('car_demo_summit');
    expect(expected.length).toBeGreaterThan(2);
    // Delivered, complete and canceled shipments of the carrier are left alone.
    expect(
      shipments.some(
        (s) => s.status >= 1000 && s.transitLegs.some((l) => l.carrierMasterId === 'car_demo_summit'),
      ),
    ).toBe(true);
    const before = await lastPosition(service.t);
    expect(await deliver(changed({}))).toBe(true);
    expect(await openBlockedAlerts()).toEqual(expected);
    const events = await outboxAfter(service.t, before);
    expect(events.map((e) => e.subject)).toEqual(expected.map(() => subjects.shipmentUpdated));
    expect(events.map((e) => e.envelope.data.shipmentId)).toEqual(expected);
    expect(
      events.every((e) => (e.envelope.data.shipmentAlertTypes as number[]).includes(CarrierBlocked)),
    ).toBe(true);
    const view = await service.app.inject({
      method: 'GET',
      url: `/api/shipmentAlerts/${expected[0]}`,
      headers: service.t.as(ops),
    });
    expect(view.json()[0]).toMatchObject({
      type: CarrierBlocked,
      displayName: 'Carrier blocked',
      resolved: false,
    });
  });

  it('a redelivery, an older version or the same status again change nothing', async () => {
    const before = await lastPosition(service.t);
    const envelope = createEnvelope('carriers', subjects.brokerCarrierChanged, changed({ version: 3 }));
    expect(await consumer().apply(envelope as never)).toBe(true);
    expect(await consumer().apply(envelope as never)).toBe(false);
    expect(await deliver(changed({ version: 1, status: 1 }))).toBe(true);
    expect(await openBlockedAlerts()).toEqual(underWay('car_demo_summit'));
    expect(await outboxAfter(service.t, before)).toEqual([]);
  });

  it("another broker's block touches none of this broker's shipments", async () => {
    const before = await lastPosition(service.t);
    await deliver(changed({ brokerId: 'org_other_broker', carrierMasterId: 'car_demo_prairie', version: 2 }));
    expect(await outboxAfter(service.t, before)).toEqual([]);
  });

  it('is resolved when the carrier is enabled again, except where another leg’s carrier is still blocked', async () => {
    const both = underWay('car_demo_summit').filter((id) => underWay('car_demo_prairie').includes(id));
    expect(both.length).toBeGreaterThan(0);
    await deliver(
      changed({ brokerCarrierId: 'bcr_demo_prairie', carrierMasterId: 'car_demo_prairie', version: 2 }),
    );
    const before = await lastPosition(service.t);
    await deliver(changed({ version: 4, status: 1, previousStatus: 2 }));
    expect(await openBlockedAlerts()).toEqual(underWay('car_demo_prairie'));
    const resolved = (await outboxAfter(service.t, before)).map((e) => e.envelope.data);
    expect(resolved.map((d) => d.shipmentId)).toEqual(
      underWay('car_demo_summit').filter((id) => !both.includes(id)),
    );
    expect(resolved.every((d) => !(d.shipmentAlertTypes as number[]).includes(CarrierBlocked))).toBe(true);
    const alerts = await service.app.inject({
      method: 'GET',
      url: `/api/shipmentAlerts/${resolved[0]!.shipmentId}`,
      headers: service.t.as(ops),
    });
    expect(alerts.json().find((a: { type: number }) => a.type === CarrierBlocked)).toMatchObject({
      resolved: true,
    });
  });

  it('is on a shipment created later with a carrier already blocked, and not with one enabled again', async () => {
    const create = (carrierMasterId: string) =>
      service.app.inject({
        method: 'POST',
        url: '/api/shipments',
        headers: service.t.as(ops),
        payload: newShipment({
          transitLegs: [
            { carrierMasterId, carrierMasterName: 'Carrier', transitType: TransitLegType.values.Linehaul },
          ],
        }),
      });
    // Prairie stays blocked from the test above; Summit was enabled again.
    const withBlocked = await create('car_demo_prairie');
    expect(withBlocked.statusCode, withBlocked.body).toBe(201);
    expect(withBlocked.json().shipmentAlertTypes).toEqual([CarrierBlocked]);
    const withEnabled = await create('car_demo_summit');
    expect(withEnabled.statusCode, withEnabled.body).toBe(201);
    expect(withEnabled.json().shipmentAlertTypes).toEqual([]);
  });
});
