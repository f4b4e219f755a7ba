// SQL of the shipment activity log: reading the latest entries, the archive, one entry; writing entries
// and their activity.changed event in the caller's transaction.

import type { AccessLevelValue, ShipmentActivityTypeValue } from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import type { ServiceRuntime } from '@loadline/platform';
import { type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { LogCriteria } from '../domain/log-query.ts';
import type { ActivityTables, ShipmentActivityRow } from './tables.ts';

export type Db = Kysely<ActivityTables>;
export type Entry = Selectable<ShipmentActivityRow> & { archived_at?: Date | null };
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
): Promise<Entry[]> {
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
): Promise<Entry[]> {
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

export function archivedEntries(db: Db, shipmentId: number, levels: readonly number[]): Promise<Entry[]> {
  return db
    .selectFrom('shipment_activity_archive')
    .selectAll()
    .where('shipment_id', '=', shipmentId)
    .where('access_level', 'in', levels as number[])
    .where('email_dismissed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('activity_id', 'desc')
    .execute() as Promise<Entry[]>;
}

export function findEntry(db: Db, activityId: number, options: { forUpdate?: boolean } = {}) {
  let query = db.selectFrom('shipment_activity').selectAll().where('activity_id', '=', activityId);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
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

export async function insertEntry(trx: Db, entry: NewEntry): Promise<Entry> {
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
): Promise<Entry> {
  return trx
    .updateTable('shipment_activity')
    .set({ ...(set as object), version: sql<number>`version + 1` } as never)
    .where('activity_id', '=', activityId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type ActivityChange = 'added' | 'accessLevel' | 'pinned' | 'assigned' | 'reassigned' | 'dismissed';

/** tms.activity.activity.changed.v1 for an entry, in the caller's transaction. */
export function publishEntry(
  runtime: ServiceRuntime<ActivityTables>,
  trx: Db,
  entry: Entry,
  customerOrganizationId: string,
  change: ActivityChange,
): Promise<string> {
  return runtime.appendEvent(trx, subjects.shipmentActivityChanged, {
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
  });
}
