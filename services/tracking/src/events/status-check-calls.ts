// A status update may carry a check-call location (status.changed `location`, 000 §3 status update
// payload): it becomes a location of the shipment at the time of the update, placed by its ZIP code
// or city and state when the text names one (else kept as text without a position).
import { subjects } from '@loadline/contracts/events';
import type { ConsumerDefinition, ServiceRuntime } from '@loadline/platform';
import { checkCallLocationType, parseCheckCallText, placeLocation } from '../domain/locations.ts';
import type { ZipIndex } from '../domain/zip-index.ts';
import { insertLocations } from '../store/locations.ts';
import { loadShipment } from '../store/shipments.ts';
import type { TrackingTables } from '../store/tables.ts';

export function statusCheckCalls(
  runtime: ServiceRuntime<TrackingTables>,
  zips: () => ZipIndex,
): ConsumerDefinition<typeof subjects.shipmentStatusChanged, TrackingTables> {
  return {
    name: 'status-check-calls',
    subjects: [subjects.shipmentStatusChanged],
    async handle(event, trx) {
      const text = event.data.location?.trim();
      if (!text) return;
      const shipment = await loadShipment(trx, event.data.shipmentId, null, { forUpdate: true });
      // The shipment.updated of the same change comes first from the same outbox; if it has not
      // arrived yet, the event is retried (thrown) rather than lost.
      if (!shipment) throw new Error(`shipment ${event.data.shipmentId} is not known yet`);
      const input = {
        ...parseCheckCallText(text, zips()),
        locationType: checkCallLocationType(event.data.status),
      };
      const placed = placeLocation(
        { ...input, locationDateTime: event.occurredAt },
        zips(),
        new Date(event.occurredAt),
        shipment.origin_utc_offset_minutes,
      );
      if (!placed.ok) return;
      await insertLocations(
        trx,
        (t, events) =>
          runtime.appendEvents(
            t,
            events.map((data) => ({ subject: subjects.locationAdded, data })),
          ),
        new Map([[shipment.shipment_id, shipment]]),
        [{ ...placed.location, shipmentId: shipment.shipment_id }],
        'statusUpdate',
        event.data.changedBy,
      );
    },
  };
}
