// Request and response schemas of the accounting routes (TypeBox). contracts/openapi/accounting.json is
// generated from these. Every amount is integer cents and named `...Cents`.
import {
  AccountType,
  ChargeLineAccountingStatus,
  ChargeLineType,
  CommissionCalculationType,
  CommissionStatus,
  InvoicingAutomationMethod,
  MAX_AMOUNT_CENTS,
  PreferredInvoicingMethod,
  TransitOrganizationType,
} from '@loadline/contracts/catalogue';
import { CalendarDate } from '@loadline/platform';
import Type from 'typebox';

/** An amount in whole cents (a single amount within ±$99,999,999.99). */
export const Cents = Type.Integer({
  minimum: -MAX_AMOUNT_CENTS,
  maximum: MAX_AMOUNT_CENTS,
  description: 'whole cents',
});
const PositiveCents = Type.Integer({
  minimum: 1,
  maximum: MAX_AMOUNT_CENTS,
  description: 'whole cents, more than 0',
});
/** A sum of amounts in whole cents (totals may exceed one amount's limit). */
const SumCents = Type.Integer({ description: 'whole cents' });
const NullableSumCents = Type.Union([SumCents, Type.Null()]);
const Id = Type.String({ minLength: 1, maxLength: 64 });
const Text = (maxLength: number) => Type.String({ maxLength });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const oneOf = (values: readonly number[], description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  );
const codeOf = (codes: readonly string[], description: string) => Type.Enum([...codes], { description });

