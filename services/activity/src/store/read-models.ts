// The activity service's copy of the shipments it logs (shipment.updated): who may see a shipment's log
// (broker, customer), which shipments were delivered and when (the nightly archive) and the consolidation
// links (pushing a parent's activity to its children). A version guard makes the copy converge whatever
// the order of delivery; status.changed and note.added fill in a shipment not seen yet.
import { ShipmentStopType } from '@loadline/contracts/catalogue';
import { type ShipmentUpdatedV1, subjects } from '@loadline/contracts/events';
import type { ConsumerDefinition } from '@loadline/platform';
import { sql } from 'kysely';
import { archivableStatuses } from '../domain/archive.ts';
import type { Db } from '../store/activities.ts';
import type { ActivityTables } from '../store/tables.ts';

const LastDrop = ShipmentStopType.byCode.LastDrop.code;

/**
 * When the freight arrived: the delivery stop's actual arrival (a wall-clock time at the stop, read as UTC:
 * hours do not matter against a year), else the time the change was seen. Null while not delivered.
 */
export function deliveredAt(s: ShipmentUpdatedV1, seenAt: string): string | null {
  if (!archivableStatuses.includes(s.status)) return null;
  const arrival = s.stops.find((stop) => stop.stopType === LastDrop)?.actualArrivalDateTime;
  return arrival ? `${arrival}Z` : seenAt;
}

export const shipmentReadModel: ConsumerDefinition<typeof subjects.shipmentUpdated, ActivityTables> = {
  name: 'shipments-read-model',
  subjects: [subjects.shipmentUpdated],
  async handle(event, trx) {
    const s = event.data;
    const delivered = deliveredAt(s, event.occurredAt);
    await trx
      .insertInto('shipment_read')
      .values({
        shipment_id: s.shipmentId,
        broker_id: s.brokerId,
        customer_organization_id: s.customerOrganizationId,
        status: s.status,
        consolidation_parent_id: s.consolidationParentId,
        delivered_at: delivered as never,
        created_date: s.createdDate as never,
        version: s.version,
      })
      .onConflict((oc) =>
        oc
          .column('shipment_id')
          .doUpdateSet((eb) => ({
            broker_id: eb.ref('excluded.broker_id'),
            customer_organization_id: eb.ref('excluded.customer_organization_id'),
            status: eb.ref('excluded.status'),
            consolidation_parent_id: eb.ref('excluded.consolidation_parent_id'),
            // The first delivery time seen stays (a later event only re-reads the stop).
            delivered_at: sql`case when excluded.delivered_at is null then null
              else coalesce(shipment_read.delivered_at, excluded.delivered_at) end`,
            created_date: eb.ref('excluded.created_date'),
            version: eb.ref('excluded.version'),
          }))
          // The whole state wins over a status.changed of the same version (which carries less).
          .where(sql<boolean>`shipment_read.version <= excluded.version`),
      )
      .execute();
  },
};

/** A shipment first seen through a status change or a note: enough to decide who sees its log. */
export async function touchShipment(
  trx: Db,
  s: { shipmentId: number; brokerId: string; customerOrganizationId: string },
  change?: { status: number; version: number; occurredAt: string },
): Promise<void> {
  if (!change) {
    await trx
      .insertInto('shipment_read')
      .values({
        shipment_id: s.shipmentId,
        broker_id: s.brokerId,
        customer_organization_id: s.customerOrganizationId,
        status: null,
        consolidation_parent_id: null,
        delivered_at: null,
        created_date: null,
        version: 0,
      })
      .onConflict((oc) => oc.column('shipment_id').doNothing())
      .execute();
    return;
  }
  const delivered = archivableStatuses.includes(change.status) ? change.occurredAt : null;
  await trx
    .insertInto('shipment_read')
    .values({
      shipment_id: s.shipmentId,
      broker_id: s.brokerId,
      customer_organization_id: s.customerOrganizationId,
      status: change.status,
      consolidation_parent_id: null,
      delivered_at: delivered as never,
      created_date: null,
      version: change.version,
    })
    .onConflict((oc) =>
      oc
        .column('shipment_id')
        .doUpdateSet({
          status: sql`excluded.status`,
          delivered_at: sql`case when excluded.delivered_at is null then null
            else coalesce(shipment_read.delivered_at, excluded.delivered_at) end`,
          version: sql`excluded.version`,
        })
        .where(sql<boolean>`shipment_read.version < excluded.version`),
    )
    .execute();
}
