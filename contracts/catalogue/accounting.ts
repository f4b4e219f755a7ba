// Spec 002 §3.6 (accounting enumerations, preset notes); 001 §3 (invoice date type,
// sync options and external sync status, accounting enumerations), 001 §5 (card payment), 000 §3
// (organization activity presets), 000 §4 (dispute status), 000 §5 (preset notes).

import { defineEnum, defineNamedList, type EnumValue, type ValueRange } from './enum.ts';

// ---------------------------------------------------------------------------------------------------------
// Payment.

export const AccountType = defineEnum([
  { value: 1, code: 'ACH', name: 'ACH' },
  { value: 2, code: 'CreditCard', name: 'Credit Card' },
]);

/** 002 §3.6, 001 §5 (card number patterns for these three). Values not shown. */
export const CreditCardType = defineNamedList([
  { code: 'Visa', name: 'Visa' },
  { code: 'MasterCard', name: 'MasterCard' },
  { code: 'AmericanExpress', name: 'American Express' },
]);

/** 002 §3.6: "three kinds of gateway" (not named). */
export const CREDIT_CARD_GATEWAY_KIND_COUNT = 3;

/** 002 §3.6. Values not shown. */
export const GeneralLedgerAccountType = defineNamedList([
  { code: 'AccountsReceivable', name: 'Accounts Receivable' },
  { code: 'AccountsPayable', name: 'Accounts Payable' },
  { code: 'Bank', name: 'Bank' },
  { code: 'Income', name: 'Income' },
  { code: 'Expense', name: 'Expense' },
  { code: 'CostOfGoodsSold', name: 'Cost of Goods Sold' },
  { code: 'CreditCard', name: 'Credit Card' },
]);

/**
 * 002 §3.6: aging buckets "All 0, Past Due 1, then 15, 25, 30, 45, 60, 90, 120 Days, Current -1". The day
 * buckets take their number of days as value (as the bill buckets "Due in 15 days -15" do).
 */
export const AgingBucket = defineEnum([
  { value: 0, code: 'All', name: 'All' },
  { value: 1, code: 'PastDue', name: 'Past Due' },
  { value: 15, code: 'Days15', name: '15 Days' },
  { value: 25, code: 'Days25', name: '25 Days' },
  { value: 30, code: 'Days30', name: '30 Days' },
  { value: 45, code: 'Days45', name: '45 Days' },
  { value: 60, code: 'Days60', name: '60 Days' },
  { value: 90, code: 'Days90', name: '90 Days' },
  { value: 120, code: 'Days120', name: '120 Days' },
  { value: -1, code: 'Current', name: 'Current' },
]);
export type AgingBucketValue = EnumValue<typeof AgingBucket>;

export const BillAgingBucket = defineEnum([
  { value: 1, code: 'PastDue', name: 'Past Due' },
  { value: 15, code: 'Days15', name: '15 Days' },
  { value: 25, code: 'Days25', name: '25 Days' },
  { value: 30, code: 'Days30', name: '30 Days' },
  { value: 45, code: 'Days45', name: '45 Days' },
  { value: 60, code: 'Days60', name: '60 Days' },
  { value: 90, code: 'Days90', name: '90 Days' },
  { value: 120, code: 'Days120', name: '120 Days' },
  { value: -15, code: 'DueIn15Days', name: 'Due in 15 days' },
  { value: -10, code: 'DueIn10Days', name: 'Due in 10 days' },
  { value: -1, code: 'Current', name: 'Current' },
]);

/** 002 §3.6. Values not shown. */
export const PaymentFilter = defineNamedList([
  { code: 'All', name: 'All' },
  { code: 'Unapplied', name: 'Unapplied' },
  { code: 'Applied', name: 'Applied' },
]);

export const PaymentStatus = defineEnum([
  { value: 0, code: 'Unpaid', name: 'Unpaid' },
  { value: 1, code: 'PartialPaid', name: 'Partial Paid' },
  { value: 2, code: 'OverPaid', name: 'Over Paid' },
  { value: 3, code: 'FullyPaid', name: 'Fully Paid' },
  { value: 4, code: 'Open', name: 'Open' },
  { value: 5, code: 'All', name: 'All' },
]);

