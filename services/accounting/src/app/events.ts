// Use cases the other services' events start (the consumers call them inside their transaction): a
// customer's limit, preference or broker settings changed; a shipment changed (its status decides the
// invoicing automation and whether its charges weigh on credit); a bill-to changed.
import type {
  OrganizationChangedV1,
  ShipmentBillToChangedV1,
  ShipmentUpdatedV1,
  UserChangedV1,
} from '@loadline/contracts/events';
import { accessorialsToCharge } from '../domain/accessorial-charges.ts';
import { statusMovesCredit } from '../domain/credit.ts';
import { shipmentFactsOf } from '../domain/shipment-facts.ts';
import type { AccountingDeps } from '../service.ts';
import { payersOfShipment } from '../store/charge-lines.ts';
import {
  customersOfBroker,
  type Db,
  findShipment,
  saveBillTo,
  saveOrganizationView,
  saveShipmentView,
  saveUser,
} from '../store/views.ts';
import { chargeAccessorials } from './accessorial-charges.ts';
import { refreshCredit } from './credit.ts';
import { autoInvoice } from './invoicing.ts';

export async function organizationChanged(
  deps: AccountingDeps,
  trx: Db,
  o: OrganizationChangedV1,
): Promise<void> {
  if (!(await saveOrganizationView(trx, o))) return;
  // A broker's settings (ApplyNewCustomerCreditHold) concern every customer of it.
  const concerned = o.brokerId === null ? await customersOfBroker(trx, o.organizationId) : [o.organizationId];
  await refreshCredit(deps, trx, concerned);
}

export async function shipmentUpdated(deps: AccountingDeps, trx: Db, s: ShipmentUpdatedV1): Promise<void> {
  const before = await findShipment(trx, s.shipmentId);
  const facts = shipmentFactsOf(s);
  if (!(await saveShipmentView(trx, facts, s.version))) return;
  const toCharge = accessorialsToCharge(before?.accessorialIds, s.status, s.accessorials);
  if (toCharge.length > 0) await chargeAccessorials(deps, trx, facts, toCharge);
  if (before && before.status === s.status && before.noAccountingInvoice === s.noAccountingInvoice) return;
  // Invoices it issues refresh their payers' credit themselves (issue); otherwise the position moves only
  // when the shipment's charges start or stop weighing on credit (most status changes do not: In Transit
  // → Out for Delivery leaves every customer's position as it was).
  await autoInvoice(deps, trx, s.shipmentId);
  if (statusMovesCredit(before?.status ?? null, s.status))
    await refreshCredit(deps, trx, await payersOfShipment(trx, s.shipmentId));
}

export async function billToChanged(
  _deps: AccountingDeps,
  trx: Db,
  e: ShipmentBillToChangedV1,
): Promise<void> {
  await saveBillTo(trx, e);
}

/** A user of the directory: whose staff each is (a commission's payee must be its broker's, decision 0041). */
export async function userChanged(_deps: AccountingDeps, trx: Db, u: UserChangedV1): Promise<void> {
  await saveUser(trx, u);
}
