// Spec 002 §1 (organization types, staff type, marketplace type, display visibility, vendor type),
// §2 (page titles, search page kinds, staff customization types, dashboard component types),
// §3.9 (organization activity types, marketplace controlled statuses, staff assignment and org status,
// email recipient types), §7 (support feedback and request types); 000 §3 (support request type,
// organization activity presets), 000 §5 (presets apply to Collection and Onboarding), 001 §3 (favorites).

import { defineEnum, defineNamedList, type EnumValue } from './enum.ts';

export const OrganizationType = defineEnum([
  { value: 60, code: 'LSP', name: 'LSP' },
  { value: 70, code: 'Customer', name: 'Customer' },
  { value: 80, code: 'FactorCompany', name: 'Factor Company' },
]);
export type OrganizationTypeValue = EnumValue<typeof OrganizationType>;

/** 002 §1. Values not shown. */
export const StaffType = defineNamedList([
  { code: 'Individual', name: 'Individual' },
  { code: 'Team', name: 'Team' },
]);

export const MarketplaceType = defineEnum([
  { value: 0, code: 'None', name: 'None' },
  { value: 1, code: 'Buyer', name: 'Buyer' },
  { value: 2, code: 'Seller', name: 'Seller' },
]);

export const DisplayVisibility = defineEnum([
  { value: 1, code: 'BackOffice', name: 'Back Office' },
  { value: 2, code: 'FrontOffice', name: 'Front Office' },
  { value: 3, code: 'Both', name: 'Both' },
]);

export const VendorType = defineEnum([
  { value: 0, code: 'Carrier', name: 'Carrier' },
  { value: 1, code: 'Organization', name: 'Organization' },
  { value: 2, code: 'Commission', name: 'Commission' },
  { value: 3, code: 'FactoringCompany', name: 'Factoring Company' },
]);

/** 002 §2: page titles listed with numbers. */
export const PageTitle = defineEnum([
  { value: 1, code: 'MasterAccessorialList', name: 'Master Accessorial List' },
  { value: 2, code: 'AccessorialExternalMaps', name: 'Accessorial External Maps' },
  { value: 3, code: 'CustomReferenceNumber', name: 'Custom Reference Number' },
]);

export const SearchPageKind = defineEnum([
  { value: 1, code: 'ShipmentSearch', name: 'Shipment Search' },
  { value: 2, code: 'ShipmentSearchTruckload', name: 'Shipment Search Truckload' },
  { value: 3, code: 'ShipmentSearchInternational', name: 'Shipment Search International' },
  { value: 4, code: 'TruckloadQuoting', name: 'Truckload Quoting' },
]);

/** 002 §2: one per customisable list. */
export const StaffCustomizationType = defineEnum([
  { value: 0, code: 'Dashboard', name: 'Dashboard' },
  { value: 1, code: 'ShipmentSearch', name: 'Shipment Search' },
  { value: 2, code: 'TruckloadSearch', name: 'Truckload Search' },
  { value: 3, code: 'ApproveBills', name: 'Approve Bills' },
  { value: 4, code: 'CreateInvoices', name: 'Create Invoices' },
  { value: 5, code: 'ApproveCommissions', name: 'Approve Commissions' },
  { value: 6, code: 'CommissionsSearch', name: 'Commissions Search' },
]);

/** 002 §2 (code names ours). */
export const DashboardComponentType = defineEnum([
  { value: 1, code: 'BarChart', name: 'Bar chart' },
  { value: 2, code: 'StackedBar', name: 'Stacked bar' },
  { value: 3, code: 'Pie', name: 'Pie' },
  { value: 4, code: 'Line', name: 'Line' },
]);

/** 002 §7, 000 §3. */
export const SupportRequestType = defineEnum([
  { value: 0, code: 'Other', name: 'Other' },
  { value: 1, code: 'Shipping', name: 'Shipping' },
  { value: 2, code: 'EDI', name: 'EDI' },
  { value: 3, code: 'Tariff', name: 'Tariff' },
  { value: 4, code: 'Accounting', name: 'Accounting' },
  { value: 5, code: 'WorkflowAutomation', name: 'Workflow Automation' },
]);
export type SupportRequestTypeValue = EnumValue<typeof SupportRequestType>;

/** 002 §7. */
export const SupportFeedbackType = defineEnum([
  { value: 0, code: 'Other', name: 'Other' },
  { value: 1, code: 'Enhancement', name: 'Enhancement' },
  { value: 2, code: 'Bug', name: 'Bug' },
  { value: 3, code: 'Tutorial', name: 'Tutorial' },
]);

/** 002 §3.9: organization activity types, in order. Values not shown, except the log entry codes below. */
export const OrganizationActivityTypeList = defineNamedList([
  { code: 'General', name: 'General' },
  { code: 'Collections', name: 'Collections' },
  { code: 'SetupChanges', name: 'Setup Changes' },
  { code: 'Onboarding', name: 'Onboarding' },
  { code: 'CustomReferenceNumber', name: 'Custom Reference Number' },
  { code: 'CustomAlert', name: 'Custom Alert' },
]);

/** 002 §3.9, 000 §3: the organization activity log entry codes that are given (Collection 1, Onboarding 3);
 * these two use preset notes (000 §5). Other codes are not shown. */
export const OrganizationActivityType = defineEnum([
  { value: 1, code: 'Collection', name: 'Collection' },
  { value: 3, code: 'Onboarding', name: 'Onboarding' },
]);
export type OrganizationActivityTypeValue = EnumValue<typeof OrganizationActivityType>;

/** 002 §3.9. Values not shown. */
export const BuyerControlledStatus = defineNamedList([
  { code: 'Active', name: 'Active' },
  { code: 'Blocked', name: 'Blocked' },
]);

export const SellerControlledStatus = defineEnum([
  { value: 0, code: 'Requested', name: 'Requested' },
  { value: 1, code: 'Declined', name: 'Declined' },
  { value: 2, code: 'Approved', name: 'Approved' },
  { value: 3, code: 'OnHold', name: 'On Hold' },
]);

/** 002 §3.9 (001 §3 favorites use Active or Complete). Values not shown. */
export const StaffAssignmentStatus = defineNamedList([
  { code: 'Inactive', name: 'Inactive' },
  { code: 'Active', name: 'Active' },
  { code: 'Complete', name: 'Complete' },
]);

/** 002 §3.9. Values not shown. */
export const StaffOrgStatus = defineNamedList([
  { code: 'Inactive', name: 'Inactive' },
  { code: 'Active', name: 'Active' },
  { code: 'Locked', name: 'Locked' },
]);

/** 002 §3.9. Values not shown. */
export const EmailRecipientType = defineNamedList([
  { code: 'Shipper', name: 'Shipper' },
  { code: 'Consignee', name: 'Consignee' },
  { code: 'SalesRep', name: 'Sales Rep' },
  { code: 'ManualEmails', name: 'Manual Emails' },
  { code: 'Customer', name: 'Customer' },
  { code: 'Creator', name: 'Creator' },
  { code: 'CarrierDispatcher', name: 'Carrier Dispatcher' },
  { code: 'CarrierRep', name: 'Carrier Rep' },
  { code: 'AllAssignees', name: 'All Assignees' },
  { code: 'NewAssignee', name: 'New Assignee' },
]);
