// The directory's consumers: the attachments service's report that a Gmail or Microsoft mailbox's access
// token could not be used (decision 0037), answered by renewing the sign-in or unauthorizing the mailbox.
import { subjects } from '@loadline/contracts/events';
import type { ConsumerDefinition } from '@loadline/platform';
import { signInRefused } from '../app/mailbox-sign-in.ts';
import type { DirectoryDeps } from '../service.ts';
import type { DirectoryTables } from '../store/tables.ts';

export function directoryConsumers(deps: DirectoryDeps) {
  const refusedSignIns: ConsumerDefinition<typeof subjects.mailboxSignInRefused, DirectoryTables> = {
    name: 'attachments-mailbox-sign-in-refusals',
    subjects: [subjects.mailboxSignInRefused],
    handle: async (event, trx) => {
      await signInRefused(deps, trx, event.data);
    },
  };
  return [refusedSignIns];
}
