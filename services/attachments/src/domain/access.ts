// Who may see and change which attachment. Enforced here, in the service, on every read and write.
//
// Broker staff see and manage every attachment of their broker. A customer user sees Public attachments
// of its own organization's shipments only (DESIGN.md; 000 §6 leaves the roles open); anything else
// answers 404 like a file that does not exist, so ids cannot be probed. Customers attach files to their
// own shipments but never delete them or change their access level.
import { AccessLevel } from '@loadline/contracts/catalogue';
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
