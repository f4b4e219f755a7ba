// Use cases the other services' events start (the consumers call them inside the transaction that records
// the event, exactly once): status changes and notes from the shipments service become activity entries
// (issue 5 item 2), each status.changed one Status Change entry, each note.added one entry of the note's
// type; the entry keeps the event id under a unique index besides. shipment.updated keeps the read model
// and, when a status update made it, carries that update's status change and note (decision 0048): their
// entries are written with the read model, keyed by the event's id and the note's id. organization.changed
// and user.changed keep the other read models.
import {
  type OrganizationChangedV1,
  type ShipmentNoteAddedV1,
  type ShipmentStatusChangedV1,
  type ShipmentUpdatedV1,
  subjects,
  type UserChangedV1,
} from '@loadline/contracts/events';
import { deliveredAt } from '../domain/archive.ts';
import {
  type EntryFromEvent,
  entriesFromUpdate,
  entryFromNote,
  entryFromStatusChange,
} from '../domain/from-events.ts';
import type { ActivityDeps } from '../service.ts';
import {
  type Db,
  insertEntriesFromEvents,
  insertEntryFromEvent,
  publishEntries,
  publishEntry,
} from '../store/activities.ts';
import {
  type ShipmentTouch,
  saveOrganizationRead,
  saveShipmentReads,
  saveUserRead,
  touchShipment,
  touchShipments,
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

/**
 * status.changed and note.added of a consumer's batch (one subject at a time): their entries with their
 * activity.changed and the shipments' read model, a few statements for the whole batch.
 */
export async function shipmentEvents(
  deps: ActivityDeps,
  trx: Db,
  events: readonly (Seen & { subject: string; data: ShipmentStatusChangedV1 | ShipmentNoteAddedV1 })[],
): Promise<void> {
  const made = events.map((event) => {
    if (event.subject === subjects.shipmentStatusChanged) {
      const change = event.data as ShipmentStatusChangedV1;
      return {
        event,
        entry: entryFromStatusChange(change, event.occurredAt),
        touch: {
          s: change,
          change: { status: change.status, version: change.version, occurredAt: event.occurredAt },
        },
      };
    }
    const note = event.data as ShipmentNoteAddedV1;
    return { event, entry: entryFromNote(note), touch: { s: note } };
  });
  await touchShipments(
    trx,
    made.map((m) => m.touch),
  );
  await storeEntries(
    deps,
    trx,
    made.map((m) => ({ eventId: m.event.id, entry: m.entry })),
  );
}

/**
 * Entries made from events, keyed by the ids they are made from: those stored now (not there before) with
 * their activity.changed — so storing the same entries again adds nothing and publishes nothing.
 */
async function storeEntries(
  deps: ActivityDeps,
  trx: Db,
  made: readonly { eventId: string; entry: EntryFromEvent }[],
): Promise<void> {
  if (made.length === 0) return;
  const stored = await insertEntriesFromEvents(trx, made);
  const customerOf = new Map(made.map((m) => [m.eventId, m.entry.customerOrganizationId]));
  await publishEntries(
    deps.runtime,
    trx,
    stored.map((entry) => ({ entry, customerOrganizationId: customerOf.get(entry.source_event_id!)! })),
    'added',
  );
}

export async function noteAdded(
  deps: ActivityDeps,
  trx: Db,
  note: ShipmentNoteAddedV1,
  event: Seen,
): Promise<boolean> {
  return entryFromEvent(deps, trx, event.id, entryFromNote(note), touchShipment(trx, note));
}

/**
 * shipment.updated of a consumer's batch: the read model's rows in one statement, and the entries of the
 * status updates among them (their status changes and notes) in one more. Idempotent: the rows are
 * version-guarded and the entries keyed by the ids they are made from, so the same events again change
 * nothing (the consumer keeps no handled marks, decision 0048).
 */
export async function shipmentsUpdated(
  deps: ActivityDeps,
  trx: Db,
  events: readonly { id: string; data: ShipmentUpdatedV1; occurredAt: string }[],
): Promise<void> {
  await saveShipmentReads(
    trx,
    events.map((e) => ({ s: e.data, delivered: deliveredAt(e.data, e.occurredAt) })),
  );
  await storeEntries(
    deps,
    trx,
    events.flatMap((e) => entriesFromUpdate(e.id, e.data, e.occurredAt)),
  );
}

export async function organizationChanged(trx: Db, o: OrganizationChangedV1): Promise<void> {
  await saveOrganizationRead(trx, o);
}

export async function userChanged(trx: Db, u: UserChangedV1): Promise<void> {
  await saveUserRead(trx, u);
}
