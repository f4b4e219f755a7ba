// The attachments service's background work: the send worker (one outgoing email or fax per job, retried
// by BullMQ) and the hourly purge (deleted attachments past retention, orphan files, stale staging, lost
// send jobs queued again).
import type { Schedule, WorkerDefinition } from '@loadline/platform';
import { purge } from '../app/purge.ts';
import { queues, type SendJob } from '../app/queues.ts';
import { type ReadMailJob, readAgain, readMailbox } from '../app/read-mail.ts';
import { sendMessage } from '../app/send-message.ts';
import type { AttachmentsDeps } from '../service.ts';

export function attachmentsWorkers(deps: AttachmentsDeps): WorkerDefinition<unknown>[] {
  const send: WorkerDefinition<SendJob> = {
    queue: queues.send,
    concurrency: 2,
    process: (job) => sendMessage(deps, job),
  };
  const purgeWorker: WorkerDefinition<Record<string, never>> = {
    queue: queues.purge,
    concurrency: 1,
    process: async () => {
      const report = await purge(deps);
      if (Object.values(report).some((n) => n > 0)) deps.runtime.logger.info(report, 'attachments purge');
      return report;
    },
  };
  const readMail: WorkerDefinition<ReadMailJob> = {
    queue: queues.readMail,
    concurrency: 4,
    process: async (job) => {
      const report = await readMailbox(deps, job.data.userId, { idleMs: deps.settings.mailIdleMs });
      // Waited in IDLE to its end: the next run follows at once, so new mail is always awaited.
      if (report.idled) await readAgain(deps, job.data.userId);
      return report;
    },
  };
  return [send, purgeWorker, readMail] as WorkerDefinition<unknown>[];
}

/** The hourly purge (BullMQ keeps one schedule however often the service starts). */
export function attachmentsSchedules(): Schedule[] {
  return [{ queue: queues.purge, id: 'hourly-purge', repeat: { every: 60 * 60 * 1000 }, data: {} }];
}
