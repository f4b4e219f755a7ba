// Request driver location (000 §3, §6, §7, §8; issue 4 item 3):
// GET /api/requestDriverLocation/getRequestDriverLocationModel/{id} and POST /api/requestDriverLocation
// queue a text message with a one-time link; the public page /driver-location/{token} (no sign-in,
// through the gateway) lets the driver share the phone's position with one tap, which becomes an
// In Transit location. GET /api/requestDriverLocation/textMessages: the local sink's messages (development).
import { subjects } from '@loadline/contracts/events';
import {
  type App,
  badRequest,
  callerOf,
  fieldError,
  newId,
  notFound,
  requireStaff,
  requireUser,
  type ServiceRuntime,
} from '@loadline/platform';
import Type from 'typebox';
import type { TextMessageProvider } from '../adapters/text-messages.ts';
import {
  DRIVER_LINK_LIFETIME_MINUTES,
  displayPhone,
  isValidDriverLocationStatus,
  linkState,
  normalizeCellPhone,
  requestIdOfToken,
} from '../domain/driver-location.ts';
import { LocationType, placeLocation } from '../domain/locations.ts';
import { shipmentScope } from '../domain/visibility.ts';
import type { ZipIndex } from '../domain/zip-index.ts';
import { type DriverLocationTextJob, driverLocationTextQueue } from '../jobs/driver-location-text.ts';
import { insertLocations } from '../store/locations.ts';
import { loadShipment } from '../store/shipments.ts';
import type { TrackingTables } from '../store/tables.ts';
import { driverPage } from './driver-page.ts';
import { DriverLocationRequestIn, errors, ShipmentIdParam, shipmentNotFound } from './schemas.ts';

export interface DriverLocationOptions {
  provider: TextMessageProvider;
  linkSecret: string;
}

