import { describe, expect, it } from 'vitest';
import { localIsoOf, NO_DATE_TIME, partsOf } from './dateTime.ts';
import {
  changedDateFields,
  copyDeliveryToAppointment,
  copyPickupToAppointment,
  type DeliveryTimes,
  deliveryFollowingPickup,
  deliveryProblems,
  estimatedDelivery,
  type PickupTimes,
  pickupProblems,
  withActualPickupArrivalDate,
  withDeliveryEstimated,
  withPickupReady,
  withPodArrivalDate,
} from './stopTimes.ts';

const today = '2026-11-23';
const at = (date: string, time: string) => ({ date, time });

const pickup = (over: Partial<PickupTimes> = {}): PickupTimes => ({
  ready: at('2026-11-24', '08:00'),
  close: at('2026-11-24', '16:00'),
  appointmentBegin: NO_DATE_TIME,
  appointmentEnd: NO_DATE_TIME,
  actualArrival: NO_DATE_TIME,
  actualDeparture: NO_DATE_TIME,
  ...over,
});

const delivery = (over: Partial<DeliveryTimes> = {}): DeliveryTimes => ({
  estimated: at('2026-11-25', '08:00'),
  close: at('2026-11-25', '16:00'),
  appointmentBegin: NO_DATE_TIME,
  appointmentEnd: NO_DATE_TIME,
  podArrival: NO_DATE_TIME,
  podDeparture: NO_DATE_TIME,
  ...over,
});

describe('date-times (000 §5)', () => {
  it('a missing time counts as 00:00, a missing date as today; nothing given is null', () => {
    expect(localIsoOf(at('2026-11-24', ''), today)).toBe('2026-11-24T00:00:00');
    expect(localIsoOf(at('', '09:30'), today)).toBe('2026-11-23T09:30:00');
    expect(localIsoOf(NO_DATE_TIME, today)).toBeNull();
  });

  it('reads ISO date-times without zone into a date and a time', () => {
    expect(partsOf('2026-11-24T08:15:00')).toEqual(at('2026-11-24', '08:15'));
    expect(partsOf(null)).toEqual(NO_DATE_TIME);
  });
});

describe('pickup rules (000 §5)', () => {
  it('ready after close flags the close with a pickup-time error', () => {
    const problems = pickupProblems(pickup({ ready: at('2026-11-24', '17:00') }), today);
    expect(problems).toEqual([
      { card: 'pickup', field: 'close', message: 'Pickup close must not be before pickup ready.' },
    ]);
    expect(pickupProblems(pickup(), today)).toEqual([]);
    // Equal is fine: "must not be later".
    expect(pickupProblems(pickup({ ready: at('2026-11-24', '16:00') }), today)).toEqual([]);
  });

  it('the check needs the ready date and time, else the form is invalid', () => {
    expect(pickupProblems(pickup({ ready: at('', '08:00') }), today)[0]?.field).toBe('ready');
    expect(pickupProblems(pickup({ ready: at('2026-11-24', '') }), today)[0]?.field).toBe('ready');
    // No close, nothing to check.
    expect(pickupProblems(pickup({ ready: NO_DATE_TIME, close: NO_DATE_TIME }), today)).toEqual([]);
  });

  it('ready changed to after close sets the close date to the ready date', () => {
    const next = withPickupReady(pickup(), at('2026-11-26', '09:00'), today);
    expect(next.close).toEqual(at('2026-11-26', '16:00'));
    expect(pickupProblems(next, today)).toEqual([]);
    // Later time on the same day: the date is already the ready date; the close stays flagged.
    const sameDay = withPickupReady(pickup(), at('2026-11-24', '17:00'), today);
    expect(sameDay.close).toEqual(at('2026-11-24', '16:00'));
    expect(pickupProblems(sameDay, today)[0]?.field).toBe('close');
    // Before close: the close is left alone.
    expect(withPickupReady(pickup(), at('2026-11-24', '07:00'), today).close).toEqual(
      at('2026-11-24', '16:00'),
    );
  });

  it('an actual pickup arrival date without a time gets 00:00; a time already there stays', () => {
    expect(withActualPickupArrivalDate(pickup(), '2026-11-24').actualArrival).toEqual(
      at('2026-11-24', '00:00'),
    );
    const withTime = pickup({ actualArrival: at('', '08:30') });
    expect(withActualPickupArrivalDate(withTime, '2026-11-24').actualArrival).toEqual(
      at('2026-11-24', '08:30'),
    );
  });

  it('copy to appointment copies the ready date and time to the appointment begin', () => {
    expect(copyPickupToAppointment(pickup()).appointmentBegin).toEqual(at('2026-11-24', '08:00'));
  });
});

