// The nightly archive (issue 4 item 1): locations of shipments past delivered for more than a year
// move to `location_archive`, in batches of 5,000, each batch one statement (a row is never lost nor
// in both tables). A job scheduler runs it at 03:00 UTC; the archived rows stay readable through
// GET /api/shipmentLocationsArchive/{id}.
import type { ServiceRuntime } from '@loadline/platform';
import { archiveCutoff } from '../domain/locations.ts';
import { archiveBatch } from '../store/locations.ts';
import type { TrackingTables } from '../store/tables.ts';

export const archiveQueue = 'tracking-location-archive';
export const ARCHIVE_SCHEDULE = '0 3 * * *';
const BATCH = 5000;

export interface ArchiveJob {
  /** the instant to count the year back from; now when missing */
  now?: string;
}

export async function archiveLocations(runtime: ServiceRuntime<TrackingTables>, now: Date): Promise<number> {
  const cutoff = archiveCutoff(now);
  let total = 0;
  for (;;) {
    const moved = await archiveBatch(runtime.db, cutoff, BATCH);
    total += moved;
    if (moved < BATCH) return total;
  }
}

export function registerArchiveWorker(runtime: ServiceRuntime<TrackingTables>) {
  return runtime.work<ArchiveJob>({
    queue: archiveQueue,
    concurrency: 1,
    async process(job) {
      const moved = await archiveLocations(runtime, job.data.now ? new Date(job.data.now) : new Date());
      await job.updateProgress(100);
      return { moved };
    },
  });
}

/** Schedules the nightly run (idempotent: the scheduler has a fixed id). */
export async function scheduleNightlyArchive(runtime: ServiceRuntime<TrackingTables>): Promise<void> {
  await runtime.queue<ArchiveJob>(archiveQueue).queue.upsertJobScheduler(
    'nightly-location-archive',
    { pattern: ARCHIVE_SCHEDULE, tz: 'UTC' },
    {
      name: archiveQueue,
      data: {},
    },
  );
}
