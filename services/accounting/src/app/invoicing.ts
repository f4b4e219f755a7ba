// Use cases of invoicing (001 §3 invoice request, §7 PUT /api/accountingsynchistory/CreateInvoice; 002 §3.6
// invoice status, invoicing automation method): issuing a shipment's invoices (and approving its carrier
// bills with them), the automation methods run from shipment events, and reading invoices — a customer
// only its own organization's, anything else answers 404.
import { conflict, forbidden, type Identity, newId, notFound, problemsError } from '@loadline/platform';
import { canInvoice, canSeeInvoice } from '../domain/access.ts';
import { agingBucketOn, agingBucketValue } from '../domain/credit.ts';
import {
  automationDateType,
  automationInvoicesNow,
  automationMayInvoice,
  decideInvoices,
  type InvoiceRequest,
} from '../domain/invoicing.ts';
import { addDays, type Bill, type Invoice, type ShipmentFacts } from '../domain/model.ts';
import type { AccountingDeps } from '../service.ts';
import { accountOf } from '../store/accounts.ts';
import { chargeLinesOf, groupsOf, markBilled, markInvoiced } from '../store/charge-lines.ts';
import {
  findInvoice,
  insertBill,
  insertInvoice,
  listInvoices as listInvoiceRows,
  nextNumber,
} from '../store/invoices.ts';
import { paymentsOn } from '../store/payments.ts';
import { billToOf, type Db, findOrganization, findShipment } from '../store/views.ts';
import { accountDefaults, refreshCredit, todayOf } from './credit.ts';

/** Ours: days a carrier bill approved with an invoice is due in. */
export const BILL_TERMS_DAYS = 30;

type Issued =
  | { ok: true; invoices: Invoice[]; bills: Bill[] }
  | { ok: false; status: 400 | 409; problems: { field: string; message: string }[] };

/** Issues the invoices (and bills) the decision allows, inside the caller's transaction. */
async function issue(
  deps: AccountingDeps,
  trx: Db,
  shipment: ShipmentFacts,
  request: InvoiceRequest,
  createdBy: { userId: string; name: string } | null,
): Promise<Issued> {
  const today = todayOf(deps);
  const groups = await groupsOf(trx, shipment.shipmentId);
  const lines = await chargeLinesOf(trx, shipment.shipmentId, { forUpdate: true });
  const terms = new Map<string, number>();
  for (const g of groups)
    terms.set(
      g.payerOrganizationId,
      (await accountOf(trx, g.payerOrganizationId, accountDefaults(deps, shipment.brokerId)))
        .paymentTermsDays,
    );
  const decision = decideInvoices(
    shipment,
    groups,
    lines,
    request,
    today,
    (payer) => terms.get(payer) ?? deps.settings.defaultPaymentTermsDays,
  );
  if (!decision.ok) return decision;
  const broker = await findOrganization(trx, shipment.brokerId);
  const billTo = await billToOf(trx, shipment.shipmentId);
  const invoiceIds: string[] = [];
  for (const draft of decision.invoices) {
    const payer = await findOrganization(trx, draft.payerOrganizationId);
    const invoiceId = newId('inv');
    await insertInvoice(deps.runtime, trx, {
      invoiceId,
      invoiceNumber: await nextNumber(trx, shipment.brokerId, 'invoice'),
      brokerId: shipment.brokerId,
      brokerName: broker?.name ?? shipment.brokerId,
      kind: 'Shipment',
      shipmentId: shipment.shipmentId,
      payerOrganizationId: draft.payerOrganizationId,
      payerName: payer?.name ?? draft.payerOrganizationId,
      customerOrganizationId: shipment.customerOrganizationId,
      invoiceDate: draft.invoiceDate,
      dueDate: draft.dueDate,
      invoiceDateType: draft.invoiceDateType,
      proNumber: draft.proNumber,
      pickupDate: request.pickupDate ?? shipment.pickupDate,
      deliveryDate: request.deliveryDate ?? shipment.deliveryDate,
      // the shipment's bill-to is where the customer's invoice goes; another payer is billed at its own name
      billTo: draft.payerOrganizationId === shipment.customerOrganizationId ? billTo : null,
      approveBillWithInvoice: request.approveBillWithInvoice,
      lines: draft.lines,
      totalCents: draft.totalCents,
      createdBy,
    });
    await markInvoiced(
      trx,
      draft.lines.map((l) => l.chargeLineId),
      invoiceId,
    );
    invoiceIds.push(invoiceId);
  }
  const bills: Bill[] = [];
  for (const draft of decision.bills) {
    const billId = newId('bil');
    const billNumber = await nextNumber(trx, shipment.brokerId, 'bill');
    await insertBill(trx, {
      billId,
      billNumber,
      brokerId: shipment.brokerId,
      shipmentId: shipment.shipmentId,
      vendorId: draft.vendorId,
      vendorName: draft.vendorName,
      billDate: today,
      dueDate: addDays(today, BILL_TERMS_DAYS),
      totalCents: draft.totalCents,
      createdByUserId: createdBy?.userId ?? null,
    });
    await markBilled(trx, draft.chargeLineIds, billId);
    bills.push({
      billId,
      billNumber,
      brokerId: shipment.brokerId,
      shipmentId: shipment.shipmentId,
      vendorId: draft.vendorId,
      vendorName: draft.vendorName,
      billDate: today,
      dueDate: addDays(today, BILL_TERMS_DAYS),
      totalCents: draft.totalCents,
      paidCents: 0,
      paymentStatus: 0,
      syncStatus: 'None',
      syncDate: null,
      syncMessage: null,
      version: 1,
    });
  }
  await refreshCredit(
    deps,
    trx,
    decision.invoices.map((i) => i.payerOrganizationId),
  );
  const invoices: Invoice[] = [];
  for (const id of invoiceIds) invoices.push((await findInvoice(trx, id))!);
  return { ok: true, invoices, bills };
}

