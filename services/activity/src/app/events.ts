// Use cases the other services' events start (the consumers call them inside the transaction that records
// the event, exactly once): status changes and notes from the shipments service become activity entries
// (issue 5 item 2), each status.changed one Status Change entry, each note.added one entry of the note's
// type; the entry keeps the event id under a unique index besides. shipment.updated, organization.changed
// and user.changed keep the read models.
import type {
  OrganizationChangedV1,
  ShipmentNoteAddedV1,
  ShipmentStatusChangedV1,
  ShipmentUpdatedV1,
  UserChangedV1,
} from '@loadline/contracts/events';
import { deliveredAt } from '../domain/archive.ts';
import { type EntryFromEvent, entryFromNote, entryFromStatusChange } from '../domain/from-events.ts';
import type { ActivityDeps } from '../service.ts';
import { type Db, insertEntryFromEvent, publishEntry } from '../store/activities.ts';
import {
  type ShipmentTouch,
  saveOrganizationRead,
  saveShipmentRead,
  saveUserRead,
  touchShipment,
} from '../store/read-models.ts';

interface Seen {
  id: string;
  occurredAt: string;
}

/**
 * Stores one entry made from event `eventId` with its activity.changed, and the shipment's read model
 * (`touch`) in the same statement; false when the entry is already there.
 */
async function entryFromEvent(
  deps: ActivityDeps,
  trx: Db,
  eventId: string,
  entry: EntryFromEvent,
  touch: ShipmentTouch,
) {
  const row = await insertEntryFromEvent(trx, eventId, entry, touch);
  if (!row) return false;
  await publishEntry(deps.runtime, trx, row, entry.customerOrganizationId, 'added');
  return true;
}

export async function statusChanged(
  deps: ActivityDeps,
  trx: Db,
  change: ShipmentStatusChangedV1,
  event: Seen,
): Promise<boolean> {
  const touch = touchShipment(trx, change, {
    status: change.status,
    version: change.version,
    occurredAt: event.occurredAt,
  });
  return entryFromEvent(deps, trx, event.id, entryFromStatusChange(change, event.occurredAt), touch);
}

export async function noteAdded(
  deps: ActivityDeps,
  trx: Db,
  note: ShipmentNoteAddedV1,
  event: Seen,
): Promise<boolean> {
  return entryFromEvent(deps, trx, event.id, entryFromNote(note), touchShipment(trx, note));
}

export function shipmentUpdated(trx: Db, s: ShipmentUpdatedV1, event: Seen): Promise<void> {
  return saveShipmentRead(trx, s, deliveredAt(s, event.occurredAt));
}

export async function organizationChanged(trx: Db, o: OrganizationChangedV1): Promise<void> {
  await saveOrganizationRead(trx, o);
}

export async function userChanged(trx: Db, u: UserChangedV1): Promise<void> {
  await saveUserRead(trx, u);
}