export const ShipmentIdParam = Type.Object({ shipmentId: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export const OrganizationIdParam = Type.Object({ organizationId: Id });

const ChargeLineTypeCode = codeOf(ChargeLineType.codes, 'charge line type, 002 §3.5');
const BillingStatusCode = codeOf(ChargeLineAccountingStatus.codes, 'charge line accounting status, 002 §3.5');
const TransitOrganizationTypeValue = oneOf(
  TransitOrganizationType.valueList,
  'EndCustomer 0, PassThrough 1, Accounting 2, Factor 3 (002 §3.6)',
);
const SyncStatus = Type.Enum(['None', 'Complete', 'Failed', 'AlreadySynced', 'Updated'], {
  description: 'external sync status, 001 §3 / 002 §3.6',
});

const lockReason = (what: string) =>
  Nullable(Type.String({ description: `null when ${what} may change; else why not (decision 0050)` }));

/** What of a line may still change, decided by the service (an invoiced sell, a billed buy…). */
const ChargeLineLocks = Type.Object(
  {
    sell: lockReason('the sell'),
    buy: lockReason('the buy'),
    chargeLineType: lockReason('the type'),
    payer: lockReason('the line’s payer group'),
    billingStatus: lockReason('the billing status'),
    vendor: lockReason('the carrier and the vendor'),
    delete: Nullable(
      Type.String({ description: 'null when the line may be deleted; else why not (decision 0050)' }),
    ),
  },
  { description: 'what of the line may still change, as the service decides it' },
);

export const ChargeLine = Type.Object(
  {
    chargeLineId: Type.String(),
    groupId: Type.String(),
    shipmentId: Type.Integer(),
    brokerId: Type.String(),
    payerOrganizationId: Type.String(),
    chargeLineType: Type.String({ description: 'charge line type code, 002 §3.5' }),
    description: Type.String(),
    buyCents: SumCents,
    sellCents: SumCents,
    billingStatus: Type.String({ description: 'charge line accounting status code, 002 §3.5' }),
    invoiceStatus: Type.Integer({
      description: 'ShipmentInvoiced 1, InvoicePaid 2, NotInvoiced 3 (002 §3.6)',
    }),
    invoiceId: Nullable(Type.String()),
    billId: Nullable(Type.String()),
    carrierMasterId: Nullable(Type.String()),
    carrierMasterName: Nullable(Type.String()),
    vendorOrganizationId: Nullable(Type.String()),
    vendorName: Nullable(Type.String()),
    version: Type.Integer(),
    locks: ChargeLineLocks,
  },
  { $id: 'ChargeLine' },
);

const lineFields = {
  chargeLineType: ChargeLineTypeCode,
  description: Type.Optional(Text(200)),
  buyCents: Cents,
  sellCents: Cents,
  billingStatus: Type.Optional(BillingStatusCode),
  carrierMasterId: Type.Optional(
    Nullable(Type.String({ maxLength: 64, description: 'the shipment’s carrier, or null (decision 0057)' })),
  ),
  carrierMasterName: Type.Optional(
    Nullable(Type.String({ maxLength: 200, description: 'read-only: named from the shipment' })),
  ),
  vendorOrganizationId: Type.Optional(
    Nullable(Type.String({ maxLength: 64, description: 'an organization of the broker, or null' })),
  ),
  vendorName: Type.Optional(
    Nullable(Type.String({ maxLength: 200, description: 'read-only: named from the organization' })),
  ),
};

export const ChargeLineCreate = Type.Object(
  {
    shipmentId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    groupId: Type.Optional(Id),
    payerOrganizationId: Type.Optional(Id),
    ...lineFields,
  },
  { additionalProperties: false },
);

/** The inline editor's whole model (001 §7): the saved line's fields; read-only ones are accepted and ignored. */
export const ChargeLineUpdate = Type.Object(
  {
    chargeLineId: Id,
    groupId: Type.Optional(Id),
    version: Type.Optional(Type.Integer({ minimum: 1 })),
    ...lineFields,
    shipmentId: Type.Optional(Type.Integer()),
    brokerId: Type.Optional(Type.String({ maxLength: 64 })),
    payerOrganizationId: Type.Optional(Type.String({ maxLength: 64 })),
    invoiceStatus: Type.Optional(Type.Integer()),
    invoiceId: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
    billId: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
    locks: Type.Optional(Type.Unknown({ description: 'read-only: the service decides it' })),
  },
  { additionalProperties: false },
);

const Totals = Type.Object({ buyCents: SumCents, sellCents: SumCents, marginCents: SumCents });

export const ChargeLineGroup = Type.Object(
  {
    groupId: Type.String(),
    shipmentId: Type.Integer(),
    brokerId: Type.String(),
    payerOrganizationId: Type.String(),
    payerName: Nullable(Type.String()),
    transitOrganizationType: Type.Integer({ description: '002 §3.6 transit organization type' }),
  },
  { $id: 'ChargeLineGroup' },
);

export const GroupCreate = Type.Object(
  {
    shipmentId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    payerOrganizationId: Id,
    transitOrganizationType: Type.Optional(TransitOrganizationTypeValue),
  },
  { additionalProperties: false },
);

export const GroupUpdate = Type.Object(
  {
    groupId: Id,
    payerOrganizationId: Id,
    transitOrganizationType: Type.Optional(TransitOrganizationTypeValue),
    shipmentId: Type.Optional(Type.Integer()),
    payerName: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  },
  { additionalProperties: false },
);

const InvoiceLine = Type.Object({
  chargeLineId: Nullable(Type.String()),
  chargeLineType: Type.String(),
  description: Type.String(),
  amountCents: SumCents,
});

export const Invoice = Type.Object(
  {
    invoiceId: Type.String(),
    invoiceNumber: Type.Integer(),
    brokerId: Type.String(),
    kind: Type.Enum(['Shipment', 'OpeningBalance']),
    shipmentId: Nullable(Type.Integer()),
    payerOrganizationId: Type.String(),
    payerName: Nullable(Type.String()),
    customerOrganizationId: Nullable(Type.String()),
    invoiceDate: Type.String(),
    dueDate: Type.String(),
    invoiceDateType: Type.String({ description: 'Today, Pickup or Delivery (002 §3.6)' }),
    proNumber: Nullable(Type.String()),
    totalCents: SumCents,
    paidCents: SumCents,
    balanceCents: Type.Optional(SumCents),
    agingBucket: Type.Optional(
      Nullable(
        Type.Integer({
          description: 'aging bucket, 002 §3.6: Current -1, Past Due 1, 15 … 120; null when paid',
        }),
      ),
    ),
    status: Type.Integer({ description: 'ShipmentInvoiced 1, InvoicePaid 2 (002 §3.6)' }),
    paymentStatus: Type.Integer({
      description: 'Unpaid 0, PartialPaid 1, OverPaid 2, FullyPaid 3 (002 §3.6)',
    }),
    approveBillWithInvoice: Type.Boolean(),
    syncStatus: SyncStatus,
    syncDate: Nullable(Type.String()),
    syncMessage: Nullable(Type.String()),
    createdBy: Nullable(Type.String()),
    createdDate: Type.String(),
    version: Type.Integer(),
    lines: Type.Array(InvoiceLine),
  },
  { $id: 'Invoice' },
);

export const Bill = Type.Object(
  {
    billId: Type.String(),
    billNumber: Type.Integer(),
    brokerId: Type.String(),
    shipmentId: Type.Integer(),
    vendorId: Nullable(Type.String()),
    vendorName: Type.String(),
    billDate: Type.String(),
    dueDate: Type.String(),
    totalCents: SumCents,
    paidCents: SumCents,
    paymentStatus: Type.Integer({ description: '002 §3.6 payment status' }),
    syncStatus: SyncStatus,
    syncDate: Nullable(Type.String()),
    syncMessage: Nullable(Type.String()),
    version: Type.Integer(),
  },
  { $id: 'Bill' },
);

/** What the caller may do to a commission, decided by the service (decision 0057). */
const CommissionLocks = Type.Object(
  {
    terms: lockReason('the payee, calculation type, rate, min and max'),
    delete: Nullable(
      Type.String({ description: 'null when the caller may delete it; else why not (decision 0057)' }),
    ),
    actions: Type.Array(
      Type.Object({
        action: Type.Enum(['Approve', 'Decline', 'Reopen']),
        status: Type.Integer({ description: 'the 002 §3.6 commission status it leads to' }),
      }),
      { description: 'the status changes the caller may make now (decision 0057)' },
    ),
  },
  { description: 'what of the commission the caller may change, as the service decides it' },
);

export const Commission = Type.Object(
  {
    commissionId: Type.String(),
    shipmentId: Type.Integer(),
    brokerId: Type.String(),
    payeeName: Type.String(),
    payeeUserId: Nullable(Type.String()),
    calculationType: Type.Integer({ description: '002 §3.6 commission calculation type' }),
    rate: Type.Integer({
      description: 'basis points for the percentage types; cents for Flat 0 and TransactionFee 10',
    }),
    minCents: NullableSumCents,
    maxCents: NullableSumCents,
    amountCents: SumCents,
    status: Type.Integer({ description: 'NotApproved 0, HasVariance 2, Declined 3, Approved 5 (002 §3.6)' }),
    approvedCents: Type.Union([SumCents, Type.Null()], {
      description: 'the amount when approved (a change since is a variance); null unless approved',
    }),
    statusChangedBy: Nullable(Type.String()),
    statusChangedDate: Nullable(Type.String()),
    version: Type.Integer(),
    locks: CommissionLocks,
  },
  { $id: 'Commission' },
);

const commissionFields = {
  payeeName: Type.String({ minLength: 1, maxLength: 200 }),
  payeeUserId: Type.Optional(Nullable(Text(64))),
  calculationType: oneOf(CommissionCalculationType.valueList, '002 §3.6 commission calculation type'),
  rate: Type.Integer({ minimum: 0, maximum: MAX_AMOUNT_CENTS }),
  minCents: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: MAX_AMOUNT_CENTS }))),
  maxCents: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: MAX_AMOUNT_CENTS }))),
  status: Type.Optional(oneOf(CommissionStatus.valueList, '002 §3.6 commission status')),
};

