// The accounting service's consumers: other services' events into its read models and use cases, each
// event exactly once in the transaction that records it (the platform's durable consumer).
import { subjects } from '@loadline/contracts/events';
import type { ConsumerDefinition } from '@loadline/platform';
import { billToChanged, organizationChanged, shipmentUpdated, userChanged } from '../app/events.ts';
import type { AccountingDeps } from '../service.ts';
import type { AccountingTables } from '../store/tables.ts';

export function accountingConsumers(deps: AccountingDeps) {
  const organizations: ConsumerDefinition<typeof subjects.organizationChanged, AccountingTables> = {
    name: 'directory-organizations',
    subjects: [subjects.organizationChanged],
    handle: (event, trx) => organizationChanged(deps, trx, event.data),
  };
  const shipments: ConsumerDefinition<typeof subjects.shipmentUpdated, AccountingTables> = {
    name: 'shipments',
    subjects: [subjects.shipmentUpdated],
    handle: (event, trx) => shipmentUpdated(deps, trx, event.data),
  };
  const billTos: ConsumerDefinition<typeof subjects.shipmentBillToChanged, AccountingTables> = {
    name: 'shipments-billto',
    subjects: [subjects.shipmentBillToChanged],
    handle: (event, trx) => billToChanged(deps, trx, event.data),
  };
  // Whose staff each user is: a commission's payee must be its broker's (decision 0041).
  const users: ConsumerDefinition<typeof subjects.userChanged, AccountingTables> = {
    name: 'directory-users',
    subjects: [subjects.userChanged],
    handle: (event, trx) => userChanged(deps, trx, event.data),
  };
  return [organizations, shipments, billTos, users];
}
