// Use cases of the order page beyond creating the shipment (app/shipments.ts): the accessorials checklist
// for a lane and the customer trends widget. Each checks access first.
import { type Identity, notFound } from '@loadline/platform';
import { accessorialChecklist, type ChecklistGroup, type LaneEnd } from '../domain/accessorials.ts';
import { type TrendsRange, trendsRanges } from '../domain/trends.ts';
import type { ShipmentsDeps } from '../service.ts';
import { organizationOfBroker } from '../store/customers.ts';
import { type TrendsFigures, trendsFigures } from '../store/trends.ts';

/** The checklist of 001 §2 for the lane, as the caller may choose from it (any signed-in user). */
export function checklistFor(caller: Identity, origin: LaneEnd, destination: LaneEnd): ChecklistGroup[] {
  return accessorialChecklist(caller, origin, destination);
}

export interface CustomerTrends {
  customerOrganizationId: string;
  ranges: (TrendsRange & TrendsFigures)[];
}

/**
 * A customer's trends: a customer user for its own organization only, staff for a customer of their
 * broker; any other organization answers 404 like one that does not exist.
 */
export async function customerTrends(
  deps: ShipmentsDeps,
  caller: Identity,
  customerOrganizationId: string,
  today: string = new Date().toISOString().slice(0, 10),
): Promise<CustomerTrends> {
  const missing = () => notFound(`Customer ${customerOrganizationId} was not found.`);
  if (caller.kind === 'customer') {
    if (customerOrganizationId !== caller.organizationId) throw missing();
  } else if (!(await organizationOfBroker(deps.runtime.db, customerOrganizationId, caller.brokerId))) {
    throw missing();
  }
  const ranges = trendsRanges(today);
  const figures = await trendsFigures(deps.runtime.db, caller.brokerId, customerOrganizationId, ranges);
  return { customerOrganizationId, ranges: ranges.map((r, i) => ({ ...r, ...figures[i]! })) };
}
