// Broker carriers published before brokercarrier.changed carried the phone and compliance reasons are
// published once more at the service's start (decision 0117), against the real servers: each once, with
// every field and the next version; a second start publishes nothing.
import { subjects } from '@loadline/contracts/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { republishOlderBrokerCarriers } from '../../src/app/republish.ts';
import { lastPosition, outboxAfter, type Service, startService } from './fixtures.ts';

let service: Service;

beforeAll(async () => {
  service = await startService();
});
afterAll(async () => {
  await service?.close();
});

describe('broker carriers published in an older shape', () => {
  it('are published once more with their phone and compliance reasons; a second start publishes nothing', async () => {
    const db = service.t.runtime.db;
    // seeded now: born in the current shape, nothing to publish again
    const start = await lastPosition(service.t);
    expect(await republishOlderBrokerCarriers(service.t.deps)).toBe(0);
    expect(await outboxAfter(service.t, start)).toEqual([]);

    // as a row kept before the migration would be
    await db
      .updateTable('broker_carrier')
      .set({ event_shape: 0 })
      .where('broker_carrier_id', 'in', ['bcr_demo_summit', 'bcr_demo_oldline'])
      .execute();
    const versions = await db
      .selectFrom('broker_carrier')
      .select(['broker_carrier_id', 'version'])
      .where('broker_carrier_id', 'in', ['bcr_demo_summit', 'bcr_demo_oldline'])
      .orderBy('broker_carrier_id')
      .execute();
    expect(await republishOlderBrokerCarriers(service.t.deps)).toBe(2);
    const events = await outboxAfter(service.t, start);
    expect(events.map((e) => e.subject)).toEqual([
      subjects.brokerCarrierChanged,
      subjects.brokerCarrierChanged,
    ]);
    const data = events.map((e) => e.envelope.data);
    expect(data.map((d) => [d.brokerCarrierId, d.version])).toEqual(
      versions.map((v) => [v.broker_carrier_id, v.version + 1]),
    );
    // Summit's auto liability has expired (contracts/demo/carriers.ts)
    expect(data[1]).toMatchObject({
      carrierMasterName: 'Summit Carriers',
      inCompliance: false,
      complianceReasons: ['InsuranceExpired'],
      changedBy: null,
    });
    expect(data[1]).toHaveProperty('phone');
    expect(data[0]).toMatchObject({
      carrierMasterName: 'Old Line Freight',
      inCompliance: true,
      complianceReasons: [],
    });

    const after = await lastPosition(service.t);
    expect(await republishOlderBrokerCarriers(service.t.deps)).toBe(0);
    expect(await outboxAfter(service.t, after)).toEqual([]);
  });
});
