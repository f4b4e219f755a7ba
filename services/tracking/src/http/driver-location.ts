// HTTP doors of request driver location (000 §3, §6, §7, §8; issue 4 item 3):
// GET /api/requestDriverLocation/getRequestDriverLocationModel/{id} and POST /api/requestDriverLocation
// queue a text message with a one-time link; the public page /driver-location/{token} (no sign-in,
// through the gateway) lets the driver share the phone's position with one tap, which becomes an
// In Transit location. GET /api/requestDriverLocation/textMessages: the local sink's messages (development).
import { type App, callerOf, requireStaff, requireUser } from '@loadline/platform';
import Type from 'typebox';
import {
  driverLinkState,
  driverLocationModel,
  localTextMessages,
  requestDriverLocation,
  shareDriverLocation,
} from '../app/driver-location.ts';
import type { TrackingDeps } from '../service.ts';
import { driverPage } from './driver-page.ts';
import { textMessageOut } from './present.ts';
import { DriverLocationRequestIn, errors, ShipmentIdParam } from './schemas.ts';

// The driver's page: public (the token is the only key), reveals nothing of the shipment.
const publicHeaders = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex',
  'content-security-policy':
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; form-action 'none'; frame-ancestors 'none'",
};
const TokenParams = Type.Object({ token: Type.String({ maxLength: 200 }) });

export function driverLocationRoutes(app: App, deps: TrackingDeps): void {
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
    (request) => driverLocationModel(deps, callerOf(request), request.params.shipmentId),
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
      const made = await requestDriverLocation(deps, callerOf(request), request.body);
      return reply.status(201).send({ ...made, expiresAt: made.expiresAt.toISOString() });
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
    async (request) =>
      (await localTextMessages(deps, callerOf(request), request.query.limit ?? 50)).map(textMessageOut),
  );

  app.get(
    '/driver-location/:token',
    { schema: { hide: true, params: TokenParams } },
    async (request, reply) => {
      const state = await driverLinkState(deps, request.params.token);
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
      if (await shareDriverLocation(deps, request.params.token, request.body)) return { shared: true };
      return reply.status(410).send({
        statusCode: 410,
        error: 'Gone',
        message: 'This link has expired or was already used.',
        requestId: request.id,
      });
    },
  );
}
