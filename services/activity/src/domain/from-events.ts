// The shipments service's events as activity entries (issue 5 item 2): every status change becomes one
// Status Change entry, every note one entry of the note's own type — whether they come as their own events
// (status.changed, note.added) or inside the shipment.updated of a status update (decision 0048). Pure: the
// consumer stores these, each keyed by the id it is made from.
import {
  AccessLevel,
  type AccessLevelValue,
  ShipmentActivityType,
  ShipmentStatus,
  TransitLegType,
} from '@loadline/contracts/catalogue';
import {
  noteAddedOf,
  type ShipmentNoteAddedV1,
  type ShipmentStatusChangedV1,
  type ShipmentUpdatedV1,
  statusChangedOf,
} from '@loadline/contracts/events';

export interface EntryFromEvent {
  shipmentId: number;
  brokerId: string;
  customerOrganizationId: string;
  activityType: number;
  accessLevel: AccessLevelValue;
  description: string;
  pinned: boolean;
  userId: string | null;
  userName: string;
  createdAt: string;
}

const statusName = (status: number) => ShipmentStatus.nameOf(status) ?? `status ${status}`;

/**
 * The Status Change entry's text (ours: 000 names the type, not its wording). It says what moved, from
 * what to what, and the location given with the update (a check call).
 */
export function statusChangeDescription(
  e: Pick<
    ShipmentStatusChangedV1,
    | 'change'
    | 'previousStatus'
    | 'status'
    | 'previousTransitLegStatus'
    | 'transitLegStatus'
    | 'transitLegType'
    | 'lostQuoteAlertRequested'
    | 'location'
  >,
): string {
  let text: string;
  if (e.change === 'cancel') {
    text = `Shipment canceled (was ${statusName(e.previousStatus)}).`;
    if (e.lostQuoteAlertRequested) text += ' Lost quote alert requested.';
  } else if (e.change === 'reinstate') {
    text = `Shipment reinstated as ${statusName(e.status)} (was ${statusName(e.previousStatus)}).`;
  } else if (e.previousStatus !== e.status) {
    text = `Status changed from ${statusName(e.previousStatus)} to ${statusName(e.status)}.`;
  } else {
    // A leg other than the active one moved: the shipment's status stands.
    const leg = TransitLegType.nameOf(e.transitLegType) ?? 'Transit';
    text = `${leg} leg status changed from ${statusName(e.previousTransitLegStatus)} to ${statusName(e.transitLegStatus)}.`;
  }
  if (e.location) text += ` Location: ${e.location}.`;
  return text;
}

/**
 * A status change is Public (ours): it is the customer's freight moving, which customers follow in the
 * front office. Notes keep the level they were written with.
 */
export const statusChangeAccessLevel: AccessLevelValue = AccessLevel.values.Public;

export function entryFromStatusChange(e: ShipmentStatusChangedV1, occurredAt: string): EntryFromEvent {
  return {
    shipmentId: e.shipmentId,
    brokerId: e.brokerId,
    customerOrganizationId: e.customerOrganizationId,
    activityType: ShipmentActivityType.values.StatusChange,
    accessLevel: statusChangeAccessLevel,
    description: statusChangeDescription(e),
    pinned: false,
    userId: e.changedBy.userId,
    userName: e.changedBy.name,
    createdAt: occurredAt,
  };
}

export function entryFromNote(e: ShipmentNoteAddedV1): EntryFromEvent {
  return {
    shipmentId: e.shipmentId,
    brokerId: e.brokerId,
    customerOrganizationId: e.customerOrganizationId,
    // All (0) is the log's filter, never an entry's type: such a note is filed as General.
    activityType:
      e.activityType === ShipmentActivityType.values.All
        ? ShipmentActivityType.values.General
        : e.activityType,
    accessLevel: e.accessLevel,
    description: e.description,
    pinned: e.pinned,
    userId: e.createdBy.userId,
    userName: e.createdBy.name,
    createdAt: e.createdDate,
  };
}

/**
 * The entries a shipment.updated carries (a status update's, decision 0048): its status change's, keyed by
 * the event's id as a status.changed's was, and its note's, keyed by the note's id.
 */
export function entriesFromUpdate(
  eventId: string,
  s: ShipmentUpdatedV1,
  occurredAt: string,
): { eventId: string; entry: EntryFromEvent }[] {
  const entries: { eventId: string; entry: EntryFromEvent }[] = [];
  const change = statusChangedOf(s);
  if (change) entries.push({ eventId, entry: entryFromStatusChange(change, occurredAt) });
  const note = noteAddedOf(s);
  if (note) entries.push({ eventId: note.noteId, entry: entryFromNote(note) });
  return entries;
}
