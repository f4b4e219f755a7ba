// SQL of invoices, their lines, bills and the broker's number sequences. An invoice and its events
// (invoice.created for the PDF, invoice.changed for read models) are written in the transaction that makes it.
import { subjects } from '@loadline/contracts/events';
import { sql } from '@loadline/platform';
import type { Bill, Invoice, InvoiceLine, PaymentStatusValue } from '../domain/model.ts';
import type { BillToAddress, Db, Events } from './views.ts';
import { dateText } from './views.ts';

/** Ours: a broker's first invoice is number 100001, its first bill 500001. */
export const firstNumbers = { invoice: 100001, bill: 500001 } as const;

/** The broker's next number of a kind, gapless: the sequence row is locked until the transaction ends. */
export async function nextNumber(
  trx: Db,
  brokerId: string,
  kind: keyof typeof firstNumbers,
): Promise<number> {
  const row = await trx
    .insertInto('number_sequence')
    .values({ broker_id: brokerId, kind, next_number: firstNumbers[kind] + 1 })
    .onConflict((oc) =>
      oc.columns(['broker_id', 'kind']).doUpdateSet({ next_number: sql`number_sequence.next_number + 1` }),
    )
    .returning('next_number')
    .executeTakeFirstOrThrow();
  return row.next_number - 1;
}

export interface NewInvoice {
  invoiceId: string;
  invoiceNumber: number;
  brokerId: string;
  brokerName: string;
  kind: 'Shipment' | 'OpeningBalance';
  shipmentId: number | null;
  payerOrganizationId: string;
  payerName: string;
  customerOrganizationId: string | null;
  invoiceDate: string;
  dueDate: string;
  invoiceDateType: 'Today' | 'Pickup' | 'Delivery';
  proNumber: string | null;
  pickupDate: string | null;
  deliveryDate: string | null;
  billTo: BillToAddress | null;
  approveBillWithInvoice: boolean;
  lines: InvoiceLine[];
  totalCents: number;
  paidCents?: number;
  createdBy: { userId: string; name: string } | null;
}

export async function insertInvoice(events: Events, trx: Db, invoice: NewInvoice): Promise<void> {
  const paid = invoice.paidCents ?? 0;
  await trx
    .insertInto('invoice')
    .values({
      invoice_id: invoice.invoiceId,
      broker_id: invoice.brokerId,
      invoice_number: invoice.invoiceNumber,
      kind: invoice.kind,
      shipment_id: invoice.shipmentId,
      payer_organization_id: invoice.payerOrganizationId,
      customer_organization_id: invoice.customerOrganizationId,
      invoice_date: invoice.invoiceDate,
      due_date: invoice.dueDate,
      invoice_date_type: invoice.invoiceDateType,
      pro_number: invoice.proNumber,
      total_cents: invoice.totalCents,
      paid_cents: paid,
      status: paid >= invoice.totalCents ? 2 : 1,
      payment_status: paymentStatusSql(invoice.totalCents, paid),
      approve_bill_with_invoice: invoice.approveBillWithInvoice,
      created_by_user_id: invoice.createdBy?.userId ?? null,
      created_by_name: invoice.createdBy?.name ?? null,
    })
    .execute();
  if (invoice.lines.length > 0)
    await trx
      .insertInto('invoice_line')
      .values(
        invoice.lines.map((l, i) => ({
          invoice_id: invoice.invoiceId,
          line_no: i + 1,
          charge_line_id: l.chargeLineId,
          charge_line_type: l.chargeLineType,
          description: l.description,
          amount_cents: l.amountCents,
        })),
      )
      .execute();
  await events.appendEvents(trx, [
    {
      subject: subjects.invoiceCreated,
      data: {
        invoiceId: invoice.invoiceId,
        invoiceNumber: invoice.invoiceNumber,
        brokerId: invoice.brokerId,
        brokerName: invoice.brokerName,
        kind: invoice.kind,
        shipmentId: invoice.shipmentId,
        payerOrganizationId: invoice.payerOrganizationId,
        payerName: invoice.payerName,
        customerOrganizationId: invoice.customerOrganizationId,
        invoiceDate: invoice.invoiceDate,
        dueDate: invoice.dueDate,
        invoiceDateType: invoice.invoiceDateType,
        proNumber: invoice.proNumber,
        pickupDate: invoice.pickupDate,
        deliveryDate: invoice.deliveryDate,
        billTo: invoice.billTo,
        lines: invoice.lines,
        totalCents: invoice.totalCents,
        createdBy: invoice.createdBy,
      },
    },
    {
      subject: subjects.invoiceChanged,
      data: {
        invoiceId: invoice.invoiceId,
        invoiceNumber: invoice.invoiceNumber,
        version: 1,
        brokerId: invoice.brokerId,
        shipmentId: invoice.shipmentId,
        payerOrganizationId: invoice.payerOrganizationId,
        customerOrganizationId: invoice.customerOrganizationId,
        invoiceDate: invoice.invoiceDate,
        dueDate: invoice.dueDate,
        totalCents: invoice.totalCents,
        paidCents: paid,
        balanceCents: invoice.totalCents - paid,
        status: paid >= invoice.totalCents ? 2 : 1,
        paymentStatus: paymentStatusSql(invoice.totalCents, paid),
        change: 'created',
      },
    },
  ]);
}