/** 002 §3.6. Values not shown. */
export const PaymentType = defineNamedList([
  { code: 'Cash', name: 'Cash' },
  { code: 'Check', name: 'Check' },
  { code: 'CreditCard', name: 'Credit Card' },
  { code: 'ACH', name: 'ACH' },
  { code: 'Other', name: 'Other' },
  { code: 'EFS', name: 'EFS' },
]);

/** 002 §3.6. Values not shown. */
export const PaymentProcessingStatus = defineNamedList([
  { code: 'Paid', name: 'Paid' },
  { code: 'Void', name: 'Void' },
  { code: 'Refund', name: 'Refund' },
  { code: 'Scheduled', name: 'Scheduled' },
  { code: 'Processing', name: 'Processing' },
  { code: 'Error', name: 'Error' },
]);

/** 002 §3.6. Values not shown. (Payment reference types: "listed, values not shown"; not named either.) */
export const PaymentFrequency = defineNamedList([
  { code: 'NotSet', name: 'Not Set' },
  { code: 'Weekly', name: 'Weekly' },
  { code: 'Monthly', name: 'Monthly' },
]);

export const PaymentPreference = defineEnum([
  { value: 0, code: 'Cash', name: 'Cash' },
  { value: 1, code: 'Approved', name: 'Approved' },
  { value: 2, code: 'OneOrderAtATime', name: 'One Order At A Time' },
  { value: 3, code: 'ContinualCreditCard', name: 'Continual Credit Card' },
  { value: 4, code: 'CreditHold', name: 'Credit Hold' },
  { value: 5, code: 'Collections', name: 'Collections' },
]);

/** 002 §3.6: HaulPay-style payment provider status. */
export const PaymentProviderStatus = defineEnum([
  { value: 0, code: 'Incomplete', name: 'Incomplete' },
  { value: 1, code: 'Pending', name: 'Pending' },
  { value: 2, code: 'Approved', name: 'Approved' },
  { value: 3, code: 'Paid', name: 'Paid' },
  { value: 4, code: 'Document_Issue', name: 'Document Issue' },
  { value: 5, code: 'Declined', name: 'Declined' },
]);

// ---------------------------------------------------------------------------------------------------------
// Invoicing.

/** 002 §3.6: EDI 5 is shown as "Digital". */
export const PreferredInvoicingMethod = defineEnum([
  { value: 0, code: 'Email', name: 'Email' },
  { value: 1, code: 'Prepaid', name: 'Prepaid' },
  { value: 2, code: 'DoNotSend', name: 'Do Not Send' },
  { value: 4, code: 'Print', name: 'Print' },
  { value: 5, code: 'EDI', name: 'Digital' },
  { value: 6, code: 'Factoring', name: 'Factoring' },
  { value: 7, code: 'OneInvoicePerEmail', name: 'One Invoice Per Email' },
]);

export const InvoicingAutomationMethod = defineEnum([
  { value: 0, code: 'ManuallyInvoice', name: 'Manually Invoice' },
  { value: 1, code: 'AutoInvoiceBilling', name: 'Auto Invoice Billing' },
  { value: 2, code: 'AutoInvoiceDelivery', name: 'Auto Invoice Delivery' },
  { value: 3, code: 'AutoInvoiceCommitted', name: 'Auto Invoice Committed' },
]);

export const InvoiceStatus = defineEnum([
  { value: 1, code: 'ShipmentInvoiced', name: 'Shipment Invoiced' },
  { value: 2, code: 'InvoicePaid', name: 'Invoice Paid' },
  { value: 3, code: 'NotInvoiced', name: 'Not Invoiced' },
]);

/**
 * 002 §3.6, 001 §3: invoice date type, in 002's order (001 §3 lists Pickup, Delivery, Today). Values are
 * not shown; 001 §9 only says the default option is the value '3', meaning today (see constants.ts).
 */
export const InvoiceDateType = defineNamedList([
  { code: 'Today', name: 'Today' },
  { code: 'Pickup', name: 'Pickup' },
  { code: 'Delivery', name: 'Delivery' },
]);

