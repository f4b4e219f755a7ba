// The accounting model: what the service holds of a shipment, its charge lines grouped per payer, invoices,
// bills, payments and commissions. Every amount is integer cents (`...Cents`); codes of the lists the spec
// gives without numbers (charge line type, accounting status, sync status) are kept as their codes.
import type { ChargeLineAccountingStatus, ChargeLineType, EnumCode } from '@loadline/contracts/catalogue';

export type ChargeLineTypeCode = EnumCode<typeof ChargeLineType>;
export type BillingStatusCode = EnumCode<typeof ChargeLineAccountingStatus>;
export type SyncStatusCode = 'None' | 'Complete' | 'Failed' | 'AlreadySynced' | 'Updated';

/** Invoice status, 002 §3.6. */
export type InvoiceStatusValue = 1 | 2 | 3;
/** Payment status, 002 §3.6 (Open 4 and All 5 are filters, never an invoice's state). */
export type PaymentStatusValue = 0 | 1 | 2 | 3;

/** What accounting keeps of a shipment (the shipments service's shipment.updated). */
export interface ShipmentFacts {
  shipmentId: number;
  brokerId: string;
  customerOrganizationId: string;
  status: number;
  shipmentType: number;
  noAccountingInvoice: boolean;
  /** YYYY-MM-DD: the first pick's actual arrival, else its scheduled ready date */
  pickupDate: string | null;
  /** YYYY-MM-DD: the last drop's actual arrival, else its appointment or scheduled date */
  deliveryDate: string | null;
  carrierMasterId: string | null;
  carrierMasterName: string | null;
  proNumber: string | null;
  /** the accessorials chosen on the order (002 §3.5 ids): each becomes a charge line once (decision 0098) */
  accessorialIds?: readonly number[];
}

export interface ChargeLineGroup {
  groupId: string;
  shipmentId: number;
  brokerId: string;
  payerOrganizationId: string;
  payerName: string | null;
  /** transit organization type, 002 §3.6: EndCustomer 0, PassThrough 1, Accounting 2, Factor 3 */
  transitOrganizationType: number;
}

export interface ChargeLine {
  chargeLineId: string;
  groupId: string;
  shipmentId: number;
  brokerId: string;
  payerOrganizationId: string;
  chargeLineType: ChargeLineTypeCode;
  description: string;
  buyCents: number;
  sellCents: number;
  billingStatus: BillingStatusCode;
  invoiceStatus: InvoiceStatusValue;
  invoiceId: string | null;
  billId: string | null;
  carrierMasterId: string | null;
  carrierMasterName: string | null;
  vendorOrganizationId: string | null;
  vendorName: string | null;
  version: number;
}

export interface MarginChange {
  chargeLineId: string;
  chargeLineType: string;
  change: 'added' | 'changed' | 'deleted';
  field: 'buy' | 'sell';
  oldCents: number | null;
  newCents: number | null;
  changedBy: string;
  changedDate: string;
}

export interface InvoiceLine {
  chargeLineId: string | null;
  chargeLineType: string;
  description: string;
  amountCents: number;
}

export interface Invoice {
  invoiceId: string;
  invoiceNumber: number;
  brokerId: string;
  kind: 'Shipment' | 'OpeningBalance';
  shipmentId: number | null;
  payerOrganizationId: string;
  payerName: string | null;
  customerOrganizationId: string | null;
  invoiceDate: string;
  dueDate: string;
  invoiceDateType: 'Today' | 'Pickup' | 'Delivery';
  proNumber: string | null;
  totalCents: number;
  paidCents: number;
  status: InvoiceStatusValue;
  paymentStatus: PaymentStatusValue;
  approveBillWithInvoice: boolean;
  syncStatus: SyncStatusCode;
  syncDate: string | null;
  syncMessage: string | null;
  createdBy: string | null;
  createdDate: string;
  version: number;
  lines: InvoiceLine[];
}

export interface Bill {
  billId: string;
  billNumber: number;
  brokerId: string;
  shipmentId: number;
  vendorId: string | null;
  vendorName: string;
  billDate: string;
  dueDate: string;
  totalCents: number;
  paidCents: number;
  paymentStatus: PaymentStatusValue;
  syncStatus: SyncStatusCode;
  syncDate: string | null;
  syncMessage: string | null;
  version: number;
}

export interface Commission {
  commissionId: string;
  shipmentId: number;
  brokerId: string;
  payeeName: string;
  payeeUserId: string | null;
  /** 002 §3.6 commission calculation type */
  calculationType: number;
  /** basis points for the percentage types; cents for Flat and TransactionFee */
  rate: number;
  minCents: number | null;
  maxCents: number | null;
  amountCents: number;
  /** 002 §3.6 commission status */
  status: number;
  /** the amount when it was approved (a later change of it is a variance); null unless approved */
  approvedCents: number | null;
  /** who last changed the status, and when (ISO) */
  statusChangedBy: string | null;
  statusChangedDate: string | null;
  version: number;
}

/** A customer's accounting settings (ours: the spec shows no screen for them). */
export interface CustomerAccount {
  organizationId: string;
  brokerId: string;
  /** 002 §3.6 invoicing automation method */
  invoicingAutomationMethod: number;
  /** 002 §3.6 preferred invoicing method */
  preferredInvoicingMethod: number;
  paymentTermsDays: number;
  creditCardFeeBasisPoints: number;
  enablePastDueNotification: boolean;
  version: number;
}

/** What accounting keeps of an organization (the directory's organization.changed). */
export interface OrganizationFacts {
  organizationId: string;
  brokerId: string | null;
  name: string;
  organizationType: number;
  paymentPreference: number | null;
  creditLimitCents: number | null;
  customerSettings: number;
  brokerSettings: number;
  active: boolean;
}

export const isoDate = (date: Date): string => date.toISOString().slice(0, 10);

/** Calendar days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function addDays(date: string, days: number): string {
  return isoDate(new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000));
}
