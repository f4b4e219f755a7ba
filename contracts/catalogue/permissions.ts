// Spec 002 §6.1 (TMS roles), §6.2 (staff permission flags), §6.3 (customer-user settings), §6.4 (broker
// organization settings), §5 (rules carried by flag descriptions), §3.9 (staff feature flags, feature
// flags), §9 (flags are powers of two except ApplyNewCustomerCreditHold); 000 §6 (who sees the Admin access
// option on the organization log; feature flags named there); 001 §6 (reply-only mail feature flag).

import { defineEnum, defineFlags, defineNamedList, type EnumCode, type EnumValue } from './enum.ts';

// ---------------------------------------------------------------------------------------------------------
// 002 §6.1: TMS roles 0 to 30, numbered by position ("the mapping for 0 to 30 is by position").

export const TmsRole = defineEnum([
  { value: 0, code: 'Broker', name: 'Broker' },
  { value: 1, code: 'Customer', name: 'Customer' },
  { value: 2, code: 'AccountingAPApproveBills', name: 'Accounting AP Approve Bills' },
  { value: 3, code: 'AccountingAPPayments', name: 'Accounting AP Payments' },
  { value: 4, code: 'AccountingAPRevisions', name: 'Accounting AP Revisions' },
  { value: 5, code: 'AccountingAPInvoicing', name: 'Accounting AP Invoicing' },
  { value: 6, code: 'AccountingARInvoicing', name: 'Accounting AR Invoicing' },
  { value: 7, code: 'AccountingARCollections', name: 'Accounting AR Collections' },
  { value: 8, code: 'AccountingARPayments', name: 'Accounting AR Payments' },
  { value: 9, code: 'AccountingARRevisions', name: 'Accounting AR Revisions' },
  { value: 10, code: 'AccountingSync', name: 'Accounting Sync' },
  { value: 11, code: 'CommissionsApprove', name: 'Commissions Approve' },
  { value: 12, code: 'CommissionsAdmin', name: 'Commissions Admin' },
  { value: 13, code: 'ShipmentChangeCustomer', name: 'Shipment Change Customer' },
  { value: 14, code: 'CustomerAddEdit', name: 'Customer Add/Edit' },
  { value: 15, code: 'LSPAddEdit', name: 'LSP Add/Edit' },
  { value: 16, code: 'LSPCarrierAddEdit', name: 'LSP Carrier Add/Edit' },
  { value: 17, code: 'MasterCarrierAddEdit', name: 'Master Carrier Add/Edit' },
  { value: 18, code: 'ReportsBasic', name: 'Reports Basic' },
  { value: 19, code: 'ReportsSales', name: 'Reports Sales' },
  { value: 20, code: 'ReportsBusinessLevel', name: 'Reports Business Level' },
  { value: 21, code: 'TariffAddEdit', name: 'Tariff Add/Edit' },
  { value: 22, code: 'MarginAddEdit', name: 'Margin Add/Edit' },
  { value: 23, code: 'BatchProcessing', name: 'Batch Processing' },
  { value: 24, code: 'TMSSiteAdmin', name: 'TMS Site Admin' },
  { value: 25, code: 'ITSupportAdmin', name: 'IT Support Admin' },
  { value: 26, code: 'UserAllowedOrgAccess', name: 'User Allowed Org Access' },
  { value: 27, code: 'HideExportToExcel', name: 'Hide Export To Excel' },
  { value: 28, code: 'TruckloadQuotingTools', name: 'Truckload Quoting Tools' },
  { value: 29, code: 'LSPCarrierDetails', name: 'LSP Carrier Details' },
  { value: 30, code: 'AdvancedPayments', name: 'Advanced Payments' },
]);
export type TmsRoleValue = EnumValue<typeof TmsRole>;
export type TmsRoleCode = EnumCode<typeof TmsRole>;

// ---------------------------------------------------------------------------------------------------------
// 002 §6.2: staff permission flags. Descriptions are the spec's meanings; where the spec says the meaning
// is "not shown" there is no description. Value 4096 is unused.

