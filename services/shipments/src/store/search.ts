// Finding shipments by number and by reference value (universal search), and pro numbers already
// used with the same carrier (the duplicate check).
import { sql } from 'kysely';
import type { ShipmentHit } from '../domain/universal-search.ts';
import type { ShipmentScope } from '../domain/visibility.ts';
import type { Db } from './shipments.ts';

const scoped = (scope: ShipmentScope) =>
  scope.customerOrganizationId
    ? sql`s.broker_id = ${scope.brokerId} and s.customer_organization_id = ${scope.customerOrganizationId}`
    : sql`s.broker_id = ${scope.brokerId}`;

interface HitRow {
  shipment_id: number;
  customer_organization_id: string;
  customer_name: string | null;
  status: number;
  reference_type_code: string | null;
  value: string | null;
}

const toHit = (r: HitRow): ShipmentHit => ({
  shipmentId: Number(r.shipment_id),
  customerOrganizationId: r.customer_organization_id,
  customerName: r.customer_name,
  status: r.status,
  reference: r.reference_type_code && r.value ? { code: r.reference_type_code, value: r.value } : null,
});

export async function findByNumber(db: Db, scope: ShipmentScope, shipmentId: number) {
  const { rows } =
    await sql<HitRow>`select s.shipment_id, s.customer_organization_id, c.name as customer_name,
      s.status, null as reference_type_code, null as value
    from shipment s left join customer_organization c on c.organization_id = s.customer_organization_id
    where s.shipment_id = ${shipmentId} and ${scoped(scope)}`.execute(db);
  return rows[0] ? toHit(rows[0]) : undefined;
}

/**
 * Shipments with a reference value starting with the pattern (lower case, LIKE-escaped), in value
 * order: an index range scan (reference_number_value) that stops after `limit` rows.
 */
export async function findByReferencePrefix(db: Db, scope: ShipmentScope, pattern: string, limit: number) {
  const { rows } =
    await sql<HitRow>`select s.shipment_id, s.customer_organization_id, c.name as customer_name,
      s.status, r.reference_type_code, r.value
    from reference_number r
    join shipment s on s.shipment_id = r.shipment_id
    left join customer_organization c on c.organization_id = s.customer_organization_id
    where lower(r.value) like ${pattern} and ${scoped(scope)}
    order by lower(r.value), s.shipment_id desc
    limit ${limit}`.execute(db);
  return rows.map(toHit);
}

/** Whether another shipment of the broker has this pro number on a leg of this carrier. */
export async function proNumberUsedElsewhere(
  db: Db,
  input: {
    brokerId: string;
    shipmentId: number | null;
    carrierMasterId: string;
    proNumber: string;
    types: readonly string[];
  },
): Promise<boolean> {
  const { rows } = await sql<{ one: number }>`select 1 as one
    from reference_number r
    join transit_leg l on l.transit_leg_id = r.transit_leg_id
    join shipment s on s.shipment_id = r.shipment_id
    where lower(r.value) = ${input.proNumber.trim().toLowerCase()}
      and r.reference_type_code in (${sql.join([...input.types])})
      and l.carrier_master_id = ${input.carrierMasterId}
      and s.broker_id = ${input.brokerId}
      ${input.shipmentId === null ? sql`` : sql`and r.shipment_id <> ${input.shipmentId}`}
    limit 1`.execute(db);
  return rows.length > 0;
}

/** A shipment's number, type, status and owners (which page opens it), whoever may see it. */
export async function shipmentHeader(db: Db, shipmentId: number) {
  const row = await db
    .selectFrom('shipment')
    .select(['shipment_id', 'shipment_type', 'status', 'broker_id', 'customer_organization_id'])
    .where('shipment_id', '=', shipmentId)
    .executeTakeFirst();
  return (
    row && {
      shipmentId: Number(row.shipment_id),
      shipmentType: row.shipment_type,
      status: row.status,
      brokerId: row.broker_id,
      customerOrganizationId: row.customer_organization_id,
    }
  );
}
