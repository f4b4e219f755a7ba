// The other tenant of the mailbox tests: a second broker with one staff member (demoCallers.otherBroker), added to
// a directory built with the demo seed, which holds only the demo broker.
import { OrganizationType } from '@loadline/contracts/catalogue';
import { demoCallers, type TestService } from '@loadline/platform/testing';
import type { DirectorySettings } from '../../src/config.ts';
import type { DirectoryAdapters, DirectoryTables } from '../../src/service.ts';

export async function addOtherBroker(
  t: TestService<DirectoryTables, DirectorySettings, DirectoryAdapters>,
): Promise<void> {
  const { otherBroker } = demoCallers;
  await t.runtime.db
    .insertInto('organization')
    .values({
      organization_id: otherBroker.organizationId,
      name: 'Other Brokerage',
      organization_type: OrganizationType.values.LSP,
      broker_id: null,
      payment_preference: null,
      credit_limit: null,
    })
    .execute();
  await t.runtime.db
    .insertInto('app_user')
    .values({
      user_id: otherBroker.userId,
      organization_id: otherBroker.organizationId,
      kind: 'staff',
      email: otherBroker.email,
      first_name: 'Olga',
      last_name: 'Other',
    })
    .execute();
}
