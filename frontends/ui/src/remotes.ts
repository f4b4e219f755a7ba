// The contract between the shells and the remotes they mount: module ids and the props each exposed
// component takes. Both sides import these from the shared @loadline/ui, so they cannot drift apart.

/** Module Federation ids (`<remote name>/<exposed module>`). */
export const RemoteModuleIds = Object.freeze({
  organizationsPage: 'directory/OrganizationsPage',
  // staff pages of 001 §2 (issue 14 item 7)
  staffDetailsPage: 'directory/StaffDetailsPage',
  staffEditPage: 'directory/StaffEditPage',
  // the user menu's mailbox configuration and edit signature (issue 18; 000 §2 item 12, 001 §2)
  mailboxConfiguration: 'directory/MailboxConfiguration',
  editSignature: 'directory/EditSignature',
  shipmentGridPage: 'shipments/ShipmentGridPage',
  shipmentDetailsPage: 'shipments/ShipmentDetailsPage',
  // order entry (issue 17)
  orderPage: 'shipments/OrderPage',
  customerTrends: 'shipments/CustomerTrends',
  // the shipment importer and the onboarding guide (issue 17)
  shipmentImporterPage: 'shipments/ShipmentImporterPage',
  onboardingGuidePage: 'shipments/OnboardingGuidePage',
  // activity (issue 5)
  shipmentActivityLog: 'activity/ShipmentActivityLog',
  shipmentActivityLogModal: 'activity/ShipmentActivityLogModal',
  organizationActivityLog: 'activity/OrganizationActivityLog',
  carrierActivityLog: 'activity/CarrierActivityLog',
  staffFavoriteToggle: 'activity/StaffFavoriteToggle',
  shipmentAttachments: 'attachments/ShipmentAttachments',
  documentSender: 'attachments/DocumentSender',
  bulkEmailSender: 'attachments/BulkEmailSender',
  // issue 18: the tracking status request sender (001 §2) and the unmatched inbound email list
  trackingStatusRequestSender: 'attachments/TrackingStatusRequestSender',
  inboundEmailPage: 'attachments/InboundEmailPage',
  contentTemplatesPage: 'attachments/ContentTemplatesPage',
  // tracking (issue 4)
  shipmentTracking: 'tracking/ShipmentTracking',
  zipCodeSearchPage: 'tracking/ZipCodeSearchPage',
  textMessagesPage: 'tracking/TextMessagesPage',
  // carriers (issue 7)
  carrierScore: 'carriers/CarrierScore',
  carrierPreview: 'carriers/CarrierPreview',
  carrierCardPlugin: 'carriers/CarrierCardPlugin',
  carrierDetailsPage: 'carriers/CarrierDetailsPage',
  // the back office's list of the broker's carriers (decision 0118)
  carriersPage: 'carriers/CarriersPage',
  // accounting (issue 16)
  overCreditNotice: 'accounting/OverCreditNotice',
  accountingSummary: 'accounting/AccountingSummary',
  invoicesPage: 'accounting/InvoicesPage',
  accountingSyncPage: 'accounting/AccountingSyncPage',
} as const);

/** directory/OrganizationsPage */
export interface OrganizationsPageProps {
  /** Show only this organization (the front office: the customer's own). */
  organizationId?: string | null;
  /** Names link to the organization's page (the back office: 001 §2's details routes, with its activity log). */
  linkToDetails?: boolean;
}

/**
 * directory/StaffDetailsPage and directory/StaffEditPage: a user of the broker or of one of its customers
 * (001 §2: /back-office/lsp/broker-staff/details/{staffId}, /back-office/customer/staff/details/{staffId},
 * /back-office/lsp/broker-staff/edit/{staffId}). The edit page offers what the service says the signed-in
 * user may change (decision 0009).
 */
export interface StaffPageProps {
  staffId: string;
}

/**
 * directory/MailboxConfiguration (000 §2 item 12, 001 §2, §3, §5) and directory/EditSignature (001 §2): the
 * signed-in staff member's own mailbox and signature, as modals opened from the user menu.
 */
export interface UserMenuModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Which shell mounts a shipments page: the back office (a broker's staff) or the front office (a
 * customer's users, who see their own organization's shipments and change nothing).
 */
export type ShipmentOffice = 'backOffice' | 'frontOffice';

/** The signed-in user as the importer and the onboarding guide decide who sees the import. */
export interface ImportingUser {
  kind: 'staff' | 'customer';
  permissions: number;
}

/** shipments/ShipmentImporterPage: the shipment importer, steps 1 to 3 and the review (001 §2, §4). */
export interface ShipmentImporterPageProps {
  user: ImportingUser;
}

/** shipments/OnboardingGuidePage: the onboarding steps, the import hidden from who may not import (001 §2). */
export interface OnboardingGuidePageProps {
  user: ImportingUser;
  /** where the shell mounts the importer */
  importerPath: string;
}