export const CommissionCreate = Type.Object(
  { shipmentId: Type.Integer({ minimum: 1, maximum: 2147483647 }), ...commissionFields },
  { additionalProperties: false },
);
export const CommissionUpdate = Type.Object(
  {
    commissionId: Id,
    version: Type.Optional(Type.Integer({ minimum: 1 })),
    ...commissionFields,
    shipmentId: Type.Optional(Type.Integer()),
    brokerId: Type.Optional(Type.String({ maxLength: 64 })),
    amountCents: Type.Optional(Type.Integer()),
    approvedCents: Type.Optional(Nullable(Type.Integer())),
    statusChangedBy: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    statusChangedDate: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
    locks: Type.Optional(Type.Unknown({ description: 'read-only: the service decides it' })),
  },
  { additionalProperties: false },
);

const MarginChange = Type.Object({
  chargeLineId: Type.String(),
  chargeLineType: Type.String(),
  change: Type.Enum(['added', 'changed', 'deleted']),
  field: Type.Enum(['buy', 'sell']),
  oldCents: NullableSumCents,
  newCents: NullableSumCents,
  changedBy: Type.String(),
  changedDate: Type.String(),
});
export const MarginHistory = Type.Array(MarginChange);

export const AccountingSummary = Type.Object({
  shipmentId: Type.Integer(),
  customerOrganizationId: Type.String(),
  status: Type.Integer({ description: 'shipment status, 002 §3.1' }),
  carrierMasterId: Nullable(
    Type.String({ description: 'the shipment’s carrier, the one a charge may name' }),
  ),
  carrierMasterName: Nullable(Type.String()),
  groups: Type.Array(
    Type.Object({
      groupId: Type.String(),
      shipmentId: Type.Integer(),
      brokerId: Type.String(),
      payerOrganizationId: Type.String(),
      payerName: Nullable(Type.String()),
      transitOrganizationType: Type.Integer(),
      chargeLines: Type.Array(Type.Ref('ChargeLine')),
      totals: Totals,
      payerLock: Nullable(
        Type.String({
          description: 'null when the group’s payer may change; else why not (its charges are invoiced)',
        }),
      ),
    }),
  ),
  totals: Totals,
  concerns: Type.Array(
    Type.Enum(['MissingAR', 'MissingAP', 'NegativeMargin', 'MissingARRev', 'MissingAPRev']),
    {
      description: 'accounting concerns, 002 §3.6 (decision 0050)',
    },
  ),
  invoices: Type.Array(Type.Ref('Invoice')),
  bills: Type.Array(Type.Ref('Bill')),
  commissions: Type.Array(Type.Ref('Commission')),
  billingStatusChoices: Type.Array(BillingStatusCode, {
    description:
      'the billing statuses a person may choose in the editor (Has Variance and Created are the service’s)',
  }),
  addCommissionLock: Nullable(
    Type.String({ description: 'null when the caller may add commissions; else why not (decision 0057)' }),
  ),
  marginHistory: MarginHistory,
});

