// The customer trends' figures in SQL: per range, the customer's shipments booked in it (not canceled) and
// what they sell for (shipment_spend, accounting's chargelines.changed), in one statement.
import { ShipmentStatus } from '@loadline/contracts/catalogue';
import { sql } from '@loadline/platform';
import type { TrendsRange } from '../domain/trends.ts';
import type { Db } from './shipments.ts';

export interface TrendsFigures {
  shipmentCount: number;
  spendCents: number;
}

export async function trendsFigures(
  db: Db,
  brokerId: string,
  customerOrganizationId: string,
  ranges: readonly TrendsRange[],
): Promise<TrendsFigures[]> {
  const json = JSON.stringify(ranges.map((r, i) => ({ i, from: r.from, to: r.to })));
  const { rows } = await sql<{ i: number; shipment_count: number; spend_cents: number }>`
    select r.i, count(s.shipment_id)::int as shipment_count, coalesce(sum(sp.sell_cents), 0)::bigint as spend_cents
    from json_to_recordset(${json}::json) as r(i int, "from" date, "to" date)
    left join shipment s on s.broker_id = ${brokerId} and s.customer_organization_id = ${customerOrganizationId}
      and s.status <> ${ShipmentStatus.values.Canceled}
      and s.created_at >= (r."from"::timestamp at time zone 'UTC')
      and s.created_at < ((r."to" + 1)::timestamp at time zone 'UTC')
    left join shipment_spend sp on sp.shipment_id = s.shipment_id
    group by r.i order by r.i`.execute(db);
  return rows.map((r) => ({ shipmentCount: Number(r.shipment_count), spendCents: Number(r.spend_cents) }));
}
