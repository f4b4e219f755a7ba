// Who may see which organization and user. Enforced here, in the service, not in the page.
import type { Identity } from '@loadline/platform';

export interface OrganizationScope {
  /** organizations the caller may read: a broker's staff see their broker and its customers and factors */
  brokerId: string | null;
  /** a customer user sees only their own organization */
  organizationId: string | null;
}

export function organizationScope(identity: Identity): OrganizationScope {
  return identity.kind === 'staff'
    ? { brokerId: identity.brokerId, organizationId: null }
    : { brokerId: null, organizationId: identity.organizationId };
}

export function canSeeOrganization(
  identity: Identity,
  organization: { organizationId: string; brokerId: string | null },
): boolean {
  if (identity.kind === 'customer') return organization.organizationId === identity.organizationId;
  return organization.organizationId === identity.brokerId || organization.brokerId === identity.brokerId;
}
