// SQL of the activity service's copies of other services' data:
// - the shipments it logs (shipment.updated): who may see a shipment's log (broker, customer), which
//   shipments were delivered and when (the nightly archive) and the consolidation links (pushing a parent's
//   activity to its children). A version guard makes the copy converge whatever the order of delivery;
//   status.changed and note.added fill in a shipment not seen yet. The platform's saveIfNewer with its
//   options: the whole state wins over a status change of the same version (which carries less), and the
//   first delivery time seen stays.
// - the directory's organizations and users (organization.changed, user.changed): which organizations
//   belong to which broker (the organization log's scope), their names, and the staff who can be assigned
//   a shipment with their names. Version-guarded with saveIfNewer.
import type { OrganizationChangedV1, ShipmentUpdatedV1, UserChangedV1 } from '@loadline/contracts/events';
import { saveAllIfNewer, saveIfNewer, upsertIfNewer } from '@loadline/platform';
import { archivableStatuses } from '../domain/archive.ts';
import type { Db } from './activities.ts';

/**
 * Saves shipments' whole states (a consumer's batch, in one statement); `delivered` is when each one's freight
 * arrived (domain/archive.ts deliveredAt).
 */
export async function saveShipmentReads(
  trx: Db,
  shipments: readonly { s: ShipmentUpdatedV1; delivered: string | null }[],
): Promise<void> {
  await saveAllIfNewer(
    trx,
    'shipment_read',
    'shipment_id',
    shipments.map(({ s, delivered }) => ({
      shipment_id: s.shipmentId,
      broker_id: s.brokerId,
      customer_organization_id: s.customerOrganizationId,
      status: s.status,
      consolidation_parent_id: s.consolidationParentId,
      delivered_at: delivered as never,
      created_date: s.createdDate as never,
      version: s.version,
    })),
    // The whole state wins over a status.changed of the same version (which carries less); the first
    // delivery time seen stays (a later event only re-reads the stop).
    { sameVersionWins: true, keepFirst: ['delivered_at'] },
  );
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
  return upsertIfNewer(
    trx,
    'shipment_read',
    'shipment_id',
    {
      shipment_id: s.shipmentId,
      broker_id: s.brokerId,
      customer_organization_id: s.customerOrganizationId,
      status: change.status,
      consolidation_parent_id: null,
      delivered_at: delivered as never,
      created_date: null,
      version: change.version,
    },
    // a status change carries only the status: the rest of a row already known stays
    { update: ['status', 'delivered_at'], keepFirst: ['delivered_at'] },
  );
}

/**
 * `touchShipment` of a consumer's batch: the shipments its status changes and notes name, in at most one
 * statement for the status changes and one for the notes.
 */
export async function touchShipments(
  trx: Db,
  touches: readonly {
    s: { shipmentId: number; brokerId: string; customerOrganizationId: string };
    change?: { status: number; version: number; occurredAt: string } | undefined;
  }[],
): Promise<void> {
  const row = (
    s: { shipmentId: number; brokerId: string; customerOrganizationId: string },
    status: number | null,
    delivered: string | null,
    version: number,
  ) => ({
    shipment_id: s.shipmentId,
    broker_id: s.brokerId,
    customer_organization_id: s.customerOrganizationId,
    status,
    consolidation_parent_id: null,
    delivered_at: delivered as never,
    created_date: null,
    version,
  });
  const changes = touches.flatMap(({ s, change }) =>
    change
      ? [
          row(
            s,
            change.status,
            archivableStatuses.includes(change.status) ? change.occurredAt : null,
            change.version,
          ),
        ]
      : [],
  );
  // a status change carries only the status: the rest of a row already known stays
  if (changes.length > 0)
    await saveAllIfNewer(trx, 'shipment_read', 'shipment_id', changes, {
      update: ['status', 'delivered_at'],
      keepFirst: ['delivered_at'],
    });
  // a note only makes sure the shipment is known (version 0: any row already there stays as it is)
  const notes = touches.flatMap(({ s, change }) => (change ? [] : [row(s, null, null, 0)]));
  if (notes.length > 0) await saveAllIfNewer(trx, 'shipment_read', 'shipment_id', notes, { update: [] });
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
