// The directory's background work: renewing the tokens of mailboxes signed in at Google, Microsoft or Front
// before they expire (decision 0036), on one schedule kept in Redis (every replica declares it, one runs).
import type { Schedule, WorkerDefinition } from '@loadline/platform';
import { renewMailboxTokens } from '../app/mailbox-sign-in.ts';
import type { DirectoryDeps } from '../service.ts';

export const directoryQueues = { renewMailboxTokens: 'directory-renew-mailbox-tokens' } as const;

export function directoryWorkers(deps: DirectoryDeps): WorkerDefinition<unknown>[] {
  const renew: WorkerDefinition<Record<string, never>> = {
    queue: directoryQueues.renewMailboxTokens,
    concurrency: 1,
    process: async () => {
      const report = await renewMailboxTokens(deps);
      if (report.renewed + report.unauthorized + report.failed > 0)
        deps.runtime.logger.info(report, 'mailbox tokens renewed');
      return report;
    },
  };
  return [renew] as WorkerDefinition<unknown>[];
}

export function directorySchedules(deps: DirectoryDeps): Schedule[] {
  return [
    {
      queue: directoryQueues.renewMailboxTokens,
      id: 'renew-mailbox-tokens',
      repeat: { every: deps.settings.mailboxSignIn.renewEveryMs },
      data: {},
    },
  ];
}
