// Who may see and change which attachment. Enforced here, in the service, on every read and write.
//
// Broker staff see and manage every attachment of their broker. A customer user sees Public attachments
// of its own organization's shipments only (DESIGN.md; 000 §6 leaves the roles open); anything else
// answers 404 like a file that does not exist, so ids cannot be probed. Customers attach files to their
// own shipments but never delete them or change their access level.
import { AccessLevel, type AttachmentSourceType, StaffPermission } from '@loadline/contracts/catalogue';
import type { Identity } from '@loadline/platform';
import { canSeeShipment as canSeeAnyShipment } from '@loadline/platform/shipment-scope';

export interface AttachmentOwnership {
  brokerId: string;
  sourceType: string;
  customerOrganizationId: string | null;
  accessLevel: number;
}

export interface ShipmentOwnership {
  brokerId: string;
  customerOrganizationId: string;
}

/** The platform's one rule (services/platform/src/identity.ts). */
export const canSeeShipment = (identity: Identity, shipment: ShipmentOwnership): boolean =>
  canSeeAnyShipment(identity, shipment);

export function canSeeAttachment(identity: Identity, attachment: AttachmentOwnership): boolean {
  if (attachment.brokerId !== identity.brokerId) return false;
  if (identity.kind === 'staff') return true;
  return (
    attachment.sourceType === 'shipment' &&
    attachment.customerOrganizationId === identity.organizationId &&
    attachment.accessLevel === AccessLevel.values.Public
  );
}

/** What a listing shows the caller: customers Public only. */
export function visibleAccessLevels(identity: Identity): number[] {
  return identity.kind === 'staff'
    ? [AccessLevel.values.Public, AccessLevel.values.Private]
    : [AccessLevel.values.Public];
}

/** Which organizations a staff user may attach organization files to: its broker and the broker's customers. */
export function canUseOrganization(
  identity: Identity,
  organization: { organizationId: string; brokerId: string | null } | undefined,
): boolean {
  if (identity.kind !== 'staff' || !organization) return false;
  return organization.organizationId === identity.brokerId || organization.brokerId === identity.brokerId;
}

export const ownShipmentsOnly = 'You can attach files to your own shipments only.';

/**
 * Who may attach files to a source, and delete or re-level its files (decision 0041): the shipment's staff
 * and customer (the route checks the shipment); a broker carrier's and its insurances' files are the
 * carrier's vetting papers, edited as the carrier preview is, with LSP Carrier Add/Edit (001 §6, decision
 * 0040); a tariff's with Tariff Add/Edit; an organization's, a customer's and a marketplace organization's
 * any staff of the broker. The refusal's text (403), or null when the caller may.
 */
export function attachRefusal(identity: Identity, sourceType: AttachmentSourceType): string | null {
  if (sourceType === 'shipment') return null;
  if (identity.kind !== 'staff') return ownShipmentsOnly;
  if (sourceType === 'brokercarrier' || sourceType === 'brokercarrierinsurance')
    return StaffPermission.has(identity.permissions, 'LSPCarrierAddEdit')
      ? null
      : "You do not have permission to edit your broker's carriers.";
  if (sourceType === 'tariff')
    return StaffPermission.has(identity.permissions, 'TariffAddEdit')
      ? null
      : "You do not have permission to edit your broker's tariffs.";
  return null;
}

/** A broker carrier is its broker's alone; `carrierMasterId`, when the upload names it, must be its carrier. */
export function canUseBrokerCarrier(
  identity: Identity,
  brokerCarrier: { brokerId: string; carrierMasterId: string } | undefined,
  carrierMasterId: string | undefined,
): boolean {
  if (identity.kind !== 'staff' || !brokerCarrier || brokerCarrier.brokerId !== identity.brokerId)
    return false;
  return carrierMasterId === undefined || carrierMasterId === brokerCarrier.carrierMasterId;
}

/** An insurance certificate is its broker carrier's; `carrierId`, when named, must be that broker carrier. */
export function canUseInsurance(
  identity: Identity,
  insurance: { brokerId: string; brokerCarrierId: string } | undefined,
  carrierId: string | undefined,
): boolean {
  if (identity.kind !== 'staff' || !insurance || insurance.brokerId !== identity.brokerId) return false;
  return carrierId === undefined || carrierId === insurance.brokerCarrierId;
}
