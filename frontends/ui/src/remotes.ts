// The contract between the shells and the remotes they mount: module ids and the props each exposed
// component takes. Both sides import these from the shared @loadline/ui, so they cannot drift apart.

/** Module Federation ids (`<remote name>/<exposed module>`). */
export const RemoteModuleIds = Object.freeze({
  organizationsPage: 'directory/OrganizationsPage',
  shipmentGridPage: 'shipments/ShipmentGridPage',
  shipmentDetailsPage: 'shipments/ShipmentDetailsPage',
  shipmentAttachments: 'attachments/ShipmentAttachments',
  documentSender: 'attachments/DocumentSender',
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
