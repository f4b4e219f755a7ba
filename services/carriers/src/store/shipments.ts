// The shipments read model in SQL: the copy of each shipment.updated (consumers/), kept with a version guard,
// and read with its legs in order.
import { type ShipmentScope, saveIfNewer } from '@loadline/platform';
import { sql } from 'kysely';
import type { ShipmentCopy, ShipmentLeg, ShipmentRef } from '../domain/legs.ts';
import type { Db } from './carriers.ts';

/**
 * Keeps the copy of a shipment, in the consumer's transaction: an older version than the one held
 * changes nothing (so the copy converges whatever the order of delivery); a newer one replaces its legs.
 */
export async function saveShipmentCopy(trx: Db, s: ShipmentCopy): Promise<boolean> {
  const applied = await saveIfNewer(trx, 'shipment_ref', 'shipment_id', {
    shipment_id: s.shipmentId,
    broker_id: s.brokerId,
    customer_organization_id: s.customerOrganizationId,
    status: s.status,
    weight_unit: s.weightUnit,
    origin_zip: s.originZip,
    origin_country: s.originCountry,
    destination_zip: s.destinationZip,
    destination_country: s.destinationCountry,
    version: s.version,
  });
  if (!applied) return false;
  await trx.deleteFrom('shipment_leg').where('shipment_id', '=', s.shipmentId).execute();
  if (s.legs.length === 0) return true;
  await trx
    .insertInto('shipment_leg')
    .values(
      s.legs.map((l) => ({
        transit_leg_id: l.transitLegId,
        shipment_id: s.shipmentId,
        sequence: l.sequence,
        transit_type: l.transitType,
        status: l.status,
        active: l.active,
        carrier_master_id: l.carrierMasterId,
        carrier_name: l.carrierMasterName,
        scac: l.scac,
        service_level: l.serviceLevel,
      })),
    )
    .execute();
  return true;
}

/** A shipment the scope may see, with its legs in order; undefined otherwise (404, not 403). */
export async function loadShipmentRef(
  db: Db,
  shipmentId: number,
  scope: ShipmentScope,
): Promise<ShipmentRef | undefined> {
  const { rows } = await sql<{
    shipment_id: number;
    broker_id: string;
    customer_organization_id: string;
    status: number;
    weight_unit: number;
    origin_zip: string | null;
    origin_country: string | null;
    destination_zip: string | null;
    destination_country: string | null;
    legs: ShipmentLeg[] | null;
  }>`select s.shipment_id, s.broker_id, s.customer_organization_id, s.status, s.weight_unit, s.origin_zip,
      s.origin_country, s.destination_zip, s.destination_country,
      (select json_agg(json_build_object('transitLegId', l.transit_leg_id, 'sequence', l.sequence,
          'transitType', l.transit_type, 'status', l.status, 'active', l.active,
          'carrierMasterId', l.carrier_master_id, 'carrierMasterName', l.carrier_name, 'scac', l.scac,
          'serviceLevel', l.service_level) order by l.sequence)
        from shipment_leg l where l.shipment_id = s.shipment_id) as legs
    from shipment_ref s
    where s.shipment_id = ${shipmentId} and s.broker_id = ${scope.brokerId}
      ${scope.customerOrganizationId ? sql`and s.customer_organization_id = ${scope.customerOrganizationId}` : sql``}`.execute(
    db,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    shipmentId: Number(row.shipment_id),
    brokerId: row.broker_id,
    customerOrganizationId: row.customer_organization_id,
    status: row.status,
    weightUnit: row.weight_unit,
    originZip: row.origin_zip,
    originCountry: row.origin_country,
    destinationZip: row.destination_zip,
    destinationCountry: row.destination_country,
    legs: row.legs ?? [],
  };
}
