// Keeps the shipments service's copy of each customer's credit position as the accounting service
// publishes it (credit.changed, issue 16): the open balance and limit in cents, and whether accounting
// holds the customer (credit hold, collections, a new customer, one order at a time, over its limit). The
// credit-hold check (store/credit.ts) reads it in place of an open balance of 0. A version guard makes the
// copy converge whatever the order of delivery.
import { subjects } from '@loadline/contracts/events';
import { type ConsumerDefinition, saveIfNewer } from '@loadline/platform';
import type { ShipmentsTables } from '../store/tables.ts';

export const creditReadModel: ConsumerDefinition<typeof subjects.creditChanged, ShipmentsTables> = {
  name: 'accounting-credit',
  subjects: [subjects.creditChanged],
  async handle(event, trx) {
    const c = event.data;
    await saveIfNewer(trx, 'customer_credit', 'organization_id', {
      organization_id: c.organizationId,
      broker_id: c.brokerId,
      credit_limit_cents: c.creditLimitCents,
      open_balance_cents: c.openBalanceCents,
      credit_limit_exceeded: c.creditLimitExceeded,
      on_credit_hold: c.onCreditHold,
      credit_hold_reason: c.creditHoldReason,
      version: c.version,
    });
  },
};
