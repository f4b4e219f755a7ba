// The tracking service's background work: the driver's one-time link sent by text message (the job id is
// the request id, so a retried request queues nothing twice; the platform retries a failed send 5 times
// with exponential backoff), and the nightly location archive at 03:00 UTC.
import type { Schedule, WorkerDefinition } from '@loadline/platform';
import { ARCHIVE_SCHEDULE, type ArchiveJob, archiveLocations, archiveQueue } from '../app/archive.ts';
import {
  type DriverLocationTextJob,
  driverLocationTextQueue,
  sendDriverLocationText,
} from '../app/driver-location.ts';
import type { TrackingDeps } from '../service.ts';

export function trackingWorkers(deps: TrackingDeps): WorkerDefinition<unknown>[] {
  const texts: WorkerDefinition<DriverLocationTextJob> = {
    queue: driverLocationTextQueue,
    concurrency: 4,
    process: (job) => sendDriverLocationText(deps, job.data.requestId),
  };
  const archive: WorkerDefinition<ArchiveJob> = {
    queue: archiveQueue,
    concurrency: 1,
    async process(job) {
      const moved = await archiveLocations(deps, job.data.now ? new Date(job.data.now) : new Date());
      await job.updateProgress(100);
      return { moved };
    },
  };
  return [texts, archive] as WorkerDefinition<unknown>[];
}

export function trackingSchedules(): Schedule<ArchiveJob>[] {
  return [
    {
      queue: archiveQueue,
      id: 'nightly-location-archive',
      repeat: { pattern: ARCHIVE_SCHEDULE, tz: 'UTC' },
      data: {},
    },
  ];
}
