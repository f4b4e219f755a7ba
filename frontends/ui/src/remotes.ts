// The contract between the shells and the remotes they mount: module ids and the props each exposed
// component takes. Both sides import these from the shared @loadline/ui, so they cannot drift apart.

/** Module Federation ids (`<remote name>/<exposed module>`). */
export const RemoteModuleIds = Object.freeze({
  organizationsPage: 'directory/OrganizationsPage',
  shipmentGridPage: 'shipments/ShipmentGridPage',
  shipmentDetailsPage: 'shipments/ShipmentDetailsPage',
  // tracking (issue 4)
  shipmentTracking: 'tracking/ShipmentTracking',
  zipCodeSearchPage: 'tracking/ZipCodeSearchPage',
  textMessagesPage: 'tracking/TextMessagesPage',
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
}

/** tracking/ZipCodeSearchPage: the ZIP code search page (000 §2 item 13) with the address map (item 1). */
export type ZipCodeSearchPageProps = Record<string, never>;

/** tracking/TextMessagesPage: development: the text messages the local sink recorded. */
export type TextMessagesPageProps = Record<string, never>;
