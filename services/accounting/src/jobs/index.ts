// The accounting service's background work: sync runs (BullMQ, one at a time, resumable) and the daily
// credit refresh (invoices cross their due dates as days pass: aging buckets and past-due totals move).
import type { Schedule, WorkerDefinition } from '@loadline/platform';
import { refreshAllCredit } from '../app/credit.ts';
import { processSyncRun, SYNC_QUEUE } from '../app/sync.ts';
import type { AccountingDeps } from '../service.ts';

export const CREDIT_AGING_QUEUE = 'accounting-credit-aging';

export function accountingWorkers(deps: AccountingDeps): WorkerDefinition<unknown>[] {
  const sync: WorkerDefinition<{ runId: string }> = {
    queue: SYNC_QUEUE,
    concurrency: 1,
    lockDurationMs: deps.settings.syncLockMs,
    process: (job) => processSyncRun(deps, job.data.runId, job),
  };
  const aging: WorkerDefinition<Record<string, never>> = {
    queue: CREDIT_AGING_QUEUE,
    concurrency: 1,
    process: async (job) => {
      const count = await refreshAllCredit(deps);
      await job.updateProgress(100);
      return { positions: count };
    },
  };
  return [sync, aging] as WorkerDefinition<unknown>[];
}

export function accountingSchedules(): Schedule[] {
  // Ours: five past midnight UTC, after the day changed for the aging of every due date.
  return [
    {
      queue: CREDIT_AGING_QUEUE,
      id: 'credit-aging-daily',
      repeat: { pattern: '5 0 * * *', tz: 'UTC' },
      data: {},
    },
  ];
}
