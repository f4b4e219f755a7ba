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
import { automationMayInvoice } from '../domain/invoicing.ts';
import type { ShipmentFacts } from '../domain/model.ts';
import { shipmentFactsOf } from '../domain/shipment-facts.ts';
import type { AccountingDeps } from '../service.ts';
import { automationMethodsOf } from '../store/accounts.ts';
import { payersOfShipment } from '../store/charge-lines.ts';
import {
  customersOfBroker,
  type Db,
  findShipment,
  findShipmentVersions,
  saveBillTo,
  saveOrganizationView,
  saveShipmentView,
  saveShipmentViews,
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

/**
 * `shipmentUpdated` for a batch of events, in their order, with the same outcome as one after another:
 * the batch's stored copies read in one statement with its customers' invoicing automation (read apart,
 * for the customers whose shipment changes status, only when no shipment of the batch is known yet); an
 * event that only moves the copy (no accessorial to charge, no invoice the automation may issue, no credit
 * it moves — a status change between In Transit and Out for Delivery) is only written, with the batch's
 * others in one statement. An event that may do more goes through `shipmentUpdated` itself, after the
 * copies before it are written (its invoicing and credit read them).
 */
export async function shipmentsUpdated(
  deps: AccountingDeps,
  trx: Db,
  events: readonly ShipmentUpdatedV1[],
): Promise<void> {
  // the customers' automation read with the copies (one round trip) when accounting knows a shipment of them
  const { versions: stored, automationMethods } = await findShipmentVersions(
    trx,
    [...new Set(events.map((s) => s.shipmentId))],
    [...new Set(events.map((s) => s.customerOrganizationId))],
  );
  // the customers whose shipment changes status (or invoice flag) from the copy before it, in the batch's order
  const last = new Map(
    [...stored].map(([id, v]) => [id, v.facts as Pick<ShipmentFacts, 'status' | 'noAccountingInvoice'>]),
  );
  const changing = new Set<string>();
  for (const s of events) {
    const before = last.get(s.shipmentId);
    if (!before || before.status !== s.status || before.noAccountingInvoice !== s.noAccountingInvoice)
      changing.add(s.customerOrganizationId);
    last.set(s.shipmentId, s);
  }
  const methods = automationMethods ?? (await automationMethodsOf(trx, [...changing]));
  let unwritten = new Map<number, { facts: ShipmentFacts; version: number }>();
  for (const s of events) {
    const known = stored.get(s.shipmentId);
    if (known && known.version >= s.version) continue; // an older or repeated copy: saveShipmentView skips it
    const facts = shipmentFactsOf(s);
    if (onlyMovesTheCopy(known?.facts, s, methods.get(s.customerOrganizationId))) {
      unwritten.set(s.shipmentId, { facts, version: s.version });
    } else {
      await saveShipmentViews(trx, [...unwritten.values()]);
      unwritten = new Map();
      await shipmentUpdated(deps, trx, s);
    }
    stored.set(s.shipmentId, { facts, version: s.version });
  }
  await saveShipmentViews(trx, [...unwritten.values()]);
}

/** Whether `shipmentUpdated` would only write the copy (`method`: the customer's automation, when read). */
function onlyMovesTheCopy(
  before: ShipmentFacts | undefined,
  s: ShipmentUpdatedV1,
  method: number | undefined,
) {
  if (accessorialsToCharge(before?.accessorialIds, s.status, s.accessorials).length > 0) return false;
  if (before && before.status === s.status && before.noAccountingInvoice === s.noAccountingInvoice)
    return true;
  if (method === undefined || automationMayInvoice(method, s.status)) return false;
  return !statusMovesCredit(before?.status ?? null, s.status);
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
