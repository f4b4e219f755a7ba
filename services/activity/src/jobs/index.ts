// The activity service's background work: the delayed job that assigns a scheduled assignment when due,
// and the nightly archive (job scheduler `nightly-archive`, 03:15).
import type { Schedule, WorkerDefinition } from '@loadline/platform';
import { ARCHIVE_QUEUE, archiveDelivered } from '../app/archive.ts';
import { ASSIGNMENT_DUE_QUEUE, type AssignmentDueJob, assignIfDue } from '../app/assignments.ts';
import { ARCHIVE_SCHEDULE } from '../domain/archive.ts';
import type { ActivityDeps } from '../service.ts';

export function activityWorkers(deps: ActivityDeps): WorkerDefinition<unknown>[] {
  const assignmentDue: WorkerDefinition<AssignmentDueJob> = {
    queue: ASSIGNMENT_DUE_QUEUE,
    process: async (job) => {
      const outcome = await assignIfDue(deps, job.data.assignmentId, new Date());
      // Early (clocks differ by a little): fail, and the job's backoff tries again shortly.
      if (outcome === 'notDue') throw new Error(`assignment ${job.data.assignmentId} is not due yet`);
      return outcome;
    },
  };
  const archive: WorkerDefinition<Record<string, never>> = {
    queue: ARCHIVE_QUEUE,
    concurrency: 1,
    process: async () => {
      const done = await archiveDelivered(deps, new Date());
      deps.runtime.logger.info(done, 'archived the logs of shipments delivered over a year ago');
      return done;
    },
  };
  return [assignmentDue, archive] as WorkerDefinition<unknown>[];
}

export function activitySchedules(): Schedule[] {
  return [{ queue: ARCHIVE_QUEUE, id: 'nightly-archive', repeat: { pattern: ARCHIVE_SCHEDULE }, data: {} }];
}