export const StaffPermission = defineFlags([
  {
    value: 1,
    code: 'AccountingAPApproveBills',
    name: 'Accounting AP Approve Bills',
    description: 'search and approve bills',
  },
  {
    value: 2,
    code: 'AccountingAPPayments',
    name: 'Accounting AP Payments',
    description: 'create and modify bill payments',
  },
  {
    value: 4,
    code: 'AccountingAPRevisions',
    name: 'Accounting AP Revisions',
    description: 'change pricing and create revisions after approval',
  },
  {
    value: 8,
    code: 'AccountingAPInvoicing',
    name: 'Accounting AP Invoicing',
    description: 'search and view bills',
  },
  {
    value: 16,
    code: 'AccountingARInvoicing',
    name: 'Accounting AR Invoicing',
    description: 'search and create invoices',
  },
  { value: 32, code: 'AccountingARCollections', name: 'Accounting AR Collections' },
  {
    value: 64,
    code: 'AccountingARPayments',
    name: 'Accounting AR Payments',
    description: 'search and apply invoice payments',
  },
  {
    value: 128,
    code: 'AccountingARRevisions',
    name: 'Accounting AR Revisions',
    description: 'add and edit payments and invoices, change price, revise after approval',
  },
  { value: 256, code: 'AccountingSync', name: 'Accounting Sync' },
  { value: 512, code: 'CommissionsApprove', name: 'Commissions Approve' },
  { value: 1024, code: 'CommissionsAdmin', name: 'Commissions Admin' },
  {
    value: 8192,
    code: 'ShipmentChangeCustomer',
    name: 'Shipment Change Customer',
    description: 'change customer after booking',
  },
  { value: 16384, code: 'LSPAddEdit', name: 'LSP Add/Edit' },
  { value: 32768, code: 'LSPCarrierAddEdit', name: 'LSP Carrier Add/Edit' },
  { value: 65536, code: 'MasterCarrierAddEdit', name: 'Master Carrier Add/Edit' },
  { value: 131072, code: 'ReportsBasic', name: 'Reports Basic' },
  { value: 262144, code: 'ReportsSales', name: 'Reports Sales' },
  {
    value: 524288,
    code: 'ReportsBusinessLevel',
    name: 'Reports Business Level',
    description: 'profitability, baseline reports, custom report builder',
  },
  { value: 1048576, code: 'TariffAddEdit', name: 'Tariff Add/Edit' },
  { value: 2097152, code: 'MarginAddEdit', name: 'Margin Add/Edit' },
  { value: 4194304, code: 'BatchProcessing', name: 'Batch Processing' },
  {
    value: 8388608,
    code: 'TMSSiteAdmin',
    name: 'TMS Site Admin',
    description: 'shipment importer, content templates, grant access',
  },
  { value: 16777216, code: 'ITSupportAdmin', name: 'IT Support Admin', description: 'full application' },
  {
    value: 33554432,
    code: 'UserAllowedOrgAccess',
    name: 'User Allowed Org Access',
    description: 'see all shipments',
  },
  { value: 67108864, code: 'CustomerAddEdit', name: 'Customer Add/Edit' },
  { value: 134217728, code: 'HideExportToExcel', name: 'Hide Export To Excel' },
  { value: 268435456, code: 'TruckloadQuotingTools', name: 'Truckload Quoting Tools' },
  { value: 536870912, code: 'LSPCarrierDetails', name: 'LSP Carrier Details' },
  { value: 1073741824, code: 'AdvancedPayments', name: 'Advanced Payments' },
]);
export type StaffPermissionValue = EnumValue<typeof StaffPermission>;
export type StaffPermissionCode = EnumCode<typeof StaffPermission>;

/** 002 §6.2: value 4096 is unused in the staff permission list. */
export const STAFF_PERMISSION_UNUSED_VALUE = 4096;

/** The permission flag that carries the same name as a role (every role except Broker and Customer). */
export function permissionForRole(role: number): (typeof StaffPermission.entries)[number] | undefined {
  const code = TmsRole.codeOf(role);
  return code === undefined ? undefined : StaffPermission.fromCode(code);
}

