// The shipments service's background work: the dispatch-recovery job, every minute on one replica at a
// time (a schedule kept in Redis), tenders what no request settled (app/dispatch.ts); the shipment
// importer's check and write jobs (app/bulk-import.ts), one file at a time per worker.
import type { Job, Schedule, WorkerDefinition } from '@loadline/platform';
import {
  checkFile,
  type ImportJob,
  importFile,
  importGaveUp,
  importQueues,
  type OrderLimits,
} from '../app/bulk-import.ts';
import { recoverTenders } from '../app/dispatch.ts';
import type { ShipmentsDeps } from '../service.ts';

export const dispatchRecoveryQueue = 'dispatch-recovery';
/** Ours: how often the job looks for tenders left pending. */
export const dispatchRecoveryEveryMs = 60_000;

export function shipmentsWorkers(deps: ShipmentsDeps, limits: OrderLimits): WorkerDefinition<unknown>[] {
  const recovery: WorkerDefinition<Record<string, never>> = {
    queue: dispatchRecoveryQueue,
    concurrency: 1,
    process: () => recoverTenders(deps),
  };
  // The last attempt's failure puts the bulk process in error (002 §3.8 Error) instead of leaving it running.
  const lastTry =
    (run: (id: number) => Promise<void>) =>
    async (job: Job<ImportJob>): Promise<void> => {
      try {
        await run(job.data.bulkProcessId);
      } catch (error) {
        if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1))
          await importGaveUp(
            deps,
            job.data.bulkProcessId,
            'The import stopped on an error; nothing more was written. Please try again.',
          );
        throw error;
      }
    };
  const check: WorkerDefinition<ImportJob> = {
    queue: importQueues.check,
    concurrency: 1,
    lockDurationMs: deps.settings.importLockMs,
    process: lastTry((id) => checkFile(deps, id, limits)),
  };
  const write: WorkerDefinition<ImportJob> = {
    queue: importQueues.write,
    concurrency: 1,
    lockDurationMs: deps.settings.importLockMs,
    process: lastTry((id) => importFile(deps, id, limits)),
  };
  return [recovery, check, write] as WorkerDefinition<unknown>[];
}

export function shipmentsSchedules(): Schedule[] {
  return [
    {
      queue: dispatchRecoveryQueue,
      id: dispatchRecoveryQueue,
      repeat: { every: dispatchRecoveryEveryMs },
      data: {},
    },
  ];
}
