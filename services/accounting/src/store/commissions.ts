// SQL of commissions: a shipment's list, one by id, writes guarded by version, amounts kept in step with the
// shipment's totals.
import { sql } from '@loadline/platform';
import type { Commission } from '../domain/model.ts';
import type { Db } from './views.ts';

const toCommission = (r: {
  commission_id: string;
  shipment_id: number;
  broker_id: string;
  payee_name: string;
  payee_user_id: string | null;
  calculation_type: number;
  rate: number;
  min_cents: number | null;
  max_cents: number | null;
  amount_cents: number;
  status: number;
  approved_cents: number | null;
  status_changed_by: string | null;
  status_changed_at: Date | null;
  version: number;
}): Commission => ({
  commissionId: r.commission_id,
  shipmentId: r.shipment_id,
  brokerId: r.broker_id,
  payeeName: r.payee_name,
  payeeUserId: r.payee_user_id,
  calculationType: r.calculation_type,
  rate: r.rate,
  minCents: r.min_cents,
  maxCents: r.max_cents,
  amountCents: r.amount_cents,
  status: r.status,
  approvedCents: r.approved_cents,
  statusChangedBy: r.status_changed_by,
  statusChangedDate: r.status_changed_at ? r.status_changed_at.toISOString() : null,
  version: r.version,
});

const columns = [
  'commission_id',
  'shipment_id',
  'broker_id',
  'payee_name',
  'payee_user_id',
  'calculation_type',
  'rate',
  'min_cents',
  'max_cents',
  'amount_cents',
  'status',
  'approved_cents',
  'status_changed_by',
  'status_changed_at',
  'version',
] as const;

export async function commissionsOf(
  db: Db,
  shipmentId: number,
  options: { forUpdate?: boolean } = {},
): Promise<Commission[]> {
  let query = db
    .selectFrom('commission')
    .select(columns)
    .where('shipment_id', '=', shipmentId)
    .orderBy('created_at')
    .orderBy('commission_id');
  if (options.forUpdate) query = query.forUpdate();
  return (await query.execute()).map(toCommission);
}

export async function findCommission(
  db: Db,
  commissionId: string,
  options: { forUpdate?: boolean } = {},
): Promise<Commission | undefined> {
  let query = db.selectFrom('commission').select(columns).where('commission_id', '=', commissionId);
  if (options.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && toCommission(row);
}

export async function insertCommission(db: Db, c: Omit<Commission, 'version'>): Promise<void> {
  await db
    .insertInto('commission')
    .values({
      commission_id: c.commissionId,
      shipment_id: c.shipmentId,
      broker_id: c.brokerId,
      payee_name: c.payeeName,
      payee_user_id: c.payeeUserId,
      calculation_type: c.calculationType,
      rate: c.rate,
      min_cents: c.minCents,
      max_cents: c.maxCents,
      amount_cents: c.amountCents,
      status: c.status,
      approved_cents: c.approvedCents,
      status_changed_by: c.statusChangedBy,
      status_changed_at: c.statusChangedDate ? new Date(c.statusChangedDate) : null,
    })
    .onConflict((oc) => oc.column('commission_id').doNothing())
    .execute();
}

export async function updateCommission(db: Db, c: Commission): Promise<boolean> {
  const result = await db
    .updateTable('commission')
    .set({
      payee_name: c.payeeName,
      payee_user_id: c.payeeUserId,
      calculation_type: c.calculationType,
      rate: c.rate,
      min_cents: c.minCents,
      max_cents: c.maxCents,
      amount_cents: c.amountCents,
      status: c.status,
      approved_cents: c.approvedCents,
      status_changed_by: c.statusChangedBy,
      status_changed_at: c.statusChangedDate ? new Date(c.statusChangedDate) : null,
      version: sql`version + 1`,
    })
    .where('commission_id', '=', c.commissionId)
    .where('version', '=', c.version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Keeps the amounts (and an approved one's variance) in step after the shipment's buy or sell changed. */
export async function setCommissionAmounts(
  db: Db,
  amounts: readonly { commissionId: string; amountCents: number; status: number }[],
): Promise<void> {
  for (const a of amounts)
    await db
      .updateTable('commission')
      .set({ amount_cents: a.amountCents, status: a.status, version: sql`version + 1` })
      .where('commission_id', '=', a.commissionId)
      .where((eb) => eb.or([eb('amount_cents', '<>', a.amountCents), eb('status', '<>', a.status)]))
      .execute();
}

export async function deleteCommission(db: Db, commissionId: string): Promise<void> {
  await db.deleteFrom('commission').where('commission_id', '=', commissionId).execute();
}
