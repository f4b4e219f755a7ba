// Shipment alerts in SQL: a shipment's alerts, and the open ones per type across a broker's
// shipments (the alerts admin page).
import { sql } from 'kysely';
import type { Db } from './shipments.ts';

export async function openAlertCounts(db: Db, brokerId: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('shipment_alert as a')
    .innerJoin('shipment as s', 's.shipment_id', 'a.shipment_id')
    .select(['a.alert_type', sql<string>`count(*)`.as('n')])
    .where('s.broker_id', '=', brokerId)
    .where('a.resolved', '=', false)
    .groupBy('a.alert_type')
    .execute();
  return new Map(rows.map((r) => [r.alert_type, Number(r.n)]));
}

export async function resolvedDates(db: Db, shipmentId: number): Promise<Map<string, string | null>> {
  const rows = await db
    .selectFrom('shipment_alert')
    .select(['alert_id', 'resolved_at'])
    .where('shipment_id', '=', shipmentId)
    .execute();
  return new Map(rows.map((r) => [r.alert_id, r.resolved_at ? r.resolved_at.toISOString() : null]));
}

/** When the shipment was marked a lost quote (000 §4), if it is one. */
export async function lostQuoteDate(db: Db, shipmentId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('shipment')
    .select('lost_quote_at')
    .where('shipment_id', '=', shipmentId)
    .executeTakeFirst();
  return row?.lost_quote_at ?? null;
}