/** 002 §3.6 payment status, as the domain's paymentStatusOf (kept here for the insert of an opening balance). */
function paymentStatusSql(total: number, paid: number): PaymentStatusValue {
  if (paid <= 0) return 0;
  if (paid < total) return 1;
  return paid === total ? 3 : 2;
}

const invoiceColumns = (db: Db) =>
  db
    .selectFrom('invoice as i')
    .leftJoin('organization_view as o', 'o.organization_id', 'i.payer_organization_id')
    .select([
      'i.invoice_id',
      'i.invoice_number',
      'i.broker_id',
      'i.kind',
      'i.shipment_id',
      'i.payer_organization_id',
      'o.name as payer_name',
      'i.customer_organization_id',
      dateText('i.invoice_date').as('invoice_date'),
      dateText('i.due_date').as('due_date'),
      'i.invoice_date_type',
      'i.pro_number',
      'i.total_cents',
      'i.paid_cents',
      'i.status',
      'i.payment_status',
      'i.approve_bill_with_invoice',
      'i.sync_status',
      'i.sync_date',
      'i.sync_message',
      'i.created_by_name',
      'i.created_at',
      'i.version',
    ]);

type InvoiceRow = Awaited<ReturnType<ReturnType<typeof invoiceColumns>['executeTakeFirstOrThrow']>>;

const toInvoice = (r: InvoiceRow, lines: InvoiceLine[]): Invoice => ({
  invoiceId: r.invoice_id,
  invoiceNumber: r.invoice_number,
  brokerId: r.broker_id,
  kind: r.kind as Invoice['kind'],
  shipmentId: r.shipment_id,
  payerOrganizationId: r.payer_organization_id,
  payerName: r.payer_name,
  customerOrganizationId: r.customer_organization_id,
  invoiceDate: r.invoice_date,
  dueDate: r.due_date,
  invoiceDateType: r.invoice_date_type as Invoice['invoiceDateType'],
  proNumber: r.pro_number,
  totalCents: r.total_cents,
  paidCents: r.paid_cents,
  status: r.status as Invoice['status'],
  paymentStatus: r.payment_status as PaymentStatusValue,
  approveBillWithInvoice: r.approve_bill_with_invoice,
  syncStatus: r.sync_status as Invoice['syncStatus'],
  syncDate: r.sync_date ? r.sync_date.toISOString() : null,
  syncMessage: r.sync_message,
  createdBy: r.created_by_name,
  createdDate: r.created_at.toISOString(),
  version: r.version,
  lines,
});

