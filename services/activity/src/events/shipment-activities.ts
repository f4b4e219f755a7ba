// Status changes and notes from the shipments service become activity entries (issue 5 item 2): each
// status.changed one Status Change entry, each note.added one entry of the note's type. Exactly once: the
// platform's durable consumer records the event id in the same transaction as the entry (a redelivery, or a
// crash before the commit, changes nothing), and the entry keeps the event id under a unique index besides.
import { type ShipmentNoteAddedV1, type ShipmentStatusChangedV1, subjects } from '@loadline/contracts/events';
import type { ConsumerDefinition, ServiceRuntime } from '@loadline/platform';
import { type EntryFromEvent, entryFromNote, entryFromStatusChange } from '../domain/from-events.ts';
import { blankEntry, type Db, publishEntry } from '../store/activities.ts';
import type { ActivityTables } from '../store/tables.ts';
import { touchShipment } from './shipment-read-model.ts';

type Subjects = typeof subjects.shipmentStatusChanged | typeof subjects.shipmentNoteAdded;

/** Stores one entry made from event `eventId`; false when that event's entry is already there. */
export async function storeEntryFromEvent(
  runtime: ServiceRuntime<ActivityTables>,
  trx: Db,
  eventId: string,
  entry: EntryFromEvent,
): Promise<boolean> {
  const row = await trx
    .insertInto('shipment_activity')
    .values({
      ...blankEntry,
      shipment_id: entry.shipmentId,
      broker_id: entry.brokerId,
      activity_type: entry.activityType,
      access_level: entry.accessLevel,
      description: entry.description,
      pinned: entry.pinned,
      user_id: entry.userId,
      user_name: entry.userName,
      created_at: entry.createdAt as never,
      source_event_id: eventId,
    })
    .onConflict((oc) => oc.column('source_event_id').where('source_event_id', 'is not', null).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) return false;
  await publishEntry(runtime, trx, row, entry.customerOrganizationId, 'added');
  return true;
}

export function shipmentActivities(
  runtime: ServiceRuntime<ActivityTables>,
): ConsumerDefinition<Subjects, ActivityTables> {
  return {
    name: 'shipment-activities',
    subjects: [subjects.shipmentStatusChanged, subjects.shipmentNoteAdded],
    async handle(event, trx) {
      if (event.subject === subjects.shipmentStatusChanged) {
        const change = event.data as ShipmentStatusChangedV1;
        await touchShipment(trx, change, {
          status: change.status,
          version: change.version,
          occurredAt: event.occurredAt,
        });
        await storeEntryFromEvent(runtime, trx, event.id, entryFromStatusChange(change, event.occurredAt));
      } else {
        const note = event.data as ShipmentNoteAddedV1;
        await touchShipment(trx, note);
        await storeEntryFromEvent(runtime, trx, event.id, entryFromNote(note));
      }
    },
  };
}
