// 000 §5 pickup and delivery rules as a status update applies them (planStopTimes), one rule each.
import { describe, expect, it } from 'vitest';
import {
  localDate,
  noStopTimes,
  planStopTimes,
  resolveDateTimeInput,
  type StopTimes,
} from '../../src/domain/stop-times.ts';

const today = '2026-11-23'; // a Monday
const pickup: StopTimes = {
  ...noStopTimes,
  scheduledReady: '2026-11-25T08:00:00',
  scheduledClose: '2026-11-25T16:00:00',
};
const delivery: StopTimes = {
  ...noStopTimes,
  scheduledReady: '2026-11-27T08:00:00',
  scheduledClose: '2026-11-27T16:00:00',
};
const plan = (
  body: object,
  overrides: { pickup?: StopTimes; delivery?: StopTimes; transitDays?: number | null } = {},
) =>
  planStopTimes({
    pickup: overrides.pickup ?? pickup,
    delivery: overrides.delivery ?? delivery,
    body,
    transitDays: overrides.transitDays === undefined ? 2 : overrides.transitDays,
    today,
  });

describe('missing time and missing date', () => {
  it('reads a date alone as 00:00 and a time alone as today', () => {
    expect(resolveDateTimeInput('2026-11-24', today)).toBe('2026-11-24T00:00:00');
    expect(resolveDateTimeInput('14:30', today)).toBe('2026-11-23T14:30:00');
    expect(resolveDateTimeInput('T14:30:15', today)).toBe('2026-11-23T14:30:15');
    expect(resolveDateTimeInput('25:00', today)).toBeUndefined();
    expect(plan({ actualPickupArrivalDateTime: '09:15' }).pickup.actualArrival).toBe('2026-11-23T09:15:00');
  });

  it('takes today at the origin’s offset', () => {
    const late = new Date('2026-11-24T03:00:00Z');
    expect(localDate(late, -5)).toBe('2026-11-23');
    expect(localDate(late, null)).toBe('2026-11-24');
    expect(localDate(late, 10)).toBe('2026-11-24');
  });
});

describe('pickup ready and close', () => {
  it('moves the close to the ready’s date when ready moves after it, keeping the close time', () => {
    const result = plan({ pickupReadyDateTime: '2026-11-26T09:00' });
    expect(result.pickup).toMatchObject({
      scheduledReady: '2026-11-26T09:00:00',
      scheduledClose: '2026-11-26T16:00:00',
    });
    expect(result.problems).toEqual([]);
  });

  it('still flags the close when it is earlier on the ready’s day, or when both are sent that way', () => {
    expect(plan({ pickupReadyDateTime: '2026-11-26T17:00' }).problems).toEqual([
      {
        field: 'pickupCloseDateTime',
        message: 'Pickup close (11/26/2026 16:00) must not be before pickup ready (11/26/2026 17:00).',
      },
    ]);
    expect(
      plan({ pickupReadyDateTime: '2026-11-26T10:00', pickupCloseDateTime: '2026-11-26T09:00' }).problems,
    ).toHaveLength(1);
  });

  it('needs a ready time for a close', () => {
    expect(plan({ pickupReadyDateTime: null }).problems).toEqual([
      { field: 'pickupReadyDateTime', message: 'Pickup ready date and time are required.' },
    ]);
  });
});

describe('estimated delivery', () => {
  it('follows a new pickup date: weekdays only, 08:00 to 16:00', () => {
    // Friday 2026-11-27 + 2 weekdays = Tuesday 2026-12-01.
    const result = plan({ pickupReadyDateTime: '2026-11-27T10:00' });
    expect(result.delivery).toMatchObject({
      scheduledReady: '2026-12-01T08:00:00',
      scheduledClose: '2026-12-01T16:00:00',
    });
    expect(result.deliveryTouched).toBe(true);
  });

  it('does not move when the update sets the estimate, the pickup day is the same, the load is delivered or transit days are unknown', () => {
    expect(
      plan({ pickupReadyDateTime: '2026-11-27T10:00', deliveryEstimatedDateTime: '2026-11-30T09:00' })
        .delivery.scheduledReady,
    ).toBe('2026-11-30T09:00:00');
    const sameDay = plan({ pickupReadyDateTime: '2026-11-25T09:00' });
    expect(sameDay.delivery).toEqual(delivery);
    expect(sameDay.deliveryTouched).toBe(false);
    const delivered = { ...delivery, actualArrival: '2026-11-27T09:00:00' };
    expect(plan({ pickupReadyDateTime: '2026-11-27T10:00' }, { delivery: delivered }).delivery).toEqual(
      delivered,
    );
    expect(plan({ pickupReadyDateTime: '2026-11-27T10:00' }, { transitDays: null }).delivery).toEqual(
      delivery,
    );
  });

  it('moves the delivery close to the estimate’s date when the estimate moves after it', () => {
    const result = plan({ deliveryEstimatedDateTime: '2026-11-30T09:00' });
    expect(result.delivery).toMatchObject({
      scheduledReady: '2026-11-30T09:00:00',
      scheduledClose: '2026-11-30T16:00:00',
    });
    expect(result.problems).toEqual([]);
  });

  it('flags an estimate after the close when both are sent', () => {
    expect(
      plan({ deliveryEstimatedDateTime: '2026-11-27T17:00', deliveryCloseDateTime: '2026-11-27T16:00' })
        .problems,
    ).toEqual([
      {
        field: 'deliveryEstimatedDateTime',
        message:
          'Delivery estimated (11/27/2026 17:00) must be on or before delivery close (11/27/2026 16:00).',
      },
    ]);
  });
});

describe('proof of delivery', () => {
  it('fills the empty departure with 00:00 when the arrival is a date alone', () => {
    expect(plan({ proofOfDeliveryArrivalDateTime: '2026-11-27' }).delivery).toMatchObject({
      actualArrival: '2026-11-27T00:00:00',
      actualDeparture: '2026-11-27T00:00:00',
    });
  });

  it('leaves the departure to the user when the arrival has a time, and keeps one already there', () => {
    expect(plan({ proofOfDeliveryArrivalDateTime: '2026-11-27T09:10' }).delivery.actualDeparture).toBeNull();
    const departed = { ...delivery, actualDeparture: '2026-11-27T11:00:00' };
    expect(
      plan({ proofOfDeliveryArrivalDateTime: '2026-11-27' }, { delivery: departed }).delivery.actualDeparture,
    ).toBe('2026-11-27T11:00:00');
  });

  it('clears both when the arrival is cleared', () => {
    const done = {
      ...delivery,
      actualArrival: '2026-11-27T09:00:00',
      actualDeparture: '2026-11-27T10:00:00',
    };
    expect(plan({ proofOfDeliveryArrivalDateTime: null }, { delivery: done }).delivery).toMatchObject({
      actualArrival: null,
      actualDeparture: null,
    });
  });
});

describe('which stops are checked', () => {
  it('checks only the stops the update touches, and reports bad values before any rule', () => {
    const bad = { ...pickup, scheduledClose: '2026-11-24T08:00:00' };
    expect(plan({ deliveryEstimatedDateTime: '2026-11-27T09:00' }, { pickup: bad }).problems).toEqual([]);
    expect(plan({ pickupReadyDateTime: 'soon' }).problems).toEqual([
      { field: 'pickupReadyDateTime', message: 'pickupReadyDateTime is not a valid date and time.' },
    ]);
    expect(plan({}).pickupTouched).toBe(false);
  });
});
