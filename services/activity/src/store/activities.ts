// SQL of the shipment activity log: reading the latest entries, the archive, one entry; writing entries
// and their activity.changed event in the caller's transaction.

import type { AccessLevelValue, ShipmentActivityTypeValue } from '@loadline/contracts/catalogue';
import { type ShipmentActivityChangedV1, subjects } from '@loadline/contracts/events';
import type { EventWriter } from '@loadline/platform';
import { type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import { pushedAccessLevel } from '../domain/consolidation.ts';
import type { EntryFromEvent } from '../domain/from-events.ts';
import type { LogCriteria } from '../domain/log-query.ts';
import type { ShipmentEntry } from '../domain/shipment-entry.ts';
import type { ShipmentTouch } from './read-models.ts';
import type { ActivityTables, ShipmentActivityRow } from './tables.ts';

export type Db = Kysely<ActivityTables>;
export type ShipmentRead = Selectable<ActivityTables['shipment_read']>;

export function findShipment(db: Db, shipmentId: number): Promise<ShipmentRead | undefined> {
  return db.selectFrom('shipment_read').selectAll().where('shipment_id', '=', shipmentId).executeTakeFirst();
}

/** The newest entries first, as 000 §4 loads them, with the 000 §4 filters. Dismissed emails are left out. */
export function latestEntries(
  db: Db,
  shipmentId: number,
  levels: readonly number[],
  criteria: LogCriteria,
): Promise<ShipmentEntry[]> {
  let query = db
    .selectFrom('shipment_activity')
    .selectAll()
    .where('shipment_id', '=', shipmentId)
    .where('access_level', 'in', levels as number[])
    .where('email_dismissed_at', 'is', null);
  if (criteria.type.kind === 'type') query = query.where('activity_type', '=', criteria.type.activityType);
  if (criteria.type.kind === 'systemNotes') query = query.where('user_name', 'like', 'System%');
  if (criteria.nonSystemOnly) query = query.where('user_name', 'not like', 'System%');
  if (criteria.pinnedOnly) query = query.where('pinned', '=', true);
  return query
    .orderBy('created_at', 'desc')
    .orderBy('activity_id', 'desc')
    .offset(criteria.offset)
    .limit(criteria.limit)
    .execute();
}

export function entriesOfTypes(
  db: Db,
  shipmentId: number,
  levels: readonly number[],
  types: readonly number[],
): Promise<ShipmentEntry[]> {
  return db
    .selectFrom('shipment_activity')
    .selectAll()
    .where('shipment_id', '=', shipmentId)
    .where('access_level', 'in', levels as number[])
    .where('activity_type', 'in', types as number[])
    .orderBy('created_at', 'desc')
    .orderBy('activity_id', 'desc')
    .execute();
}

export function archivedEntries(
  db: Db,
  shipmentId: number,
  levels: readonly number[],
): Promise<ShipmentEntry[]> {
  return db
    .selectFrom('shipment_activity_archive')
    .selectAll()
    .where('shipment_id', '=', shipmentId)
    .where('access_level', 'in', levels as number[])
    .where('email_dismissed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('activity_id', 'desc')
    .execute() as Promise<ShipmentEntry[]>;
}

export function findEntry(db: Db, activityId: number, options: { forUpdate?: boolean } = {}) {
  let query = db.selectFrom('shipment_activity').selectAll().where('activity_id', '=', activityId);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Where an archived entry was and its level, or undefined when no archived entry has this id. */
export function findArchivedEntry(db: Db, activityId: number) {
  return db
    .selectFrom('shipment_activity_archive')
    .select(['shipment_id', 'access_level'])
    .where('activity_id', '=', activityId)
    .executeTakeFirst();
}

/** The entry filed from an email of the automation, locked for a change; undefined when none is. */
export function findEmailEntry(
  db: Db,
  emailAutomationDetailId: string,
  options: { forUpdate?: boolean } = {},
): Promise<ShipmentEntry | undefined> {
  let query = db
    .selectFrom('shipment_activity')
    .selectAll()
    .where('email_automation_detail_id', '=', emailAutomationDetailId);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The customer whose shipment this is (for an entry's event). */
export async function customerOfShipment(db: Db, shipmentId: number): Promise<string> {
  const shipment = await db
    .selectFrom('shipment_read')
    .select('customer_organization_id')
    .where('shipment_id', '=', shipmentId)
    .executeTakeFirstOrThrow();
  return shipment.customer_organization_id;
}

/** A consolidation parent's children in its broker, by shipment number. */
export function childrenOf(db: Db, parent: Pick<ShipmentRead, 'shipment_id' | 'broker_id'>) {
  return db
    .selectFrom('shipment_read')
    .select(['shipment_id', 'customer_organization_id'])
    .where('consolidation_parent_id', '=', parent.shipment_id)
    .where('broker_id', '=', parent.broker_id)
    .orderBy('shipment_id')
    .execute();
}

/**
 * Copies the parent's own entries to each child, once: the unique (shipment, pushed-from entry) index turns
 * a second push into nothing. Copies the parent got from elsewhere are not pushed on (a copy of a copy is
 * noise), nor are dismissed emails; pins and assignments stay with the parent, whose handling they are about.
 * A child of another customer gets Public entries as Private (domain/consolidation.ts, decision 0025).
 */
export async function copyToChildren(
  trx: Db,
  parent: ShipmentRead,
  children: readonly { shipment_id: number; customer_organization_id: string }[],
): Promise<ShipmentEntry[]> {
  const entries = await trx
    .selectFrom('shipment_activity')
    .selectAll()
    .where('shipment_id', '=', parent.shipment_id)
    .where('pushed_from_activity_id', 'is', null)
    .where('email_dismissed_at', 'is', null)
    .orderBy('created_at')
    .orderBy('activity_id')
    .execute();
  if (entries.length === 0) return [];
  const copies = children.flatMap((child) =>
    entries.map((p) => ({
      shipment_id: child.shipment_id,
      broker_id: p.broker_id,
      activity_type: p.activity_type,
      access_level: pushedAccessLevel(
        p.access_level as AccessLevelValue,
        child.customer_organization_id === parent.customer_organization_id,
      ),
      description: p.description,
      preset_payable_note: p.preset_payable_note,
      preset_audit_note: p.preset_audit_note,
      user_id: p.user_id,
      user_name: p.user_name,
      created_at: p.created_at,
      pushed_from_activity_id: p.activity_id,
      pushed_from_shipment_id: p.shipment_id,
      email_type: p.email_type,
      email_from_name: p.email_from_name,
      email_date: p.email_date,
    })),
  );
  return trx
    .insertInto('shipment_activity')
    .values(copies)
    .onConflict((oc) =>
      oc
        .columns(['shipment_id', 'pushed_from_activity_id'])
        .where('pushed_from_activity_id', 'is not', null)
        .doNothing(),
    )
    .returningAll()
    .execute();
}

/** Stores one entry made from event `eventId`; undefined when that event's entry is already there. */
export function insertEntryFromEvent(
  trx: Db,
  eventId: string,
  entry: EntryFromEvent,
  /** the shipment's read model written in the same statement (one round trip) */
  touch: ShipmentTouch,
): Promise<ShipmentEntry | undefined> {
  return trx
    .with('touched', () => touch)
    .insertInto('shipment_activity')
    .values(entryRowFromEvent(eventId, entry))
    .onConflict((oc) => oc.column('source_event_id').where('source_event_id', 'is not', null).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The row of an entry made from an event, keyed by the event's id so that a redelivery adds nothing. */
function entryRowFromEvent(eventId: string, entry: EntryFromEvent) {
  return {
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
  };
}

/**
 * Stores the entries made from a consumer's batch of events, in one statement; answers the ones stored now
 * in the order of their ids (an event whose entry is already there has none).
 */
export async function insertEntriesFromEvents(
  trx: Db,
  entries: readonly { eventId: string; entry: EntryFromEvent }[],
): Promise<ShipmentEntry[]> {
  if (entries.length === 0) return [];
  const rows = await trx
    .insertInto('shipment_activity')
    .values(entries.map(({ eventId, entry }) => entryRowFromEvent(eventId, entry)))
    .onConflict((oc) => oc.column('source_event_id').where('source_event_id', 'is not', null).doNothing())
    .returningAll()
    .execute();
  return rows.sort((a, b) => Number(a.activity_id) - Number(b.activity_id));
}

export type NewEntry = Omit<
  ShipmentActivityRow,
  'activity_id' | 'created_at' | 'version' | 'pinned' | 'is_assignment' | 'assign_to_team'
> & {
  pinned?: boolean;
  is_assignment?: boolean;
  assign_to_team?: boolean;
  created_at?: Date | string;
};

/** Fields every new entry leaves empty unless it says otherwise. */
export const blankEntry = {
  preset_payable_note: null,
  preset_audit_note: null,
  assignment_delay_minutes: null,
  assign_to_staff_id: null,
  assign_to_name: null,
  assignment_due_at: null,
  assigned_at: null,
  source_event_id: null,
  pushed_from_activity_id: null,
  pushed_from_shipment_id: null,
  demo_key: null,
  email_automation_detail_id: null,
  email_type: null,
  email_from_name: null,
  email_date: null,
  email_dismissed_at: null,
  email_dismissed_by: null,
} as const;

export async function insertEntry(trx: Db, entry: NewEntry): Promise<ShipmentEntry> {
  return trx
    .insertInto('shipment_activity')
    .values(entry as never)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Writes an entry's change and bumps its version; returns the entry as it is now. */
export async function updateEntry(
  trx: Db,
  activityId: number,
  set: Omit<Updateable<ShipmentActivityRow>, 'activity_id' | 'version'>,
): Promise<ShipmentEntry> {
  return trx
    .updateTable('shipment_activity')
    .set({ ...(set as object), version: sql<number>`version + 1` } as never)
    .where('activity_id', '=', activityId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type ActivityChange = 'added' | 'accessLevel' | 'pinned' | 'assigned' | 'reassigned' | 'dismissed';

/** tms.activity.activity.changed.v1 of an entry. */
function activityChanged(
  entry: ShipmentEntry,
  customerOrganizationId: string,
  change: ActivityChange,
): ShipmentActivityChangedV1 {
  return {
    activityId: entry.activity_id,
    shipmentId: entry.shipment_id,
    brokerId: entry.broker_id,
    customerOrganizationId,
    change,
    version: entry.version,
    activityType: entry.activity_type as ShipmentActivityTypeValue,
    accessLevel: entry.access_level as AccessLevelValue,
    description: entry.description,
    pinned: entry.pinned,
    userName: entry.user_name,
    createdDate: entry.created_at.toISOString(),
    assignment: entry.is_assignment
      ? {
          staffId: entry.assign_to_staff_id,
          isTeam: entry.assign_to_team,
          dueDate: (entry.assignment_due_at ?? entry.created_at).toISOString(),
          assigned: entry.assigned_at !== null,
        }
      : null,
    ...(entry.email_automation_detail_id
      ? { emailAutomationDetailId: entry.email_automation_detail_id }
      : {}),
  };
}

/** tms.activity.activity.changed.v1 for an entry, in the caller's transaction. */
export function publishEntry(
  runtime: EventWriter<ActivityTables>,
  trx: Db,
  entry: ShipmentEntry,
  customerOrganizationId: string,
  change: ActivityChange,
): Promise<string> {
  return runtime.appendEvent(
    trx,
    subjects.shipmentActivityChanged,
    activityChanged(entry, customerOrganizationId, change),
  );
}

/** `publishEntry` of many entries (a consumer's batch), in one statement. */
export async function publishEntries(
  runtime: EventWriter<ActivityTables>,
  trx: Db,
  entries: readonly { entry: ShipmentEntry; customerOrganizationId: string }[],
  change: ActivityChange,
): Promise<void> {
  if (entries.length === 0) return;
  await runtime.appendEvents(
    trx,
    entries.map(({ entry, customerOrganizationId }) => ({
      subject: subjects.shipmentActivityChanged,
      data: activityChanged(entry, customerOrganizationId, change),
    })),
  );
}

/** A shipment's email entries of type Reply at the given levels, not dismissed, newest first. */
export function emailRepliesOf(
  db: Db,
  shipmentId: number,
  levels: readonly number[],
): Promise<ShipmentEntry[]> {
  return db
    .selectFrom('shipment_activity')
    .selectAll()
    .where('shipment_id', '=', shipmentId)
    .where('email_type', '=', 'Reply')
    .where('email_dismissed_at', 'is', null)
    .where('access_level', 'in', [...levels])
    .orderBy('created_at', 'desc')
    .orderBy('activity_id', 'desc')
    .limit(200)
    .execute();
}
