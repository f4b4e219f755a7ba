// Keeps the gateway's copy of the directory's users and organizations from the directory's
// events. A version guard makes the copy converge whatever the order of delivery: an older
// version never overwrites a newer one. `onChange` lets this gateway drop its cached
// identities at once (other gateway instances drop theirs within the cache's lifetime).
import { subjects } from '@loadline/contracts/events';
import type { ConsumerDefinition } from '@loadline/platform';
import { sql } from 'kysely';
import type { GatewayTables } from '../store/tables.ts';

export const userReadModel = (
  onChange: () => void,
): ConsumerDefinition<typeof subjects.userChanged, GatewayTables> => ({
  name: 'directory-users',
  subjects: [subjects.userChanged],
  async handle(event, trx) {
    const u = event.data;
    await trx
      .insertInto('directory_user')
      .values({
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
      })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet((eb) => ({
            version: eb.ref('excluded.version'),
            organization_id: eb.ref('excluded.organization_id'),
            organization_type: eb.ref('excluded.organization_type'),
            broker_id: eb.ref('excluded.broker_id'),
            kind: eb.ref('excluded.kind'),
            email: eb.ref('excluded.email'),
            first_name: eb.ref('excluded.first_name'),
            last_name: eb.ref('excluded.last_name'),
            permissions: eb.ref('excluded.permissions'),
            customer_settings: eb.ref('excluded.customer_settings'),
            active: eb.ref('excluded.active'),
          }))
          .where(sql<boolean>`directory_user.version < excluded.version`),
      )
      .execute();
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
    await trx
      .insertInto('directory_organization')
      .values({
        organization_id: o.organizationId,
        version: o.version,
        name: o.name,
        organization_type: o.organizationType,
        broker_id: o.brokerId,
        active: o.active,
      })
      .onConflict((oc) =>
        oc
          .column('organization_id')
          .doUpdateSet((eb) => ({
            version: eb.ref('excluded.version'),
            name: eb.ref('excluded.name'),
            organization_type: eb.ref('excluded.organization_type'),
            broker_id: eb.ref('excluded.broker_id'),
            active: eb.ref('excluded.active'),
          }))
          .where(sql<boolean>`directory_organization.version < excluded.version`),
      )
      .execute();
  },
  afterCommit: onChange,
});
