// Invoicing (001 §3 invoice request, §7 CreateInvoice; 002 §3.6 invoice status, invoice date type, payment
// status, invoicing automation method). Pure; amounts are integer cents. Decision 0050.
//   - One invoice per payer of the shipment, its lines the sell side of that payer's charge lines not
//     invoiced yet (a zero sell is left out). A payer whose lines sum to 0 or less gets none.
//   - Refused (409, nothing written): a canceled shipment, a quote, one marked "no accounting invoice",
//     one with nothing left to bill.
//   - The invoice date is today (the default, 001 §9), the pickup or the delivery date (the modal's own date
//     when it sends one, else the shipment's); without that date, 400 on `invoiceDateType`.
//   - Due date: the invoice date plus the payer's payment terms.
import {
  InvoiceStatus,
  InvoicingAutomationMethod,
  PaymentStatus,
  ShipmentStatus,
  sumCents,
} from '@loadline/contracts/catalogue';
import { type FieldProblem, problem } from '@loadline/platform/problems';
import {
  addDays,
  type ChargeLine,
  type ChargeLineGroup,
  type InvoiceLine,
  type PaymentStatusValue,
  type ShipmentFacts,
} from './model.ts';

const S = ShipmentStatus.values;

export type InvoiceDateTypeCode = 'Today' | 'Pickup' | 'Delivery';

export interface InvoiceRequest {
  invoiceDateType: InvoiceDateTypeCode;
  pickupDate?: string | null;
  deliveryDate?: string | null;
  proNumber?: string | null;
  approveBillWithInvoice: boolean;
}

export interface InvoiceDraft {
  payerOrganizationId: string;
  invoiceDate: string;
  dueDate: string;
  invoiceDateType: InvoiceDateTypeCode;
  proNumber: string | null;
  lines: (InvoiceLine & { chargeLineId: string })[];
  totalCents: number;
}

export interface BillDraft {
  vendorId: string | null;
  vendorName: string;
  chargeLineIds: string[];
  totalCents: number;
}

export type InvoiceDecision =
  | { ok: true; invoices: InvoiceDraft[]; bills: BillDraft[] }
  | { ok: false; status: 400 | 409; problems: FieldProblem[] };

const refuse = (status: 400 | 409, field: string, message: string): InvoiceDecision => ({
  ok: false,
  status,
  problems: [problem(field, message)],
});

/** Why this shipment cannot be invoiced at all, or null. */
export function invoiceRefusal(shipment: ShipmentFacts): string | null {
  const id = shipment.shipmentId;
  if (shipment.status === S.Canceled) return `Shipment ${id} is canceled: there is nothing to invoice.`;
  if (shipment.status === S.Quote) return `Shipment ${id} is a quote: book it before invoicing.`;
  if (shipment.noAccountingInvoice)
    return `Shipment ${id} is marked not to be invoiced (no accounting invoice).`;
  return null;
}

export function decideInvoices(
  shipment: ShipmentFacts,
  groups: readonly ChargeLineGroup[],
  lines: readonly ChargeLine[],
  request: InvoiceRequest,
  today: string,
  termsDaysOf: (payerOrganizationId: string) => number,
): InvoiceDecision {
  const refusal = invoiceRefusal(shipment);
  if (refusal) return refuse(409, 'shipmentId', refusal);

  let invoiceDate: string | null;
  if (request.invoiceDateType === 'Today') invoiceDate = today;
  else if (request.invoiceDateType === 'Pickup') invoiceDate = request.pickupDate ?? shipment.pickupDate;
  else invoiceDate = request.deliveryDate ?? shipment.deliveryDate;
  if (!invoiceDate)
    return refuse(
      400,
      'invoiceDateType',
      `Shipment ${shipment.shipmentId} has no ${request.invoiceDateType.toLowerCase()} date yet: choose another invoice date.`,
    );

  const proNumber = request.proNumber?.trim() ? request.proNumber.trim() : shipment.proNumber;
  const invoices: InvoiceDraft[] = [];
  for (const group of groups) {
    const billable = lines.filter(
      (l) => l.groupId === group.groupId && l.invoiceId === null && l.sellCents !== 0,
    );
    const totalCents = sumCents(billable.map((l) => l.sellCents));
    if (billable.length === 0 || totalCents <= 0) continue;
    invoices.push({
      payerOrganizationId: group.payerOrganizationId,
      invoiceDate,
      dueDate: addDays(invoiceDate, termsDaysOf(group.payerOrganizationId)),
      invoiceDateType: request.invoiceDateType,
      proNumber,
      lines: billable.map((l) => ({
        chargeLineId: l.chargeLineId,
        chargeLineType: l.chargeLineType,
        description: l.description || l.chargeLineType,
        amountCents: l.sellCents,
      })),
      totalCents,
    });
  }
  if (invoices.length === 0)
    return refuse(
      409,
      'shipmentId',
      `Shipment ${shipment.shipmentId} has nothing to bill: no sell charge waits to be invoiced.`,
    );
  return {
    ok: true,
    invoices,
    bills: request.approveBillWithInvoice ? billsToApprove(shipment, lines) : [],
  };
}

