// Pickup and delivery date-times (000 §3 transit stop, 000 §5 validation rules). Pure.
//
// Date-times at a stop are wall-clock times at that stop, sent "as ISO date-time without zone"
// (000 §5); they are kept as 'YYYY-MM-DDTHH:mm:ss' text, which sorts like time.
import {
  DEFAULT_DELIVERY_CLOSE_TIME,
  DEFAULT_DELIVERY_ESTIMATED_TIME,
  DEFAULT_MISSING_TIME,
  estimatedDeliveryDate,
} from '@loadline/contracts/catalogue';
import {
  closeFollowing,
  deliveryTimesProblem,
  localDateTimePattern,
  pickupTimesProblem,
} from '@loadline/contracts/rules/shipments';
import type { FieldProblem } from '@loadline/platform/problems';
import { formatLocalDateTime } from './csv.ts';

const shape = new RegExp(localDateTimePattern);

/**
 * The normalized 'YYYY-MM-DDTHH:mm:ss', or undefined when the text is not a real date-time.
 * 000 §5: a missing time counts as 00:00.
 */
export function normalizeLocalDateTime(text: string): string | undefined {
  if (!shape.test(text)) return undefined;
  const [date, time = DEFAULT_MISSING_TIME] = text.split('T') as [string, string?];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm, ss = '00'] = time.split(':') as [string, string, string?];
  const day = new Date(Date.UTC(y, m - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) return undefined;
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss.slice(0, 2)) > 59) return undefined;
  return `${date}T${hh}:${mm}:${ss.slice(0, 2)}`;
}

export interface StopTimes {
  scheduledReady: string | null;
  scheduledClose: string | null;
  appointmentReady: string | null;
  appointmentEnd: string | null;
  actualArrival: string | null;
  actualDeparture: string | null;
}
export type StopTimeKey = keyof StopTimes;

export const noStopTimes: StopTimes = Object.freeze({
  scheduledReady: null,
  scheduledClose: null,
  appointmentReady: null,
  appointmentEnd: null,
  actualArrival: null,
  actualDeparture: null,
});

/** The status-update payload's date-time fields (000 §3) and the pickup (first pick) times they set. */
export const pickupFields = Object.freeze({
  pickupReadyDateTime: 'scheduledReady',
  pickupCloseDateTime: 'scheduledClose',
  pickupAppointmentBeginDateTime: 'appointmentReady',
  pickupAppointmentEndDateTime: 'appointmentEnd',
  actualPickupArrivalDateTime: 'actualArrival',
  actualPickupDepartureDateTime: 'actualDeparture',
} as const satisfies Record<string, StopTimeKey>);

/** … and the delivery (last drop) times. `deliveryCloseDateTime` is ours: the spec's payload has no delivery close. */
export const deliveryFields = Object.freeze({
  deliveryEstimatedDateTime: 'scheduledReady',
  deliveryCloseDateTime: 'scheduledClose',
  deliveryAppointmentBeginDateTime: 'appointmentReady',
  deliveryAppointmentEndDateTime: 'appointmentEnd',
  proofOfDeliveryArrivalDateTime: 'actualArrival',
  proofOfDeliveryDepartureDateTime: 'actualDeparture',
} as const satisfies Record<string, StopTimeKey>);

export type PickupField = keyof typeof pickupFields;
export type DeliveryField = keyof typeof deliveryFields;
export type StopTimeField = PickupField | DeliveryField;

const fieldFor = <F extends string>(fields: Readonly<Record<F, StopTimeKey>>, key: StopTimeKey): F =>
  (Object.entries(fields) as [F, StopTimeKey][]).find(([, k]) => k === key)![0];

/** A date-time in a message a person reads: MM/DD/YYYY HH:mm (000 §5 "Dates", §9), as the CSV files write it. */
const readable = formatLocalDateTime;

