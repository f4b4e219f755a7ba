// Answers of the accounting service as its OpenAPI document shapes them, for msw.
import type { CurrentUser } from '@loadline/ui';
import type {
  AccountingSummary,
  ChargeLine,
  Commission,
  CreditInfo,
  Invoice,
  PaymentGatewayInfo,
  ProgressSnapshot,
  SyncItem,
} from '../src/api/types.ts';

export const globexCredit = (over: Partial<CreditInfo> = {}): CreditInfo => ({
  organizationId: 'org_globex',
  name: 'Globex Foods',
  asOf: '2026-11-25T00:00:00.000Z',
  enablePastDueNotification: true,
  creditLimitExceeded: true,
  creditLimit: 10000,
  totalPastDue: 14215.5,
  creditLimitCents: 1_000_000,
  totalPastDueCents: 1_421_550,
  openInvoicesCents: 1_421_550,
  uninvoicedCents: 0,
  openBalanceCents: 1_421_550,
  aging: {
    current: 0,
    pastDue: 0,
    days15: 100_000,
    days25: 0,
    days30: 200_000,
    days45: 0,
    days60: 300_000,
    days90: 400_000,
    days120: 421_550,
  },
  paymentPreference: 2,
  onCreditHold: true,
  canPay: true,
  creditHoldReason: 'CreditHold',
  showOverCreditNotice: true,
  ...over,
});

export const gateway = (over: Partial<PaymentGatewayInfo> = {}): PaymentGatewayInfo => ({
  organizationId: 'org_globex',
  gateway: 'local',
  acceptsCreditCards: true,
  acceptsBankAccounts: true,
  canPay: true,
  feeBasisPoints: 300,
  creditCardGatewayProfileId: 'cpr_1',
  paymentProfiles: [],
  ...over,
});

export const invoice = (over: Partial<Invoice> = {}): Invoice => ({
  invoiceId: 'inv_1',
  invoiceNumber: 100001,
  brokerId: 'org_1',
  kind: 'Shipment',
  shipmentId: 10008,
  payerOrganizationId: 'org_globex',
  payerName: 'Globex Foods',
  customerOrganizationId: 'org_globex',
  invoiceDate: '2026-10-01',
  dueDate: '2026-10-31',
  invoiceDateType: 'Delivery',
  proNumber: null,
  totalCents: 123_450,
  paidCents: 0,
  balanceCents: 123_450,
  agingBucket: 25,
  status: 1,
  paymentStatus: 0,
  approveBillWithInvoice: false,
  syncStatus: 'None',
  syncDate: null,
  syncMessage: null,
  createdBy: 'Avery Admin',
  createdDate: '2026-10-01T12:00:00.000Z',
  version: 1,
  lines: [],
  ...over,
});

export const chargeLine = (over: Partial<ChargeLine> = {}): ChargeLine => ({
  chargeLineId: 'chl_1',
  groupId: 'grp_1',
  shipmentId: 10008,
  brokerId: 'org_1',
  payerOrganizationId: 'org_acme',
  chargeLineType: 'Linehaul',
  description: 'Linehaul',
  buyCents: 100_000,
  sellCents: 125_000,
  billingStatus: 'NotReady',
  invoiceStatus: 0,
  invoiceId: null,
  billId: null,
  carrierMasterId: null,
  carrierMasterName: null,
  vendorOrganizationId: null,
  vendorName: null,
  version: 1,
  locks: {
    sell: null,
    buy: null,
    chargeLineType: null,
    payer: null,
    billingStatus: null,
    vendor: null,
    delete: null,
  },
  ...over,
});

/** What the service says of an invoiced (and billed) line. */
export const invoicedLocks = {
  sell: 'This charge is invoiced: its sell cannot change. Add a charge line for the difference (it goes on the next invoice).',
  buy: null,
  chargeLineType: 'This charge is invoiced: its type cannot change.',
  payer: 'This charge is invoiced: it cannot move to another payer.',
  billingStatus: 'This charge is invoiced: its billing status is the invoice’s.',
  vendor: null,
  delete: 'This charge is invoiced: it cannot be deleted. Add a charge line to correct it.',
};

/** A commission as the service answers it, with what the caller may do to it. */
export const commission = (over: Partial<Commission> = {}): Commission => ({
  commissionId: 'com_1',
  shipmentId: 10008,
  brokerId: 'org_1',
  payeeName: 'Sam Sales',
  payeeUserId: null,
  calculationType: 1,
  rate: 1250,
  minCents: 2_500,
  maxCents: null,
  amountCents: 3_125,
  status: 0,
  approvedCents: null,
  statusChangedBy: null,
  statusChangedDate: null,
  version: 1,
  locks: { terms: null, delete: null, actions: [] },
  ...over,
});

export const summary = (
  lines: ChargeLine[] = [chargeLine()],
  over: Partial<AccountingSummary> = {},
): AccountingSummary => {
  const buy = lines.reduce((s, l) => s + l.buyCents, 0);
  const sell = lines.reduce((s, l) => s + l.sellCents, 0);
  return {
    shipmentId: 10008,
    customerOrganizationId: 'org_acme',
    status: 7,
    groups: [
      {
        groupId: 'grp_1',
        shipmentId: 10008,
        brokerId: 'org_1',
        payerOrganizationId: 'org_acme',
        payerName: 'Acme Manufacturing',
        transitOrganizationType: 0,
        chargeLines: lines,
        totals: { buyCents: buy, sellCents: sell, marginCents: sell - buy },
        payerLock: lines.some((l) => l.invoiceId !== null)
          ? 'Charges of this group are invoiced to its payer: the payer cannot change.'
          : null,
      },
    ],
    totals: { buyCents: buy, sellCents: sell, marginCents: sell - buy },
    carrierMasterId: 'car_oldline',
    carrierMasterName: 'Old Line Freight',
    concerns: [],
    invoices: [],
    bills: [],
    billingStatusChoices: ['NotReady', 'Ready', 'NoAccounting', 'PassThrough'],
    commissions: [],
    addCommissionLock: null,
    marginHistory: [],
    ...over,
  };
};

export const snapshot = (over: Partial<ProgressSnapshot> = {}): ProgressSnapshot => ({
  traceLogId: 'trc_1',
  trackerType: 'AccountingSync',
  progress: 0,
  isFinished: false,
  hasError: false,
  error: null,
  message: null,
  done: 0,
  total: 0,
  createdDate: '2026-11-25T00:00:00.000Z',
  updatedDate: '2026-11-25T00:00:00.000Z',
  ...over,
});

export const syncItem = (over: Partial<SyncItem> = {}): SyncItem => ({
  id: 'inv_1',
  kind: 'invoice',
  number: '100001',
  date: '2026-10-01',
  dueDate: '2026-10-31',
  organizationId: 'org_acme',
  organizationName: 'Acme Manufacturing',
  shipmentId: 10008,
  amountCents: 123_450,
  appliesTo: [],
  paymentType: null,
  syncStatus: 'None',
  syncDate: null,
  message: null,
  selected: true,
  ...over,
});

export const customerMe = (customerSettings = 0): CurrentUser => ({
  userId: 'usr_buyer',
  kind: 'customer',
  email: 'buyer@globex.test',
  displayName: 'Bea Buyer',
  firstName: 'Bea',
  lastName: 'Buyer',
  organizationId: 'org_globex',
  organizationName: 'Globex Foods',
  organizationType: 70,
  brokerId: 'org_1',
  permissions: 0,
  customerSettings,
});
