// Who may see, create and change which shipments. Enforced here, in the service, not in the page.
//
// Broker staff see and work their broker's shipments. A customer user sees only its own
// organization's shipments, and creates shipments only for it; it never changes a status
// (000 §6 leaves the roles open; issue 3 item 7). A shipment outside the caller's reach answers
// 404 like one that does not exist, so ids cannot be probed.
import type { Identity } from '@loadline/platform';

// Seeing a shipment is the platform's one rule (services/platform/src/identity.ts).
export { canSeeShipment, type ShipmentScope, shipmentScope } from '@loadline/platform/shipment-scope';

export type CreateFor =
  | { ok: true; customerOrganizationId: string; needsCustomerCheck: boolean }
  | { ok: false; status: 400 | 403; field: string; message: string };

/**
 * The customer a new shipment is for. Staff name any customer of their broker (checked against
 * the directory's read model: `needsCustomerCheck`); a customer user creates for its own
 * organization only.
 */
export function customerForNewShipment(identity: Identity, requested: string | undefined | null): CreateFor {
  if (identity.kind === 'customer') {
    if (requested && requested !== identity.organizationId) {
      return {
        ok: false,
        status: 403,
        field: 'customerOrganizationId',
        message: 'You can create shipments only for your own organization.',
      };
    }
    return { ok: true, customerOrganizationId: identity.organizationId, needsCustomerCheck: false };
  }
  if (!requested) {
    return {
      ok: false,
      status: 400,
      field: 'customerOrganizationId',
      message: 'customerOrganizationId is required.',
    };
  }
  return { ok: true, customerOrganizationId: requested, needsCustomerCheck: true };
}

/** Fields of a new shipment only broker staff may set. */
export const staffOnlyCreateFields = Object.freeze([
  'transitLegs',
  'shipmentAlertTypes',
  'consolidationParentId',
  'lockdownMarketplaceBuyer',
] as const);

/** The shipments a consolidation links this one to: its parent, then its children. */
export const consolidationLinksOf = (shipment: {
  consolidationParentId: number | null;
  consolidationChildIds: readonly number[];
}): number[] => [
  ...(shipment.consolidationParentId ? [shipment.consolidationParentId] : []),
  ...shipment.consolidationChildIds,
];

/**
 * A customer's view of a consolidation (decision 0025, addendum): a consolidation may span customers, and each
 * sees only the linked shipments that are its own (`own`), never another customer's numbers. Staff and the
 * events keep every link; no write takes a customer's view back (a customer never saves a shipment whole).
 */
export function consolidationSeenBy(
  shipment: { consolidationParentId: number | null; consolidationChildIds: readonly number[] },
  own: ReadonlySet<number>,
): { consolidationParentId: number | null; consolidationChildIds: number[] } {
  const parent = shipment.consolidationParentId;
  return {
    consolidationParentId: parent !== null && own.has(parent) ? parent : null,
    consolidationChildIds: shipment.consolidationChildIds.filter((id) => own.has(id)),
  };
}
