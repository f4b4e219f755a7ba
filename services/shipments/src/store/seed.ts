// Seeds the demo shipments (store/demo.ts) and the demo customers' names in the read model.
// Inserts only what is missing, by fixed ids: seeding twice changes nothing, and a restart never
// undoes the work done on a demo shipment since.
import { demoCustomers } from '@loadline/contracts/demo';
import type { ServiceRuntime } from '@loadline/platform';
import { demoShipments } from './demo.ts';
import { insertShipment } from './shipments.ts';
import type { ShipmentsTables } from './tables.ts';

export async function seedDemoData(
  runtime: ServiceRuntime<ShipmentsTables>,
  today: string = new Date().toISOString().slice(0, 10),
): Promise<void> {
  await runtime.db.transaction().execute(async (trx) => {
    // Version 0: the directory's organization.changed events (version 1 and up) replace these rows.
    for (const customer of demoCustomers) {
      await trx
        .insertInto('customer_organization')
        .values({
          organization_id: customer.organizationId,
          broker_id: customer.brokerId,
          name: customer.name,
          organization_type: customer.organizationType,
          payment_preference: customer.paymentPreference,
          credit_limit: customer.creditLimit,
          active: customer.active,
          version: 0,
        })
        .onConflict((oc) => oc.column('organization_id').doNothing())
        .execute();
    }
    for (const shipment of demoShipments(today)) await insertShipment(runtime, trx, shipment);
  });
}