/** 002 §3.6: Every Monday to Sunday are 40 to 46, in that order. */
export const DeliveryFrequency = defineEnum([
  { value: 0, code: 'Never', name: 'Never' },
  { value: 1, code: 'First', name: 'First' },
  { value: 7, code: 'Seventh', name: 'Seventh' },
  { value: 15, code: 'Fifteenth', name: 'Fifteenth' },
  { value: 21, code: 'Twentyfirst', name: 'Twentyfirst' },
  { value: 22, code: 'FirstAndFifteenth', name: 'First And Fifteenth' },
  { value: 40, code: 'EveryMonday', name: 'Every Monday' },
  { value: 41, code: 'EveryTuesday', name: 'Every Tuesday' },
  { value: 42, code: 'EveryWednesday', name: 'Every Wednesday' },
  { value: 43, code: 'EveryThursday', name: 'Every Thursday' },
  { value: 44, code: 'EveryFriday', name: 'Every Friday' },
  { value: 45, code: 'EverySaturday', name: 'Every Saturday' },
  { value: 46, code: 'EverySunday', name: 'Every Sunday' },
]);

/** 002 §3.6. Values not shown. */
export const BillType = defineNamedList([
  { code: 'Freight', name: 'Freight' },
  { code: 'Commission', name: 'Commission' },
]);

/** 002 §3.6. Values not shown. */
export const HierarchyBillApproval = defineNamedList([
  { code: 'Manual', name: 'Manual' },
  { code: 'Automatic', name: 'Automatic' },
]);

/** 002 §3.6, 000 §4 (only a list; transitions not shown). */
export const DisputeStatus = defineEnum([
  { value: 0, code: 'Created', name: 'Created' },
  { value: 10, code: 'Researching', name: 'Researching' },
  { value: 20, code: 'SubmittedToCarrier', name: 'Submitted to Carrier' },
  { value: 30, code: 'Resolved', name: 'Resolved' },
]);

// ---------------------------------------------------------------------------------------------------------
// Commissions and margins.

export const CommissionCalculationType = defineEnum([
  { value: 0, code: 'Flat', name: 'Flat' },
  { value: 1, code: 'PercentageMargin', name: 'Percentage Margin' },
  { value: 2, code: 'PercentageOfBuy', name: 'Percentage Of Buy' },
  { value: 3, code: 'PercentageOfSell', name: 'Percentage Of Sell' },
  { value: 4, code: 'PercentageMarginOfSell', name: 'Percentage Margin Of Sell' },
  { value: 5, code: 'PercentageMarginOfBuy', name: 'Percentage Margin Of Buy' },
  { value: 10, code: 'TransactionFee', name: 'Transaction Fee' },
]);

export const CommissionStatus = defineEnum([
  { value: 0, code: 'NotApproved', name: 'Not Approved' },
  { value: 2, code: 'HasVariance', name: 'Has Variance' },
  { value: 3, code: 'Declined', name: 'Declined' },
  { value: 5, code: 'Approved', name: 'Approved' },
]);

/** 002 §3.6. Values not shown. */
export const MarginCalculationType = defineNamedList([
  { code: 'CWT', name: 'CWT' },
  { code: 'Flat', name: 'Flat' },
  { code: 'Pieces', name: 'Pieces' },
  { code: 'MarkupPercent', name: 'Markup %' },
  { code: 'MarginPercent', name: 'Margin %' },
]);

/** 002 §3.6. Values not shown. */
export const MarginFeeType = defineNamedList([
  { code: 'Service', name: 'Service' },
  { code: 'Processing', name: 'Processing' },
  { code: 'Marketplace', name: 'Marketplace' },
  { code: 'Other', name: 'Other' },
]);

/** 002 §3.6. Values not shown. */
export const MarginType = defineNamedList([
  { code: 'Customer', name: 'Customer' },
  { code: 'Organization', name: 'Organization' },
  { code: 'Tariff', name: 'Tariff' },
  { code: 'PricingPlan', name: 'Pricing Plan' },
]);