/** 000 §5: pickup ready not after pickup close (the close is flagged); ready required when there is a close (the shared rule). */
export function checkPickup(times: StopTimes): FieldProblem[] {
  const f = (key: StopTimeKey) => fieldFor(pickupFields, key);
  const problems: FieldProblem[] = [];
  const problem = pickupTimesProblem(times.scheduledReady, times.scheduledClose);
  if (problem === 'pickupReadyRequired') {
    problems.push({ field: f('scheduledReady'), message: 'Pickup ready date and time are required.' });
  }
  if (problem === 'pickupTime') {
    problems.push({
      field: f('scheduledClose'),
      message: `Pickup close (${readable(times.scheduledClose!)}) must not be before pickup ready (${readable(times.scheduledReady!)}).`,
    });
  }
  return [...problems, ...checkOrder(times, f, 'Pickup')];
}

/** 000 §5: delivery estimated on or before delivery close (the estimate is flagged). */
export function checkDelivery(times: StopTimes): FieldProblem[] {
  const f = (key: StopTimeKey) => fieldFor(deliveryFields, key);
  const problems: FieldProblem[] = [];
  if (deliveryTimesProblem(times.scheduledReady, times.scheduledClose) === 'deliveryTime') {
    problems.push({
      field: f('scheduledReady'),
      message: `Delivery estimated (${readable(times.scheduledReady!)}) must be on or before delivery close (${readable(times.scheduledClose!)}).`,
    });
  }
  return [...problems, ...checkOrder(times, f, 'Delivery')];
}

/** Ours: an appointment ends after it begins; a departure is not before the arrival. */
function checkOrder(times: StopTimes, f: (key: StopTimeKey) => string, what: string): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (
    times.appointmentReady !== null &&
    times.appointmentEnd !== null &&
    times.appointmentReady > times.appointmentEnd
  ) {
    problems.push({
      field: f('appointmentEnd'),
      message: `${what} appointment end must not be before its begin.`,
    });
  }
  if (
    times.actualArrival !== null &&
    times.actualDeparture !== null &&
    times.actualArrival > times.actualDeparture
  ) {
    problems.push({
      field: f('actualDeparture'),
      message: `${what} departure must not be before the arrival.`,
    });
  }
  return problems;
}

/**
 * 000 §5: estimated delivery = pickup ready date plus transit days counting weekdays only, at the
 * default estimated time (08:00), closing at the default close time (16:00).
 */
export function estimatedDelivery(
  pickupReady: string,
  transitDays: number,
): { scheduledReady: string; scheduledClose: string } {
  const date = estimatedDeliveryDate(pickupReady, transitDays);
  return {
    scheduledReady: `${date}T${DEFAULT_DELIVERY_ESTIMATED_TIME}:00`,
    scheduledClose: `${date}T${DEFAULT_DELIVERY_CLOSE_TIME}:00`,
  };
}

// ---------------------------------------------------------------------------------------------------------
// A status update's date-times (000 §5), applied the way the edit-status form applies them.

const timeOnly = /^T?(\d{2}:\d{2}(?::\d{2})?)$/;

/** 000 §5: a missing time counts as 00:00 and a missing date as today ('YYYY-MM-DD' at the stop). */
export function resolveDateTimeInput(text: string, today: string): string | undefined {
  const time = timeOnly.exec(text);
  return normalizeLocalDateTime(time ? `${today}T${time[1]}` : text);
}

/** Today's date where the wall clock is `utcOffsetHours` from UTC (UTC when unknown). */
export function localDate(now: Date, utcOffsetHours: number | null): string {
  return new Date(now.getTime() + (utcOffsetHours ?? 0) * 3_600_000).toISOString().slice(0, 10);
}

const dateOf = (dateTime: string) => dateTime.slice(0, 10);
const timeOf = (dateTime: string) => dateTime.slice(11);

export interface StopTimesPlan {
  pickup: StopTimes;
  delivery: StopTimes;
  /** the update names a pickup field: the pickup is checked and saved */
  pickupTouched: boolean;
  /** the update names a delivery field, or the estimate followed a new pickup date */
  deliveryTouched: boolean;
  problems: FieldProblem[];
}

function given(body: object, field: string): string | null | undefined {
  return (body as Record<string, string | null | undefined>)[field];
}

