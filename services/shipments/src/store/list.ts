// The shipment list behind GET /api/shipments: the domestic grid of 002 §3.11 (its rows, the
// reference-type columns asked for, the pager's total) and the rows of a CSV export.
//
// The default page (a broker's newest 100) reads the index shipment_broker_newest and joins each of
// its rows once; the total comes from shipment_tally (kept by triggers) when only the scope and the
// customer filter apply, and from a count otherwise. infra/load/shipments-grid.ts measures it.
import { ShipmentStopType } from '@loadline/contracts/catalogue';
import { type RawBuilder, sql } from 'kysely';
import { type GridColumnCode, type GridRowValues, ProNumberColumn } from '../domain/grid.ts';
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

/** A grid row: the list item and every value a grid column reads (GridRowValues). */
export type GridRow = ListItem & GridRowValues;

export interface ListOrder {
  sortBy: SortColumn;
  sortDirection: 'asc' | 'desc';
}

const FirstPick = ShipmentStopType.byCode.FirstPick.code;
const LastDrop = ShipmentStopType.byCode.LastDrop.code;

/** The active leg's pro number (the ProNumber column, 002 §3.11). */
const proNumberExpression = sql<string | null>`(select r.value from reference_number r
  where r.shipment_id = s.shipment_id and r.transit_leg_id = leg.transit_leg_id
  and r.reference_type_code in (${sql.join(proNumberTypes)})
  order by r.created_at, r.reference_id limit 1)`;
const stopCountExpression = sql<number>`(select count(*) from stop st where st.shipment_id = s.shipment_id)`;
const referenceSortExpression = (code: string) =>
  sql`(select min(r.value) from reference_number r where r.shipment_id = s.shipment_id and r.reference_type_code = ${code})`;

type Join = 'c' | 'fp' | 'ld' | 'leg';

interface SortKey {
  expression: RawBuilder<unknown>;
  /** nulls go last either way; a column that is never null sorts straight off an index */
  nullable: boolean;
}

/** The joins a sort needs: the alias before the dot (s needs none). */
const joinOf = (name: string): Join[] => {
  const alias = name.split('.')[0];
  return alias === 's' ? [] : [alias as Join];
};

/** Grid column → what it sorts by. */
function sortExpression(column: SortColumn): SortKey & { joins: Join[] } {
  const ref = (name: string, nullable = true) => ({
    expression: sql.ref(name),
    nullable,
    joins: joinOf(name),
  });
  switch (column) {
    case 'ShipmentId':
      return ref('s.shipment_id', false);
    case 'CustomerName':
      return ref('c.name');
    case 'ShipDate':
      return ref('fp.scheduled_ready');
    case 'DeliveryDate':
      return ref('ld.scheduled_ready');
    case 'FromCity':
      return ref('fp.city');
    case 'FromState':
      return ref('fp.state');
    case 'ToCity':
      return ref('ld.city');
    case 'ToState':
      return ref('ld.state');
    case 'CarrierName':
      return ref('leg.carrier_name');
    case ProNumberColumn:
      return { expression: proNumberExpression, nullable: true, joins: ['leg'] };
    case 'Status':
      return ref('s.status', false);
    case 'LastOpsUpdate':
      return ref('s.status_changed_at', false);
    case 'OriginCompanyName':
      return ref('fp.company_name');
    case 'OriginZip':
      return ref('fp.zip_code');
    case 'DestinationCompanyName':
      return ref('ld.company_name');
    case 'DestinationZip':
      return ref('ld.zip_code');
    case 'ServiceLevel':
      return ref('leg.service_level');
    case 'TotalHandlingUnits':
      return ref('s.total_handling_units');
    case 'TotalStopCount':
      return { expression: stopCountExpression, nullable: false, joins: [] };
    case 'TotalWeight':
      return ref('s.total_weight');
    case 'TransitDays':
      return ref('s.transit_days');
    case 'CreatedBy':
      return ref('s.created_by_name', false);
    default:
      // A reference-type column (domain/grid.ts only lets sortable columns through).
      return { expression: referenceSortExpression(column), nullable: true, joins: [] };
  }
}

