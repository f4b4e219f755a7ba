// SQL of charge lines, their payer groups and their margin history.
import { subjects } from '@loadline/contracts/events';
import { type EventWriter, newId, sql } from '@loadline/platform';
import type { ChargeLine, ChargeLineGroup, ChargeLineTypeCode, MarginChange } from '../domain/model.ts';
import type { AccountingTables } from './tables.ts';
import type { Db } from './views.ts';

const lineColumns = [
  'l.charge_line_id',
  'l.group_id',
  'l.shipment_id',
  'l.broker_id',
  'g.payer_organization_id',
  'l.charge_line_type',
  'l.description',
  'l.buy_cents',
  'l.sell_cents',
  'l.billing_status',
  'l.invoice_status',
  'l.invoice_id',
  'l.bill_id',
  'l.carrier_master_id',
  'l.carrier_master_name',
  'l.vendor_organization_id',
  'l.vendor_name',
  'l.version',
] as const;

interface LineRow {
  charge_line_id: string;
  group_id: string;
  shipment_id: number;
  broker_id: string;
  payer_organization_id: string;
  charge_line_type: string;
  description: string;
  buy_cents: number;
  sell_cents: number;
  billing_status: string;
  invoice_status: number;
  invoice_id: string | null;
  bill_id: string | null;
  carrier_master_id: string | null;
  carrier_master_name: string | null;
  vendor_organization_id: string | null;
  vendor_name: string | null;
  version: number;
}

const toLine = (r: LineRow): ChargeLine => ({
  chargeLineId: r.charge_line_id,
  groupId: r.group_id,
  shipmentId: r.shipment_id,
  brokerId: r.broker_id,
  payerOrganizationId: r.payer_organization_id,
  chargeLineType: r.charge_line_type as ChargeLineTypeCode,
  description: r.description,
  buyCents: r.buy_cents,
  sellCents: r.sell_cents,
  billingStatus: r.billing_status as ChargeLine['billingStatus'],
  invoiceStatus: r.invoice_status as ChargeLine['invoiceStatus'],
  invoiceId: r.invoice_id,
  billId: r.bill_id,
  carrierMasterId: r.carrier_master_id,
  carrierMasterName: r.carrier_master_name,
  vendorOrganizationId: r.vendor_organization_id,
  vendorName: r.vendor_name,
  version: r.version,
});

/** A shipment's charge lines in their order; `forUpdate` locks them for the change under way. */
export async function chargeLinesOf(
  db: Db,
  shipmentId: number,
  options: { forUpdate?: boolean } = {},
): Promise<ChargeLine[]> {
  let query = db
    .selectFrom('charge_line as l')
    .innerJoin('charge_line_group as g', 'g.group_id', 'l.group_id')
    .select(lineColumns)
    .where('l.shipment_id', '=', shipmentId)
    .orderBy('l.sort')
    .orderBy('l.created_at')
    .orderBy('l.charge_line_id');
  if (options.forUpdate) query = query.forUpdate('l');
  return (await query.execute()).map(toLine);
}

export async function findChargeLine(
  db: Db,
  chargeLineId: string,
  options: { forUpdate?: boolean } = {},
): Promise<ChargeLine | undefined> {
  let query = db
    .selectFrom('charge_line as l')
    .innerJoin('charge_line_group as g', 'g.group_id', 'l.group_id')
    .select(lineColumns)
    .where('l.charge_line_id', '=', chargeLineId);
  if (options.forUpdate) query = query.forUpdate('l');
  const row = await query.executeTakeFirst();
  return row && toLine(row);
}

export async function groupsOf(db: Db, shipmentId: number): Promise<ChargeLineGroup[]> {
  const rows = await db
    .selectFrom('charge_line_group as g')
    .leftJoin('organization_view as o', 'o.organization_id', 'g.payer_organization_id')
    .select([
      'g.group_id',
      'g.shipment_id',
      'g.broker_id',
      'g.payer_organization_id',
      'o.name',
      'g.transit_organization_type',
    ])
    .where('g.shipment_id', '=', shipmentId)
    .orderBy('g.created_at')
    .orderBy('g.group_id')
    .execute();
  return rows.map((r) => ({
    groupId: r.group_id,
    shipmentId: r.shipment_id,
    brokerId: r.broker_id,
    payerOrganizationId: r.payer_organization_id,
    payerName: r.name,
    transitOrganizationType: r.transit_organization_type,
  }));
}

