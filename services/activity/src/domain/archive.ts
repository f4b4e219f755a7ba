// The nightly archive (issue 5 item 1, 000 §4 "archived records load on demand"): the log of a shipment
// delivered over a year ago moves to the archive, where it is read on demand and marked archived. Pure.
import { ShipmentStatus, ShipmentStopType, YEAR_OLD_SHIPMENT_YEARS } from '@loadline/contracts/catalogue';
import type { ShipmentUpdatedV1 } from '@loadline/contracts/events';

const S = ShipmentStatus.values;
const LastDrop = ShipmentStopType.byCode.LastDrop.code;

/** Delivered or Complete: freight that arrived. Canceled loads never arrived and are not archived (ours). */
export const archivableStatuses: readonly number[] = Object.freeze([S.Delivered, S.Complete]);

/** Shipments delivered before this instant are archived (000 §9: a year). */
export function archiveCutoff(now: Date): Date {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - YEAR_OLD_SHIPMENT_YEARS);
  return cutoff;
}

export function isArchivable(
  shipment: { status: number | null; delivered_at: Date | null },
  now: Date,
): boolean {
  return (
    shipment.status !== null &&
    archivableStatuses.includes(shipment.status) &&
    shipment.delivered_at !== null &&
    shipment.delivered_at.getTime() <= archiveCutoff(now).getTime()
  );
}

/** The nightly run's schedule: 03:15 every night (server time), when the desks are quiet (ours). */
export const ARCHIVE_SCHEDULE = '15 3 * * *';
/** Shipments archived per transaction, so one night's run never holds long locks. */
export const ARCHIVE_BATCH_SHIPMENTS = 200;

/**
 * When the freight arrived: the delivery stop's actual arrival (a wall-clock time at the stop, read as UTC:
 * hours do not matter against a year), else the time the change was seen. Null while not delivered.
 */
export function deliveredAt(s: ShipmentUpdatedV1, seenAt: string): string | null {
  if (!archivableStatuses.includes(s.status)) return null;
  const arrival = s.stops.find((stop) => stop.stopType === LastDrop)?.actualArrivalDateTime;
  return arrival ? `${arrival}Z` : seenAt;
}
