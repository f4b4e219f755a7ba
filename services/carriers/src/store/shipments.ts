// Reading the shipments read model (events/shipment-read-model.ts).
import type { ShipmentScope } from '@loadline/platform';
import { sql } from 'kysely';
import type { ShipmentLeg } from '../domain/legs.ts';
import type { Db } from './carriers.ts';

export interface ShipmentRef {
  shipmentId: number;
  brokerId: string;
  customerOrganizationId: string;
  status: number;
  weightUnit: number;
  originZip: string | null;
  originCountry: string | null;
  destinationZip: string | null;
  destinationCountry: string | null;
  legs: ShipmentLeg[];
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
