// Who sees which shipment (DESIGN.md "Identity"), the one rule every service that keeps shipment data
// applies: broker staff see their broker's shipments; a customer user only its own organization's. A
// shipment outside the caller's reach answers 404 like one that does not exist, so ids cannot be probed.
// Pure (its own entry, `@loadline/platform/shipment-scope`, so domain/ code may use it).
import type { Identity } from './identity.ts';

/** The shipments a caller may see, as a query filter. */
export interface ShipmentScope {
  brokerId: string;
  /** set for a customer user: only this organization's shipments */
  customerOrganizationId: string | null;
}

type ShipmentCaller = Pick<Identity, 'brokerId' | 'kind' | 'organizationId'>;
interface ShipmentOwners {
  brokerId: string;
  customerOrganizationId: string;
}

export function shipmentScope(caller: ShipmentCaller): ShipmentScope {
  return {
    brokerId: caller.brokerId,
    customerOrganizationId: caller.kind === 'customer' ? caller.organizationId : null,
  };
}

export function inShipmentScope(scope: ShipmentScope, shipment: ShipmentOwners): boolean {
  return (
    shipment.brokerId === scope.brokerId &&
    (scope.customerOrganizationId === null ||
      shipment.customerOrganizationId === scope.customerOrganizationId)
  );
}

export const canSeeShipment = (caller: ShipmentCaller, shipment: ShipmentOwners): boolean =>
  inShipmentScope(shipmentScope(caller), shipment);
