// The shipment read model: written from shipment.updated (a version guard keeps the newest),
// read with the caller's scope.
import { type Kysely, sql } from '@loadline/platform';
import type { Selectable } from 'kysely';
import type { ShipmentView } from '../domain/shipment-view.ts';
import { inScope, type ShipmentScope } from '../domain/visibility.ts';
import type { TrackingTables } from './tables.ts';

type Db = Kysely<TrackingTables>;

export type ShipmentRow = Selectable<TrackingTables['shipment']>;

/** Keeps the newest version; the time it went past delivered is kept from the first time seen. */
export async function saveShipmentView(db: Db, view: ShipmentView): Promise<void> {
  await db
    .insertInto('shipment')
    .values({
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
    })
    .onConflict((oc) =>
      oc
        .column('shipment_id')
        .doUpdateSet((eb) => ({
          broker_id: eb.ref('excluded.broker_id'),
          customer_organization_id: eb.ref('excluded.customer_organization_id'),
          status: eb.ref('excluded.status'),
          shipment_type: eb.ref('excluded.shipment_type'),
          created_date: eb.ref('excluded.created_date'),
          origin_utc_offset_minutes: eb.ref('excluded.origin_utc_offset_minutes'),
          origin: eb.ref('excluded.origin'),
          destination: eb.ref('excluded.destination'),
          pickup_at: eb.ref('excluded.pickup_at'),
          delivery_at: eb.ref('excluded.delivery_at'),
          driver_cell_phone: eb.ref('excluded.driver_cell_phone'),
          pro_number: eb.ref('excluded.pro_number'),
          scac: eb.ref('excluded.scac'),
          api_tracking: eb.ref('excluded.api_tracking'),
          integration_source_id: eb.ref('excluded.integration_source_id'),
          past_delivered_at: sql`case when excluded.past_delivered_at is null then null
            else coalesce(shipment.past_delivered_at, excluded.past_delivered_at) end`,
          version: eb.ref('excluded.version'),
        }))
        .where(sql<boolean>`shipment.version < excluded.version`),
    )
    .execute();
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
