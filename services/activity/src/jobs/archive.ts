// The nightly archive (issue 5 item 1): the logs of shipments delivered over a year ago move from the live
// table to the archive table, a batch of shipments per transaction (a row is in one table or the other,
// never both, never neither). Scheduled with the platform's job scheduler; safe to run twice.
import type { ServiceRuntime } from '@loadline/platform';
import { sql } from 'kysely';
import {
  ARCHIVE_BATCH_SHIPMENTS,
  ARCHIVE_SCHEDULE,
  archivableStatuses,
  archiveCutoff,
} from '../domain/archive.ts';
import type { ActivityTables } from '../store/tables.ts';

export const ARCHIVE_QUEUE = 'activity-archive';

/** Every column of an entry, in the order both tables have them. */
const columns = sql.raw(`activity_id, shipment_id, broker_id, activity_type, access_level, description,
  preset_payable_note, preset_audit_note, pinned, is_assignment, assignment_delay_minutes, assign_to_staff_id,
  assign_to_name, assign_to_team, assignment_due_at, assigned_at, user_id, user_name, created_at,
  source_event_id, pushed_from_activity_id, pushed_from_shipment_id, demo_key, email_automation_detail_id,
  email_type, email_from_name, email_date, email_dismissed_at, email_dismissed_by, version`);

export async function archiveDelivered(
  runtime: ServiceRuntime<ActivityTables>,
  now: Date,
): Promise<{ shipments: number; entries: number }> {
  const cutoff = archiveCutoff(now);
  let shipments = 0;
  let entries = 0;
  for (;;) {
    const moved = await runtime.db.transaction().execute(async (trx) => {
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
    });
    if (!moved) break;
    shipments += moved.shipments;
    entries += moved.entries;
  }
  return { shipments, entries };
}

export async function registerArchiveJob(runtime: ServiceRuntime<ActivityTables>): Promise<void> {
  runtime.work<Record<string, never>>({
    queue: ARCHIVE_QUEUE,
    concurrency: 1,
    process: async () => {
      const done = await archiveDelivered(runtime, new Date());
      runtime.logger.info(done, 'archived the logs of shipments delivered over a year ago');
      return done;
    },
  });
  await runtime
    .queue<Record<string, never>>(ARCHIVE_QUEUE)
    .schedule('nightly-archive', { pattern: ARCHIVE_SCHEDULE }, {});
}
