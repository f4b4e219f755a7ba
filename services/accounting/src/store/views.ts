// SQL of what accounting keeps of other services' data (organizations, shipments, bill-tos), written from
// their events with a version guard, and read by the use cases.
import { dollarsToCents } from '@loadline/contracts/catalogue';
import type {
  OrganizationChangedV1,
  ShipmentBillToChangedV1,
  UserChangedV1,
} from '@loadline/contracts/events';
import { type EventWriter, type Kysely, saveAllIfNewer, saveIfNewer, sql } from '@loadline/platform';
import type { OrganizationFacts, ShipmentFacts } from '../domain/model.ts';
import { automationMethodsFrom } from './accounts.ts';
import type { AccountingTables } from './tables.ts';

export type Db = Kysely<AccountingTables>;
export type Events = EventWriter<AccountingTables>;

/** A `date` column as YYYY-MM-DD text (never a JavaScript Date at some time zone's midnight). */
export const dateText = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

export async function saveOrganizationView(trx: Db, o: OrganizationChangedV1): Promise<boolean> {
  return saveIfNewer(trx, 'organization_view', 'organization_id', {
    organization_id: o.organizationId,
    broker_id: o.brokerId,
    name: o.name,
    organization_type: o.organizationType,
    payment_preference: o.paymentPreference,
    // the directory keeps dollars with two decimals (numeric(14,2)); read digit by digit
    credit_limit_cents: o.creditLimit === null ? null : (dollarsToCents(o.creditLimit) ?? null),
    customer_settings: o.customerSettings,
    broker_settings: o.brokerSettings,
    active: o.active,
    version: o.version,
  });
}

const organizationColumns = [
  'organization_id',
  'broker_id',
  'name',
  'organization_type',
  'payment_preference',
  'credit_limit_cents',
  'customer_settings',
  'broker_settings',
  'active',
] as const;

const toOrganization = (r: {
  organization_id: string;
  broker_id: string | null;
  name: string;
  organization_type: number;
  payment_preference: number | null;
  credit_limit_cents: number | null;
  customer_settings: number;
  broker_settings: number;
  active: boolean;
}): OrganizationFacts => ({
  organizationId: r.organization_id,
  brokerId: r.broker_id,
  name: r.name,
  organizationType: r.organization_type,
  paymentPreference: r.payment_preference,
  creditLimitCents: r.credit_limit_cents,
  customerSettings: r.customer_settings,
  brokerSettings: r.broker_settings,
  active: r.active,
});

export async function findOrganization(
  db: Db,
  organizationId: string,
): Promise<OrganizationFacts | undefined> {
  const row = await db
    .selectFrom('organization_view')
    .select(organizationColumns)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row && toOrganization(row);
}

/** A directory user as accounting keeps it (user.changed), newer versions only. */
export function saveUser(db: Db, u: UserChangedV1) {
  return saveIfNewer(db, 'user_view', 'user_id', {
    user_id: u.userId,
    broker_id: u.brokerId,
    kind: u.kind,
    active: u.active,
    version: u.version,
  });
}

