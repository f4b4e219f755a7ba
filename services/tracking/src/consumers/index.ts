// The tracking service's consumers: shipment.updated keeps its copy of the shipments (who may see each,
// its status, lane, times, driver cell phone, the active leg's pro number and tracking settings; a version
// guard makes the copy converge whatever the order of delivery), and a status update's check-call
// location becomes a location. Each event exactly once, in the transaction that records it. The names
// are the durable consumers' names in JetStream: kept as they are.
import { subjects } from '@loadline/contracts/events';
import type { ConsumerDefinition } from '@loadline/platform';
import { shipmentUpdated, statusChanged, trackingReplyReceived } from '../app/events.ts';
import type { TrackingDeps } from '../service.ts';
import type { TrackingTables } from '../store/tables.ts';

export function trackingConsumers(deps: TrackingDeps) {
  const shipments: ConsumerDefinition<typeof subjects.shipmentUpdated, TrackingTables> = {
    name: 'shipments',
    subjects: [subjects.shipmentUpdated],
    handle: (event, trx) => shipmentUpdated(trx, event.data, event.occurredAt),
  };
  const checkCalls: ConsumerDefinition<typeof subjects.shipmentStatusChanged, TrackingTables> = {
    name: 'status-check-calls',
    subjects: [subjects.shipmentStatusChanged],
    handle: (event, trx) => statusChanged(deps, trx, event.data, event.occurredAt),
  };
  // A carrier's reply to a tracking status request naming a place (decision 0072).
  const trackingReplies: ConsumerDefinition<typeof subjects.emailReceived, TrackingTables> = {
    name: 'tracking-replies',
    subjects: [subjects.emailReceived],
    handle: (event, trx) => trackingReplyReceived(deps, trx, event.data),
  };
  return [shipments, checkCalls, trackingReplies];
}