/** shipments/ShipmentGridPage: the shipment grid (GET /api/shipments). */
export interface ShipmentGridPageProps {
  office: ShipmentOffice;
  /**
   * Search text the grid starts with, e.g. the shipment id of a universal search result (001 §2, "runs a
   * shipment search by shipmentId"). A new value searches again.
   */
  initialSearch?: string | null;
}

/** shipments/ShipmentDetailsPage: one shipment with its status bar and, for staff, the edit-status modal. */
export interface ShipmentDetailsPageProps {
  shipmentId: number;
  office: ShipmentOffice;
  /** No status changes and no bill-to editing; the front office's default. */
  readOnly?: boolean;
  /** The note of a status update may be Admin (000 §6: IT support admins). */
  canUseAdminAccessLevel?: boolean;
  /** Open with the edit-status modal (000 §2's edit pages, e.g. /Backoffice/ShipmentDomestic#/Edit/{id}/…). */
  openEditStatus?: boolean;
}

/**
 * shipments/OrderPage (issue 17): the front office's order page (a customer, its own organization) or the back
 * office's new-shipment page (staff, a customer of the broker chosen on the page), Quick quote's ZIPs filled in.
 */
export interface OrderPageProps {
  office: ShipmentOffice;
  /** the user's broker: its density scale gives the commodities' class (000 §6, 002 §9) */
  brokerId: string;
  originZip?: string | null;
  destinationZip?: string | null;
}

/** shipments/CustomerTrends (001 §2): a customer's shipments and spend for Last 7 Days, This Month, Last Month. */
export interface CustomerTrendsProps {
  customerOrganizationId: string;
}

// ---------------------------------------------------------------------------------------------------------
// activity (issue 5): the activity logs of 000 §2 item 9. The service enforces who sees what; these props
// only decide what the screens offer.

/** activity/ShipmentActivityLog: a shipment's activity log (000 §4), inline, e.g. in the edit-status modal. */
export interface ShipmentActivityLogProps {
  shipmentId: number;
  /** The front office shows the customer's Public entries only and offers no changes. */
  office: ShipmentOffice;
  /** Offer the Admin access level (000 §6: IT support admins). */
  canUseAdminAccessLevel?: boolean;
  /** Operation notes only (GET /api/ShipmentUpdateStatus/getOperationNotes), as the edit-status modal lists them. */
  operationNotes?: boolean;
  /** A new value reloads the log, e.g. after the page saved a status update whose activity is on its way. */
  refreshKey?: number | string;
}

/** activity/ShipmentActivityLogModal: the shipment activity log modal (000 §2 item 9). */
export interface ShipmentActivityLogModalProps extends ShipmentActivityLogProps {
  opened: boolean;
  onClose: () => void;
}

/** activity/OrganizationActivityLog: an organization's activity log (000 §2 item 9, §3, §6). Staff only. */
export interface OrganizationActivityLogProps {
  organizationId: string;
  /** The signed-in staff member's permission bits (002 §6.2): they decide the Admin option and its default. */
  permissions: number;
}

/** activity/CarrierActivityLog: a broker carrier's activity log (000 §2 item 9, §3). Staff only. */
export interface CarrierActivityLogProps {
  carrierMasterId: string;
  /** The signed-in staff member's permission bits (002 §6.2): IT support admins see and write Admin entries. */
  permissions: number;
}

/**
 * activity/StaffFavoriteToggle: the staff favorite toggle of a shipment (001 §3, §4): the caller's own
 * assignment and the team's, each cycling not assigned → active (scheduled after a delay) → completed → not
 * assigned through the server. Broker staff only (the back office).
 */
export interface StaffFavoriteToggleProps {
  shipmentId: number;
  /** The shipment's customer organization, sent with the toggle (001 §7); the service defaults to it. */
  organizationId?: string | null;
}

/**
 * attachments/ShipmentAttachments: a shipment's attachments (000 §2 item 10). Staff open the attachments
 * modal from it (list, upload, delete, change access level); customers see and download the Public ones.
 */
export interface ShipmentAttachmentsProps {
  shipmentId: number;
  office: ShipmentOffice;
  /** Also offer the document sender (000 §2 item 12) from the panel. */
  showDocumentSender?: boolean;
}

/** attachments/DocumentSender: the "Send documents" button and its email and fax modal, per office. */
export interface DocumentSenderProps {
  shipmentId: number;
  office: ShipmentOffice;
}
/**
 * attachments/BulkEmailSender: the bulk email sender (001 §2, §3 bulk email): shipments' documents to their
 * customers or a custom address, and an organization's invoice notification, posted in chunks of 50 that
 * stop at the first failing chunk (001 §7, §8). Broker staff only.
 */
