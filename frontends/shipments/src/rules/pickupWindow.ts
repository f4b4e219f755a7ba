// The pickup-date-passed rule (000 §2 item 4, §4): for an LTL shipment moved to Ready, if the pickup ready
// time is less than 2 hours ahead, evaluated in the origin's UTC offset when known, the modal proposes a
// new pickup time 2 hours ahead. Pure: `now` is given.

import { PICKUP_DATE_PASSED_WINDOW_HOURS, ShipmentStatus, ShipmentType } from '@loadline/contracts';
import { type DateTimeParts, localIsoOf, partsOfWallMinutes, wallClockOf, wallMinutes } from './dateTime.ts';

export interface PickupWindowInput {
  shipmentType: number;
  /** The active leg's status before the update. */
  currentStatus: number;
  /** The status the update moves it to. */
  targetStatus: number;
  /** The pickup ready date-time on the card: wall clock at the origin. */
  pickupReady: DateTimeParts;
  /** The origin's base UTC offset in hours (000 §3), null when not known (the browser's clock is used). */
  originBaseUTCOffset: number | null;
  now: Date;
}

const WINDOW_MINUTES = PICKUP_DATE_PASSED_WINDOW_HOURS * 60;

/**
 * The pickup ready time to propose (the origin's wall clock 2 hours from now, to the minute, rounded up),
 * or null when the modal does not apply: not LTL, not a move to Ready, or the pickup is at least 2 hours
 * ahead. A missing ready date counts as today and a missing time as 00:00 (000 §5).
 */
export function pickupDatePassedProposal(input: PickupWindowInput): DateTimeParts | null {
  if (!ShipmentType.has(input.shipmentType, 'LTL')) return null;
  const ready = ShipmentStatus.values.Ready;
  if (input.targetStatus !== ready || input.currentStatus === ready) return null;
  const here = wallClockOf(input.now, input.originBaseUTCOffset);
  const secondsPastMinute = input.now.getUTCSeconds() > 0 || input.now.getUTCMilliseconds() > 0 ? 1 : 0;
  const nowMinutes = wallMinutes(`${here.date}T${here.time}`) + secondsPastMinute;
  const pickup = localIsoOf(input.pickupReady, here.date) ?? `${here.date}T00:00`;
  if (wallMinutes(pickup) - nowMinutes >= WINDOW_MINUTES) return null;
  return partsOfWallMinutes(nowMinutes + WINDOW_MINUTES);
}
