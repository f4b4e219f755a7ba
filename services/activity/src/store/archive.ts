// SQL of the nightly archive: one batch of shipments delivered before the cutoff has its entries moved
// from the live table to the archive table in the caller's transaction (a row is in one table or the
// other, never both, never neither).
import { sql } from 'kysely';
import { ARCHIVE_BATCH_SHIPMENTS, archivableStatuses } from '../domain/archive.ts';
import type { Db } from './activities.ts';

/** Every column of an entry, in the order both tables have them. */
const columns = sql.raw(`activity_id, shipment_id, broker_id, activity_type, access_level, description,
  preset_payable_note, preset_audit_note, pinned, is_assignment, assignment_delay_minutes, assign_to_staff_id,
  assign_to_name, assign_to_team, assignment_due_at, assigned_at, user_id, user_name, created_at,
  source_event_id, pushed_from_activity_id, pushed_from_shipment_id, demo_key, email_automation_detail_id,
  email_type, email_from_name, email_date, email_dismissed_at, email_dismissed_by, version`);

/** Moves the next batch; null when no delivered shipment before the cutoff has live entries left. */
export async function archiveNextBatch(
  trx: Db,
  cutoff: Date,
  now: Date,
): Promise<{ shipments: number; entries: number } | null> {
  const batch = await trx
    .selectFrom('shipment_read as s')
    .select('s.shipment_id')
    .where('s.status', 'in', archivableStatuses as number[])
    .where('s.delivered_at', '<=', cutoff)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('shipment_activity as a')
          .select('a.activity_id')
          .whereRef('a.shipment_id', '=', 's.shipment_id'),
      ),
    )
    .limit(ARCHIVE_BATCH_SHIPMENTS)
    .execute();
  if (batch.length === 0) return null;
  const ids = batch.map((b) => b.shipment_id);
  const { rows } = await sql<{ count: number }>`
    with moved as (delete from shipment_activity where shipment_id = any(${ids}::bigint[]) returning ${columns})
    , archived as (insert into shipment_activity_archive (${columns}, archived_at)
      select ${columns}, ${now} from moved returning 1)
    select count(*)::int as count from archived`.execute(trx);
  return { shipments: ids.length, entries: rows[0]?.count ?? 0 };
}