export interface BulkEmailSenderProps {
  /** The shipments to start with (e.g. the ones picked on a grid); staff may type or paste more. */
  shipmentIds?: readonly number[];
  /** Open the modal at once (a page whose only purpose is the bulk send). */
  defaultOpened?: boolean;
}

/**
 * attachments/TrackingStatusRequestSender: the tracking status request sender (001 §2, §7): the chosen
 * shipments split by their carriers' tracking emails, the broker's template, one request per carrier.
 * Broker staff only.
 */
export interface TrackingStatusRequestSenderProps {
  /** The shipments to ask about (the ones picked on the grid, or the shipment shown). */
  shipmentIds: readonly number[];
  /** Open the modal at once. */
  defaultOpened?: boolean;
}

/** attachments/InboundEmailPage: mail read from staff mailboxes that named no shipment: assign or dismiss. */
export type InboundEmailPageProps = Record<string, never>;
/** attachments/ContentTemplatesPage: the broker's content templates, read and (for site admins) edited. */
export type ContentTemplatesPageProps = Record<string, never>;

/**
 * tracking/ShipmentTracking: a shipment's last known location with the location history modal and request
 * driver location (000 §2 items 2 and 3); plugged into the shipments remote's pages.
 */
export interface ShipmentTrackingProps {
  shipmentId: number;
  office: ShipmentOffice;
  /** API tracking is on for the active leg's tariff (which fallback text; whether a tracking test may run) */
  tracking?: boolean;
  /** the active leg's pro number, for the tracking test */
  proNumber?: string | null;
  integrationSourceId?: number | null;
  /** 000 §4: run the tracking test on open (the edit-status modal) */
  runTrackingTest?: boolean;
  /**
   * A new value reads the last known location again, e.g. when the shipment page heard of a new location
   * on the shipment's live group (000 §7).
   */
  refreshKey?: number | string;
}

/** tracking/ZipCodeSearchPage: the ZIP code search page (000 §2 item 13) with the address map (item 1). */
export type ZipCodeSearchPageProps = Record<string, never>;

/** tracking/TextMessagesPage: development: the text messages the local sink recorded. */
export type TextMessagesPageProps = Record<string, never>;

// ---------------------------------------------------------------------------------------------------------
// carriers (issue 7)

/** carriers/CarrierScore: the carrier score widget (000 §2 item 8), 5 stars for overall, pickup and delivery. */
export interface CarrierScoreProps {
  carrierMasterId: string;
  /** one line with the overall stars and the audit count */
  compact?: boolean;
}

/** carriers/CarrierPreview: the carrier details preview (000 §2 item 11, 001 §2) as a modal. */
export interface CarrierPreviewProps {
  carrierMasterId: string;
  opened: boolean;
  onClose: () => void;
}

/** carriers/CarrierDetailsPage: a broker carrier's details as a page (the universal search's carrier result). */
export interface CarrierDetailsPageProps {
  carrierMasterId: string;
}

/**
 * carriers/CarriersPage: the broker's carriers (decision 0118), searched, filtered and paged, each with its
 * status, compliance and insurance status; a name opens the carrier's details page. Staff only.
 */
export type CarriersPageProps = Record<string, never>;

/**
 * carriers/CarrierCardPlugin: what the carriers remote adds to the carrier card of the edit-status modal and
 * the shipment page (000 §2 item 2): the score, the carrier details preview, the terminal information and
 * the leg audits (000 §4). Broker staff only.
 */
export interface CarrierCardPluginProps {
  shipmentId: number;
  /** the active leg's carrier; null: no carrier (the card says 'No Carrier') */
  carrierMasterId: string | null;
}

// ---------------------------------------------------------------------------------------------------------
// accounting (issue 16). The service decides what each caller may read and do; these props decide what the
// screens offer.

/**
 * accounting/OverCreditNotice: the over-credit notice (000 §5, 001 §6) of one customer organization, shown
 * when the service says it shows (`showOverCreditNotice`), in the office's wording.
 */
export interface OverCreditNoticeProps {
  organizationId: string;
  office: ShipmentOffice;
}

/**
 * accounting/AccountingSummary: a shipment's accounting summary (001 §3, §7): charge lines per payer with the
 * inline editor (001 §4), totals, concerns, invoices and bills, margin history, and "Invoice shipment" (the
 * invoice shipment modal). Broker staff only; the customer's over-credit notice heads it.
 */
export interface AccountingSummaryProps {
  shipmentId: number;
  /** A new value reads the summary again. */
  refreshKey?: number | string;
}

/** accounting/InvoicesPage: a customer's open invoices with Pay (card or bank account, 001 §5). */
export interface InvoicesPageProps {
  /** the customer organization whose invoices are listed and paid */
  organizationId: string;
  office: ShipmentOffice;
}

/** accounting/AccountingSyncPage: the accounting sync (001 §3, §7): previews, test run, run, progress. Staff. */
export type AccountingSyncPageProps = Record<string, never>;
