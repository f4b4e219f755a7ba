// Keeps the gateway's copy of the directory's users and organizations from the directory's
// events. A version guard makes the copy converge whatever the order of delivery: an older
// version never overwrites a newer one. `onChange` lets this gateway drop its cached
// identities at once (other gateway instances drop theirs within the cache's lifetime).
import { subjects } from '@loadline/contracts/events';
import { type ConsumerDefinition, saveIfNewer } from '@loadline/platform';
import { sessionsMustEnd } from '../domain/credentials.ts';
import type { GatewayTables } from '../store/tables.ts';

export const userReadModel = (
  onChange: () => void,
  endSessions: (userId: string) => Promise<void>,
): ConsumerDefinition<typeof subjects.userChanged, GatewayTables> => ({
  name: 'directory-users',
  subjects: [subjects.userChanged],
  async handle(event, trx) {
    const u = event.data;
    const before = await trx
      .selectFrom('directory_user')
      .select(['permissions', 'active'])
      .where('user_id', '=', u.userId)
      .executeTakeFirst();
    const saved = await saveIfNewer(trx, 'directory_user', 'user_id', {
      user_id: u.userId,
      version: u.version,
      organization_id: u.organizationId,
      organization_type: u.organizationType,
      broker_id: u.brokerId,
      kind: u.kind,
      email: u.email.toLowerCase(),
      first_name: u.firstName,
      last_name: u.lastName,
      permissions: u.permissions,
      customer_settings: u.customerSettings,
      active: u.active,
    });
    // A disabled user or a removed role ends that user's sessions at once (decision 0009). Ending them
    // twice (a redelivery) changes nothing.
    if (saved && before && sessionsMustEnd(before, u)) await endSessions(u.userId);
  },
  afterCommit: onChange,
});

export const organizationReadModel = (
  onChange: () => void,
): ConsumerDefinition<typeof subjects.organizationChanged, GatewayTables> => ({
  name: 'directory-organizations',
  subjects: [subjects.organizationChanged],
  async handle(event, trx) {
    const o = event.data;
    await saveIfNewer(trx, 'directory_organization', 'organization_id', {
      organization_id: o.organizationId,
      version: o.version,
      name: o.name,
      organization_type: o.organizationType,
      broker_id: o.brokerId,
      active: o.active,
    });
  },
  afterCommit: onChange,
});
