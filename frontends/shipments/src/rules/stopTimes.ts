// The pickup and delivery cards' date rules (000 §5 "Pickup and delivery times"), applied live as the user
// edits. Pure: each rule takes the card's values and gives the next ones. The checks themselves (ready not
// after close, estimated on or before close) are `@loadline/contracts/rules/shipments`, which the service
// applies again (services/shipments/src/domain/stop-times.ts), answering 400 on `model.<field>`.

import {
  DEFAULT_DELIVERY_CLOSE_TIME,
  DEFAULT_DELIVERY_ESTIMATED_TIME,
  DEFAULT_MISSING_TIME,
  estimatedDeliveryDate,
} from '@loadline/contracts';
import {
  closeFollowing,
  deliveryTimesProblem,
  pickupTimesProblem,
} from '@loadline/contracts/rules/shipments';
import type { StatusDetails, StatusUpdate } from '../api/types.ts';
import { type DateTimeParts, localIsoOf, NO_DATE_TIME, partsOf } from './dateTime.ts';

/** The pickup card (the first pick's times). */
export interface PickupTimes {
  ready: DateTimeParts;
  close: DateTimeParts;
  appointmentBegin: DateTimeParts;
  appointmentEnd: DateTimeParts;
  actualArrival: DateTimeParts;
  actualDeparture: DateTimeParts;
}

/** The delivery card (the last drop's times); the proof-of-delivery arrival and departure are its actuals. */
export interface DeliveryTimes {
  estimated: DateTimeParts;
  close: DateTimeParts;
  appointmentBegin: DateTimeParts;
  appointmentEnd: DateTimeParts;
  podArrival: DateTimeParts;
  podDeparture: DateTimeParts;
}

type Stop = StatusDetails['shipmentTransitStops'][number];

export function pickupTimesOf(stop: Stop | undefined): PickupTimes {
  return {
    ready: partsOf(stop?.scheduledReadyDateTime),
    close: partsOf(stop?.scheduledCloseDateTime),
    appointmentBegin: partsOf(stop?.appointmentReadyDateTime),
    appointmentEnd: partsOf(stop?.appointmentEndDateTime),
    actualArrival: partsOf(stop?.actualArrivalDateTime),
    actualDeparture: partsOf(stop?.actualDepartureDateTime),
  };
}

export function deliveryTimesOf(stop: Stop | undefined): DeliveryTimes {
  return {
    estimated: partsOf(stop?.scheduledReadyDateTime),
    close: partsOf(stop?.scheduledCloseDateTime),
    appointmentBegin: partsOf(stop?.appointmentReadyDateTime),
    appointmentEnd: partsOf(stop?.appointmentEndDateTime),
    podArrival: partsOf(stop?.actualArrivalDateTime),
    podDeparture: partsOf(stop?.actualDepartureDateTime),
  };
}

/** 000 §5: if ready is changed to after close, the close date is set to the ready date. */
export function withPickupReady(times: PickupTimes, ready: DateTimeParts, today: string): PickupTimes {
  return { ...times, ready, close: closeAfter(ready, times.close, today) };
}

/** The close as `closeFollowing` (the rule the service applies too) moves it: its date only. */
function closeAfter(moved: DateTimeParts, close: DateTimeParts, today: string): DateTimeParts {
  const closeIso = localIsoOf(close, today);
  const next = closeFollowing(localIsoOf(moved, today), closeIso);
  return next === closeIso || next === null ? close : { ...close, date: next.slice(0, 10) };
}

/** 000 §5: if estimated is changed to after close, the close date becomes the estimated date. */
export function withDeliveryEstimated(
  times: DeliveryTimes,
  estimated: DateTimeParts,
  today: string,
): DeliveryTimes {
  return { ...times, estimated, close: closeAfter(estimated, times.close, today) };
}

/** 000 §5: choosing an actual pickup arrival date with no time fills the time with 00:00. */
export function withActualPickupArrivalDate(times: PickupTimes, date: string): PickupTimes {
  const time = date && !times.actualArrival.time ? DEFAULT_MISSING_TIME : times.actualArrival.time;
  return { ...times, actualArrival: { date, time } };
}

/**
 * 000 §5: choosing a proof-of-delivery arrival date fills the arrival and departure times with 00:00 if
 * empty; clearing the date clears both times.
 */
export function withPodArrivalDate(times: DeliveryTimes, date: string): DeliveryTimes {
  if (!date) {
    return {
      ...times,
      podArrival: NO_DATE_TIME,
      podDeparture: { date: times.podDeparture.date, time: '' },
    };
  }
  return {
    ...times,
    podArrival: { date, time: times.podArrival.time || DEFAULT_MISSING_TIME },
    podDeparture: { ...times.podDeparture, time: times.podDeparture.time || DEFAULT_MISSING_TIME },
  };
}

/**
 * 000 §5: estimated delivery = the pickup ready date plus the transit days counting weekdays only, at the
 * default estimated time 08:00, closing at the default close time 16:00.
 */
export function estimatedDelivery(
  pickupReadyDate: string,
  transitDays: number,
): { estimated: DateTimeParts; close: DateTimeParts } {
  const date = estimatedDeliveryDate(pickupReadyDate, transitDays);
  return {
    estimated: { date, time: DEFAULT_DELIVERY_ESTIMATED_TIME },
    close: { date, time: DEFAULT_DELIVERY_CLOSE_TIME },
  };
}