export async function findGroup(
  db: Db,
  groupId: string,
  options: { forUpdate?: boolean } = {},
): Promise<ChargeLineGroup | undefined> {
  let query = db
    .selectFrom('charge_line_group as g')
    .leftJoin('organization_view as o', 'o.organization_id', 'g.payer_organization_id')
    .select([
      'g.group_id',
      'g.shipment_id',
      'g.broker_id',
      'g.payer_organization_id',
      'o.name',
      'g.transit_organization_type',
    ])
    .where('g.group_id', '=', groupId);
  if (options.forUpdate) query = query.forUpdate('g');
  const r = await query.executeTakeFirst();
  return (
    r && {
      groupId: r.group_id,
      shipmentId: r.shipment_id,
      brokerId: r.broker_id,
      payerOrganizationId: r.payer_organization_id,
      payerName: r.name,
      transitOrganizationType: r.transit_organization_type,
    }
  );
}

export async function insertGroup(
  db: Db,
  group: Omit<ChargeLineGroup, 'groupId' | 'payerName'> & { groupId?: string },
): Promise<string> {
  const groupId = group.groupId ?? newId('clg');
  await db
    .insertInto('charge_line_group')
    .values({
      group_id: groupId,
      shipment_id: group.shipmentId,
      broker_id: group.brokerId,
      payer_organization_id: group.payerOrganizationId,
      transit_organization_type: group.transitOrganizationType,
    })
    .onConflict((oc) => oc.column('group_id').doNothing())
    .execute();
  return groupId;
}

export async function updateGroup(
  db: Db,
  groupId: string,
  change: { payerOrganizationId: string; transitOrganizationType: number },
): Promise<void> {
  await db
    .updateTable('charge_line_group')
    .set({
      payer_organization_id: change.payerOrganizationId,
      transit_organization_type: change.transitOrganizationType,
    })
    .where('group_id', '=', groupId)
    .execute();
}

export async function insertChargeLine(
  db: Db,
  line: Omit<ChargeLine, 'version' | 'payerOrganizationId'>,
): Promise<void> {
  await db
    .insertInto('charge_line')
    .values({
      charge_line_id: line.chargeLineId,
      group_id: line.groupId,
      shipment_id: line.shipmentId,
      broker_id: line.brokerId,
      charge_line_type: line.chargeLineType,
      description: line.description,
      buy_cents: line.buyCents,
      sell_cents: line.sellCents,
      billing_status: line.billingStatus,
      invoice_status: line.invoiceStatus,
      invoice_id: line.invoiceId,
      bill_id: line.billId,
      carrier_master_id: line.carrierMasterId,
      carrier_master_name: line.carrierMasterName,
      vendor_organization_id: line.vendorOrganizationId,
      vendor_name: line.vendorName,
      sort: sql`(select coalesce(max(sort), 0) + 1 from charge_line where shipment_id = ${line.shipmentId})`,
    })
    .onConflict((oc) => oc.column('charge_line_id').doNothing())
    .execute();
}

/** Writes a changed line if it still has the version read; false when another change came between. */
export async function updateChargeLine(db: Db, line: ChargeLine): Promise<boolean> {
  const result = await db
    .updateTable('charge_line')
    .set({
      group_id: line.groupId,
      charge_line_type: line.chargeLineType,
      description: line.description,
      buy_cents: line.buyCents,
      sell_cents: line.sellCents,
      billing_status: line.billingStatus,
      carrier_master_id: line.carrierMasterId,
      carrier_master_name: line.carrierMasterName,
      vendor_organization_id: line.vendorOrganizationId,
      vendor_name: line.vendorName,
      version: sql`version + 1`,
      updated_at: sql`now()`,
    })
    .where('charge_line_id', '=', line.chargeLineId)
    .where('version', '=', line.version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteChargeLine(db: Db, chargeLineId: string): Promise<void> {
  await db.deleteFrom('charge_line').where('charge_line_id', '=', chargeLineId).execute();
}

export async function insertMarginChanges(
  db: Db,
  shipmentId: number,
  changes: readonly MarginChange[],
  who: { userId: string; name: string },
): Promise<void> {
  if (changes.length === 0) return;
  await db
    .insertInto('margin_history')
    .values(
      changes.map((c) => ({
        shipment_id: shipmentId,
        charge_line_id: c.chargeLineId,
        charge_line_type: c.chargeLineType,
        change: c.change,
        field: c.field,
        old_cents: c.oldCents,
        new_cents: c.newCents,
        changed_by_user_id: who.userId,
        changed_by_name: who.name,
      })),
    )
    .execute();
}

/** A shipment's margin history, newest first. */
export async function marginHistoryOf(db: Db, shipmentId: number, limit: number): Promise<MarginChange[]> {
  const rows = await db
    .selectFrom('margin_history')
    .select([
      'charge_line_id',
      'charge_line_type',
      'change',
      'field',
      'old_cents',
      'new_cents',
      'changed_by_name',
      'changed_at',
    ])
    .where('shipment_id', '=', shipmentId)
    .orderBy('margin_history_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    chargeLineId: r.charge_line_id,
    chargeLineType: r.charge_line_type,
    change: r.change as MarginChange['change'],
    field: r.field as MarginChange['field'],
    oldCents: r.old_cents,
    newCents: r.new_cents,
    changedBy: r.changed_by_name,
    changedDate: r.changed_at.toISOString(),
  }));
}