async function linesOf(db: Db, invoiceIds: readonly string[]): Promise<Map<string, InvoiceLine[]>> {
  const byInvoice = new Map<string, InvoiceLine[]>();
  if (invoiceIds.length === 0) return byInvoice;
  const rows = await db
    .selectFrom('invoice_line')
    .select(['invoice_id', 'charge_line_id', 'charge_line_type', 'description', 'amount_cents'])
    .where('invoice_id', 'in', [...invoiceIds])
    .orderBy('invoice_id')
    .orderBy('line_no')
    .execute();
  for (const r of rows) {
    const list = byInvoice.get(r.invoice_id) ?? [];
    list.push({
      chargeLineId: r.charge_line_id,
      chargeLineType: r.charge_line_type,
      description: r.description,
      amountCents: r.amount_cents,
    });
    byInvoice.set(r.invoice_id, list);
  }
  return byInvoice;
}

export async function findInvoice(
  db: Db,
  invoiceId: string,
  options: { forUpdate?: boolean } = {},
): Promise<Invoice | undefined> {
  let query = invoiceColumns(db).where('i.invoice_id', '=', invoiceId);
  if (options.forUpdate) query = query.forUpdate('i');
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  return toInvoice(row, (await linesOf(db, [row.invoice_id])).get(row.invoice_id) ?? []);
}

/** Several invoices by id, locked for a payment, in the order given (missing ones left out). */
export async function invoicesForUpdate(db: Db, invoiceIds: readonly string[]): Promise<Invoice[]> {
  if (invoiceIds.length === 0) return [];
  const rows = await invoiceColumns(db)
    .where('i.invoice_id', 'in', [...invoiceIds])
    .orderBy('i.invoice_id')
    .forUpdate('i')
    .execute();
  const byId = new Map(rows.map((r) => [r.invoice_id, toInvoice(r, [])]));
  return invoiceIds.map((id) => byId.get(id)).filter((i): i is Invoice => i !== undefined);
}

export async function invoicesOfShipment(db: Db, shipmentId: number): Promise<Invoice[]> {
  const rows = await invoiceColumns(db)
    .where('i.shipment_id', '=', shipmentId)
    .orderBy('i.invoice_number')
    .execute();
  const lines = await linesOf(
    db,
    rows.map((r) => r.invoice_id),
  );
  return rows.map((r) => toInvoice(r, lines.get(r.invoice_id) ?? []));
}

export interface InvoiceFilter {
  brokerId: string;
  payerOrganizationId?: string;
  openOnly?: boolean;
  limit: number;
  offset: number;
}

