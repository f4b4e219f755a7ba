// Keeps the gateway's copy of the directory's users and organizations from the directory's events. A
// version guard makes the copy converge whatever the order of delivery: an older version never overwrites a
// newer one. Once committed, this gateway drops its cached identities at once (other replicas drop theirs
// within the cache's lifetime).
import { subjects } from '@loadline/contracts/events';
import type { ConsumerDefinition } from '@loadline/platform';
import { identitiesOf } from '../app/identities.ts';
import { endSessions } from '../app/sessions.ts';
import { sessionsMustEnd } from '../domain/credentials.ts';
import type { GatewayDeps } from '../service.ts';
import { loadAccess, saveDirectoryOrganization, saveDirectoryUser } from '../store/identities.ts';
import type { GatewayTables } from '../store/tables.ts';

export const directoryReadModel = ({
  runtime,
}: GatewayDeps): [
  ConsumerDefinition<typeof subjects.userChanged, GatewayTables>,
  ConsumerDefinition<typeof subjects.organizationChanged, GatewayTables>,
] => [
  {
    name: 'directory-users',
    subjects: [subjects.userChanged],
    async handle(event, trx) {
      const before = await loadAccess(trx, event.data.userId);
      const saved = await saveDirectoryUser(trx, event.data);
      // A disabled user or a removed role ends that user's sessions at once (decision 0009). Ending them
      // twice (a redelivery) changes nothing.
      if (saved && before && sessionsMustEnd(before, event.data))
        await endSessions(runtime, event.data.userId);
    },
    afterCommit: () => identitiesOf(runtime).forgetAll(),
  },
  {
    name: 'directory-organizations',
    subjects: [subjects.organizationChanged],
    async handle(event, trx) {
      await saveDirectoryOrganization(trx, event.data);
    },
    afterCommit: () => identitiesOf(runtime).forgetAll(),
  },
];
