// SQL of the activity service's copies of other services' data:
// - the shipments it logs (shipment.updated): who may see a shipment's log (broker, customer), which
//   shipments were delivered and when (the nightly archive) and the consolidation links (pushing a parent's
//   activity to its children). A version guard makes the copy converge whatever the order of delivery;
//   status.changed and note.added fill in a shipment not seen yet. The guard is written here rather than
//   with the platform's saveIfNewer because the row is not simply replaced: the whole state wins over a
//   status change of the same version (which carries less), and the first delivery time seen stays.
// - the directory's organizations and users (organization.changed, user.changed): which organizations
//   belong to which broker (the organization log's scope), their names, and the staff who can be assigned
//   a shipment with their names. Version-guarded with saveIfNewer.
import type { OrganizationChangedV1, ShipmentUpdatedV1, UserChangedV1 } from '@loadline/contracts/events';
import { saveIfNewer } from '@loadline/platform';
import { sql } from 'kysely';
import { archivableStatuses } from '../domain/archive.ts';
import type { Db } from './activities.ts';

/** Saves a shipment's whole state; `delivered` is when its freight arrived (domain/archive.ts deliveredAt). */
export async function saveShipmentRead(
  trx: Db,
  s: ShipmentUpdatedV1,
  delivered: string | null,
): Promise<void> {
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
}

/**
 * A shipment first seen through a status change or a note: enough to decide who sees its log. The
 * statement is not run here: it goes with the entry's insert as one statement (insertEntryFromEvent).
 */
export function touchShipment(
  trx: Db,
  s: { shipmentId: number; brokerId: string; customerOrganizationId: string },
  change?: { status: number; version: number; occurredAt: string },
) {
  if (!change)
    return trx
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
      .onConflict((oc) => oc.column('shipment_id').doNothing());
  const delivered = archivableStatuses.includes(change.status) ? change.occurredAt : null;
  return trx
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
    );
}

/** The write `touchShipment` answers, to run with another statement. */
export type ShipmentTouch = ReturnType<typeof touchShipment>;

export function saveOrganizationRead(trx: Db, o: OrganizationChangedV1): Promise<boolean> {
  return saveIfNewer(trx, 'organization_read', 'organization_id', {
    organization_id: o.organizationId,
    // An LSP is its own broker.
    broker_id: o.brokerId ?? o.organizationId,
    organization_type: o.organizationType,
    name: o.name,
    active: o.active,
    version: o.version,
  });
}

export function saveUserRead(trx: Db, u: UserChangedV1): Promise<boolean> {
  return saveIfNewer(trx, 'user_read', 'user_id', {
    user_id: u.userId,
    broker_id: u.brokerId,
    kind: u.kind,
    name: `${u.firstName} ${u.lastName}`.trim(),
    email: u.email,
    permissions: u.permissions,
    active: u.active,
    version: u.version,
  });
}

/** An organization of the read model, or undefined. */
export function findOrganization(db: Db, organizationId: string) {
  return db
    .selectFrom('organization_read')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}
