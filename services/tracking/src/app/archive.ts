// The nightly archive (issue 4 item 1): locations of shipments past delivered for more than a year move to
// `location_archive`, in batches of 5,000, each batch one statement (a row is never lost nor in both
// tables); the archived rows stay readable through GET /api/shipmentLocationsArchive/{id}.
import { archiveCutoff } from '../domain/locations.ts';
import type { TrackingDeps } from '../service.ts';
import { archiveBatch } from '../store/locations.ts';

export const archiveQueue = 'tracking-location-archive';
/** 03:00 UTC every night (the job scheduler `nightly-location-archive`). */
export const ARCHIVE_SCHEDULE = '0 3 * * *';
const BATCH = 5000;

export interface ArchiveJob {
  /** the instant to count the year back from; now when missing */
  now?: string;
}

export async function archiveLocations(deps: TrackingDeps, now: Date): Promise<number> {
  const cutoff = archiveCutoff(now);
  let total = 0;
  for (;;) {
    const moved = await archiveBatch(deps.runtime.db, cutoff, BATCH);
    total += moved;
    if (moved < BATCH) return total;
  }
}