/** 002 §3.6. Values not shown. */
export const DistributionCalculationBasis = defineNamedList([
  { code: 'Weight', name: 'Weight' },
  { code: 'HandlingUnits', name: 'Handling Units' },
  { code: 'Miles', name: 'Miles' },
  { code: 'SellRate', name: 'Sell Rate' },
  { code: 'CubicFeet', name: 'Cubic Feet' },
]);

// ---------------------------------------------------------------------------------------------------------
// Accounting sync (002 §3.6, 001 §3).

/** Values not shown. */
export const AccountingSyncType = defineNamedList([
  { code: 'DailyExportSyncARAP', name: 'Daily Export Sync AR/AP' },
  { code: 'DailyExportSyncAR', name: 'Daily Export Sync AR' },
  { code: 'DailyExportSyncAP', name: 'Daily Export Sync AP' },
  { code: 'ExternalSync', name: 'External Sync (API)' },
  { code: 'QuickBooks', name: 'QuickBooks', description: 'QuickBooks-style ledger sync' },
]);

/** Values not shown. */
export const ExternalSyncStatus = defineNamedList([
  { code: 'None', name: 'None' },
  { code: 'Complete', name: 'Complete' },
  { code: 'Failed', name: 'Failed' },
  { code: 'AlreadySynced', name: 'Already Synced' },
  { code: 'Updated', name: 'Updated' },
]);

/** Values not shown. */
export const FactorSyncType = defineNamedList([
  { code: 'Factor', name: 'Factor' },
  { code: 'NonFactor', name: 'Non Factor' },
  { code: 'Draft', name: 'Draft' },
]);

/** Values not shown. */
export const AccountingAttachmentStatus = defineNamedList([
  { code: 'Complete', name: 'Complete' },
  { code: 'Incomplete', name: 'Incomplete' },
]);

/** Values not shown. */
export const AccountingConcern = defineNamedList([
  { code: 'MissingAR', name: 'Missing AR' },
  { code: 'MissingAP', name: 'Missing AP' },
  { code: 'NegativeMargin', name: 'Negative Margin' },
  { code: 'MissingARRev', name: 'Missing AR Rev' },
  { code: 'MissingAPRev', name: 'Missing AP Rev' },
]);

/** 002 §3.6, 001 §3: date type. Values not shown. */
export const DateType = defineNamedList([
  { code: 'Entry', name: 'Entry' },
  { code: 'Pickup', name: 'Pickup' },
  { code: 'Delivery', name: 'Delivery' },
  { code: 'Invoice', name: 'Invoice' },
  { code: 'InvoicePaid', name: 'Invoice Paid' },
  { code: 'CommissionPaid', name: 'Commission Paid' },
]);

export const TransitOrganizationType = defineEnum([
  { value: 0, code: 'EndCustomer', name: 'End Customer' },
  { value: 1, code: 'PassThrough', name: 'Pass Through' },
  { value: 2, code: 'Accounting', name: 'Accounting' },
  { value: 3, code: 'Factor', name: 'Factor' },
]);

// ---------------------------------------------------------------------------------------------------------
// Preset notes (002 §3.6: numbered 0..N in the listed order; 000 §5: placed at the start of the description
// followed by '. '). Display names are the spec's words in sentence case; the elliptic "with POD" items
// are written out in full. Code names are ours.

export const PresetCollectionNote = defineEnum([
  { value: 0, code: 'CheckIsBeingMailed', name: 'Check is being mailed' },
  { value: 1, code: 'CreditCardOnFile', name: 'Credit card on file' },
  { value: 2, code: 'AdvisedSalesRep', name: 'Advised sales rep' },
  { value: 3, code: 'EmailedStatement', name: 'Emailed statement' },
  { value: 4, code: 'EmailedInvoice', name: 'Emailed invoice' },
  { value: 5, code: 'EmailedInvoiceWithBol', name: 'Emailed invoice with BOL' },
  { value: 6, code: 'EmailedInvoiceWithPod', name: 'Emailed invoice with POD' },
  { value: 7, code: 'EmailedInvoiceWithBolAndPod', name: 'Emailed invoice with BOL and POD' },
  { value: 8, code: 'FaxedStatement', name: 'Faxed statement' },
  { value: 9, code: 'FaxedInvoice', name: 'Faxed invoice' },
  { value: 10, code: 'FaxedInvoiceWithBol', name: 'Faxed invoice with BOL' },
  { value: 11, code: 'FaxedInvoiceWithPod', name: 'Faxed invoice with POD' },
  { value: 12, code: 'FaxedInvoiceWithBolAndPod', name: 'Faxed invoice with BOL and POD' },
  { value: 13, code: 'MissingInvoice', name: 'Missing invoice' },
  { value: 14, code: 'ForwardedPaperWork', name: 'Forwarded paper work' },
  { value: 15, code: 'LeftVoiceMailMessage', name: 'Left voice mail message' },
  { value: 16, code: 'SpokeWith', name: 'Spoke with' },
  { value: 17, code: 'SentToCollections', name: 'Sent to collections' },
]);

