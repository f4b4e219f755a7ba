// The nightly archive (issue 5 item 1): the logs of shipments delivered over a year ago move from the live
// table to the archive table, a batch of shipments per transaction. Safe to run twice.
import { archiveCutoff } from '../domain/archive.ts';
import type { ActivityDeps } from '../service.ts';
import { archiveNextBatch } from '../store/archive.ts';

export const ARCHIVE_QUEUE = 'activity-archive';

export async function archiveDelivered(
  deps: ActivityDeps,
  now: Date,
): Promise<{ shipments: number; entries: number }> {
  const cutoff = archiveCutoff(now);
  let shipments = 0;
  let entries = 0;
  for (;;) {
    const moved = await deps.runtime.db.transaction().execute((trx) => archiveNextBatch(trx, cutoff, now));
    if (!moved) break;
    shipments += moved.shipments;
    entries += moved.entries;
  }
  return { shipments, entries };
}
