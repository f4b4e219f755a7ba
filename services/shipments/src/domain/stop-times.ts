// Pickup and delivery date-times (000 §3 transit stop, 000 §5 validation rules). Pure.
//
// Date-times at a stop are wall-clock times at that stop, sent "as ISO date-time without zone"
// (000 §5); they are kept as 'YYYY-MM-DDTHH:mm:ss' text, which sorts like time.
import {
  DEFAULT_DELIVERY_CLOSE_TIME,
  DEFAULT_DELIVERY_ESTIMATED_TIME,
  DEFAULT_MISSING_TIME,
  TRANSIT_DAYS_SKIP_WEEKENDS,
} from '@loadline/contracts/catalogue';

/** 'YYYY-MM-DD', optionally followed by 'THH:mm', ':ss' and a fraction; no zone. */
export const localDateTimePattern = '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?)?$';
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

export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * Applies the payload's date-times to a stop: a field left out keeps its value, null clears it.
 * 000 §5: clearing the proof-of-delivery arrival clears the departure too.
 */
export function applyStopTimes<F extends string>(
  current: StopTimes,
  fields: Readonly<Record<F, StopTimeKey>>,
  body: object,
): { times: StopTimes; problems: FieldProblem[] } {
  const payload = body as Partial<Record<string, string | null | undefined>>;
  const times: StopTimes = { ...current };
  const problems: FieldProblem[] = [];
  for (const [field, key] of Object.entries(fields) as [F, StopTimeKey][]) {
    const given = payload[field];
    if (given === undefined) continue;
    if (given === null) {
      times[key] = null;
      continue;
    }
    const normalized = normalizeLocalDateTime(given);
    if (normalized === undefined) {
      problems.push({ field, message: `${field} is not a valid date and time.` });
      continue;
    }
    times[key] = normalized;
  }
  if (
    (fields as Record<string, StopTimeKey>).proofOfDeliveryArrivalDateTime === 'actualArrival' &&
    payload.proofOfDeliveryArrivalDateTime === null
  ) {
    times.actualDeparture = null;
  }
  return { times, problems };
}

const fieldFor = <F extends string>(fields: Readonly<Record<F, StopTimeKey>>, key: StopTimeKey): F =>
  (Object.entries(fields) as [F, StopTimeKey][]).find(([, k]) => k === key)![0];

const readable = (value: string) => value.replace('T', ' ').slice(0, 16);

/** 000 §5: pickup ready not after pickup close (the close is flagged); ready required when there is a close. */
export function checkPickup(times: StopTimes): FieldProblem[] {
  const f = (key: StopTimeKey) => fieldFor(pickupFields, key);
  const problems: FieldProblem[] = [];
  if (times.scheduledClose !== null && times.scheduledReady === null) {
    problems.push({ field: f('scheduledReady'), message: 'Pickup ready date and time are required.' });
  }
  if (
    times.scheduledReady !== null &&
    times.scheduledClose !== null &&
    times.scheduledReady > times.scheduledClose
  ) {
    problems.push({
      field: f('scheduledClose'),
      message: `Pickup close (${readable(times.scheduledClose)}) must not be before pickup ready (${readable(times.scheduledReady)}).`,
    });
  }
  return [...problems, ...checkOrder(times, f, 'Pickup')];
}

/** 000 §5: delivery estimated on or before delivery close (the estimate is flagged). */
export function checkDelivery(times: StopTimes): FieldProblem[] {
  const f = (key: StopTimeKey) => fieldFor(deliveryFields, key);
  const problems: FieldProblem[] = [];
  if (
    times.scheduledReady !== null &&
    times.scheduledClose !== null &&
    times.scheduledReady > times.scheduledClose
  ) {
    problems.push({
      field: f('scheduledReady'),
      message: `Delivery estimated (${readable(times.scheduledReady)}) must be on or before delivery close (${readable(times.scheduledClose)}).`,
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

const addDays = (date: string, days: number): string => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};
const isWeekend = (date: string): boolean => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 || day === 6;
};

/**
 * 000 §5: estimated delivery = pickup ready date plus transit days counting weekdays only, at the
 * default estimated time (08:00), closing at the default close time (16:00).
 */
export function estimatedDelivery(
  pickupReady: string,
  transitDays: number,
): { scheduledReady: string; scheduledClose: string } {
  let date = pickupReady.slice(0, 10);
  let left = Math.max(0, Math.floor(transitDays));
  while (left > 0) {
    date = addDays(date, 1);
    if (TRANSIT_DAYS_SKIP_WEEKENDS && isWeekend(date)) continue;
    left--;
  }
  return {
    scheduledReady: `${date}T${DEFAULT_DELIVERY_ESTIMATED_TIME}:00`,
    scheduledClose: `${date}T${DEFAULT_DELIVERY_CLOSE_TIME}:00`,
  };
}