const joinClauses: Record<Join, RawBuilder<unknown>> = {
  c: sql`left join customer_organization c on c.organization_id = s.customer_organization_id`,
  fp: sql`left join stop fp on fp.shipment_id = s.shipment_id and fp.stop_type = ${FirstPick}`,
  ld: sql`left join stop ld on ld.shipment_id = s.shipment_id and ld.stop_type = ${LastDrop}`,
  leg: sql`left join transit_leg leg on leg.shipment_id = s.shipment_id and leg.active`,
};

/**
 * `from … where …` of the matching shipments, joining only what the filters and the sort read (the
 * planner cannot drop an unused join to stops or legs, and on a million rows every join costs).
 */
function matching(scope: ShipmentScope, filters: ListFilters, sortJoins: readonly Join[] = []) {
  const joins = new Set<Join>(sortJoins);
  const where: RawBuilder<unknown>[] = [sql`s.broker_id = ${scope.brokerId}`];
  if (scope.customerOrganizationId) {
    where.push(sql`s.customer_organization_id = ${scope.customerOrganizationId}`);
  }
  if (filters.statuses && filters.statuses.length > 0) {
    where.push(sql`s.status in (${sql.join(filters.statuses)})`);
  }
  if (filters.customerOrganizationId) {
    where.push(sql`s.customer_organization_id = ${filters.customerOrganizationId}`);
  }
  if (filters.shipmentType) where.push(sql`(s.shipment_type & ${filters.shipmentType}) <> 0`);
  if (filters.shipDateFrom) {
    joins.add('fp');
    where.push(sql`fp.scheduled_ready >= ${filters.shipDateFrom}::date`);
  }
  if (filters.shipDateTo) {
    joins.add('fp');
    where.push(sql`fp.scheduled_ready < (${filters.shipDateTo}::date + 1)`);
  }
  const text = filters.text?.trim();
  if (text) {
    for (const j of ['c', 'fp', 'ld', 'leg'] as const) joins.add(j);
    const pattern = containsPattern(text);
    const number = shipmentNumberIn(text);
    where.push(
      sql`(${sql.join(
        [
          ...(number === undefined ? [] : [sql`s.shipment_id = ${number}`]),
          sql`lower(c.name) like ${pattern}`,
          sql`lower(fp.city) like ${pattern}`,
          sql`lower(ld.city) like ${pattern}`,
          sql`lower(fp.company_name) like ${pattern}`,
          sql`lower(ld.company_name) like ${pattern}`,
          sql`lower(leg.carrier_name) like ${pattern}`,
          sql`exists (select 1 from reference_number r where r.shipment_id = s.shipment_id and lower(r.value) like ${pattern})`,
        ],
        sql` or `,
      )})`,
    );
  }
  const joined = (['c', 'fp', 'ld', 'leg'] as const).filter((j) => joins.has(j)).map((j) => joinClauses[j]);
  return sql`from shipment s ${sql.join(joined, sql` `)} where ${sql.join(where, sql` and `)}`;
}

/** Only the scope and the customer filter: the tally answers the total. */
const countsFromTally = (filters: ListFilters) =>
  !(filters.statuses && filters.statuses.length > 0) &&
  !filters.shipmentType &&
  !filters.text?.trim() &&
  !filters.shipDateFrom &&
  !filters.shipDateTo;

