// The shipment read model: written from shipment.updated (a version guard keeps the newest),
// read with the caller's scope.
import { type Kysely, saveAllIfNewer, sql } from '@loadline/platform';
import type { Selectable } from 'kysely';
import type { ShipmentView } from '../domain/shipment-view.ts';
import { inScope, type ShipmentScope } from '../domain/visibility.ts';
import type { TrackingTables } from './tables.ts';

type Db = Kysely<TrackingTables>;

export type ShipmentRow = Selectable<TrackingTables['shipment']>;

/** The read model's row of a view. */
function viewRow(view: ShipmentView) {
  return {
    shipment_id: view.shipmentId,
    broker_id: view.brokerId,
    customer_organization_id: view.customerOrganizationId,
    status: view.status,
    shipment_type: view.shipmentType,
    created_date: view.createdDate,
    origin_utc_offset_minutes: view.originUtcOffsetMinutes,
    origin: (view.origin ?? null) as never,
    destination: (view.destination ?? null) as never,
    pickup_at: view.pickupAt,
    delivery_at: view.deliveryAt,
    driver_cell_phone: view.driverCellPhone,
    pro_number: view.proNumber,
    scac: view.scac,
    api_tracking: view.apiTracking,
    integration_source_id: view.integrationSourceId,
    past_delivered_at: view.pastDeliveredAt,
    version: view.version,
  };
}

/** Keeps the newest version of each (a consumer's batch, in one statement); the time one went past
 * delivered is kept from the first time seen. */
export async function saveShipmentViews(db: Db, views: readonly ShipmentView[]): Promise<void> {
  await saveAllIfNewer(db, 'shipment', 'shipment_id', views.map(viewRow), {
    keepFirst: ['past_delivered_at'],
  });
}

/** The shipment when the caller may see it; undefined otherwise (the route answers 404 either way). */
export async function loadShipment(
  db: Db,
  shipmentId: number,
  scope: ShipmentScope | null,
  options: { forUpdate?: boolean } = {},
): Promise<ShipmentRow | undefined> {
  let query = db.selectFrom('shipment').selectAll().where('shipment_id', '=', shipmentId);
  if (options.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  if (
    scope &&
    !inScope(scope, { brokerId: row.broker_id, customerOrganizationId: row.customer_organization_id })
  )
    return undefined;
  return row;
}

/**
 * The shipments among `ids` this service knows, by shipment number, locked for the change under way (in
 * the order of their numbers, so two batches that share shipments never deadlock).
 */
export async function lockShipments(db: Db, ids: readonly number[]): Promise<Map<number, ShipmentRow>> {
  const { rows } = await sql<ShipmentRow>`select * from shipment
    where shipment_id = any(${[...new Set(ids)]}::bigint[]) order by shipment_id for update`.execute(db);
  return new Map(rows.map((r) => [Number(r.shipment_id), r]));
}

/** The broker's shipments among `ids`, by shipment number (a batch of check calls reads them at once). */
export async function shipmentsOfBroker(
  db: Db,
  ids: readonly number[],
  brokerId: string,
): Promise<Map<number, ShipmentRow>> {
  const rows = await db
    .selectFrom('shipment')
    .selectAll()
    .where('shipment_id', 'in', ids as number[])
    .where('broker_id', '=', brokerId)
    .execute();
  return new Map<number, ShipmentRow>(rows.map((r) => [Number(r.shipment_id), r]));
}
