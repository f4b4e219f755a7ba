// The daily insurance watch (issue 7 item 3) on the real BullMQ and PostgreSQL: statuses move 30 and 10
// days before expiry and at expiry, each move is published once however often the job runs, and the
// broker carrier's insurance status and compliance follow.
import { addCalendarDays } from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import { eventually } from '@loadline/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInsuranceWatch } from '../../src/app/insurance-watch.ts';
import { type InsuranceWatchJob, insuranceWatchQueue } from '../../src/jobs/index.ts';
import { lastPosition, outboxAfter, type Service, startService, today } from './fixtures.ts';

let service: Service;

beforeAll(async () => {
  service = await startService({ background: true });
});
afterAll(async () => {
  await service?.close();
});

/** Runs the watch through BullMQ as the daily scheduler does, and waits for the job to finish. */
async function runJob(day: string, jobId: string) {
  const queue = service.t.runtime.queue<InsuranceWatchJob>(insuranceWatchQueue);
  await queue.enqueue({ today: day }, { idempotencyKey: jobId });
  return eventually(async () => {
    const progress = await queue.progress(jobId);
    if (!progress?.isFinished) return undefined;
    expect(progress.failed).toBe(false);
    return (await queue.queue.getJob(jobId))?.returnvalue;
  });
}

describe('the insurance watch', () => {
  it('on the seeding day finds nothing to move', async () => {
    const before = await lastPosition(service.t);
    expect(await runJob(today, 'watch-seed-day')).toEqual({ moved: 0, brokerCarriers: 0 });
    expect(await outboxAfter(service.t, before)).toEqual([]);
  });

  it('20 days later: Prairie’s auto liability to Expiring in 10 Days, Bluewater’s cargo to Expired, once each, run twice', async () => {
    const day = addCalendarDays(today, 20);
    const before = await lastPosition(service.t);
    expect(await runJob(day, 'watch-day-20-a')).toEqual({ moved: 2, brokerCarriers: 2 });
    // The same day again (another job, e.g. a retry or the start-up run): nothing more is published.
    expect(await runJob(day, 'watch-day-20-b')).toEqual({ moved: 0, brokerCarriers: 0 });
    const events = await outboxAfter(service.t, before);
    const moves = events.filter((e) => e.subject === subjects.carrierInsuranceStatusChanged);
    expect(
      moves
        .map((e) => e.envelope.data)
        .sort((a, b) => String(a.brokerCarrierId).localeCompare(String(b.brokerCarrierId))),
    ).toEqual([
      {
        brokerCarrierInsuranceId: 'ins_demo_bluewater_cargo',
        brokerCarrierId: 'bcr_demo_bluewater',
        brokerId: 'org_demo_broker',
        carrierMasterId: 'car_demo_bluewater',
        carrierMasterName: 'Bluewater Logistics',
        insuranceType: 'Cargo',
        expirationDate: addCalendarDays(today, 7),
        previousStatus: 'ExpiringIn10Days',
        status: 'Expired',
        asOf: day,
      },
      {
        brokerCarrierInsuranceId: 'ins_demo_prairie_auto',
        brokerCarrierId: 'bcr_demo_prairie',
        brokerId: 'org_demo_broker',
        carrierMasterId: 'car_demo_prairie',
        carrierMasterName: 'Prairie Express',
        insuranceType: 'Auto Liability',
        expirationDate: addCalendarDays(today, 25),
        previousStatus: 'ExpiringIn30Days',
        status: 'ExpiringIn10Days',
        asOf: day,
      },
    ]);
    const carriers = events
      .filter((e) => e.subject === subjects.brokerCarrierChanged)
      .map((e) => e.envelope.data);
    expect(carriers).toHaveLength(2);
    expect(carriers.find((c) => c.brokerCarrierId === 'bcr_demo_bluewater')).toMatchObject({
      insuranceStatus: 'Expired',
      inCompliance: false,
      changedBy: null,
      version: 2,
    });
    expect(carriers.find((c) => c.brokerCarrierId === 'bcr_demo_prairie')).toMatchObject({
      insuranceStatus: 'ExpiringIn10Days',
      inCompliance: true,
    });
  });

  it('two passes at once still publish each move once', async () => {
    const day = addCalendarDays(today, 120);
    const before = await lastPosition(service.t);
    const [a, b] = await Promise.all([
      runInsuranceWatch(service.t.deps, day),
      runInsuranceWatch(service.t.deps, day),
    ]);
    // By day 120: Old Line's cargo (150) and Bluewater's auto (90) move; Prairie's auto (25) and Summit's cargo (120) too.
    const moved = await outboxAfter(service.t, before);
    const insuranceIds = moved
      .filter((e) => e.subject === subjects.carrierInsuranceStatusChanged)
      .map((e) => e.envelope.data.brokerCarrierInsuranceId);
    expect(new Set(insuranceIds).size).toBe(insuranceIds.length);
    expect(a.moved + b.moved).toBe(insuranceIds.length);
    expect(insuranceIds.sort()).toEqual([
      'ins_demo_bluewater_auto',
      'ins_demo_oldline_cargo',
      'ins_demo_prairie_auto',
      'ins_demo_summit_cargo',
    ]);
  });
});
