// The tracking service's consumers: shipment.updated keeps its copy of the shipments (who may see each,
// its status, lane, times, driver cell phone, the active leg's pro number and tracking settings; a version
// guard makes the copy converge whatever the order of delivery), and a status update's check-call
// location (in that shipment.updated, decision 0048; in status.changed before) becomes a location. Each
// event's effects once, in one transaction per batch. The names are the durable consumers' names in
// JetStream: kept as they are.
import { subjects } from '@loadline/contracts/events';
import type { ConsumerDefinition } from '@loadline/platform';
import {
  shipmentsUpdated,
  statusChangeConcernsTracking,
  statusChanges,
  trackingReplyReceived,
} from '../app/events.ts';
import type { TrackingDeps } from '../service.ts';
import type { TrackingTables } from '../store/tables.ts';

export function trackingConsumers(deps: TrackingDeps) {
  const shipments: ConsumerDefinition<typeof subjects.shipmentUpdated, TrackingTables> = {
    name: 'shipments',
    subjects: [subjects.shipmentUpdated],
    // A batch's copies in one statement, and the check calls of its status updates (decision 0048).
    // Idempotent, so no handled marks: the copy is version-guarded, and a status update's check call is
    // keyed by its event's id under a unique index (added once, however often the event comes).
    idempotent: true,
    handleBatch: (events, trx) => shipmentsUpdated(deps, trx, events),
  };
  // status.changed: published before decision 0048 (a status update's move now rides in shipment.updated);
  // kept so that events already in the stream are still taken.
  const checkCalls: ConsumerDefinition<typeof subjects.shipmentStatusChanged, TrackingTables> = {
    name: 'status-check-calls',
    subjects: [subjects.shipmentStatusChanged],
    // a status change without a check-call location changes nothing here: no transaction for it
    relevant: (event) => statusChangeConcernsTracking(event.data),
    // a batch's check calls written together
    handleBatch: (events, trx) => statusChanges(deps, trx, events),
  };
  // A carrier's reply to a tracking status request naming a place (decision 0072).
  const trackingReplies: ConsumerDefinition<typeof subjects.emailReceived, TrackingTables> = {
    name: 'tracking-replies',
    subjects: [subjects.emailReceived],
    handle: (event, trx) => trackingReplyReceived(deps, trx, event.data),
  };
  return [shipments, checkCalls, trackingReplies];
}
