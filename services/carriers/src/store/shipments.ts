// The shipments read model in SQL: the copy of each shipment.updated (consumers/), kept with a version guard,
// and read with its legs in order.
import { type ShipmentScope, sentWithTheNext } from '@loadline/platform';
import { sql } from 'kysely';
import type { ShipmentCopy, ShipmentLeg, ShipmentRef } from '../domain/legs.ts';
import type { Db } from './carriers.ts';

/**
 * Keeps the copies of shipments (a consumer's batch), in the consumer's transaction: an older version than
 * the one held changes nothing (so a copy converges whatever the order of delivery); a newer one brings its
 * legs up to date — the legs the shipment no longer has go, the others are written only where a field
 * changed (a status change rewrites one leg's status, not every leg). One statement for the batch; a
 * shipment that comes more than once goes in one more for each repeat, in order.
 */
export async function saveShipmentCopies(trx: Db, copies: readonly ShipmentCopy[]): Promise<void> {
  const rounds: ShipmentCopy[][] = [];
  const seen = new Map<number, number>();
  for (const copy of copies) {
    const n = seen.get(copy.shipmentId) ?? 0;
    seen.set(copy.shipmentId, n + 1);
    const round = rounds[n] ?? [];
    round.push(copy);
    rounds[n] = round;
  }
  for (const round of rounds) {
    const rows = round.map((s) => ({
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
      legs: s.legs.map((l) => ({
        transit_leg_id: l.transitLegId,
        sequence: l.sequence,
        transit_type: l.transitType,
        status: l.status,
        active: l.active,
        carrier_master_id: l.carrierMasterId,
        carrier_name: l.carrierMasterName,
        scac: l.scac,
        service_level: l.serviceLevel,
      })),
    }));
    // nobody reads its answer: in the consumer's transaction it goes with the COMMIT (decision 0106)
    await sql`${sql.raw(sentWithTheNext)}with incoming as (
        select * from json_to_recordset(${JSON.stringify(rows)}::json) as x(shipment_id bigint, broker_id text,
          customer_organization_id text, status integer, weight_unit integer, origin_zip text, origin_country text,
          destination_zip text, destination_country text, version integer, legs json)),
      saved as (
        insert into shipment_ref (shipment_id, broker_id, customer_organization_id, status, weight_unit, origin_zip,
          origin_country, destination_zip, destination_country, version)
        select shipment_id, broker_id, customer_organization_id, status, weight_unit, origin_zip, origin_country,
          destination_zip, destination_country, version
        from incoming
        on conflict (shipment_id) do update set broker_id = excluded.broker_id,
          customer_organization_id = excluded.customer_organization_id, status = excluded.status,
          weight_unit = excluded.weight_unit, origin_zip = excluded.origin_zip,
          origin_country = excluded.origin_country, destination_zip = excluded.destination_zip,
          destination_country = excluded.destination_country, version = excluded.version
        where shipment_ref.version < excluded.version
        returning shipment_id),
      legs as (
        select i.shipment_id, l.*
        from incoming i join saved using (shipment_id),
          json_to_recordset(i.legs) as l(transit_leg_id text, sequence integer, transit_type integer,
            status integer, active boolean, carrier_master_id text, carrier_name text, scac text,
            service_level integer)),
      gone as (
        delete from shipment_leg d
        where d.shipment_id in (select shipment_id from saved)
          and not exists (select 1 from legs l where l.shipment_id = d.shipment_id and l.transit_leg_id = d.transit_leg_id))
      insert into shipment_leg (transit_leg_id, shipment_id, sequence, transit_type, status, active,
        carrier_master_id, carrier_name, scac, service_level)
      select transit_leg_id, shipment_id, sequence, transit_type, status, active, carrier_master_id,
        carrier_name, scac, service_level
      from legs
      on conflict (transit_leg_id) do update set shipment_id = excluded.shipment_id, sequence = excluded.sequence,
        transit_type = excluded.transit_type, status = excluded.status, active = excluded.active,
        carrier_master_id = excluded.carrier_master_id, carrier_name = excluded.carrier_name,
        scac = excluded.scac, service_level = excluded.service_level
      where (shipment_leg.shipment_id, shipment_leg.sequence, shipment_leg.transit_type, shipment_leg.status,
          shipment_leg.active, shipment_leg.carrier_master_id, shipment_leg.carrier_name, shipment_leg.scac,
          shipment_leg.service_level)
        is distinct from (excluded.shipment_id, excluded.sequence, excluded.transit_type, excluded.status,
          excluded.active, excluded.carrier_master_id, excluded.carrier_name, excluded.scac,
          excluded.service_level)`.execute(trx);
  }
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
