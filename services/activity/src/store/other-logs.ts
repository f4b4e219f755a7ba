// SQL of the organization and carrier activity logs: each the broker's own.
import type { Insertable } from 'kysely';
import type { Db } from './activities.ts';
import type { ActivityTables } from './tables.ts';

/** An organization entry as written by hand (the demo's carry a key). */
export type NewOrganizationRow = Omit<
  Insertable<ActivityTables['organization_activity']>,
  'activity_id' | 'created_at' | 'last_updated' | 'demo_key'
>;

export function organizationEntries(db: Db, organizationId: string, levels: readonly number[]) {
  return db
    .selectFrom('organization_activity')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('access_level', 'in', levels as number[])
    .orderBy('created_at', 'desc')
    .orderBy('activity_id', 'desc')
    .execute();
}

export function insertOrganizationEntry(db: Db, row: NewOrganizationRow) {
  return db
    .insertInto('organization_activity')
    .values({ ...row, demo_key: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A carrier entry as written by hand. */
export type NewCarrierRow = Omit<
  Insertable<ActivityTables['carrier_activity']>,
  'activity_id' | 'created_at' | 'demo_key'
>;

export function carrierEntries(db: Db, brokerId: string, carrierMasterId: string, levels: readonly number[]) {
  return db
    .selectFrom('carrier_activity')
    .selectAll()
    .where('broker_id', '=', brokerId)
    .where('carrier_master_id', '=', carrierMasterId)
    .where('access_level', 'in', levels as number[])
    .orderBy('created_at', 'desc')
    .orderBy('activity_id', 'desc')
    .execute();
}

export function insertCarrierEntry(db: Db, row: NewCarrierRow) {
  return db
    .insertInto('carrier_activity')
    .values({ ...row, demo_key: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}
