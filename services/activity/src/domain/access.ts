// Who sees and writes which activity entries (000 §6, issue 5 item 5). Enforced here, in the service, not
// in the page. Pure.
//
// - Shipment log: broker staff see their broker's shipments; a customer user only its own organization's,
//   and only Public entries. Admin entries are for IT support admins alone. Another's shipment answers 404,
//   like one that does not exist.
// - Organization log: broker staff only (collections and onboarding notes are the broker's business); the
//   Admin level belongs to IT support admin, AR revisions, AP revisions and margin add/edit (000 §6).
// - Carrier log: broker staff only; Admin entries for IT support admins, as on the shipment log.
import {
  AccessLevel,
  type AccessLevelValue,
  canSeeOrganizationLogAdminAccess,
  canUseAdminAccessLevel,
} from '@loadline/contracts/catalogue';
import type { Identity } from '@loadline/platform';
import { canSeeShipment as canSeeAnyShipment } from '@loadline/platform/shipment-scope';

const A = AccessLevel.values;

/** The caller as far as these rules need it. */
export type Caller = Pick<
  Identity,
  'userId' | 'kind' | 'displayName' | 'organizationId' | 'brokerId' | 'permissions'
>;

export { type ShipmentScope, shipmentScope } from '@loadline/platform/shipment-scope';

/** The platform's one rule (services/platform/src/identity.ts), over the read model's row. */
export function canSeeShipment(
  caller: Caller,
  shipment: { broker_id: string; customer_organization_id: string } | undefined,
): boolean {
  return (
    shipment !== undefined &&
    canSeeAnyShipment(caller, {
      brokerId: shipment.broker_id,
      customerOrganizationId: shipment.customer_organization_id,
    })
  );
}

/** The access levels of shipment entries the caller may see. */
export function visibleShipmentLevels(caller: Caller): AccessLevelValue[] {
  if (caller.kind !== 'staff') return [A.Public];
  return canUseAdminAccessLevel(caller.permissions) ? [A.Public, A.Private, A.Admin] : [A.Public, A.Private];
}

/** Carrier entries follow the shipment log's rule (staff only, Admin for IT support admins). */
export const visibleCarrierLevels = visibleShipmentLevels;

/** The access levels of organization entries the caller may see. */
export function visibleOrganizationLevels(caller: Caller): AccessLevelValue[] {
  if (caller.kind !== 'staff') return [];
  return canSeeOrganizationLogAdminAccess(caller.permissions)
    ? [A.Public, A.Private, A.Admin]
    : [A.Public, A.Private];
}

/** Why the caller may not give a shipment or carrier entry this level, or undefined when it may. */
export function shipmentLevelProblem(caller: Caller, level: number): string | undefined {
  if (level === A.Admin && !canUseAdminAccessLevel(caller.permissions)) {
    return `Only IT support admins can use the ${AccessLevel.nameOf(A.Admin)} access level.`;
  }
  return undefined;
}

/** Why the caller may not give an organization entry this level, or undefined when it may. */
export function organizationLevelProblem(caller: Caller, level: number): string | undefined {
  if (level === A.Admin && !canSeeOrganizationLogAdminAccess(caller.permissions)) {
    return `Only IT support admins and staff with AR revisions, AP revisions or margin add/edit can use the ${AccessLevel.nameOf(A.Admin)} access level on organization notes.`;
  }
  return undefined;
}

/** Customers read their Public entries; only broker staff write or change entries. */
export function canWrite(caller: Caller): boolean {
  return caller.kind === 'staff';
}
