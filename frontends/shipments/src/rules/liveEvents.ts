// What a live event of the shipment's group (000 §7) changes on the shipment page. The gateway's hub pushes
// a location added (tracking) and an activity entry added or changed (activity), each only to those who may
// see it; the page tells them apart by their shape. Pure.
import { ShipmentActivityType } from '@loadline/contracts';

export type LiveChange = 'location' | 'activity' | 'status';

/** The kind of change an event of the group brings to `shipmentId`, or undefined when it is none of ours. */
export function liveChangeOf(data: unknown, shipmentId: number): LiveChange | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const d = data as Record<string, unknown>;
  if (d.shipmentId !== shipmentId) return undefined;
  if (typeof d.locationId === 'number') return 'location';
  if (typeof d.activityId === 'number') {
    // A status change made elsewhere: the page's header, status bar and cards read the shipment again.
    return d.activityType === ShipmentActivityType.values.StatusChange && d.change === 'added'
      ? 'status'
      : 'activity';
  }
  return undefined;
}
