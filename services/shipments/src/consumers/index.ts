// The shipments service's consumers: other services' events into its read models and use cases, each
// event exactly once in the transaction that records it (the platform's durable consumer).
//   - organization.changed (directory): which customers belong to which broker (to create a shipment for
//     a customer), their names (grid and search) and credit figures (the credit-hold check);
//   - credit.changed (accounting, issue 16): the open balance and limit in cents, and whether accounting
//     holds the customer; the credit-hold check (store/credit.ts) reads it in place of an open balance of 0;
//   - brokercarrier.changed (carriers): the carrier-blocked alert (app/events.ts);
//   - chargelines.changed (accounting): what each shipment sells for, the customer trends' spend.
// The read models keep the newest version whatever the order of delivery (saveIfNewer).
import { subjects } from '@loadline/contracts/events';
import { type ConsumerDefinition, saveIfNewer } from '@loadline/platform';
import { brokerCarrierChanged } from '../app/events.ts';
import type { ShipmentsDeps } from '../service.ts';
import type { ShipmentsTables } from '../store/tables.ts';

export const organizationReadModel: ConsumerDefinition<typeof subjects.organizationChanged, ShipmentsTables> =
  {
    name: 'directory-organizations',
    subjects: [subjects.organizationChanged],
    async handle(event, trx) {
      const o = event.data;
      await saveIfNewer(trx, 'customer_organization', 'organization_id', {
        organization_id: o.organizationId,
        broker_id: o.brokerId,
        name: o.name,
        organization_type: o.organizationType,
        payment_preference: o.paymentPreference,
        credit_limit: o.creditLimit,
        active: o.active,
        broker_settings: o.brokerSettings,
        density_scale: o.densityScale ?? null,
        version: o.version,
      });
    },
  };

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

/** What each shipment sells for (the customer trends' spend, decision 0092): the sum of its lines' sell. */
export const spendReadModel: ConsumerDefinition<typeof subjects.chargeLinesChanged, ShipmentsTables> = {
  name: 'accounting-spend',
  subjects: [subjects.chargeLinesChanged],
  async handle(event, trx) {
    const c = event.data;
    await saveIfNewer(trx, 'shipment_spend', 'shipment_id', {
      shipment_id: c.shipmentId,
      broker_id: c.brokerId,
      sell_cents: c.chargeLines.reduce((sum, line) => sum + line.sellCents, 0),
      version: c.version,
    });
  },
};

export function shipmentsConsumers(deps: ShipmentsDeps) {
  const carrierBlocked: ConsumerDefinition<typeof subjects.brokerCarrierChanged, ShipmentsTables> = {
    name: 'carriers-blocked-alert',
    subjects: [subjects.brokerCarrierChanged],
    handle: (event, trx) => brokerCarrierChanged(deps, trx, event.data),
  };
  return [organizationReadModel, carrierBlocked, creditReadModel, spendReadModel];
}