const Aging = Type.Object({
  current: SumCents,
  pastDue: SumCents,
  days15: SumCents,
  days25: SumCents,
  days30: SumCents,
  days45: SumCents,
  days60: SumCents,
  days90: SumCents,
  days120: SumCents,
});

export const CreditInfo = Type.Object({
  organizationId: Type.String(),
  name: Type.String(),
  asOf: Type.String(),
  enablePastDueNotification: Type.Boolean(),
  creditLimitExceeded: Type.Boolean(),
  creditLimit: NullableSumCents,
  totalPastDue: SumCents,
  creditLimitCents: NullableSumCents,
  totalPastDueCents: SumCents,
  openInvoicesCents: SumCents,
  uninvoicedCents: SumCents,
  openBalanceCents: SumCents,
  aging: Aging,
  paymentPreference: Nullable(Type.Integer()),
  onCreditHold: Type.Boolean(),
  creditHoldReason: Nullable(Type.String()),
  showOverCreditNotice: Type.Boolean({
    description:
      '000 §5, 001 §6: notification enabled and (limit exceeded, or past due above 0), and the caller is one the notice is for (a customer user; staff with user-allowed-org-access or IT support admin)',
  }),
  canPay: Type.Boolean({
    description:
      "001 §6: the caller is a customer user who may pay its organization's invoices online (002 §6.3)",
  }),
});

export const CustomerAccount = Type.Object({
  organizationId: Type.String(),
  brokerId: Type.String(),
  invoicingAutomationMethod: Type.Integer({ description: '002 §3.6 invoicing automation method' }),
  preferredInvoicingMethod: Type.Integer({ description: '002 §3.6 preferred invoicing method' }),
  paymentTermsDays: Type.Integer(),
  creditCardFeeBasisPoints: Type.Integer(),
  enablePastDueNotification: Type.Boolean(),
  version: Type.Integer(),
});