export function findUser(db: Db, userId: string) {
  return db.selectFrom('user_view').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** The customers of a broker (the ones a change of the broker's settings concerns). */
export async function customersOfBroker(db: Db, brokerId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('organization_view')
    .select('organization_id')
    .where('broker_id', '=', brokerId)
    .execute();
  return rows.map((r) => r.organization_id);
}

/** The `shipment_view` row of a shipment's facts at a version. */
const shipmentViewRow = (facts: ShipmentFacts, version: number) => ({
  shipment_id: facts.shipmentId,
  broker_id: facts.brokerId,
  customer_organization_id: facts.customerOrganizationId,
  status: facts.status,
  shipment_type: facts.shipmentType,
  no_accounting_invoice: facts.noAccountingInvoice,
  pickup_date: facts.pickupDate,
  delivery_date: facts.deliveryDate,
  carrier_master_id: facts.carrierMasterId,
  carrier_master_name: facts.carrierMasterName,
  pro_number: facts.proNumber,
  accessorial_ids: [...(facts.accessorialIds ?? [])],
  version,
});

export async function saveShipmentView(trx: Db, facts: ShipmentFacts, version: number): Promise<boolean> {
  return saveIfNewer(trx, 'shipment_view', 'shipment_id', shipmentViewRow(facts, version));
}

/** `saveShipmentView` of many shipments in one statement (a consumer's batch). */
export async function saveShipmentViews(
  trx: Db,
  views: readonly { facts: ShipmentFacts; version: number }[],
): Promise<void> {
  if (views.length === 0) return;
  await saveAllIfNewer(
    trx,
    'shipment_view',
    'shipment_id',
    views.map((v) => shipmentViewRow(v.facts, v.version)),
  );
}

/** What accounting reads of its copy of a shipment, the same for one shipment and for a batch. */
const shipmentFactsColumns = [
  'shipment_id',
  'broker_id',
  'customer_organization_id',
  'status',
  'shipment_type',
  'no_accounting_invoice',
  dateText('pickup_date').as('pickup_date'),
  dateText('delivery_date').as('delivery_date'),
  'carrier_master_id',
  'carrier_master_name',
  'pro_number',
  'accessorial_ids',
] as const;

function shipmentFacts(r: {
  shipment_id: number;
  broker_id: string;
  customer_organization_id: string;
  status: ShipmentFacts['status'];
  shipment_type: ShipmentFacts['shipmentType'];
  no_accounting_invoice: boolean;
  pickup_date: string | null;
  delivery_date: string | null;
  carrier_master_id: ShipmentFacts['carrierMasterId'];
  carrier_master_name: ShipmentFacts['carrierMasterName'];
  pro_number: ShipmentFacts['proNumber'];
  accessorial_ids: ShipmentFacts['accessorialIds'];
}): ShipmentFacts {
  return {
    shipmentId: r.shipment_id,
    brokerId: r.broker_id,
    customerOrganizationId: r.customer_organization_id,
    status: r.status,
    shipmentType: r.shipment_type,
    noAccountingInvoice: r.no_accounting_invoice,
    pickupDate: r.pickup_date,
    deliveryDate: r.delivery_date,
    carrierMasterId: r.carrier_master_id,
    carrierMasterName: r.carrier_master_name,
    proNumber: r.pro_number,
    accessorialIds: r.accessorial_ids,
  };
}

/**
 * The stored facts and version of the shipments among `shipmentIds` accounting knows and, when it knows one
 * of them, the invoicing automation method of each customer among `organizationIds` (as
 * `automationMethodsOf` reads them) in the same read: a consumer's batch of status changes reads both in
 * one round trip. Without a shipment known, `automationMethods` is undefined and the caller reads them.
 */
export async function findShipmentVersions(
  db: Db,
  shipmentIds: readonly number[],
  organizationIds: readonly string[] = [],
): Promise<{
  versions: Map<number, { facts: ShipmentFacts; version: number }>;
  automationMethods: Map<string, number> | undefined;
}> {
  const versions = new Map<number, { facts: ShipmentFacts; version: number }>();
  if (shipmentIds.length === 0) return { versions, automationMethods: undefined };
  const rows = await db
    .selectFrom('shipment_view')
    .select([
      ...shipmentFactsColumns,
      'version',
      sql<Record<
        string,
        number
      > | null>`(select json_object_agg(a.organization_id, a.invoicing_automation_method)
        from customer_account a where a.organization_id = any(${[...organizationIds]}::text[]))`.as(
        'automation_methods',
      ),
    ])
    .where('shipment_id', '=', sql<number>`any(${[...shipmentIds]}::int[])`)
    .execute();
  for (const r of rows)
    versions.set(r.shipment_id, {
      facts: shipmentFacts(r),
      version: Number(r.version),
    });
  if (rows.length === 0) return { versions, automationMethods: undefined };
  return {
    versions,
    automationMethods: automationMethodsFrom(
      organizationIds,
      Object.entries(rows[0]!.automation_methods ?? {}),
    ),
  };
}

/** The shipment as accounting knows it; `forUpdate` locks it for the change under way. */
export async function findShipment(
  db: Db,
  shipmentId: number,
  options: { forUpdate?: boolean } = {},
): Promise<ShipmentFacts | undefined> {
  let query = db
    .selectFrom('shipment_view')
    .select(shipmentFactsColumns)
    .where('shipment_id', '=', shipmentId);
  if (options.forUpdate) query = query.forUpdate();
  const r = await query.executeTakeFirst();
  return r && shipmentFacts(r);
}

export async function saveBillTo(trx: Db, e: ShipmentBillToChangedV1): Promise<boolean> {
  return saveIfNewer(trx, 'shipment_bill_to', 'shipment_id', {
    shipment_id: e.shipmentId,
    bill_to: e.billTo === null ? null : JSON.stringify(e.billTo),
    version: e.version,
  });
}

export type BillToAddress = NonNullable<ShipmentBillToChangedV1['billTo']>;

export async function billToOf(db: Db, shipmentId: number): Promise<BillToAddress | null> {
  const row = await db
    .selectFrom('shipment_bill_to')
    .select('bill_to')
    .where('shipment_id', '=', shipmentId)
    .executeTakeFirst();
  return (row?.bill_to as BillToAddress | null | undefined) ?? null;
}

/** 001 §7 payers: the broker's active customer organizations, by name. */
export async function payers(
  db: Db,
  scope: { brokerId: string; organizationId?: string },
): Promise<{ id: string; name: string }[]> {
  let query = db
    .selectFrom('organization_view')
    .select(['organization_id as id', 'name'])
    .where('broker_id', '=', scope.brokerId)
    .where('organization_type', '=', 70)
    .where('active', '=', true)
    .orderBy('name');
  if (scope.organizationId) query = query.where('organization_id', '=', scope.organizationId);
  return query.execute();
}

/** 001 §7 payers with open invoices: those of the broker with a balance left on an invoice. */
export async function payersWithOpenInvoices(
  db: Db,
  scope: { brokerId: string; organizationId?: string },
): Promise<{ id: string; name: string }[]> {
  let query = db
    .selectFrom('organization_view as o')
    .select(['o.organization_id as id', 'o.name'])
    .where('o.broker_id', '=', scope.brokerId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('invoice as i')
          .select(sql`1`.as('one'))
          .whereRef('i.payer_organization_id', '=', 'o.organization_id')
          .whereRef('i.paid_cents', '<', 'i.total_cents'),
      ),
    )
    .orderBy('o.name');
  if (scope.organizationId) query = query.where('o.organization_id', '=', scope.organizationId);
  return query.execute();
}
