// The shipments service's background work: the dispatch-recovery job, every minute on one replica at a
// time (a schedule kept in Redis), tenders what no request settled (app/dispatch.ts).
import type { Schedule, WorkerDefinition } from '@loadline/platform';
import { recoverTenders } from '../app/dispatch.ts';
import type { ShipmentsDeps } from '../service.ts';

export const dispatchRecoveryQueue = 'dispatch-recovery';
/** Ours: how often the job looks for tenders left pending. */
export const dispatchRecoveryEveryMs = 60_000;

export function shipmentsWorkers(deps: ShipmentsDeps): WorkerDefinition<unknown>[] {
  const recovery: WorkerDefinition<Record<string, never>> = {
    queue: dispatchRecoveryQueue,
    concurrency: 1,
    process: () => recoverTenders(deps),
  };
  return [recovery] as WorkerDefinition<unknown>[];
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