export interface CreateInvoiceInput {
  shipmentId: number;
  invoiceDateType?: 'Today' | 'Pickup' | 'Delivery';
  pickupDate?: string | null;
  deliveryDate?: string | null;
  approveBillWithInvoice?: boolean;
  proNumber?: string | null;
}

/** PUT CreateInvoice: one invoice per payer from the sell side not invoiced yet; 409 when there is none. */
export async function createInvoice(deps: AccountingDeps, caller: Identity, input: CreateInvoiceInput) {
  if (!canInvoice(caller))
    throw forbidden('You need the Accounting AR Invoicing permission to create invoices.');
  return deps.runtime.db.transaction().execute(async (trx) => {
    const shipment = await findShipment(trx, input.shipmentId, { forUpdate: true });
    if (!shipment || shipment.brokerId !== caller.brokerId)
      throw notFound(`Shipment ${input.shipmentId} was not found.`);
    const issued = await issue(
      deps,
      trx,
      shipment,
      {
        invoiceDateType: input.invoiceDateType ?? 'Today',
        pickupDate: input.pickupDate ?? null,
        deliveryDate: input.deliveryDate ?? null,
        proNumber: input.proNumber ?? null,
        approveBillWithInvoice: input.approveBillWithInvoice ?? false,
      },
      { userId: caller.userId, name: caller.displayName },
    );
    if (!issued.ok) {
      if (issued.status === 409) throw conflict(issued.problems.map((p) => p.message).join(' '));
      throw problemsError(issued.problems);
    }
    return { shipmentId: input.shipmentId, invoices: issued.invoices, bills: issued.bills };
  });
}

/**
 * The invoicing automation methods (002 §3.6), run inside the transaction of a change to the shipment (its
 * status from the shipments service, or its charges): the customer's method says whether to invoice now.
 * A refusal (nothing to bill yet, no date) leaves things as they are. Answers the invoices issued.
 */
export async function autoInvoice(deps: AccountingDeps, trx: Db, shipmentId: number): Promise<Invoice[]> {
  const shipment = await findShipment(trx, shipmentId);
  if (!shipment) return [];
  const account = await accountOf(
    trx,
    shipment.customerOrganizationId,
    accountDefaults(deps, shipment.brokerId),
  );
  const method = account.invoicingAutomationMethod;
  if (!automationMayInvoice(method, shipment.status)) return [];
  const lines = await chargeLinesOf(trx, shipmentId);
  if (!automationInvoicesNow(method, shipment, lines)) return [];
  const request = { invoiceDateType: automationDateType(method), approveBillWithInvoice: false };
  let issued = await issue(deps, trx, shipment, request, null);
  if (!issued.ok && issued.status === 400)
    issued = await issue(deps, trx, shipment, { ...request, invoiceDateType: 'Today' }, null);
  if (!issued.ok) {
    deps.runtime.logger.info({ shipmentId, problems: issued.problems }, 'invoicing automation: not invoiced');
    return [];
  }
  return issued.invoices;
}

/** An invoice as the screens show it: with its balance and aging bucket (002 §3.6). */
export function presentInvoice(invoice: Invoice, today: string) {
  const balanceCents = invoice.totalCents - invoice.paidCents;
  return {
    ...invoice,
    balanceCents,
    agingBucket: balanceCents > 0 ? agingBucketValue[agingBucketOn(invoice.dueDate, today)] : null,
  };
}

export async function listInvoices(
  deps: AccountingDeps,
  caller: Identity,
  filter: { organizationId?: string; openOnly?: boolean; page?: number; pageSize?: number },
) {
  if (caller.kind !== 'staff' && filter.organizationId && filter.organizationId !== caller.organizationId)
    throw notFound(`Organization ${filter.organizationId} was not found.`);
  const pageSize = filter.pageSize ?? 200;
  const page = Math.max(1, filter.page ?? 1);
  const { items, totalCount } = await listInvoiceRows(deps.runtime.db, {
    brokerId: caller.brokerId,
    payerOrganizationId: caller.kind === 'staff' ? filter.organizationId : caller.organizationId,
    openOnly: filter.openOnly ?? false,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  const today = todayOf(deps);
  return { items: items.map((i) => presentInvoice(i, today)), totalCount, page, pageSize };
}

export async function getInvoice(deps: AccountingDeps, caller: Identity, invoiceId: string) {
  const invoice = await findInvoice(deps.runtime.db, invoiceId);
  if (!invoice || !canSeeInvoice(caller, invoice)) throw notFound(`Invoice ${invoiceId} was not found.`);
  const payments = await paymentsOn(deps.runtime.db, invoiceId);
  return { ...presentInvoice(invoice, todayOf(deps)), payments };
}
