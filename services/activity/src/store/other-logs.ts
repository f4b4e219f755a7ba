// SQL of the organization and carrier activity logs: each the broker's own.
import type { Insertable, Selectable } from 'kysely';
import type { CarrierEntry, OrganizationEntry } from '../domain/other-entries.ts';
import type { Db } from './activities.ts';
import type { ActivityTables } from './tables.ts';

const toOrganizationEntry = (r: Selectable<ActivityTables['organization_activity']>): OrganizationEntry => ({
  activityId: r.activity_id,
  organizationId: r.organization_id,
  brokerId: r.broker_id,
  activityType: r.activity_type,
  presetCollectionNote: r.preset_collection_note,
  presetOnboardingNote: r.preset_onboarding_note,
  description: r.description,
  accessLevel: r.access_level,
  userName: r.user_name,
  createdAt: r.created_at,
  lastUpdated: r.last_updated,
});

const toCarrierEntry = (r: Selectable<ActivityTables['carrier_activity']>): CarrierEntry => ({
  activityId: r.activity_id,
  carrierMasterId: r.carrier_master_id,
  brokerId: r.broker_id,
  activityType: r.activity_type,
  description: r.description,
  accessLevel: r.access_level,
  userName: r.user_name,
  createdAt: r.created_at,
});

/** An organization entry as written by hand (the demo's carry a key). */
export type NewOrganizationRow = Omit<
  Insertable<ActivityTables['organization_activity']>,
  'activity_id' | 'created_at' | 'last_updated' | 'demo_key'
>;

export async function organizationEntries(
  db: Db,
  organizationId: string,
  levels: readonly number[],
): Promise<OrganizationEntry[]> {
  const rows = await db
    .selectFrom('organization_activity')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('access_level', 'in', levels as number[])
    .orderBy('created_at', 'desc')
    .orderBy('activity_id', 'desc')
    .execute();
  return rows.map(toOrganizationEntry);
}

export async function insertOrganizationEntry(db: Db, row: NewOrganizationRow): Promise<OrganizationEntry> {
  return toOrganizationEntry(
    await db
      .insertInto('organization_activity')
      .values({ ...row, demo_key: null })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}

/** A carrier entry as written by hand. */
export type NewCarrierRow = Omit<
  Insertable<ActivityTables['carrier_activity']>,
  'activity_id' | 'created_at' | 'demo_key'
>;

export async function carrierEntries(
  db: Db,
  brokerId: string,
  carrierMasterId: string,
  levels: readonly number[],
): Promise<CarrierEntry[]> {
  const rows = await db
    .selectFrom('carrier_activity')
    .selectAll()
    .where('broker_id', '=', brokerId)
    .where('carrier_master_id', '=', carrierMasterId)
    .where('access_level', 'in', levels as number[])
    .orderBy('created_at', 'desc')
    .orderBy('activity_id', 'desc')
    .execute();
  return rows.map(toCarrierEntry);
}

export async function insertCarrierEntry(db: Db, row: NewCarrierRow): Promise<CarrierEntry> {
  return toCarrierEntry(
    await db
      .insertInto('carrier_activity')
      .values({ ...row, demo_key: null })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}
