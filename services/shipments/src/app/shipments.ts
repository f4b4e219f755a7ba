// Use cases of shipments: create one (staff for any customer of their broker, a customer user for its
// own organization) and read one within the caller's scope. Not found and not the caller's answer
// alike, so shipment numbers cannot be probed.
import {
  BrokerOrganizationSetting,
  type DensityScaleId,
  DensityScales,
  OrganizationType,
  selectDensityScale,
} from '@loadline/contracts/catalogue';
import { fieldError, type Identity, notFound, problemsError, refusalError } from '@loadline/platform';
import type { FieldProblem } from '@loadline/platform/problems';
import { shipmentClosedToCarrierChange } from '../domain/carrier-assignment.ts';
import { draftShipment, type NewShipmentInput } from '../domain/new-shipment.ts';
import { openAlertTypes, type Shipment } from '../domain/shipment.ts';
import { shipmentScope } from '../domain/visibility.ts';
import type { ShipmentsDeps } from '../service.ts';
import { brokerSettingsOf, organizationOfBroker } from '../store/customers.ts';
import { type Db, insertShipment, loadShipment } from '../store/shipments.ts';

export const shipmentNotFound = (shipmentId: number) => notFound(`Shipment ${shipmentId} was not found.`);

/** The shipment if the caller may see it; 404 otherwise. */
export async function getShipment(
  deps: ShipmentsDeps,
  caller: Identity,
  shipmentId: number,
): Promise<Shipment> {
  const shipment = await loadShipment(deps.runtime.db, shipmentId, shipmentScope(caller));
  if (!shipment) throw shipmentNotFound(shipmentId);
  return shipment;
}

/** A shipment as the API answers it: with its open alerts' types, as the edit view lists them. */
export type ShipmentView = Shipment & { shipmentAlertTypes: number[]; carrierChangeRefusal: string | null };

const viewOf = (shipment: Shipment): ShipmentView => ({
  ...shipment,
  shipmentAlertTypes: openAlertTypes(shipment),
  // the picker is offered only where the service would change the carrier (decision 0117)
  carrierChangeRefusal: shipmentClosedToCarrierChange(shipment.status) ?? null,
});

/** GET /api/shipments/{id}: the shipment if the caller may see it; 404 otherwise. */
export async function readShipment(
  deps: ShipmentsDeps,
  caller: Identity,
  shipmentId: number,
): Promise<ShipmentView> {
  return viewOf(await getShipment(deps, caller, shipmentId));
}

/**
 * The density scale of the broker's commodity classes, as the directory decided it from the broker's settings
 * and feature flags (002 §6.4, 000 §6) and published with the broker's organization.changed (decision 0091
 * addendum). Before an event carried it, the settings alone decide: the alternate scale or the standard one.
 */
export async function brokerDensityScale(deps: ShipmentsDeps, brokerId: string): Promise<DensityScaleId> {
  const { brokerSettings, densityScale } = await brokerSettingsOf(deps.runtime.db, brokerId);
  if (densityScale !== null && densityScale in DensityScales) return densityScale as DensityScaleId;
  return selectDensityScale({
    useAlternateClassEstimatorDensityScale: BrokerOrganizationSetting.has(
      brokerSettings,
      'UseAlternateClassEstimatorDensityScale',
    ),
    freightClassScaleUpdate: false,
  });
}

/**
 * Staff create shipments for active customers of their broker only: the problem with the customer, if any
 * (the order page's create and the importer's rows alike).
 */
export async function customerProblem(
  db: Db,
  customer: string,
  brokerId: string,
): Promise<FieldProblem | undefined> {
  const known = await organizationOfBroker(db, customer, brokerId);
  if (!known || known.organizationType !== OrganizationType.values.Customer)
    return { field: 'customerOrganizationId', message: `${customer} is not a customer of your broker.` };
  if (!known.active)
    return { field: 'customerOrganizationId', message: `${customer} is not an active customer.` };
  return undefined;
}

/**
 * Creates a shipment with its legs, stops, references, bill-to, alerts, commodities, accessorials and special
 * instructions in one transaction; publishes shipment.updated.
 */
export async function createShipment(
  deps: ShipmentsDeps,
  caller: Identity,
  input: NewShipmentInput,
): Promise<ShipmentView> {
  const densityScale = input.commodities?.length
    ? await brokerDensityScale(deps, caller.brokerId)
    : undefined;
  const drafted = draftShipment(caller, input, new Date(), densityScale ? { densityScale } : {});
  if (!drafted.ok) {
    if ('refusal' in drafted) throw refusalError(drafted.refusal);
    if ('problem' in drafted) throw fieldError(drafted.problem.field, drafted.problem.message);
    throw problemsError(drafted.problems);
  }
  const { shipment, checkCustomer } = drafted.draft;
  const { runtime } = deps;
  const created = await runtime.db.transaction().execute(async (trx) => {
    if (checkCustomer) {
      const problem = await customerProblem(trx, shipment.customerOrganizationId, caller.brokerId);
      if (problem) throw fieldError(problem.field, problem.message);
    }
    const parentId = shipment.consolidationParentId;
    if (parentId !== null && !(await loadShipment(trx, parentId, shipmentScope(caller))))
      throw fieldError('consolidationParentId', `Shipment ${parentId} was not found.`);
    return insertShipment(runtime, trx, shipment);
  });
  return viewOf(created!);
}
