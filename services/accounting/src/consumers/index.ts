// The accounting service's consumers: other services' events into its read models and use cases, each
// event exactly once in the transaction that records it (the platform's durable consumer).
import { subjects } from '@loadline/contracts/events';
import type { ConsumerDefinition } from '@loadline/platform';
import { billToChanged, organizationChanged, shipmentsUpdated, userChanged } from '../app/events.ts';
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
    // Idempotent, so no handled marks (decision 0048): every effect (the copy, charge lines, invoices,
    // credit) is written with the copy's version in one transaction, and an event no newer than the copy
    // writes nothing; effects follow from the copy before and after, so a late older event has none left.
    idempotent: true,
    // the copies, invoices and credit are read when a page asks; no screen watches them (decision 0111)
    unwatched: true,
    // a batch's copies in one statement; an event that may invoice, charge or move credit on its own
    handleBatch: (events, trx) =>
      shipmentsUpdated(
        deps,
        trx,
        events.map((e) => e.data),
      ),
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
