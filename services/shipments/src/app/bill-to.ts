// A shipment's created date and type data (000 §7) and its bill-to (000 §3): read within the caller's
// scope; set and deleted by staff, each in one transaction with shipment.updated and billto.changed.
import { fieldError, type Identity, problemsError } from '@loadline/platform';
import { type BillToAddress, checkBillTo, normalizeBillTo } from '../domain/bill-to.ts';
import type { Shipment } from '../domain/shipment.ts';
import { isYearOld, typeData } from '../domain/shipment-type.ts';
import { shipmentScope } from '../domain/visibility.ts';
import type { ShipmentsDeps } from '../service.ts';
import { deleteBillTo as deleteStored, saveBillTo } from '../store/bill-to.ts';
import { loadShipment } from '../store/shipments.ts';
import { getShipment, shipmentNotFound } from './shipments.ts';

/** The created date and type data (the year-old check and which page opens it). */
export async function getShipmentDomestic(deps: ShipmentsDeps, caller: Identity, shipmentId: number) {
  const shipment = await getShipment(deps, caller, shipmentId);
  return {
    shipmentId: shipment.shipmentId,
    ...typeData(shipment.shipmentType),
    status: shipment.status,
    createdDate: shipment.createdDate,
    yearOld: isYearOld(shipment.createdDate, new Date()),
    brokerId: shipment.brokerId,
    customerOrganizationId: shipment.customerOrganizationId,
    customerName: shipment.customerName,
    transitDays: shipment.transitDays,
    consolidationParentId: shipment.consolidationParentId,
    consolidationChildIds: shipment.consolidationChildIds,
  };
}

export const getBillTo = getShipment;

/** Sets the bill-to (street and city required, state and ZIP too in the USA); answers the shipment after. */
export async function setBillTo(
  deps: ShipmentsDeps,
  caller: Identity,
  input: { shipmentId: number; transitLegId?: string | null | undefined } & Partial<
    Record<keyof BillToAddress, string | null>
  >,
): Promise<Shipment> {
  const address = normalizeBillTo(input);
  const problems = checkBillTo(address);
  if (problems.length > 0) throw problemsError(problems);
  const { runtime } = deps;
  return runtime.db.transaction().execute(async (trx) => {
    const shipment = await loadShipment(trx, input.shipmentId, shipmentScope(caller), { forUpdate: true });
    if (!shipment) throw shipmentNotFound(input.shipmentId);
    const transitLegId = input.transitLegId ?? null;
    if (transitLegId !== null && !shipment.transitLegs.some((l) => l.transitLegId === transitLegId)) {
      throw fieldError(
        'transitLegId',
        `${transitLegId} is not a transit leg of shipment ${shipment.shipmentId}.`,
      );
    }
    await saveBillTo(runtime, trx, {
      shipmentId: shipment.shipmentId,
      transitLegId,
      address,
      actor: { userId: caller.userId, name: caller.displayName },
    });
    return (await loadShipment(trx, shipment.shipmentId, null))!;
  });
}

/** Deletes the bill-to; nothing is written when it had none. */
export async function deleteBillTo(deps: ShipmentsDeps, caller: Identity, shipmentId: number): Promise<void> {
  const { runtime } = deps;
  await runtime.db.transaction().execute(async (trx) => {
    const shipment = await loadShipment(trx, shipmentId, shipmentScope(caller), { forUpdate: true });
    if (!shipment) throw shipmentNotFound(shipmentId);
    await deleteStored(runtime, trx, shipmentId, { userId: caller.userId, name: caller.displayName });
  });
}