/** Invoices of a broker (or one payer), newest first, with their count. */
export async function listInvoices(
  db: Db,
  filter: InvoiceFilter,
): Promise<{ items: Invoice[]; totalCount: number }> {
  let query = invoiceColumns(db).where('i.broker_id', '=', filter.brokerId);
  if (filter.payerOrganizationId)
    query = query.where('i.payer_organization_id', '=', filter.payerOrganizationId);
  if (filter.openOnly) query = query.whereRef('i.paid_cents', '<', 'i.total_cents');
  const [rows, count] = await Promise.all([
    query
      .orderBy('i.invoice_date', 'desc')
      .orderBy('i.invoice_number', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => toInvoice(r, [])), totalCount: Number(count.n) };
}

/** Records a payment's share on an invoice and writes invoice.changed with the new version. */
export async function addInvoicePayment(
  events: Events,
  trx: Db,
  invoice: Invoice,
  after: { paidCents: number; status: 1 | 2; paymentStatus: PaymentStatusValue },
): Promise<void> {
  const row = await trx
    .updateTable('invoice')
    .set({
      paid_cents: after.paidCents,
      status: after.status,
      payment_status: after.paymentStatus,
      version: sql`version + 1`,
    })
    .where('invoice_id', '=', invoice.invoiceId)
    .returning('version')
    .executeTakeFirstOrThrow();
  await events.appendEvent(trx, subjects.invoiceChanged, {
    invoiceId: invoice.invoiceId,
    invoiceNumber: invoice.invoiceNumber,
    version: row.version,
    brokerId: invoice.brokerId,
    shipmentId: invoice.shipmentId,
    payerOrganizationId: invoice.payerOrganizationId,
    customerOrganizationId: invoice.customerOrganizationId,
    invoiceDate: invoice.invoiceDate,
    dueDate: invoice.dueDate,
    totalCents: invoice.totalCents,
    paidCents: after.paidCents,
    balanceCents: invoice.totalCents - after.paidCents,
    status: after.status,
    paymentStatus: after.paymentStatus,
    change: 'payment',
  });
}

// ---------------------------------------------------------------------------------------------------------
// Bills (the buy side, approved with an invoice: 001 §3 approveBillWithInvoice).

export interface NewBill {
  billId: string;
  billNumber: number;
  brokerId: string;
  shipmentId: number;
  vendorId: string | null;
  vendorName: string;
  billDate: string;
  dueDate: string;
  totalCents: number;
  createdByUserId: string | null;
}

export async function insertBill(trx: Db, bill: NewBill): Promise<void> {
  await trx
    .insertInto('bill')
    .values({
      bill_id: bill.billId,
      broker_id: bill.brokerId,
      bill_number: bill.billNumber,
      shipment_id: bill.shipmentId,
      vendor_id: bill.vendorId,
      vendor_name: bill.vendorName,
      bill_date: bill.billDate,
      due_date: bill.dueDate,
      total_cents: bill.totalCents,
      created_by_user_id: bill.createdByUserId,
    })
    .execute();
}

const billColumns = (db: Db) =>
  db
    .selectFrom('bill')
    .select([
      'bill_id',
      'bill_number',
      'broker_id',
      'shipment_id',
      'vendor_id',
      'vendor_name',
      dateText('bill_date').as('bill_date'),
      dateText('due_date').as('due_date'),
      'total_cents',
      'paid_cents',
      'payment_status',
      'sync_status',
      'sync_date',
      'sync_message',
      'version',
    ]);

const toBill = (r: Awaited<ReturnType<ReturnType<typeof billColumns>['executeTakeFirstOrThrow']>>): Bill => ({
  billId: r.bill_id,
  billNumber: r.bill_number,
  brokerId: r.broker_id,
  shipmentId: r.shipment_id,
  vendorId: r.vendor_id,
  vendorName: r.vendor_name,
  billDate: r.bill_date,
  dueDate: r.due_date,
  totalCents: r.total_cents,
  paidCents: r.paid_cents,
  paymentStatus: r.payment_status as PaymentStatusValue,
  syncStatus: r.sync_status as Bill['syncStatus'],
  syncDate: r.sync_date ? r.sync_date.toISOString() : null,
  syncMessage: r.sync_message,
  version: r.version,
});

export async function billsOfShipment(db: Db, shipmentId: number): Promise<Bill[]> {
  return (await billColumns(db).where('shipment_id', '=', shipmentId).orderBy('bill_number').execute()).map(
    toBill,
  );
}

export async function billsForUpdate(db: Db, billIds: readonly string[]): Promise<Bill[]> {
  if (billIds.length === 0) return [];
  const rows = await billColumns(db)
    .where('bill_id', 'in', [...billIds])
    .orderBy('bill_id')
    .forUpdate()
    .execute();
  const byId = new Map(rows.map((r) => [r.bill_id, toBill(r)]));
  return billIds.map((id) => byId.get(id)).filter((b): b is Bill => b !== undefined);
}

export async function addBillPayment(
  trx: Db,
  billId: string,
  after: { paidCents: number; paymentStatus: PaymentStatusValue },
): Promise<void> {
  await trx
    .updateTable('bill')
    .set({ paid_cents: after.paidCents, payment_status: after.paymentStatus, version: sql`version + 1` })
    .where('bill_id', '=', billId)
    .execute();
}
