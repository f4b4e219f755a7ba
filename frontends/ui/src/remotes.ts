// The contract between the shells and the remotes they mount: module ids and the props each exposed
// component takes. Both sides import these from the shared @loadline/ui, so they cannot drift apart.

/** Module Federation ids (`<remote name>/<exposed module>`). */
export const RemoteModuleIds = Object.freeze({
  organizationsPage: 'directory/OrganizationsPage',
  shipmentGridPage: 'shipments/ShipmentGridPage',
  shipmentDetailsPage: 'shipments/ShipmentDetailsPage',
  // carriers (issue 7)
  carrierScore: 'carriers/CarrierScore',
  carrierPreview: 'carriers/CarrierPreview',
  carrierCardPlugin: 'carriers/CarrierCardPlugin',
} as const);

/** directory/OrganizationsPage */
export interface OrganizationsPageProps {
  /** Show only this organization (the front office: the customer's own). */
  organizationId?: string | null;
}

/**
 * Which shell mounts a shipments page: the back office (a broker's staff) or the front office (a
 * customer's users, who see their own organization's shipments and change nothing).
 */
export type ShipmentOffice = 'backOffice' | 'frontOffice';

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
}

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
