// Who sees which shipment's locations (DESIGN.md "Identity"; issue 4 checks). Broker staff see
// their broker's shipments; a customer user only its own organization's, and another's answers
// 404 like one that does not exist. Only staff add locations (issue 4 item 1); both may ask a
// driver for the position (000 §6: the front office sends the request directly).
import type { Identity } from '@loadline/platform';

export interface ShipmentScope {
  brokerId: string;
  /** set for a customer user: only this organization's shipments */
  customerOrganizationId: string | null;
}

export function shipmentScope(identity: Identity): ShipmentScope {
  return {
    brokerId: identity.brokerId,
    customerOrganizationId: identity.kind === 'customer' ? identity.organizationId : null,
  };
}

export function inScope(
  scope: ShipmentScope,
  shipment: { brokerId: string; customerOrganizationId: string },
) {
  return (
    shipment.brokerId === scope.brokerId &&
    (scope.customerOrganizationId === null ||
      shipment.customerOrganizationId === scope.customerOrganizationId)
  );
}