/**
 * 000 §6: on the organization activity log the Admin access option is hidden unless the user has IT support
 * admin, accounting AR revisions, accounting AP revisions or margin add/edit.
 */
export const OrganizationLogAdminAccessPermissions: readonly StaffPermissionCode[] = Object.freeze([
  'ITSupportAdmin',
  'AccountingARRevisions',
  'AccountingAPRevisions',
  'MarginAddEdit',
] as const);

export function canSeeOrganizationLogAdminAccess(permissions: number): boolean {
  return OrganizationLogAdminAccessPermissions.some((p) => StaffPermission.has(permissions, p));
}

// ---------------------------------------------------------------------------------------------------------
// 002 §6.3 and §5: customer-user settings.

export const CustomerUserSetting = defineFlags([
  { value: 1, code: 'GrantedInvoicePayment', name: 'Granted Invoice Payment' },
  {
    value: 4,
    code: 'POReferenceRequired',
    name: 'PO Reference Required',
    description: 'forces a customer PO number on front-office shipment creation',
  },
  { value: 16, code: 'NoRate', name: 'No Rate', description: 'hide all rates' },
  {
    value: 32,
    code: 'ShipperReferenceRequired',
    name: 'Shipper Reference Required',
    description: 'forces a shipper reference on front-office booking',
  },
  { value: 64, code: 'ShowTruckload', name: 'Show Truckload' },
  { value: 128, code: 'ShowAirFreight', name: 'Show Air Freight' },
  { value: 512, code: 'ShowLCROnly', name: 'Show LCR Only', description: 'only the least cost rate' },
  { value: 1024, code: 'ShowTariffName', name: 'Show Tariff Name' },
  {
    value: 2048,
    code: 'ShowTariffMultipleCarrierRate',
    name: 'Show Tariff Multiple Carrier Rate',
    description: 'several rates per carrier',
  },
  { value: 4096, code: 'ShowLTLCarriers', name: 'Show LTL Carriers' },
  { value: 16384, code: 'ShowGuaranteedRates', name: 'Show Guaranteed Rates' },
  { value: 32768, code: 'HideLTL', name: 'Hide LTL' },
  { value: 65536, code: 'ShowInternationalAir', name: 'Show International Air' },
  {
    value: 131072,
    code: 'PayInvoices',
    name: 'Pay Invoices',
    description: 'needs a card payment integration',
  },
]);
export type CustomerUserSettingValue = EnumValue<typeof CustomerUserSetting>;
export type CustomerUserSettingCode = EnumCode<typeof CustomerUserSetting>;

/** 002 §6.3: tariff rate settings are the subset ShowTariffName and ShowTariffMultipleCarrierRate. */
export const TariffRateSettings: readonly CustomerUserSettingCode[] = Object.freeze([
  'ShowTariffName',
  'ShowTariffMultipleCarrierRate',
] as const);
export const TARIFF_RATE_SETTINGS_MASK = CustomerUserSetting.combine(...TariffRateSettings);

// ---------------------------------------------------------------------------------------------------------
// 002 §6.4 and §5: broker organization settings.
//
// ApplyNewCustomerCreditHold is 67108865 = AutoOpenInsurance (67108864) + 1: it is not a power of two
// (002 §9 names it as the only exception). `has(mask, 'ApplyNewCustomerCreditHold')` requires BOTH bits
// (bit 0 and bit 26). Consequences, kept as the spec's numbers imply:
//   - a mask with ApplyNewCustomerCreditHold also reports AutoOpenInsurance as set;
//   - a mask with only AutoOpenInsurance does not report ApplyNewCustomerCreditHold;
//   - `remove(mask, 'ApplyNewCustomerCreditHold')` clears both bits, so AutoOpenInsurance too. To turn off
//     only the credit hold, use `clearNewCustomerCreditHold`, which clears bit 0 alone.

