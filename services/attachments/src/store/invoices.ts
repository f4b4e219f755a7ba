// The attachments service's copy of the accounting service's invoices (invoice.changed): which invoices
// exist and whose they are, for the invoice notification (001 §7 POST /api/organization/invoiceNotification).
import type { InvoiceChangedV1 } from '@loadline/contracts/events';
import { type Kysely, saveIfNewer, sql } from '@loadline/platform';
import type { AttachmentsTables } from './tables.ts';

type Db = Kysely<AttachmentsTables>;

export async function saveInvoiceView(trx: Db, i: InvoiceChangedV1): Promise<boolean> {
  return saveIfNewer(trx, 'invoice_view', 'invoice_id', {
    invoice_id: i.invoiceId,
    broker_id: i.brokerId,
    invoice_number: i.invoiceNumber,
    payer_organization_id: i.payerOrganizationId,
    shipment_id: i.shipmentId,
    invoice_date: i.invoiceDate,
    due_date: i.dueDate,
    total_cents: i.totalCents,
    balance_cents: i.balanceCents,
    version: i.version,
  });
}

export interface InvoiceSummary {
  invoiceId: string;
  invoiceNumber: number;
  shipmentId: number | null;
  dueDate: string;
  totalCents: number;
  balanceCents: number;
  /** the id as the caller sent it (an invoice id or an invoice number) */
  given: string;
}

/**
 * The broker's invoices of one payer among `ids` (each an invoice id or an invoice number), in the order
 * given; an id that is not such an invoice (unknown, another payer's, another broker's) is left out.
 */
export async function invoicesOfPayer(
  db: Db,
  brokerId: string,
  payerOrganizationId: string,
  ids: readonly (string | number)[],
): Promise<InvoiceSummary[]> {
  const given = ids.map(String);
  if (given.length === 0) return [];
  const { rows } = await sql<{
    given: string;
    invoice_id: string;
    invoice_number: number;
    shipment_id: number | null;
    due_date: string;
    total_cents: number;
    balance_cents: number;
  }>`
    select x.given, v.invoice_id, v.invoice_number, v.shipment_id, to_char(v.due_date, 'YYYY-MM-DD') as due_date,
      v.total_cents, v.balance_cents
    from unnest(${given}::text[]) with ordinality as x(given, ord)
    join invoice_view v on (v.invoice_id = x.given or v.invoice_number::text = x.given)
    where v.broker_id = ${brokerId} and v.payer_organization_id = ${payerOrganizationId}
    order by x.ord`.execute(db);
  return rows.map((r) => ({
    invoiceId: r.invoice_id,
    invoiceNumber: Number(r.invoice_number),
    shipmentId: r.shipment_id === null ? null : Number(r.shipment_id),
    dueDate: r.due_date,
    totalCents: Number(r.total_cents),
    balanceCents: Number(r.balance_cents),
    given: r.given,
  }));
}