describe('delivery rules (000 §5)', () => {
  it('estimated after close is a delivery-time error; on or before is fine', () => {
    expect(deliveryProblems(delivery({ estimated: at('2026-11-25', '16:01') }), today)).toEqual([
      {
        card: 'delivery',
        field: 'estimated',
        message: 'Delivery estimated must be on or before delivery close.',
      },
    ]);
    expect(deliveryProblems(delivery({ estimated: at('2026-11-25', '16:00') }), today)).toEqual([]);
  });

  it('estimated changed to after close moves the close date to the estimated date', () => {
    const next = withDeliveryEstimated(delivery(), at('2026-11-27', '08:00'), today);
    expect(next.close).toEqual(at('2026-11-27', '16:00'));
  });

  it('a proof-of-delivery arrival date fills arrival and departure times with 00:00 if empty', () => {
    const next = withPodArrivalDate(delivery(), '2026-11-25');
    expect(next.podArrival).toEqual(at('2026-11-25', '00:00'));
    expect(next.podDeparture.time).toBe('00:00');
    const timed = withPodArrivalDate(delivery({ podDeparture: at('2026-11-25', '10:00') }), '2026-11-25');
    expect(timed.podDeparture).toEqual(at('2026-11-25', '10:00'));
  });

  it('clearing the proof-of-delivery arrival date clears both times', () => {
    const filled = delivery({
      podArrival: at('2026-11-25', '09:00'),
      podDeparture: at('2026-11-25', '09:40'),
    });
    const cleared = withPodArrivalDate(filled, '');
    expect(cleared.podArrival).toEqual(NO_DATE_TIME);
    expect(cleared.podDeparture.time).toBe('');
  });

  it('copy to appointment copies the estimated date and time to the appointment begin', () => {
    expect(copyDeliveryToAppointment(delivery()).appointmentBegin).toEqual(at('2026-11-25', '08:00'));
  });
});

describe('estimated delivery (000 §5: weekdays only, 08:00 and 16:00)', () => {
  it('skips Saturday and Sunday', () => {
    // Friday 2026-11-27 + 1 transit day = Monday 2026-11-30.
    expect(estimatedDelivery('2026-11-27', 1)).toEqual({
      estimated: at('2026-11-30', '08:00'),
      close: at('2026-11-30', '16:00'),
    });
    // Wednesday + 3 = Monday.
    expect(estimatedDelivery('2026-11-25', 3).estimated.date).toBe('2026-11-30');
    expect(estimatedDelivery('2026-11-25', 0).estimated.date).toBe('2026-11-25');
  });

  it('the delivery follows a new pickup ready date, keeping its times, not once delivered', () => {
    const next = deliveryFollowingPickup(delivery({ estimated: at('2026-11-25', '') }), '2026-11-27', 1);
    expect(next.estimated).toEqual(at('2026-11-30', '08:00'));
    expect(next.close).toEqual(at('2026-11-30', '16:00'));
    const delivered = delivery({ podArrival: at('2026-11-25', '09:00') });
    expect(deliveryFollowingPickup(delivered, '2026-11-27', 1)).toBe(delivered);
    expect(deliveryFollowingPickup(delivery(), '2026-11-27', null)).toEqual(delivery());
  });
});

describe('changed date fields (a field left out is unchanged; null clears it)', () => {
  it('sends only what changed', () => {
    const initial = { pickup: pickup(), delivery: delivery() };
    expect(changedDateFields(initial, initial, today)).toEqual({});
    const current = {
      pickup: pickup({ ready: at('2026-11-24', '09:00') }),
      delivery: delivery({ close: NO_DATE_TIME, podArrival: at('2026-11-25', '') }),
    };
    expect(changedDateFields(initial, current, today)).toEqual({
      pickupReadyDateTime: '2026-11-24T09:00:00',
      deliveryCloseDateTime: null,
      proofOfDeliveryArrivalDateTime: '2026-11-25T00:00:00',
    });
  });
});