function applyFields<F extends string>(
  current: StopTimes,
  fields: Readonly<Record<F, StopTimeKey>>,
  body: object,
  today: string,
  problems: FieldProblem[],
): StopTimes {
  const times: StopTimes = { ...current };
  for (const [field, key] of Object.entries(fields) as [F, StopTimeKey][]) {
    const value = given(body, field);
    if (value === undefined) continue;
    if (value === null) {
      times[key] = null;
      continue;
    }
    const resolved = resolveDateTimeInput(value, today);
    if (resolved === undefined) problems.push({ field, message: `${field} is not a valid date and time.` });
    else times[key] = resolved;
  }
  return times;
}

/**
 * The pickup and delivery after an update, with the 000 §5 rules the form follows:
 *   - a missing time is 00:00, a missing date today (`today`, at the origin);
 *   - pickup ready moved after the close: the close takes the ready's date (keeping its time);
 *   - delivery estimate moved after the close: the close takes the estimate's date;
 *   - a new pickup ready date moves the estimated delivery (ready + transit days, weekdays only,
 *     08:00, closing 16:00) unless the update sets the estimate or the load is delivered;
 *   - a proof-of-delivery arrival date given alone (00:00) fills the empty departure with 00:00;
 *     clearing the arrival clears the departure;
 * then the checks (ready not after close, estimate on or before close, ours: appointments and
 * departures in order) on each stop the update touches. A problem means nothing is written.
 */
export function planStopTimes(input: {
  pickup: StopTimes;
  delivery: StopTimes;
  body: object;
  transitDays: number | null;
  today: string;
}): StopTimesPlan {
  const { body, today } = input;
  const problems: FieldProblem[] = [];
  const pickup = applyFields(input.pickup, pickupFields, body, today, problems);
  const delivery = applyFields(input.delivery, deliveryFields, body, today, problems);
  const pickupTouched = Object.keys(pickupFields).some((f) => given(body, f) !== undefined);
  let deliveryTouched = Object.keys(deliveryFields).some((f) => given(body, f) !== undefined);
  if (problems.length > 0) return { pickup, delivery, pickupTouched, deliveryTouched, problems };

  const readyGiven = given(body, 'pickupReadyDateTime');
  if (readyGiven && given(body, 'pickupCloseDateTime') === undefined) {
    pickup.scheduledClose = closeFollowing(pickup.scheduledReady, pickup.scheduledClose);
  }

  const readyDateMoved =
    pickup.scheduledReady !== null &&
    (input.pickup.scheduledReady === null ||
      dateOf(pickup.scheduledReady) !== dateOf(input.pickup.scheduledReady));
  if (
    readyGiven &&
    readyDateMoved &&
    given(body, 'deliveryEstimatedDateTime') === undefined &&
    delivery.actualArrival === null &&
    input.transitDays !== null
  ) {
    const estimate = estimatedDelivery(pickup.scheduledReady!, input.transitDays);
    delivery.scheduledReady = estimate.scheduledReady;
    if (given(body, 'deliveryCloseDateTime') === undefined) delivery.scheduledClose = estimate.scheduledClose;
    deliveryTouched = true;
  }

  if (given(body, 'deliveryEstimatedDateTime') && given(body, 'deliveryCloseDateTime') === undefined) {
    delivery.scheduledClose = closeFollowing(delivery.scheduledReady, delivery.scheduledClose);
  }

  const podArrival = given(body, 'proofOfDeliveryArrivalDateTime');
  if (podArrival === null) delivery.actualDeparture = null;
  if (
    podArrival &&
    given(body, 'proofOfDeliveryDepartureDateTime') === undefined &&
    delivery.actualDeparture === null &&
    delivery.actualArrival !== null &&
    timeOf(delivery.actualArrival) === `${DEFAULT_MISSING_TIME}:00`
  ) {
    delivery.actualDeparture = delivery.actualArrival;
  }

  if (pickupTouched) problems.push(...checkPickup(pickup));
  if (deliveryTouched) problems.push(...checkDelivery(delivery));
  return { pickup, delivery, pickupTouched, deliveryTouched, problems };
}