export const BrokerOrganizationSetting = defineFlags([
  { value: 512, code: 'DoNotInheritLSPCarriers', name: 'Do Not Inherit LSP Carriers' },
  {
    value: 1024,
    code: 'SendUserAtStep3Info',
    name: 'Send User At Step 3 Info',
    description: 'send new shipment alert email for shipments created in the front office',
  },
  { value: 2048, code: 'DisableGuestRating', name: 'Disable Guest Rating' },
  { value: 4096, code: 'NMFCRequired', name: 'NMFC Required', description: 'LTL only' },
  { value: 8192, code: 'RequireTermsAndConditions', name: 'Require Terms And Conditions' },
  { value: 16384, code: 'AddCarrierRepCommissions', name: 'Add Carrier Rep Commissions' },
  {
    value: 65536,
    code: 'UseAlternateClassEstimatorDensityScale',
    name: 'Use Alternate Class Estimator Density Scale',
  },
  { value: 131072, code: 'TruckloadRequireCarrierCompliance', name: 'Truckload Require Carrier Compliance' },
  { value: 1048576, code: 'DimensionsRequired', name: 'Dimensions Required', description: 'LTL only' },
  {
    value: 8388608,
    code: 'AutoCalculateClass',
    name: 'Auto Calculate Class',
    description: 'hides freight class',
  },
  { value: 33554432, code: 'AutoOpenAccessorials', name: 'Auto Open Accessorials' },
  { value: 67108864, code: 'AutoOpenInsurance', name: 'Auto Open Insurance' },
  {
    value: 67108865,
    code: 'ApplyNewCustomerCreditHold',
    name: 'Apply New Customer Credit Hold',
    description: 'not a power of two; one more than AutoOpenInsurance',
    composite: true,
  },
]);
export type BrokerOrganizationSettingValue = EnumValue<typeof BrokerOrganizationSetting>;
export type BrokerOrganizationSettingCode = EnumCode<typeof BrokerOrganizationSetting>;

/** Clears only the bit that ApplyNewCustomerCreditHold adds to AutoOpenInsurance (bit 0). */
export function clearNewCustomerCreditHold(mask: number): number {
  return mask % 2 === 1 ? mask - 1 : mask;
}

// ---------------------------------------------------------------------------------------------------------
// 002 §3.9: staff feature flags (values not shown; code names ours from the spec's words).

export const StaffFeatureFlag = defineNamedList([
  { code: 'InsurancePromo', name: 'Insurance promo' },
  { code: 'MarketplacePromoHidden', name: 'Marketplace promo hidden' },
  { code: 'HideARDashboard', name: 'Hide AR dashboard' },
  { code: 'HideAPDashboard', name: 'Hide AP dashboard' },
  { code: 'HideLTLDashboard', name: 'Hide LTL dashboard' },
  { code: 'HideTruckloadDashboard', name: 'Hide Truckload dashboard' },
  { code: 'HideDomesticFreightDashboard', name: 'Hide Domestic Freight dashboard' },
  { code: 'HideMyAssignmentsDashboard', name: 'Hide My Assignments dashboard' },
  { code: 'HideShipmentActivityDashboard', name: 'Hide Shipment Activity dashboard' },
  { code: 'HideDrayageDashboard', name: 'Hide Drayage dashboard' },
]);

/**
 * Product feature flags. 002 §3.9: roughly 200 numbered toggles whose numbers and labels are not shown;
 * only the flags that the screens of 000 and 001 depend on are named here, without numbers.
 */
export const FeatureFlag = defineNamedList([
  { code: 'FreightClassScaleUpdate', name: 'Freight class scale update', description: '000 §6, §9' },
  { code: 'InternationalOceanPage', name: 'New ocean shipment page', description: '000 §2, §6' },
  { code: 'TruckloadQuotingPage', name: 'Truckload quoting page', description: '000 §6' },
  { code: 'MailIntegrationReplyOnly', name: 'Mail integration reply-only', description: '001 §6' },
]);
/** 002 §3.9: roughly 200 feature flags. */
export const FEATURE_FLAG_APPROXIMATE_COUNT = 200;

/** Staff whose account hides exports (002 §6.2 HideExportToExcel): every CSV export refuses them. */
export const hidesExports = (user: { kind: string; permissions: number }): boolean =>
  user.kind === 'staff' && StaffPermission.has(user.permissions, 'HideExportToExcel');