/** Marks lines invoiced (sell side) or billed (buy side). */
export async function markInvoiced(
  db: Db,
  chargeLineIds: readonly string[],
  invoiceId: string,
): Promise<void> {
  if (chargeLineIds.length === 0) return;
  await db
    .updateTable('charge_line')
    .set({
      invoice_id: invoiceId,
      invoice_status: 1,
      billing_status: 'Created',
      version: sql`version + 1`,
      updated_at: sql`now()`,
    })
    .where('charge_line_id', 'in', [...chargeLineIds])
    .execute();
}

export async function markBilled(db: Db, chargeLineIds: readonly string[], billId: string): Promise<void> {
  if (chargeLineIds.length === 0) return;
  await db
    .updateTable('charge_line')
    .set({ bill_id: billId, version: sql`version + 1`, updated_at: sql`now()` })
    .where('charge_line_id', 'in', [...chargeLineIds])
    .execute();
}

/** Lines of a paid invoice show the invoice status InvoicePaid (002 §3.6). */
export async function markInvoicePaid(db: Db, invoiceId: string, paid: boolean): Promise<void> {
  await db
    .updateTable('charge_line')
    .set({ invoice_status: paid ? 2 : 1 })
    .where('invoice_id', '=', invoiceId)
    .execute();
}

/** The payers whose credit a shipment's charges weigh on. */
export async function payersOfShipment(db: Db, shipmentId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('charge_line_group')
    .select('payer_organization_id')
    .distinct()
    .where('shipment_id', '=', shipmentId)
    .execute();
  return rows.map((r) => r.payer_organization_id);
}

/**
 * Publishes a shipment's whole set of charge lines as it is now (tms.accounting.chargelines.changed.v1), with
 * the set's next version, in the change's transaction: the attachments service prints the carrier's rate on
 * the carrier confirmation and the customer's charges on the rate quote sheet from it.
 */
export async function publishChargeLines(
  events: EventWriter<AccountingTables>,
  trx: Db,
  shipmentId: number,
  brokerId: string,
): Promise<void> {
  const { version } = await trx
    .insertInto('charge_line_set')
    .values({ shipment_id: shipmentId, broker_id: brokerId, version: 1 })
    .onConflict((oc) => oc.column('shipment_id').doUpdateSet({ version: sql`charge_line_set.version + 1` }))
    .returning('version')
    .executeTakeFirstOrThrow();
  const lines = await chargeLinesOf(trx, shipmentId);
  await events.appendEvent(trx, subjects.chargeLinesChanged, {
    shipmentId,
    version,
    brokerId,
    chargeLines: lines.map((l) => ({
      chargeLineId: l.chargeLineId,
      // Accounting keeps its lines per shipment, not per transit leg.
      transitLegId: null,
      chargeLineType: l.chargeLineType,
      description: l.description || l.chargeLineType,
      carrierMasterId: l.carrierMasterId,
      buyCents: l.buyCents,
      sellCents: l.sellCents,
    })),
  });
}

/** Claims an accessorial of a shipment for its charge line: false when it was made one before. */
export async function claimAccessorialCharge(
  db: Db,
  shipmentId: number,
  accessorialId: number,
  chargeLineId: string,
): Promise<boolean> {
  const claimed = await db
    .insertInto('accessorial_charge')
    .values({ shipment_id: shipmentId, accessorial_id: accessorialId, charge_line_id: chargeLineId })
    .onConflict((oc) => oc.columns(['shipment_id', 'accessorial_id']).doNothing())
    .executeTakeFirst();
  return Number(claimed.numInsertedOrUpdatedRows ?? 0) === 1;
}
