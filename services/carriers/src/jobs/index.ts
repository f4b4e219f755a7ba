// The daily insurance watch (issue 7 item 3) as a BullMQ job: one worker (concurrency 1), a job
// scheduler every day at 00:05 UTC, and the day's run asked for when the service starts (the job id is
// the day, so a restart does not run it twice while the finished job is kept), which catches up a day
// the service was down. A run that fails is retried by BullMQ; a repeated run finds nothing to move.
import type { Schedule, WorkerDefinition } from '@loadline/platform';
import { runInsuranceWatch } from '../app/insurance-watch.ts';
import { republishOlderBrokerCarriers } from '../app/republish.ts';
import type { CarriersDeps } from '../service.ts';

export const insuranceWatchQueue = 'carriers-insurance-watch';
export const insuranceWatchSchedule = { pattern: '5 0 * * *', tz: 'UTC' } as const;

export interface InsuranceWatchJob {
  /** the day to work the statuses out for, 'YYYY-MM-DD'; the service's day when the job runs by default */
  today?: string;
}

export function carriersWorkers(deps: CarriersDeps): WorkerDefinition<unknown>[] {
  const watch: WorkerDefinition<InsuranceWatchJob> = {
    queue: insuranceWatchQueue,
    concurrency: 1,
    process: async (job) => {
      const today = job.data.today ?? deps.adapters.clock.today();
      const result = await runInsuranceWatch(deps, today);
      await job.updateProgress(100);
      deps.runtime.logger.info({ today, ...result }, 'insurance watch done');
      return result;
    },
  };
  return [watch] as WorkerDefinition<unknown>[];
}

export function carriersSchedules(): Schedule<InsuranceWatchJob>[] {
  return [
    {
      queue: insuranceWatchQueue,
      id: 'insurance-watch-daily',
      repeat: insuranceWatchSchedule,
      data: {},
    },
  ];
}

/**
 * At each start of the background: the day's watch asked for under the day as its job id (a restart runs it
 * once that day, and a day the service was down is caught up at its next start), and the broker carriers
 * published in an older event shape published again (app/republish.ts).
 */
export async function carriersAtStart(deps: CarriersDeps): Promise<void> {
  await deps.runtime
    .queue<InsuranceWatchJob>(insuranceWatchQueue)
    .enqueue({}, { idempotencyKey: `insurance-watch-${deps.adapters.clock.today()}` });
  const published = await republishOlderBrokerCarriers(deps);
  if (published > 0) deps.runtime.logger.info({ published }, 'broker carriers published again');
}
