// Request driver location (000 §3, §6, §7, §8; issue 4 item 3): a text message with a one-time link is
// queued; the driver's public page shares the phone's position with one tap, which becomes an In Transit
// location. The local sink's messages are listed for development.
import { badRequest, fieldError, type Identity, isStaff, newId, notFound } from '@loadline/platform';
import {
  customerPhoneProblem,
  DRIVER_LINK_LIFETIME_MINUTES,
  displayPhone,
  driverLinkToken,
  driverLocationMessage,
  e164,
  isValidDriverLocationStatus,
  type LinkState,
  linkState,
  normalizeCellPhone,
  requestIdOfToken,
} from '../domain/driver-location.ts';
import { LocationType, placeLocation } from '../domain/locations.ts';
import type { TrackingDeps } from '../service.ts';
import {
  findDriverRequest,
  insertDriverRequest,
  markDriverRequestSent,
  markDriverRequestUsed,
  textMessagesOfBroker,
} from '../store/driver-requests.ts';
import { insertLocations } from '../store/locations.ts';
import { loadShipment } from '../store/shipments.ts';
import { visibleShipment } from './locations.ts';

export const driverLocationTextQueue = 'tracking-driver-location-text';

export interface DriverLocationTextJob {
  requestId: string;
}

/** The public page of a request (served by this service through the gateway). */
export const driverLinkPath = (token: string) => `/driver-location/${token}`;

export async function driverLocationModel(deps: TrackingDeps, caller: Identity, shipmentId: number) {
  const shipment = await visibleShipment(deps.runtime.db, caller, shipmentId);
  return {
    shipmentId,
    isValidStatus: isValidDriverLocationStatus(shipment.status),
    driverCellPhoneNumber: shipment.driver_cell_phone,
  };
}

export async function requestDriverLocation(
  deps: TrackingDeps,
  caller: Identity,
  input: { shipmentId: number; driverCellPhoneNumber: string },
) {
  const { runtime } = deps;
  const { shipmentId, driverCellPhoneNumber } = input;
  const shipment = await visibleShipment(runtime.db, caller, shipmentId);
  if (!isValidDriverLocationStatus(shipment.status))
    throw fieldError(
      'shipmentId',
      'A driver can be asked for the location only while the load is dispatched, in transit or out for delivery.',
    );
  const phone = normalizeCellPhone(driverCellPhoneNumber);
  if (!phone)
    throw fieldError(
      'driverCellPhoneNumber',
      'driverCellPhoneNumber must be a 10-digit US or Canadian cell phone number.',
    );
  const notTheDriver = isStaff(caller) ? undefined : customerPhoneProblem(phone, shipment.driver_cell_phone);
  if (notTheDriver) throw fieldError('driverCellPhoneNumber', notTheDriver);
  const requestId = newId('drq');
  const expiresAt = new Date(Date.now() + DRIVER_LINK_LIFETIME_MINUTES * 60_000);
  await insertDriverRequest(runtime.db, {
    requestId,
    shipmentId,
    cellPhone: phone,
    requestedBy: { userId: caller.userId, name: caller.displayName },
    expiresAt,
  });
  // Queued after the row commits; the request id is the job id (a repeat queues nothing).
  await runtime
    .queue<DriverLocationTextJob>(driverLocationTextQueue)
    .enqueue({ requestId }, { idempotencyKey: requestId });
  return { requestId, shipmentId, driverCellPhoneNumber: displayPhone(phone), expiresAt };
}

/**
 * Sends a request's link by text message (the queue's job). The provider gets the request id as its
 * idempotency key; a request already sent is skipped.
 */
export async function sendDriverLocationText(deps: TrackingDeps, requestId: string) {
  const { runtime, settings, adapters } = deps;
  const request = await findDriverRequest(runtime.db, requestId);
  if (!request || request.sent_at) return { skipped: true };
  const url = `${settings.driverLinkBaseUrl.replace(/\/$/, '')}${driverLinkPath(driverLinkToken(request.request_id, settings.driverLinkSecret))}`;
  const sent = await adapters.textMessages.send({
    to: e164(request.cell_phone),
    body: driverLocationMessage(url),
    reference: request.request_id,
  });
  await markDriverRequestSent(runtime.db, request.request_id, new Date());
  return sent;
}

/** Development: the local sink's texts about the caller's broker's loads (404 with a real provider). */
export async function localTextMessages(deps: TrackingDeps, caller: Identity, limit: number) {
  if (deps.adapters.textMessages.name !== 'local')
    throw notFound('Text messages go through a real provider here; its own console lists them.');
  // Each broker's staff see the texts about their own loads only: a text holds its driver's phone and a
  // one-use link that places the load (decision 0013; the matrix found every broker's texts listed).
  return textMessagesOfBroker(deps.runtime.db, caller.brokerId, limit);
}

/** Whether a link is still open (the page shows the button) or used or expired (an unknown token too). */
export async function driverLinkState(deps: TrackingDeps, token: string): Promise<LinkState> {
  const requestId = requestIdOfToken(token, deps.settings.driverLinkSecret);
  const found = requestId ? await findDriverRequest(deps.runtime.db, requestId) : undefined;
  return found ? linkState({ usedAt: found.used_at, expiresAt: found.expires_at }, new Date()) : 'expired';
}

/** The driver's phone shares its position, once: true when it became an In Transit location. */
export async function shareDriverLocation(
  deps: TrackingDeps,
  token: string,
  position: { latitude: number; longitude: number },
): Promise<boolean> {
  const { runtime, settings, adapters } = deps;
  const requestId = requestIdOfToken(token, settings.driverLinkSecret);
  if (!requestId) return false;
  return runtime.db.transaction().execute(async (trx) => {
    const row = await findDriverRequest(trx, requestId, { forUpdate: true });
    if (!row || linkState({ usedAt: row.used_at, expiresAt: row.expires_at }, new Date()) !== 'open')
      return false;
    const shipment = await loadShipment(trx, Number(row.shipment_id), null);
    if (!shipment) return false;
    const placed = placeLocation(
      { locationType: LocationType.InTransit, latitude: position.latitude, longitude: position.longitude },
      adapters.zips(),
      new Date(),
      shipment.origin_utc_offset_minutes,
    );
    if (!placed.ok) throw badRequest(placed.problems.map((p) => p.message).join(' '));
    const [location] = await insertLocations(
      trx,
      runtime,
      new Map([[shipment.shipment_id, shipment]]),
      [{ ...placed.location, shipmentId: shipment.shipment_id }],
      'driver',
      { userId: row.request_id, name: `Driver ${displayPhone(row.cell_phone)}` },
    );
    await markDriverRequestUsed(trx, row.request_id, new Date(), location!.locationId);
    return true;
  });
}
