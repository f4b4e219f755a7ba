// The activity service's copy of the directory's organizations and users (organization.changed,
// user.changed): which organizations belong to which broker (the organization log's scope), their names,
// and the staff who can be assigned a shipment with their names. Version-guarded.
import { type OrganizationChangedV1, subjects, type UserChangedV1 } from '@loadline/contracts/events';
import { type ConsumerDefinition, saveIfNewer } from '@loadline/platform';
import type { ActivityTables } from '../store/tables.ts';

type Subjects = typeof subjects.organizationChanged | typeof subjects.userChanged;

export const directoryReadModel: ConsumerDefinition<Subjects, ActivityTables> = {
  name: 'directory-read-model',
  subjects: [subjects.organizationChanged, subjects.userChanged],
  async handle(event, trx) {
    if (event.subject === subjects.organizationChanged) {
      const o = event.data as OrganizationChangedV1;
      await saveIfNewer(trx, 'organization_read', 'organization_id', {
        organization_id: o.organizationId,
        // An LSP is its own broker.
        broker_id: o.brokerId ?? o.organizationId,
        organization_type: o.organizationType,
        name: o.name,
        active: o.active,
        version: o.version,
      });
      return;
    }
    const u = event.data as UserChangedV1;
    await saveIfNewer(trx, 'user_read', 'user_id', {
      user_id: u.userId,
      broker_id: u.brokerId,
      kind: u.kind,
      name: `${u.firstName} ${u.lastName}`.trim(),
      email: u.email,
      permissions: u.permissions,
      active: u.active,
      version: u.version,
    });
  },
};
