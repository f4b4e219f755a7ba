// The daily insurance watch (issue 7 item 3): a BullMQ job that moves insurance statuses 30 and 10
// days before expiry and at expiry (000 §9), publishing each change once. A job scheduler runs it
// every day at 00:05 UTC; the service also asks for the day's run when it starts (the job id is the
// day, so a restart does not run it twice while the finished job is kept), which catches up a day
// the service was down. A run that fails is retried by BullMQ; a repeated run finds nothing to move.
import type { Job, ServiceRuntime } from '@loadline/platform';
import { utcDate } from '../domain/insurance.ts';
import { type WatchResult, watchInsurances } from '../store/insurance.ts';
import type { CarriersTables } from '../store/tables.ts';

export const insuranceWatchQueue = 'carriers-insurance-watch';
export const insuranceWatchSchedule = { pattern: '5 0 * * *', tz: 'UTC' } as const;

export interface InsuranceWatchJob {
  /** the day to work the statuses out for, 'YYYY-MM-DD'; the UTC date when the job runs by default */
  today?: string;
}

export function registerInsuranceWatch(runtime: ServiceRuntime<CarriersTables>) {
  const queue = runtime.queue<InsuranceWatchJob>(insuranceWatchQueue);
  const worker = runtime.work<InsuranceWatchJob>({
    queue: insuranceWatchQueue,
    concurrency: 1,
    process: async (job: Job<InsuranceWatchJob>): Promise<WatchResult> => {
      const today = job.data.today ?? utcDate(new Date());
      const result = await watchInsurances(runtime, today);
      await job.updateProgress(100);
      runtime.logger.info({ today, ...result }, 'insurance watch done');
      return result;
    },
  });
  return {
    queue,
    worker,
    /** the daily schedule, and today's run at once (the day is its idempotency key) */
    async schedule(): Promise<void> {
      await queue.queue.upsertJobScheduler('insurance-watch-daily', insuranceWatchSchedule, {
        name: insuranceWatchQueue,
        data: {},
      });
      const today = utcDate(new Date());
      await queue.enqueue({ today }, { idempotencyKey: `insurance-watch-${today}` });
    },
  };
}
