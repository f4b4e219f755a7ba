// A shipment's bill-to: set (insert or replace) and delete, each with its events (shipment.updated
// with the new version, billto.changed) in the caller's transaction.
import { subjects } from '@loadline/contracts/events';
import type { ServiceRuntime } from '@loadline/platform';
import { sql } from 'kysely';
import type { BillToAddress } from '../domain/bill-to.ts';
import { type Db, publishUpdated } from './shipments.ts';
import type { ShipmentsTables } from './tables.ts';

type Runtime = ServiceRuntime<ShipmentsTables>;
type Actor = { userId: string; name: string };

const columns = (a: BillToAddress) => ({
  company_name: a.companyName,
  street_address: a.streetAddress,
  street_address_two: a.streetAddressTwo,
  city: a.city,
  state: a.state,
  zip_code: a.zipCode,
  country: a.country,
});

export async function saveBillTo(
  runtime: Runtime,
  trx: Db,
  input: { shipmentId: number; transitLegId: string | null; address: BillToAddress; actor: Actor },
): Promise<void> {
  await trx
    .insertInto('bill_to')
    .values({ shipment_id: input.shipmentId, transit_leg_id: input.transitLegId, ...columns(input.address) })
    .onConflict((oc) =>
      oc.column('shipment_id').doUpdateSet({
        transit_leg_id: input.transitLegId,
        ...columns(input.address),
        updated_at: sql`now()`,
      }),
    )
    .execute();
  const shipment = await publishUpdated(runtime, trx, input.shipmentId);
  await runtime.appendEvent(trx, subjects.shipmentBillToChanged, {
    shipmentId: shipment.shipmentId,
    version: shipment.version,
    brokerId: shipment.brokerId,
    customerOrganizationId: shipment.customerOrganizationId,
    billTo: { transitLegId: input.transitLegId, ...input.address },
    changedBy: input.actor,
  });
}

/** Deletes the bill-to; false when there was none (nothing written). */
export async function deleteBillTo(
  runtime: Runtime,
  trx: Db,
  shipmentId: number,
  actor: Actor,
): Promise<boolean> {
  const deleted = await trx.deleteFrom('bill_to').where('shipment_id', '=', shipmentId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) return false;
  const shipment = await publishUpdated(runtime, trx, shipmentId);
  await runtime.appendEvent(trx, subjects.shipmentBillToChanged, {
    shipmentId: shipment.shipmentId,
    version: shipment.version,
    brokerId: shipment.brokerId,
    customerOrganizationId: shipment.customerOrganizationId,
    billTo: null,
    changedBy: actor,
  });
  return true;
}