/** How many shipments match (the pager's total). */
export async function countShipments(db: Db, scope: ShipmentScope, filters: ListFilters): Promise<number> {
  if (countsFromTally(filters)) {
    const customer = scope.customerOrganizationId ?? filters.customerOrganizationId ?? null;
    if (
      scope.customerOrganizationId &&
      filters.customerOrganizationId &&
      filters.customerOrganizationId !== scope.customerOrganizationId
    ) {
      return 0;
    }
    let tally = db
      .selectFrom('shipment_tally')
      .select(sql<string | null>`sum(shipment_count)`.as('n'))
      .where('broker_id', '=', scope.brokerId);
    if (customer) tally = tally.where('customer_organization_id', '=', customer);
    const row = await tally.executeTakeFirst();
    return Number(row?.n ?? 0);
  }
  const { rows } = await sql<{ n: string }>`select count(*) as n ${matching(scope, filters)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * The rows of one page (or of an export) in the order asked, with the values of the reference
 * types `referenceTypes` (the chosen reference columns) and the stop count when asked for.
 */
export async function gridRows(
  db: Db,
  scope: ShipmentScope,
  filters: ListFilters,
  order: ListOrder,
  page: { offset: number; limit: number },
  needs: { referenceTypes: readonly string[]; stopCount: boolean },
): Promise<GridRow[]> {
  // 1. The page's shipment numbers, in order: on the default page an index walk and nothing else.
  const ascending = order.sortDirection === 'asc';
  const direction = sql.raw(ascending ? 'asc' : 'desc');
  const sort = sortExpression(order.sortBy);
  const nulls = sort.nullable ? sql.raw(' nulls last') : sql.raw('');
  const tieBreak = sql.raw(ascending && order.sortBy === 'ShipmentId' ? 'asc' : 'desc');
  const { rows: ids } = await sql<{
    shipment_id: number;
  }>`select s.shipment_id ${matching(scope, filters, sort.joins)}
    order by ${sort.expression} ${direction}${nulls}, s.shipment_id ${tieBreak}
    limit ${page.limit} offset ${page.offset}`.execute(db);
  if (ids.length === 0) return [];
  const position = new Map(ids.map((r, i) => [Number(r.shipment_id), i]));

  // 2. Their columns.
  const references =
    needs.referenceTypes.length === 0
      ? sql<Record<string, string> | null>`null`
      : sql<Record<string, string> | null>`(select jsonb_object_agg(x.code, x.vals) from (
          select r.reference_type_code as code, string_agg(r.value, '; ' order by r.created_at, r.reference_id) as vals
          from reference_number r
          where r.shipment_id = s.shipment_id and r.reference_type_code in (${sql.join([...new Set(needs.referenceTypes)])})
          group by r.reference_type_code) x)`;
  const rows = await db
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
    .where(
      's.shipment_id',
      'in',
      ids.map((r) => Number(r.shipment_id)),
    )
    .select([
      's.shipment_id',
      's.customer_organization_id',
      'c.name as customer_name',
      's.shipment_type',
      's.status',
      's.transit_days',
      's.total_weight',
      's.weight_unit',
      's.total_handling_units',
      's.created_by_name',
      's.status_changed_at',
      'fp.city as from_city',
      'fp.state as from_state',
      'fp.company_name as from_company',
      'fp.zip_code as from_zip',
      'ld.city as to_city',
      'ld.state as to_state',
      'ld.company_name as to_company',
      'ld.zip_code as to_zip',
      'leg.carrier_name',
      'leg.service_level',
      localDateTime('fp.scheduled_ready').as('ship_date'),
      localDateTime('ld.scheduled_ready').as('delivery_date'),
      proNumberExpression.as('pro_number'),
      sql<
        number[]
      >`array(select distinct a.alert_type from shipment_alert a where a.shipment_id = s.shipment_id and not a.resolved order by 1)`.as(
        'alerts',
      ),
      (needs.stopCount ? stopCountExpression : sql<number | null>`null`).as('stop_count'),
      references.as('references'),
    ])
    .execute();
  rows.sort((a, b) => position.get(a.shipment_id)! - position.get(b.shipment_id)!);

  return rows.map((r) => {
    const item: ListItem = {
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
    };
    return {
      ...item,
      originCompanyName: r.from_company,
      originZip: r.from_zip,
      destinationCompanyName: r.to_company,
      destinationZip: r.to_zip,
      serviceLevel: r.service_level,
      totalHandlingUnits: r.total_handling_units,
      totalStopCount: r.stop_count === null ? null : Number(r.stop_count),
      createdBy: r.created_by_name,
      references: r.references ?? {},
    };
  });
}

/** One page of the grid and the pager's total. */
export async function listShipments(
  db: Db,
  scope: ShipmentScope,
  filters: ListFilters,
  order: ListOrder,
  page: { offset: number; pageSize: number },
  columns: readonly GridColumnCode[] = [],
  referenceTypes: readonly string[] = [],
): Promise<{ items: GridRow[]; totalCount: number }> {
  const [items, totalCount] = await Promise.all([
    gridRows(
      db,
      scope,
      filters,
      order,
      { offset: page.offset, limit: page.pageSize },
      {
        referenceTypes,
        stopCount: columns.includes('TotalStopCount'),
      },
    ),
    countShipments(db, scope, filters),
  ]);
  return { items, totalCount };
}
