// The accounting summary's reads in one statement (one round trip, PostgreSQL builds the JSON): the
// shipment, its payer groups, charge lines, invoices with their lines, bills, commissions and the latest
// margin history, each shaped as the domain's types. The summary of a shipment with 200 charge lines is
// read far more often than it changes (infra/load/accounting-summary.ts).
import { sql } from '@loadline/platform';
import type {
  Bill,
  ChargeLine,
  ChargeLineGroup,
  Commission,
  Invoice,
  MarginChange,
  ShipmentFacts,
} from '../domain/model.ts';
import type { Db } from './views.ts';

export interface SummaryRows {
  shipment: ShipmentFacts | null;
  groups: ChargeLineGroup[];
  lines: ChargeLine[];
  invoices: Invoice[];
  bills: Bill[];
  commissions: Commission[];
  marginHistory: MarginChange[];
}

/** A timestamp as JavaScript writes it (`toISOString`), from PostgreSQL. */
const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const day = (column: string) => sql.raw(`to_char(${column}, 'YYYY-MM-DD')`);

export async function shipmentSummary(
  db: Db,
  shipmentId: number,
  historyLimit: number,
): Promise<SummaryRows> {
  const { rows } = await sql<{ summary: SummaryRows }>`
    select json_build_object(
      'shipment', (
        select json_build_object(
          'shipmentId', s.shipment_id, 'brokerId', s.broker_id, 'customerOrganizationId', s.customer_organization_id,
          'status', s.status, 'shipmentType', s.shipment_type, 'noAccountingInvoice', s.no_accounting_invoice,
          'pickupDate', ${day('s.pickup_date')}, 'deliveryDate', ${day('s.delivery_date')},
          'carrierMasterId', s.carrier_master_id, 'carrierMasterName', s.carrier_master_name, 'proNumber', s.pro_number)
        from shipment_view s where s.shipment_id = ${shipmentId}),
      'groups', coalesce((
        select json_agg(json_build_object(
          'groupId', g.group_id, 'shipmentId', g.shipment_id, 'brokerId', g.broker_id,
          'payerOrganizationId', g.payer_organization_id, 'payerName', o.name,
          'transitOrganizationType', g.transit_organization_type) order by g.created_at, g.group_id)
        from charge_line_group g left join organization_view o on o.organization_id = g.payer_organization_id
        where g.shipment_id = ${shipmentId}), '[]'),
      'lines', coalesce((
        select json_agg(json_build_object(
          'chargeLineId', l.charge_line_id, 'groupId', l.group_id, 'shipmentId', l.shipment_id, 'brokerId', l.broker_id,
          'payerOrganizationId', g.payer_organization_id, 'chargeLineType', l.charge_line_type,
          'description', l.description, 'buyCents', l.buy_cents, 'sellCents', l.sell_cents,
          'billingStatus', l.billing_status, 'invoiceStatus', l.invoice_status, 'invoiceId', l.invoice_id,
          'billId', l.bill_id, 'carrierMasterId', l.carrier_master_id, 'carrierMasterName', l.carrier_master_name,
          'vendorOrganizationId', l.vendor_organization_id, 'vendorName', l.vendor_name, 'version', l.version)
          order by l.sort, l.created_at, l.charge_line_id)
        from charge_line l join charge_line_group g on g.group_id = l.group_id
        where l.shipment_id = ${shipmentId}), '[]'),
      'invoices', coalesce((
        select json_agg(json_build_object(
          'invoiceId', i.invoice_id, 'invoiceNumber', i.invoice_number, 'brokerId', i.broker_id, 'kind', i.kind,
          'shipmentId', i.shipment_id, 'payerOrganizationId', i.payer_organization_id, 'payerName', o.name,
          'customerOrganizationId', i.customer_organization_id, 'invoiceDate', ${day('i.invoice_date')},
          'dueDate', ${day('i.due_date')}, 'invoiceDateType', i.invoice_date_type, 'proNumber', i.pro_number,
          'totalCents', i.total_cents, 'paidCents', i.paid_cents, 'status', i.status,
          'paymentStatus', i.payment_status, 'approveBillWithInvoice', i.approve_bill_with_invoice,
          'syncStatus', i.sync_status, 'syncDate', ${iso('i.sync_date')}, 'syncMessage', i.sync_message,
          'createdBy', i.created_by_name, 'createdDate', ${iso('i.created_at')}, 'version', i.version,
          'lines', coalesce((
            select json_agg(json_build_object(
              'chargeLineId', il.charge_line_id, 'chargeLineType', il.charge_line_type,
              'description', il.description, 'amountCents', il.amount_cents) order by il.line_no)
            from invoice_line il where il.invoice_id = i.invoice_id), '[]'))
          order by i.invoice_number)
        from invoice i left join organization_view o on o.organization_id = i.payer_organization_id
        where i.shipment_id = ${shipmentId}), '[]'),
      'bills', coalesce((
        select json_agg(json_build_object(
          'billId', b.bill_id, 'billNumber', b.bill_number, 'brokerId', b.broker_id, 'shipmentId', b.shipment_id,
          'vendorId', b.vendor_id, 'vendorName', b.vendor_name, 'billDate', ${day('b.bill_date')},
          'dueDate', ${day('b.due_date')}, 'totalCents', b.total_cents, 'paidCents', b.paid_cents,
          'paymentStatus', b.payment_status, 'syncStatus', b.sync_status, 'syncDate', ${iso('b.sync_date')},
          'syncMessage', b.sync_message, 'version', b.version) order by b.bill_number)
        from bill b where b.shipment_id = ${shipmentId}), '[]'),
      'commissions', coalesce((
        select json_agg(json_build_object(
          'commissionId', c.commission_id, 'shipmentId', c.shipment_id, 'brokerId', c.broker_id,
          'payeeName', c.payee_name, 'payeeUserId', c.payee_user_id, 'calculationType', c.calculation_type,
          'rate', c.rate, 'minCents', c.min_cents, 'maxCents', c.max_cents, 'amountCents', c.amount_cents,
          'status', c.status, 'approvedCents', c.approved_cents, 'statusChangedBy', c.status_changed_by,
          'statusChangedDate', ${iso('c.status_changed_at')}, 'version', c.version)
          order by c.created_at, c.commission_id)
        from commission c where c.shipment_id = ${shipmentId}), '[]'),
      'marginHistory', coalesce((
        select json_agg(json_build_object(
          'chargeLineId', m.charge_line_id, 'chargeLineType', m.charge_line_type, 'change', m.change,
          'field', m.field, 'oldCents', m.old_cents, 'newCents', m.new_cents, 'changedBy', m.changed_by_name,
          'changedDate', ${iso('m.changed_at')}) order by m.margin_history_id desc)
        from (select * from margin_history where shipment_id = ${shipmentId}
              order by margin_history_id desc limit ${historyLimit}) m), '[]')
    ) as summary`.execute(db);
  return rows[0]!.summary;
}