export async function registerDriverLocationRoutes(
  app: App,
  runtime: ServiceRuntime<TrackingTables>,
  zips: () => ZipIndex,
  options: DriverLocationOptions,
): Promise<void> {
  const db = runtime.db;
  const queue = runtime.queue<DriverLocationTextJob>(driverLocationTextQueue);

  app.get(
    '/api/requestDriverLocation/getRequestDriverLocationModel/:shipmentId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['driver location'],
        summary:
          "Whether the driver can be asked now (isValidStatus: Dispatched, In Transit, Out for Delivery) and the driver's cell phone",
        params: Type.Object({ shipmentId: ShipmentIdParam }),
        response: { 200: Type.Ref('DriverLocationModel'), ...errors },
      },
    },
    async (request) => {
      const { shipmentId } = request.params;
      const shipment = await loadShipment(db, shipmentId, shipmentScope(callerOf(request)));
      if (!shipment) throw shipmentNotFound(shipmentId);
      return {
        shipmentId,
        isValidStatus: isValidDriverLocationStatus(shipment.status),
        driverCellPhoneNumber: shipment.driver_cell_phone,
      };
    },
  );

  app.post(
    '/api/requestDriverLocation',
    {
      preHandler: requireUser,
      schema: {
        tags: ['driver location'],
        summary:
          'Texts the driver a one-time link to share the position (queued; staff, or the customer for its own shipment)',
        body: DriverLocationRequestIn,
        response: { 201: Type.Ref('DriverLocationRequest'), ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { shipmentId, driverCellPhoneNumber } = request.body;
      const shipment = await loadShipment(db, shipmentId, shipmentScope(caller));
      if (!shipment) throw shipmentNotFound(shipmentId);
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
      const requestId = newId('drq');
      const expiresAt = new Date(Date.now() + DRIVER_LINK_LIFETIME_MINUTES * 60_000);
      await db
        .insertInto('driver_location_request')
        .values({
          request_id: requestId,
          shipment_id: shipmentId,
          cell_phone: phone,
          requested_by_user_id: caller.userId,
          requested_by_name: caller.displayName,
          expires_at: expiresAt,
          sent_at: null,
          used_at: null,
          location_id: null,
        })
        .execute();
      // Queued after the row commits; the request id is the job id (a repeat queues nothing).
      await queue.enqueue({ requestId }, { idempotencyKey: requestId });
      return reply.status(201).send({
        requestId,
        shipmentId,
        driverCellPhoneNumber: displayPhone(phone),
        expiresAt: expiresAt.toISOString(),
      });
    },
  );

  app.get(
    '/api/requestDriverLocation/textMessages',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['driver location'],
        summary:
          "Development: the text messages the local sink recorded about the caller's broker's loads, newest first (404 with a real provider)",
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })) }),
        response: { 200: Type.Array(Type.Ref('TextMessage')), ...errors },
      },
    },
    async (request) => {
      if (options.provider.name !== 'local')
        throw notFound('Text messages go through a real provider here; its own console lists them.');
      // Each broker's staff see the texts about their own loads only: a text holds its driver's phone and a
      // one-use link that places the load (decision 0013; the matrix found every broker's texts listed).
      const rows = await db
        .selectFrom('text_message')
        .innerJoin('driver_location_request as r', 'r.request_id', 'text_message.reference')
        .innerJoin('shipment as s', 's.shipment_id', 'r.shipment_id')
        .selectAll('text_message')
        .where('s.broker_id', '=', callerOf(request).brokerId)
        .orderBy('text_message.message_id', 'desc')
        .limit(request.query.limit ?? 50)
        .execute();
      return rows.map((r) => ({
        messageId: Number(r.message_id),
        to: r.to_number,
        body: r.body,
        reference: r.reference,
        sentAt: r.sent_at.toISOString(),
      }));
    },
  );

  // The driver's page: public (the token is the only key), reveals nothing of the shipment.
  const publicHeaders = {
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-robots-tag': 'noindex',
    'content-security-policy':
      "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; form-action 'none'; frame-ancestors 'none'",
  };
  const TokenParams = Type.Object({ token: Type.String({ maxLength: 200 }) });

  const openRequest = async (token: string) => {
    const requestId = requestIdOfToken(token, options.linkSecret);
    if (!requestId) return undefined;
    return db
      .selectFrom('driver_location_request')
      .selectAll()
      .where('request_id', '=', requestId)
      .executeTakeFirst();
  };

  app.get(
    '/driver-location/:token',
    { schema: { hide: true, params: TokenParams } },
    async (request, reply) => {
      const found = await openRequest(request.params.token);
      const state = found
        ? linkState({ usedAt: found.used_at, expiresAt: found.expires_at }, new Date())
        : 'expired';
      reply.headers(publicHeaders).type('text/html; charset=utf-8');
      return reply.status(state === 'open' ? 200 : 410).send(driverPage(state));
    },
  );

  app.post(
    '/driver-location/:token',
    {
      schema: {
        tags: ['driver location'],
        summary:
          "The driver's phone shares its position (public, one use): it becomes an In Transit location",
        params: TokenParams,
        body: Type.Object(
          {
            latitude: Type.Number({ minimum: -90, maximum: 90 }),
            longitude: Type.Number({ minimum: -180, maximum: 180 }),
            accuracy: Type.Optional(Type.Number({ minimum: 0 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ shared: Type.Boolean() }), 400: errors[400], 410: errors[400] },
      },
    },
    async (request, reply) => {
      reply.headers({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
      const requestId = requestIdOfToken(request.params.token, options.linkSecret);
      const gone = () =>
        reply.status(410).send({
          statusCode: 410,
          error: 'Gone',
          message: 'This link has expired or was already used.',
          requestId: request.id,
        });
      if (!requestId) return gone();
      const shared = await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('driver_location_request')
          .selectAll()
          .where('request_id', '=', requestId)
          .forUpdate()
          .executeTakeFirst();
        if (!row || linkState({ usedAt: row.used_at, expiresAt: row.expires_at }, new Date()) !== 'open')
          return false;
        const shipment = await loadShipment(trx, Number(row.shipment_id), null);
        if (!shipment) return false;
        const placed = placeLocation(
          {
            locationType: LocationType.InTransit,
            latitude: request.body.latitude,
            longitude: request.body.longitude,
          },
          zips(),
          new Date(),
          shipment.origin_utc_offset_minutes,
        );
        if (!placed.ok) throw badRequest(placed.problems.map((p) => p.message).join(' '));
        const [location] = await insertLocations(
          trx,
          (t, events) =>
            runtime.appendEvents(
              t,
              events.map((data) => ({ subject: subjects.locationAdded, data })),
            ),
          new Map([[shipment.shipment_id, shipment]]),
          [{ ...placed.location, shipmentId: shipment.shipment_id }],
          'driver',
          { userId: row.request_id, name: `Driver ${displayPhone(row.cell_phone)}` },
        );
        await trx
          .updateTable('driver_location_request')
          .set({ used_at: new Date(), location_id: location!.locationId })
          .where('request_id', '=', row.request_id)
          .execute();
        return true;
      });
      if (!shared) return gone();
      return { shared: true };
    },
  );
}