/**
 * "Approve bill with invoice" (001 §3): the carrier bills of the buy side not billed yet, one per vendor
 * (the line's vendor, else its carrier, else the shipment's carrier), each with a positive total.
 */
export function billsToApprove(shipment: ShipmentFacts, lines: readonly ChargeLine[]): BillDraft[] {
  const byVendor = new Map<string, BillDraft>();
  for (const line of lines) {
    if (line.billId !== null || line.buyCents === 0) continue;
    const vendorId = line.vendorOrganizationId ?? line.carrierMasterId ?? shipment.carrierMasterId;
    const vendorName =
      line.vendorName ?? line.carrierMasterName ?? shipment.carrierMasterName ?? 'Unknown vendor';
    const key = vendorId ?? `name:${vendorName}`;
    const draft = byVendor.get(key) ?? { vendorId, vendorName, chargeLineIds: [], totalCents: 0 };
    draft.chargeLineIds.push(line.chargeLineId);
    draft.totalCents = sumCents([draft.totalCents, line.buyCents]);
    byVendor.set(key, draft);
  }
  return [...byVendor.values()].filter((b) => b.totalCents > 0);
}

/** 002 §3.6 payment status of an invoice or bill from what is paid of its total. */
export function paymentStatusOf(totalCents: number, paidCents: number): PaymentStatusValue {
  const P = PaymentStatus.values;
  if (paidCents <= 0) return P.Unpaid;
  if (paidCents < totalCents) return P.PartialPaid;
  if (paidCents === totalCents) return P.FullyPaid;
  return P.OverPaid;
}

/** 002 §3.6 invoice status: paid once nothing is left to pay. */
export const invoiceStatusOf = (totalCents: number, paidCents: number): 1 | 2 =>
  paidCents >= totalCents ? InvoiceStatus.values.InvoicePaid : InvoiceStatus.values.ShipmentInvoiced;

/**
 * Applies a payment to open invoices (or bills) in the order given: each gets up to its balance; whatever
 * is left lands on the last one (it is then over paid) when `allowOverpayment`, else the payment is
 * refused for being larger than what is owed.
 */
export function applyPayment(
  amountCents: number,
  targets: readonly { id: string; totalCents: number; paidCents: number }[],
  allowOverpayment: boolean,
): { ok: true; applications: { id: string; appliedCents: number }[] } | { ok: false; owedCents: number } {
  const owedCents = sumCents(targets.map((t) => Math.max(0, t.totalCents - t.paidCents)));
  if (amountCents > owedCents && !allowOverpayment) return { ok: false, owedCents };
  let left = amountCents;
  const applications = targets.map((t) => {
    const applied = Math.min(left, Math.max(0, t.totalCents - t.paidCents));
    left -= applied;
    return { id: t.id, appliedCents: applied };
  });
  if (left > 0 && applications.length > 0) applications.at(-1)!.appliedCents += left;
  return { ok: true, applications: applications.filter((a) => a.appliedCents > 0) };
}

const M = InvoicingAutomationMethod.values;

/**
 * Whether an invoicing automation method (002 §3.6) invoices the shipment now (ours, decision 0050):
 * AutoInvoiceCommitted when it is booked (Committed), AutoInvoiceDelivery when it is delivered,
 * AutoInvoiceBilling once it is delivered and every sell charge is Ready for billing. ManuallyInvoice never.
 */
export function automationInvoicesNow(
  method: number,
  shipment: Pick<ShipmentFacts, 'status'>,
  lines: readonly Pick<ChargeLine, 'sellCents' | 'billingStatus' | 'invoiceId'>[],
): boolean {
  if (!automationMayInvoice(method, shipment.status)) return false;
  const waiting = lines.filter((l) => l.invoiceId === null && l.sellCents !== 0);
  if (waiting.length === 0) return false;
  return method !== M.AutoInvoiceBilling || waiting.every((l) => l.billingStatus === 'Ready');
}

/**
 * The status half of automationInvoicesNow: false when no charge line could make the method invoice a
 * shipment at this status (so the lines need not be read).
 */
export function automationMayInvoice(method: number, status: number): boolean {
  if (status === S.Canceled || status === S.Quote) return false;
  switch (method) {
    case M.AutoInvoiceCommitted:
      return status >= S.Committed;
    case M.AutoInvoiceDelivery:
    case M.AutoInvoiceBilling:
      return status >= S.Delivered;
    default:
      return false;
  }
}

/** The invoice date an automation method uses. */
export const automationDateType = (method: number): InvoiceDateTypeCode =>
  method === M.AutoInvoiceDelivery ? 'Delivery' : 'Today';
