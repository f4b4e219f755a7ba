// Keeps the shipments service's copy of the directory's organizations (organization.changed):
// which customers belong to which broker (to create a shipment for a customer), their names
// (grid and search) and their credit figures (the credit-hold check to come). A version guard
// makes the copy converge whatever the order of delivery.
import { subjects } from '@loadline/contracts/events';
import { type ConsumerDefinition, saveIfNewer } from '@loadline/platform';
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
        version: o.version,
      });
    },
  };
