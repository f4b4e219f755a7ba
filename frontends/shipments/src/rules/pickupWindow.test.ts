import { ShipmentStatus, ShipmentType } from '@loadline/contracts';
import { describe, expect, it } from 'vitest';
import { wallClockOf } from './dateTime.ts';
import { pickupDatePassedProposal } from './pickupWindow.ts';

const S = ShipmentStatus.values;
const LTL = ShipmentType.values.LTL;
// 15:00:00 UTC: 10:00 at a UTC-5 origin (Dayton), 07:00 at UTC-8 (Fresno).
const now = new Date('2026-11-23T15:00:00Z');

const base = {
  shipmentType: LTL,
  currentStatus: S.Committed,
  targetStatus: S.Ready,
  originBaseUTCOffset: -5,
  now,
};

describe('pickup-date-passed rule (000 §4): LTL moved to Ready, pickup less than 2 hours ahead at the origin', () => {
  it("reads the origin's wall clock from its UTC offset", () => {
    expect(wallClockOf(now, -5)).toEqual({ date: '2026-11-23', time: '10:00' });
    expect(wallClockOf(now, -8)).toEqual({ date: '2026-11-23', time: '07:00' });
    expect(wallClockOf(new Date('2026-11-24T02:30:00Z'), -5)).toEqual({ date: '2026-11-23', time: '21:30' });
  });

  it('proposes 2 hours ahead when the pickup is less than 2 hours away', () => {
    const proposal = pickupDatePassedProposal({
      ...base,
      pickupReady: { date: '2026-11-23', time: '11:59' },
    });
    expect(proposal).toEqual({ date: '2026-11-23', time: '12:00' });
    // Already passed: the same proposal.
    expect(pickupDatePassedProposal({ ...base, pickupReady: { date: '2026-11-23', time: '08:00' } })).toEqual(
      { date: '2026-11-23', time: '12:00' },
    );
  });

  it('exactly 2 hours ahead or more: no modal', () => {
    expect(
      pickupDatePassedProposal({ ...base, pickupReady: { date: '2026-11-23', time: '12:00' } }),
    ).toBeNull();
    expect(
      pickupDatePassedProposal({ ...base, pickupReady: { date: '2026-11-24', time: '08:00' } }),
    ).toBeNull();
  });

  it("evaluates in the origin's offset: 10:00 is 3 hours ahead in Fresno but passed in Dayton", () => {
    const pickupReady = { date: '2026-11-23', time: '10:00' };
    expect(pickupDatePassedProposal({ ...base, pickupReady, originBaseUTCOffset: -8 })).toBeNull();
    expect(pickupDatePassedProposal({ ...base, pickupReady, originBaseUTCOffset: -5 })).toEqual({
      date: '2026-11-23',
      time: '12:00',
    });
  });

  it('crosses midnight at the origin', () => {
    const late = new Date('2026-11-24T04:30:00Z'); // 23:30 in Dayton
    expect(
      pickupDatePassedProposal({ ...base, now: late, pickupReady: { date: '2026-11-24', time: '00:30' } }),
    ).toEqual({ date: '2026-11-24', time: '01:30' });
  });

  it('rounds a partial minute up so the proposal is never less than 2 hours ahead', () => {
    const ragged = new Date('2026-11-23T15:00:30Z');
    expect(
      pickupDatePassedProposal({ ...base, now: ragged, pickupReady: { date: '2026-11-23', time: '12:00' } }),
    ).toEqual({ date: '2026-11-23', time: '12:01' });
  });

  it('a missing pickup date counts as today, a missing time as 00:00', () => {
    expect(pickupDatePassedProposal({ ...base, pickupReady: { date: '', time: '' } })).toEqual({
      date: '2026-11-23',
      time: '12:00',
    });
  });

  it('applies only to LTL shipments moved to Ready', () => {
    const pickupReady = { date: '2026-11-23', time: '10:30' };
    expect(
      pickupDatePassedProposal({ ...base, pickupReady, shipmentType: ShipmentType.values.Truckload }),
    ).toBeNull();
    expect(pickupDatePassedProposal({ ...base, pickupReady, targetStatus: S.Dispatched })).toBeNull();
    expect(pickupDatePassedProposal({ ...base, pickupReady, currentStatus: S.Ready })).toBeNull();
    // LTL among other bits still counts.
    expect(
      pickupDatePassedProposal({
        ...base,
        pickupReady,
        shipmentType: LTL | ShipmentType.values.DomesticFreight,
      }),
    ).not.toBeNull();
  });
});