export const CustomerAccountUpdate = Type.Object(
  {
    invoicingAutomationMethod: Type.Optional(oneOf(InvoicingAutomationMethod.valueList, '002 §3.6')),
    preferredInvoicingMethod: Type.Optional(oneOf(PreferredInvoicingMethod.valueList, '002 §3.6')),
    paymentTermsDays: Type.Optional(Type.Integer({ minimum: 0, maximum: 365 })),
    creditCardFeeBasisPoints: Type.Optional(Type.Integer({ minimum: 0, maximum: 10000 })),
    enablePastDueNotification: Type.Optional(Type.Boolean()),
    version: Type.Optional(Type.Integer({ minimum: 0 })),
    organizationId: Type.Optional(Type.String({ maxLength: 64 })),
    brokerId: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);

export const InvoiceList = Type.Object({
  items: Type.Array(Type.Ref('Invoice')),
  totalCount: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});

export const InvoiceDetail = Type.Object({
  ...Invoice.properties,
  payments: Type.Array(
    Type.Object({
      paymentId: Type.String(),
      paymentType: Type.String(),
      appliedCents: SumCents,
      paymentDate: Type.String(),
      reference: Nullable(Type.String()),
      last4: Nullable(Type.String()),
    }),
  ),
});

/** 001 §3 invoice request. */
export const CreateInvoice = Type.Object(
  {
    shipmentId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    invoiceDateType: Type.Optional(
      Type.Enum(['Today', 'Pickup', 'Delivery'], { description: 'Today by default (001 §9)' }),
    ),
    pickupDate: Type.Optional(Nullable(CalendarDate)),
    deliveryDate: Type.Optional(Nullable(CalendarDate)),
    approveBillWithInvoice: Type.Optional(Type.Boolean()),
    proNumber: Type.Optional(Nullable(Text(60))),
  },
  { additionalProperties: false },
);

export const CreateInvoiceAnswer = Type.Object({
  shipmentId: Type.Integer(),
  invoices: Type.Array(Type.Ref('Invoice')),
  bills: Type.Array(Type.Ref('Bill')),
});

// ---------------------------------------------------------------------------------------------------------
// Payments (001 §3 payment).

const BillToAddress = Type.Object(
  {
    firstName: Type.Optional(Nullable(Text(100))),
    lastName: Type.Optional(Nullable(Text(100))),
    company: Type.Optional(Nullable(Text(200))),
    address: Type.Optional(Nullable(Text(200))),
    city: Type.Optional(Nullable(Text(100))),
    state: Type.Optional(Nullable(Text(50))),
    zip: Type.Optional(Nullable(Text(20))),
    country: Type.Optional(Nullable(Text(60))),
    phone: Type.Optional(Nullable(Text(40))),
    fax: Type.Optional(Nullable(Text(40))),
  },
  { additionalProperties: false },
);

const CreditCard = Type.Object(
  {
    cardNumber: Type.String({ minLength: 1, maxLength: 30 }),
    expMonth: Type.Integer({ minimum: 1, maximum: 12 }),
    expYear: Type.Integer({ minimum: 2000, maximum: 2200 }),
    cardCode: Type.String({ minLength: 1, maxLength: 4 }),
    cardType: Type.Optional(Text(30)),
  },
  { additionalProperties: false },
);

const BankAccount = Type.Object(
  {
    accountNumber: Type.String({ minLength: 1, maxLength: 30 }),
    routingNumber: Type.String({ minLength: 1, maxLength: 20 }),
    nameOnAccount: Type.String({ maxLength: 200 }),
    bankName: Type.String({ maxLength: 200 }),
  },
  { additionalProperties: false },
);

export const PaymentProfile = Type.Object(
  {
    paymentProfileId: Type.String(),
    accountType: Type.Integer({
      description: `${AccountType.entries.map((e) => `${e.name} ${e.value}`).join(', ')} (002 §3.6)`,
    }),
    cardType: Nullable(Type.String()),
    last4: Type.String(),
    expMonth: Nullable(Type.Integer()),
    expYear: Nullable(Type.Integer()),
    nameOnAccount: Nullable(Type.String()),
    bankName: Nullable(Type.String()),
  },
  { $id: 'PaymentProfile' },
);

/** A payment profile as a save answers it: new, or the same card or account saved before (refreshed). */
export const SavedPaymentProfile = Type.Object(
  {
    ...PaymentProfile.properties,
    alreadySaved: Type.Boolean({
      description:
        'the payer had saved this card or account already (the gateway knows it by its number): this is that one, its expiry and billing details refreshed, not a second one',
    }),
  },
  { $id: 'SavedPaymentProfile' },
);

export const CustomerProfile = Type.Object({
  profileId: Type.String({ description: 'creditCardGatewayProfileId (001 §3)' }),
  customerRef: Type.String(),
  email: Nullable(Type.String()),
  paymentProfiles: Type.Array(Type.Ref('PaymentProfile')),
});

export const PaymentGatewayInfo = Type.Object({
  organizationId: Type.String(),
  gateway: Type.String(),
  acceptsCreditCards: Type.Boolean(),
  acceptsBankAccounts: Type.Boolean(),
  canPay: Type.Boolean({ description: 'the caller may pay this organization’s invoices' }),
  feeBasisPoints: Type.Integer(),
  creditCardGatewayProfileId: Nullable(Type.String()),
  paymentProfiles: Type.Array(Type.Ref('PaymentProfile')),
});

export const ProcessingFee = Type.Object({
  organizationId: Type.String(),
  feeBasisPoints: Type.Integer({ description: 'the card processing fee in basis points (350 = 3.50%)' }),
  feePercent: Type.String({ description: 'the same as a percent with two decimals, e.g. "3.50"' }),
});

export const PayerRef = Type.Object({ payerOrganizationId: Id }, { additionalProperties: false });

export const CreateCustomerProfile = Type.Object(
  { payerOrganizationId: Id, email: Type.Optional(Nullable(Type.String({ maxLength: 254 }))) },
  { additionalProperties: false },
);

export const CreatePaymentProfile = Type.Object(
  {
    payerOrganizationId: Id,
    creditCardGatewayProfileId: Type.Optional(Nullable(Text(64))),
    gateway: Type.Optional(Text(40)),
    billToAddress: Type.Optional(BillToAddress),
    creditCard: Type.Optional(CreditCard),
    bankAccount: Type.Optional(BankAccount),
    email: Type.Optional(Nullable(Type.String({ maxLength: 254 }))),
  },
  { additionalProperties: false },
);

export const DeletePaymentProfile = Type.Object(
  {
    payerOrganizationId: Id,
    creditCardGatewayPaymentProfileId: Id,
    creditCardGatewayProfileId: Type.Optional(Nullable(Text(64))),
  },
  { additionalProperties: false },
);

export const ChargeCustomerProfile = Type.Object(
  {
    payerOrganizationId: Id,
    gateway: Type.Optional(Text(40)),
    creditCardGatewayProfileId: Type.Optional(Id),
    creditCardGatewayPaymentProfileId: Id,
    amountToChargeCents: PositiveCents,
    invoiceIds: Type.Array(Id, { minItems: 1, maxItems: 50 }),
    invoiceNumber: Type.Optional(Nullable(Text(60))),
    expectedTotalCents: Type.Optional(PositiveCents),
    idempotencyKey: Type.Optional(Type.String({ minLength: 8, maxLength: 100 })),
  },
  { additionalProperties: false },
);

export const PaymentResult = Type.Object(
  {
    paymentId: Type.String(),
    processingStatus: Type.String({ description: 'payment processing status, 002 §3.6 (Paid)' }),
    paymentType: Type.String({ description: 'payment type, 002 §3.6' }),
    amountCents: SumCents,
    feeCents: SumCents,
    totalCents: SumCents,
    last4: Nullable(Type.String()),
    gatewayTransactionId: Nullable(Type.String()),
    paymentDate: Type.String(),
    applications: Type.Array(Type.Object({ invoiceId: Type.String(), appliedCents: SumCents })),
    messages: Type.Array(Type.String()),
  },
  { $id: 'PaymentResult' },
);

const manualFields = {
  amountCents: PositiveCents,
  paymentType: Type.Enum(['Cash', 'Check', 'ACH', 'Other', 'EFS'], { description: 'payment type, 002 §3.6' }),
  reference: Type.Optional(Nullable(Text(100))),
  paymentDate: Type.Optional(Nullable(CalendarDate)),
  idempotencyKey: Type.Optional(Type.String({ minLength: 8, maxLength: 100 })),
};

export const InvoicePaymentCreate = Type.Object(
  { payerOrganizationId: Id, invoiceIds: Type.Array(Id, { minItems: 1, maxItems: 50 }), ...manualFields },
  { additionalProperties: false },
);
export const BillPaymentCreate = Type.Object(
  { billIds: Type.Array(Id, { minItems: 1, maxItems: 50 }), ...manualFields },
  { additionalProperties: false },
);

// ---------------------------------------------------------------------------------------------------------
// Sync (001 §3 sync options).

const IdList = Type.Array(Id, { maxItems: 100_000 });

export const SyncOptions = Type.Object(
  {
    activityId: Type.Optional(Nullable(Text(64))),
    doInvoices: Type.Optional(Type.Boolean()),
    doInvoicePayments: Type.Optional(Type.Boolean()),
    doBills: Type.Optional(Type.Boolean()),
    doBillPayments: Type.Optional(Type.Boolean()),
    doRetreiveCheckNumbers: Type.Optional(Type.Boolean()),
    enableLogger: Type.Optional(Type.Boolean()),
    isTestRun: Type.Optional(Type.Boolean()),
    invoices: Type.Optional(IdList),
    bills: Type.Optional(IdList),
    invoicePayments: Type.Optional(IdList),
    billPayments: Type.Optional(IdList),
  },
  { additionalProperties: false },
);

export const SyncStarted = Type.Object({
  runId: Type.String(),
  traceLogId: Type.String(),
  activityId: Type.String(),
  trackerType: Type.String(),
  total: Type.Integer(),
  isTestRun: Type.Boolean(),
});

export const PreviewAnswer = Type.Object({
  kind: Type.String(),
  getFailed: Type.Boolean(),
  totalCount: Type.Integer(),
  items: Type.Array(
    Type.Object({
      id: Type.String(),
      kind: Type.String(),
      number: Type.String(),
      date: Type.String(),
      dueDate: Nullable(Type.String()),
      organizationId: Nullable(Type.String()),
      organizationName: Nullable(Type.String()),
      shipmentId: Nullable(Type.Integer()),
      amountCents: SumCents,
      appliesTo: Type.Array(Type.String()),
      paymentType: Nullable(Type.String()),
      syncStatus: SyncStatus,
      syncDate: Nullable(Type.String()),
      message: Nullable(Type.String()),
      selected: Type.Boolean({ description: 'sync items are selected by default (001 §4)' }),
    }),
  ),
});

export const ConnectionAnswer = Type.Object({
  syncType: Type.String({ description: '002 §3.6 accounting sync type' }),
  connected: Type.Boolean(),
  message: Type.String(),
});

export const SyncRun = Type.Object({
  runId: Type.String(),
  traceLogId: Type.String(),
  syncType: Type.String(),
  isTestRun: Type.Boolean(),
  status: Type.Enum(['Queued', 'Running', 'Finished', 'Failed']),
  total: Type.Integer(),
  lastSeq: Type.Integer(),
  csvPath: Nullable(Type.String()),
  iifPath: Nullable(Type.String()),
  csvBytes: Type.Integer(),
  iifBytes: Type.Integer(),
  counts: Type.Record(Type.String(), Type.Integer()),
  error: Nullable(Type.String()),
  createdBy: Type.String(),
  createdDate: Type.String(),
  startedDate: Nullable(Type.String()),
  finishedDate: Nullable(Type.String()),
  items: Type.Array(
    Type.Object({
      seq: Type.Integer(),
      kind: Type.String(),
      itemId: Type.String(),
      status: SyncStatus,
      message: Nullable(Type.String()),
    }),
  ),
});

export const OrganizationList = Type.Array(Type.Object({ id: Type.String(), name: Type.String() }));
