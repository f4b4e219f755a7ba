// The shipment read model: written from shipment.updated (a version guard keeps the newest),
// read with the caller's scope.
import { type Kysely, saveIfNewer } from '@loadline/platform';
import type { Selectable } from 'kysely';
import type { ShipmentView } from '../domain/shipment-view.ts';
import { inScope, type ShipmentScope } from '../domain/visibility.ts';
import type { TrackingTables } from './tables.ts';

type Db = Kysely<TrackingTables>;

export type ShipmentRow = Selectable<TrackingTables['shipment']>;

/** Keeps the newest version; the time it went past delivered is kept from the first time seen. */
export async function saveShipmentView(db: Db, view: ShipmentView): Promise<void> {
  await saveIfNewer(
    db,
    'shipment',
    'shipment_id',
    {
      shipment_id: view.shipmentId,
      broker_id: view.brokerId,
      customer_organization_id: view.customerOrganizationId,
      status: view.status,
      shipment_type: view.shipmentType,
      created_date: view.createdDate,
      origin_utc_offset_minutes: view.originUtcOffsetMinutes,
      origin: view.origin ? (JSON.stringify(view.origin) as never) : null,
      destination: view.destination ? (JSON.stringify(view.destination) as never) : null,
      pickup_at: view.pickupAt,
      delivery_at: view.deliveryAt,
      driver_cell_phone: view.driverCellPhone,
      pro_number: view.proNumber,
      scac: view.scac,
      api_tracking: view.apiTracking,
      integration_source_id: view.integrationSourceId,
      past_delivered_at: view.pastDeliveredAt,
      version: view.version,
    },
    { keepFirst: ['past_delivered_at'] },
  );
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