/** 000 §5 copy-to-appointment: the ready (pickup) or estimated (delivery) date and time to the appointment begin. */
export function copyPickupToAppointment(times: PickupTimes): PickupTimes {
  return { ...times, appointmentBegin: times.ready };
}

export function copyDeliveryToAppointment(times: DeliveryTimes): DeliveryTimes {
  return { ...times, appointmentBegin: times.estimated };
}

/**
 * A field the cards flag. The spec names the errors ("a pickup-time error", "a delivery-time error") but
 * quotes no text: these short sentences are ours, beside the field they flag.
 */
export interface TimeProblem {
  card: 'pickup' | 'delivery';
  field: keyof PickupTimes | keyof DeliveryTimes;
  message: string;
}

export const timeProblemTexts = Object.freeze({
  pickupReadyRequired: 'Pickup ready date and time are required.',
  pickupTime: 'Pickup close must not be before pickup ready.',
  deliveryTime: 'Delivery estimated must be on or before delivery close.',
});

/**
 * 000 §5: pickup ready must not be later than pickup close, else the close is flagged with a pickup-time
 * error; the check needs the ready date and time, else the form is invalid (asked only once the card has a
 * close, which is when the check applies).
 */
export function pickupProblems(times: PickupTimes, today: string): TimeProblem[] {
  // The ready counts only with both its date and time (the check needs them).
  const ready = times.ready.date && times.ready.time ? localIsoOf(times.ready, today) : null;
  const problem = pickupTimesProblem(ready, localIsoOf(times.close, today));
  if (problem === 'pickupReadyRequired') {
    return [{ card: 'pickup', field: 'ready', message: timeProblemTexts.pickupReadyRequired }];
  }
  if (problem === 'pickupTime') {
    return [{ card: 'pickup', field: 'close', message: timeProblemTexts.pickupTime }];
  }
  return [];
}

/** 000 §5: delivery estimated must be on or before delivery close, else a delivery-time error. */
export function deliveryProblems(times: DeliveryTimes, today: string): TimeProblem[] {
  const problem = deliveryTimesProblem(localIsoOf(times.estimated, today), localIsoOf(times.close, today));
  if (problem === 'deliveryTime') {
    return [{ card: 'delivery', field: 'estimated', message: timeProblemTexts.deliveryTime }];
  }
  return [];
}

/** The status-update payload's date-time field of each card value (000 §3, services/shipments README). */
export const pickupPayloadFields = Object.freeze({
  ready: 'pickupReadyDateTime',
  close: 'pickupCloseDateTime',
  appointmentBegin: 'pickupAppointmentBeginDateTime',
  appointmentEnd: 'pickupAppointmentEndDateTime',
  actualArrival: 'actualPickupArrivalDateTime',
  actualDeparture: 'actualPickupDepartureDateTime',
} as const satisfies Record<keyof PickupTimes, keyof StatusUpdate>);

export const deliveryPayloadFields = Object.freeze({
  estimated: 'deliveryEstimatedDateTime',
  close: 'deliveryCloseDateTime',
  appointmentBegin: 'deliveryAppointmentBeginDateTime',
  appointmentEnd: 'deliveryAppointmentEndDateTime',
  podArrival: 'proofOfDeliveryArrivalDateTime',
  podDeparture: 'proofOfDeliveryDepartureDateTime',
} as const satisfies Record<keyof DeliveryTimes, keyof StatusUpdate>);

type DateFields = Partial<
  Pick<
    StatusUpdate,
    | (typeof pickupPayloadFields)[keyof typeof pickupPayloadFields]
    | (typeof deliveryPayloadFields)[keyof typeof deliveryPayloadFields]
  >
>;

/**
 * The payload's date-times that differ from what was loaded (a field left out is unchanged; null clears
 * it), so an update touches only the stop the user changed.
 */
export function changedDateFields(
  initial: { pickup: PickupTimes; delivery: DeliveryTimes },
  current: { pickup: PickupTimes; delivery: DeliveryTimes },
  today: string,
): DateFields {
  const out: Record<string, string | null> = {};
  for (const [key, field] of Object.entries(pickupPayloadFields) as [keyof PickupTimes, string][]) {
    const before = localIsoOf(initial.pickup[key], today);
    const after = localIsoOf(current.pickup[key], today);
    if (before !== after) out[field] = after;
  }
  for (const [key, field] of Object.entries(deliveryPayloadFields) as [keyof DeliveryTimes, string][]) {
    const before = localIsoOf(initial.delivery[key], today);
    const after = localIsoOf(current.delivery[key], today);
    if (before !== after) out[field] = after;
  }
  return out as DateFields;
}

/**
 * When the pickup ready date changes, the delivery estimate follows it (000 §5: ready date plus transit
 * days, weekdays only): the estimated and close dates move, keeping times already set and taking the
 * defaults (08:00, 16:00) otherwise. Not once the freight is delivered (a proof-of-delivery arrival is set)
 * or when the transit days are not known.
 */
export function deliveryFollowingPickup(
  delivery: DeliveryTimes,
  pickupReadyDate: string,
  transitDays: number | null | undefined,
): DeliveryTimes {
  if (!pickupReadyDate || transitDays === null || transitDays === undefined) return delivery;
  if (delivery.podArrival.date) return delivery;
  const { estimated, close } = estimatedDelivery(pickupReadyDate, transitDays);
  return {
    ...delivery,
    estimated: { date: estimated.date, time: delivery.estimated.time || estimated.time },
    close: { date: close.date, time: delivery.close.time || close.time },
  };
}