export const PresetPayableNote = defineEnum([
  { value: 0, code: 'SystemRatingIssue', name: 'System rating issue' },
  { value: 1, code: 'SystemRatingIssueDueToAccessorials', name: 'System rating issue due to accessorials' },
  { value: 2, code: 'PositiveVariance', name: 'Positive variance' },
  { value: 3, code: 'DoingFurtherInvestigation', name: 'Doing further investigation' },
  { value: 4, code: 'DuplicateBill', name: 'Duplicate bill' },
  { value: 5, code: 'NoResponseFromResponsibleParty', name: 'No response from responsible party' },
  { value: 6, code: 'EmailedResponsibleParty', name: 'Emailed responsible party' },
  { value: 7, code: 'CalledResponsibleParty', name: 'Called responsible party' },
  { value: 8, code: 'VendorAdjustedBill', name: 'Vendor adjusted bill' },
  { value: 9, code: 'ChangedToMatchVendorBill', name: 'Changed to match vendor bill' },
  { value: 10, code: 'NotOurBill', name: 'Not our bill' },
  { value: 11, code: 'ReweighFromCarrier', name: 'Reweigh from carrier' },
  { value: 12, code: 'ClassChangedByCarrier', name: 'Class changed by carrier' },
  { value: 13, code: 'ReConsignment', name: 'Re-consignment' },
]);

/** 002 §3.6: preset audit type (the presets of Audit activities). */
export const PresetAuditType = defineEnum([
  { value: 0, code: 'CarrierPricingConfirmedByWebsite', name: 'Carrier pricing confirmed by website' },
  { value: 1, code: 'Invoice', name: 'Invoice' },
  { value: 2, code: 'Call', name: 'Call' },
  { value: 3, code: 'EDI', name: 'EDI' },
]);

/** 002 §3.6: "three training sessions" are three entries (2, 3, 4), making 0 to 12. */
export const PresetOnboardingNote = defineEnum([
  { value: 0, code: 'KickoffCall', name: 'Kickoff call' },
  { value: 1, code: 'DiscoveryCall', name: 'Discovery call' },
  { value: 2, code: 'TrainingSession1', name: 'Training session 1' },
  { value: 3, code: 'TrainingSession2', name: 'Training session 2' },
  { value: 4, code: 'TrainingSession3', name: 'Training session 3' },
  { value: 5, code: 'LedgerSoftwareSession', name: 'Ledger-software session' },
  { value: 6, code: 'QAndASession', name: 'Q&A session' },
  { value: 7, code: 'CheckInMeeting', name: 'Check-in meeting' },
  { value: 8, code: 'FollowUpCall', name: 'Follow-up call' },
  { value: 9, code: 'Integration', name: 'Integration' },
  { value: 10, code: 'DataImport', name: 'Data import' },
  { value: 11, code: 'ManualTariff', name: 'Manual tariff' },
  { value: 12, code: 'EDIProject', name: 'EDI project' },
]);

/** 000 §5: the preset is placed at the start of the description, followed by this separator. */
export const PRESET_NOTE_SEPARATOR = '. ';

/** 002 §3.6: fuel price series 1 to 11 (regional and national No 2 diesel retail, $/gallon; not named). */
export const FuelPriceSeriesRange: ValueRange = Object.freeze({ min: 1, max: 11 });
