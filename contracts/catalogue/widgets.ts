// Spec 001 §2 (universal search navigation and result types, generic modal modes, customer trends,
// bulk importer steps), §3 (search result fields, staff favorite), §4 (favorite toggle, upload, bulk import,
// inline editor states), §7 (universal search kinds); 000 §2 (modal sizes are not enumerated).

import { defineEnum, defineNamedList, type EnumValue } from './enum.ts';

/**
 * 001 §2, §3: universal search result types. LSPCarrier has no number in the spec: the values go 1 to 5,
 * then 7 for none found, and the spec's list puts LSPCarrier between Shipment and NoResults. It takes the
 * 6 that gap leaves (ours, decision 0017).
 */
export const UniversalSearchResultType = defineEnum([
  { value: 1, code: 'Customer', name: 'Customer organization' },
  { value: 2, code: 'CustomerStaff', name: 'Customer staff' },
  { value: 3, code: 'LSP', name: 'Broker organization' },
  { value: 4, code: 'LSPStaff', name: 'Broker staff' },
  { value: 5, code: 'Shipment', name: 'Shipment' },
  { value: 6, code: 'LSPCarrier', name: 'Broker carrier' },
  { value: 7, code: 'NoResults', name: 'None found' },
]);
export type UniversalSearchResultTypeValue = EnumValue<typeof UniversalSearchResultType>;

/** 001 §2: every result type, in the spec's order (with LSPCarrier, whose number is not shown). */
export const UniversalSearchResultKind = defineNamedList([
  { code: 'Customer', name: 'Customer' },
  { code: 'CustomerStaff', name: 'Customer Staff' },
  { code: 'LSP', name: 'LSP' },
  { code: 'LSPStaff', name: 'LSP Staff' },
  { code: 'Shipment', name: 'Shipment' },
  { code: 'LSPCarrier', name: 'LSP Carrier' },
  { code: 'NoResults', name: 'No Results' },
]);

/**
 * 001 §7: GET /api/universalSearch/{shipments|organizations|staff}; and carriers (001 §1 "find customers,
 * staff, broker organizations, carriers and shipments from one search box"; the path is ours, decision 0017).
 */
export const UniversalSearchKinds = Object.freeze([
  'shipments',
  'organizations',
  'staff',
  'carriers',
] as const);
export type UniversalSearchKind = (typeof UniversalSearchKinds)[number];

/** 001 §2: where choosing a result navigates (Shipment runs a shipment search by shipmentId instead). */
export const UniversalSearchRoutes = Object.freeze({
  [UniversalSearchResultType.values.Customer]: (organizationId: number | string) =>
    `/back-office/customer/companies/details/${organizationId}`,
  [UniversalSearchResultType.values.CustomerStaff]: (staffId: number | string) =>
    `/back-office/customer/staff/details/${staffId}`,
  [UniversalSearchResultType.values.LSP]: (organizationId: number | string) =>
    `/back-office/lsp/organizations/details/${organizationId}`,
  [UniversalSearchResultType.values.LSPStaff]: (staffId: number | string) =>
    `/back-office/lsp/broker-staff/details/${staffId}`,
  // ours (the spec names no page for a carrier): the broker carrier's details, decision 0017
  [UniversalSearchResultType.values.LSPCarrier]: (carrierMasterId: number | string) =>
    `/back-office/lsp/carriers/details/${carrierMasterId}`,
} as const);

/** 001 §2: "Edit staff email goes to /back-office/lsp/broker-staff/edit/{staffId}". */
export const BrokerStaffEditRoute = (staffId: number | string) =>
  `/back-office/lsp/broker-staff/edit/${staffId}`;
/** Ours, beside 001 §2's broker-staff edit page: a customer user's. */
export const CustomerStaffEditRoute = (staffId: number | string) =>
  `/back-office/customer/staff/edit/${staffId}`;

/** 001 §4: the favorite toggle cycles not assigned, assigned (active), completed. */
export const FavoriteToggleCycle = defineNamedList([
  { code: 'NotAssigned', name: 'Not assigned' },
  { code: 'Active', name: 'Assigned' },
  { code: 'Complete', name: 'Completed' },
]);
export type FavoriteState = (typeof FavoriteToggleCycle.codes)[number];

/**
 * A staff assignment's status (002 §3.9 StaffAssignmentStatus) as the toggle's state: none or Inactive is not
 * assigned. The activity service's toggle and the activity remote's screen read it the same way.
 */
export function favoriteStateOf(status: 'Inactive' | 'Active' | 'Complete' | undefined): FavoriteState {
  if (status === 'Active') return 'Active';
  if (status === 'Complete') return 'Complete';
  return 'NotAssigned';
}

export function nextFavoriteState(current: FavoriteState): FavoriteState {
  const codes = FavoriteToggleCycle.codes;
  return codes[(codes.indexOf(current) + 1) % codes.length] as FavoriteState;
}

/** 001 §2: generic modal modes. */
export const GenericModalMode = defineNamedList([
  { code: 'create', name: 'Create' },
  { code: 'update', name: 'Update' },
  { code: 'delete', name: 'Delete' },
  { code: 'confirm', name: 'Confirm' },
  { code: 'warning', name: 'Warning' },
  { code: 'select', name: 'Select' },
]);

/** 001 §4: upload, then confirm, then processing, then success or error. */
export const UploadState = defineNamedList([
  { code: 'upload', name: 'Upload' },
  { code: 'confirm', name: 'Confirm' },
  { code: 'processing', name: 'Processing' },
  { code: 'success', name: 'Success' },
  { code: 'error', name: 'Error' },
]);

/** 001 §2, §4: the bulk importer has steps 1 to 3 and a review; moving on from step 2 starts the import. */
export const BULK_IMPORT_STEPS: readonly number[] = Object.freeze([1, 2, 3]);
export const BULK_IMPORT_START_AFTER_STEP = 2;
/** 001 §4: import status goes processing, then review or error. */
export const BulkImportStatus = defineNamedList([
  { code: 'processing', name: 'Processing' },
  { code: 'review', name: 'Review' },
  { code: 'error', name: 'Error' },
]);

/** 001 §4: the inline editor cycles through viewing, editing, then save or cancel. */
export const InlineEditorState = defineNamedList([
  { code: 'viewing', name: 'Viewing' },
  { code: 'editing', name: 'Editing' },
]);

/** 001 §2, §9: customer trends ranges. */
export const CustomerTrendsRange = defineNamedList([
  { code: 'Last7Days', name: 'Last 7 Days' },
  { code: 'ThisMonth', name: 'This Month' },
  { code: 'LastMonth', name: 'Last Month' },
]);

/** 001 §7: organization select types and their urls. */
export const OrganizationSelectTypeUrls = Object.freeze({
  payers: '/api/organization/billToOrganizations',
  payersWithOpenInvoices: '/api/organization/openInvoiceOrganizations',
} as const);
export type OrganizationSelectType = keyof typeof OrganizationSelectTypeUrls;
