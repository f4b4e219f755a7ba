// Which rows of the shipments service's outbox are status changes, for the reconciliations: since decision
// 0048 a status update's one shipment.updated carries its move (`statusChange`); before, a status.changed
// did. A condition on the outbox's columns, with `$1` bound to the status.changed subject.
import { subjects } from '@loadline/contracts/events';

export const isStatusChange = `(subject = $1 or (subject = '${subjects.shipmentUpdated}'
  and envelope->'data'->'statusChange' is not null))`;
