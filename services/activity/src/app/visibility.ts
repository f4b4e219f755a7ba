// What the caller may reach, looked up for the use cases: a shipment's log, one entry, one filed email, one
// organization. What is out of reach answers 404, like what does not exist, so ids leak nothing.
import { conflict, notFound } from '@loadline/platform';
import { type Caller, canSeeShipment, visibleShipmentLevels } from '../domain/access.ts';
import type { ShipmentEntry } from '../domain/shipment-entry.ts';
import {
  type Db,
  findArchivedEntry,
  findEmailEntry,
  findEntry,
  findShipment,
  type ShipmentRead,
} from '../store/activities.ts';
import { findOrganization } from '../store/read-models.ts';

export const shipmentNotFound = (shipmentId: number) => notFound(`Shipment ${shipmentId} was not found.`);
export const activityNotFound = (activityId: number) => notFound(`Activity ${activityId} was not found.`);

const seesLevel = (caller: Caller, level: number) => visibleShipmentLevels(caller).includes(level as never);

/** The shipment if the caller may see its log; 404 otherwise, like one that does not exist. */
export async function visibleShipment(db: Db, caller: Caller, shipmentId: number): Promise<ShipmentRead> {
  const shipment = await findShipment(db, shipmentId);
  if (!shipment || !canSeeShipment(caller, shipment)) throw shipmentNotFound(shipmentId);
  return shipment;
}

/** An entry the caller may see (its shipment and its level), locked for a change; 404 otherwise. */
export async function visibleEntry(
  trx: Db,
  caller: Caller,
  activityId: number,
): Promise<{ entry: ShipmentEntry; shipment: ShipmentRead }> {
  const entry = await findEntry(trx, activityId, { forUpdate: true });
  if (!entry) {
    const archived = await findArchivedEntry(trx, activityId);
    const shipment = archived && (await findShipment(trx, archived.shipment_id));
    if (archived && canSeeShipment(caller, shipment) && seesLevel(caller, archived.access_level))
      throw conflict(`Activity ${activityId} is archived; archived entries are kept as they were.`);
    throw activityNotFound(activityId);
  }
  const shipment = await findShipment(trx, entry.shipment_id);
  if (!canSeeShipment(caller, shipment) || !seesLevel(caller, entry.access_level))
    throw activityNotFound(activityId);
  return { entry, shipment: shipment as ShipmentRead };
}

/** The email entry if the caller may see it, locked for a change; 404 otherwise. */
export async function visibleEmail(
  trx: Db,
  caller: Caller,
  detailId: string,
): Promise<{ entry: ShipmentEntry; shipment: ShipmentRead }> {
  const entry = await findEmailEntry(trx, detailId, { forUpdate: true });
  const shipment = entry && (await findShipment(trx, entry.shipment_id));
  if (!entry || !shipment || !canSeeShipment(caller, shipment) || !seesLevel(caller, entry.access_level))
    throw notFound(`Email ${detailId} was not found.`);
  return { entry, shipment };
}

/** The organization if it is the caller's broker or one of its customers or factors; 404 otherwise. */
export async function visibleOrganization(db: Db, caller: Caller, organizationId: string) {
  const org = await findOrganization(db, organizationId);
  if (!org || org.broker_id !== caller.brokerId)
    throw notFound(`Organization ${organizationId} was not found.`);
  return org;
}
