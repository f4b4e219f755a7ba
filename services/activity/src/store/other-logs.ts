// SQL of the organization and carrier activity logs: each the broker's own.
import type { Db } from './activities.ts';

export interface NewOrganizationRow {
  organization_id: string;
  broker_id: string;
  activity_type: number;
  preset_collection_note: number | null;
  preset_onboarding_note: number | null;
  description: string;
  access_level: number;
  user_id: string;
  user_name: string;
}

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

export interface NewCarrierRow {
  carrier_master_id: string;
  broker_id: string;
  activity_type: string;
  description: string;
  access_level: number;
  user_id: string;
  user_name: string;
}

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
