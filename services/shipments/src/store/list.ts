// The shipment list behind GET /api/shipments and the domestic grid's first columns (002 §3.11).
import { ShipmentStopType } from '@loadline/contracts/catalogue';
import { sql } from '@loadline/platform';
import { containsPattern, type SortColumn, shipmentNumberIn } from '../domain/listing.ts';
import { proNumberTypes } from '../domain/references.ts';
import type { ShipmentScope } from '../domain/visibility.ts';
import { type Db, localDateTime } from './shipments.ts';

export interface ListFilters {
  statuses?: number[] | undefined;
  customerOrganizationId?: string | undefined;
  /** shipments with any of these type bits */
  shipmentType?: number | undefined;
  text?: string | undefined;
  /** pickup (first pick ready) dates, 'YYYY-MM-DD', inclusive */
  shipDateFrom?: string | undefined;
  shipDateTo?: string | undefined;
}

export interface ListItem {
  shipmentId: number;
  customerOrganizationId: string;
  customerName: string | null;
  shipmentType: number;
  status: number;
  shipDate: string | null;
  deliveryDate: string | null;
  fromCity: string | null;
  fromState: string | null;
  toCity: string | null;
  toState: string | null;
  carrierName: string | null;
  proNumber: string | null;
  alerts: number[];
  lastOpsUpdate: string;
  totalWeight: number | null;
  weightUnit: number;
  transitDays: number | null;
}

/** Grid column → the expression it sorts by. */
const sortExpressions: Record<SortColumn, string> = {
  ShipmentId: 's.shipment_id',
  CustomerName: 'c.name',
  ShipDate: 'fp.scheduled_ready',
  DeliveryDate: 'ld.scheduled_ready',
  FromCity: 'fp.city',
  FromState: 'fp.state',
  ToCity: 'ld.city',
  ToState: 'ld.state',
  CarrierName: 'leg.carrier_name',
  Status: 's.status',
  LastOpsUpdate: 's.status_changed_at',
  TotalWeight: 's.total_weight',
  TransitDays: 's.transit_days',
};

const FirstPick = ShipmentStopType.byCode.FirstPick.code;
const LastDrop = ShipmentStopType.byCode.LastDrop.code;

export async function listShipments(
  db: Db,
  scope: ShipmentScope,
  filters: ListFilters,
  order: { sortBy: SortColumn; sortDirection: 'asc' | 'desc' },
  page: { offset: number; pageSize: number },
): Promise<{ items: ListItem[]; totalCount: number }> {
  let query = db
    .selectFrom('shipment as s')
    .leftJoin('customer_organization as c', 'c.organization_id', 's.customer_organization_id')
    .leftJoin('stop as fp', (join) =>
      join.onRef('fp.shipment_id', '=', 's.shipment_id').on('fp.stop_type', '=', FirstPick),
    )
    .leftJoin('stop as ld', (join) =>
      join.onRef('ld.shipment_id', '=', 's.shipment_id').on('ld.stop_type', '=', LastDrop),
    )
    .leftJoin('transit_leg as leg', (join) =>
      join.onRef('leg.shipment_id', '=', 's.shipment_id').on('leg.active', '=', true),
    )
    .where('s.broker_id', '=', scope.brokerId);
  if (scope.customerOrganizationId) {
    query = query.where('s.customer_organization_id', '=', scope.customerOrganizationId);
  }
  if (filters.statuses && filters.statuses.length > 0)
    query = query.where('s.status', 'in', filters.statuses);
  if (filters.customerOrganizationId) {
    query = query.where('s.customer_organization_id', '=', filters.customerOrganizationId);
  }
  if (filters.shipmentType) {
    query = query.where(sql<boolean>`(s.shipment_type & ${filters.shipmentType}) <> 0`);
  }
  if (filters.shipDateFrom)
    query = query.where(sql<boolean>`fp.scheduled_ready >= ${filters.shipDateFrom}::date`);
  if (filters.shipDateTo) {
    query = query.where(sql<boolean>`fp.scheduled_ready < (${filters.shipDateTo}::date + 1)`);
  }
  const text = filters.text?.trim();
  if (text) {
    const pattern = containsPattern(text);
    const number = shipmentNumberIn(text);
    query = query.where((eb) =>
      eb.or([
        ...(number === undefined ? [] : [eb('s.shipment_id', '=', number)]),
        eb(sql`lower(c.name)`, 'like', pattern),
        eb(sql`lower(fp.city)`, 'like', pattern),
        eb(sql`lower(ld.city)`, 'like', pattern),
        eb(sql`lower(fp.company_name)`, 'like', pattern),
        eb(sql`lower(ld.company_name)`, 'like', pattern),
        eb(sql`lower(leg.carrier_name)`, 'like', pattern),
        eb.exists(
          eb
            .selectFrom('reference_number as r')
            .select(sql`1`.as('one'))
            .whereRef('r.shipment_id', '=', 's.shipment_id')
            .where(sql`lower(r.value)`, 'like', pattern),
        ),
      ]),
    );
  }

  const direction = sql.raw(order.sortDirection === 'asc' ? 'asc' : 'desc');
  const rows = await query
    .select([
      's.shipment_id',
      's.customer_organization_id',
      'c.name as customer_name',
      's.shipment_type',
      's.status',
      's.transit_days',
      's.total_weight',
      's.weight_unit',
      's.status_changed_at',
      'fp.city as from_city',
      'fp.state as from_state',
      'ld.city as to_city',
      'ld.state as to_state',
      'leg.carrier_name',
      localDateTime('fp.scheduled_ready').as('ship_date'),
      localDateTime('ld.scheduled_ready').as('delivery_date'),
      sql<
        string | null
      >`(select r.value from reference_number r where r.transit_leg_id = leg.transit_leg_id and r.reference_type_code in (${sql.join(proNumberTypes)}) order by r.created_at limit 1)`.as(
        'pro_number',
      ),
      sql<
        number[]
      >`array(select distinct a.alert_type from shipment_alert a where a.shipment_id = s.shipment_id and not a.resolved order by 1)`.as(
        'alerts',
      ),
      sql<number>`count(*) over ()`.as('total_count'),
    ])
    .orderBy(sql`${sql.ref(sortExpressions[order.sortBy])} ${direction} nulls last`)
    .orderBy('s.shipment_id', 'desc')
    .limit(page.pageSize)
    .offset(page.offset)
    .execute();

  let totalCount = rows[0]?.total_count ?? 0;
  if (rows.length === 0 && page.offset > 0) {
    // Past the last page: count alone so the pager still knows the total.
    const counted = await query.select(sql<number>`count(*)`.as('n')).executeTakeFirst();
    totalCount = Number(counted?.n ?? 0);
  }
  return {
    totalCount: Number(totalCount),
    items: rows.map((r) => ({
      shipmentId: r.shipment_id,
      customerOrganizationId: r.customer_organization_id,
      customerName: r.customer_name,
      shipmentType: r.shipment_type,
      status: r.status,
      shipDate: r.ship_date,
      deliveryDate: r.delivery_date,
      fromCity: r.from_city,
      fromState: r.from_state,
      toCity: r.to_city,
      toState: r.to_state,
      carrierName: r.carrier_name,
      proNumber: r.pro_number,
      alerts: r.alerts.map(Number),
      lastOpsUpdate: r.status_changed_at.toISOString(),
      totalWeight: r.total_weight,
      weightUnit: r.weight_unit,
      transitDays: r.transit_days,
    })),
  };
}
