// HTTP doors of tracking status requests (001 §2, §7; decision 0072): parse → app → present.

import { TRACKING_REQUEST_MAX_SHIPMENTS } from '@loadline/contracts/rules/tracking';
import { type App, callerOf, requireStaff } from '@loadline/platform';
import Type from 'typebox';
import {
  emailTrackingStatusRequests,
  trackingStatusRequest,
  trackingTemplate,
} from '../app/tracking-requests.ts';
import type { AttachmentsDeps } from '../service.ts';
import { errors, ShipmentIdParam } from './schemas.ts';

const ShipmentIds = Type.Array(ShipmentIdParam, { minItems: 1, maxItems: TRACKING_REQUEST_MAX_SHIPMENTS });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

const TrackingSplit = Type.Object(
  {
    withCarrierEmail: Type.Array(
      Type.Object({
        carrierMasterId: Type.String(),
        carrierName: Type.String(),
        email: Type.String(),
        shipments: Type.Array(
          Type.Object({ shipmentId: Type.Integer(), proNumber: Nullable(Type.String()) }),
        ),
      }),
    ),
    withoutCarrierEmail: Type.Array(
      Type.Object({
        shipmentId: Type.Integer(),
        carrierMasterId: Nullable(Type.String()),
        carrierName: Nullable(Type.String()),
        proNumber: Nullable(Type.String()),
      }),
    ),
    notTruckload: Type.Array(Type.Integer(), {
      description: 'chosen shipments that are not truckload: no request is sent for them',
    }),
  },
  { additionalProperties: false },
);

const TrackingEmail = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254, description: "the carrier's tracking email" }),
    shipmentIds: ShipmentIds,
    subject: Type.Optional(Type.String({ maxLength: 500, description: "the template's when left out" })),
    body: Type.Optional(Type.String({ maxLength: 20_000, description: "the template's when left out" })),
  },
  { additionalProperties: false },
);

export function registerTrackingRequestRoutes(app: App, deps: AttachmentsDeps): void {
  app.post(
    '/api/truckloadTrackingStatusRequest',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['tracking status requests'],
        summary:
          'The chosen shipments split into truckload loads whose carrier has a tracking email (grouped by carrier) and those without (001 §7)',
        body: Type.Union(
          [ShipmentIds, Type.Object({ shipmentIds: ShipmentIds }, { additionalProperties: false })],
          {
            description: 'the shipment ids, as an array or as { shipmentIds }',
          },
        ),
        response: { 200: TrackingSplit, ...errors },
      },
    },
    (request) => {
      const body = request.body;
      return trackingStatusRequest(deps, callerOf(request), Array.isArray(body) ? body : body.shipmentIds);
    },
  );

  app.get(
    '/api/contentTemplates/emailTruckloadShipmentTrackingStatusUpdate',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['tracking status requests'],
        summary:
          "The broker's tracking status request template (002 §3.10 type 317); 404 'Content template for tracking status request was not found.' when it has none",
        response: {
          200: Type.Object({
            contentTemplateType: Type.Integer(),
            subject: Type.String(),
            body: Type.String(),
          }),
          ...errors,
        },
      },
    },
    (request) => trackingTemplate(deps, callerOf(request)),
  );

  app.post(
    '/api/shipmentmanagement/emailTrackingStatusRequest',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['tracking status requests'],
        summary:
          "Sends one tracking status request per carrier (001 §7 body: emails) through the document sender; the carrier's reply is read back from the sender's mailbox",
        body: Type.Object(
          { emails: Type.Array(TrackingEmail, { minItems: 1, maxItems: 100 }) },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Array(
            Type.Object(
              {
                messageId: Type.String(),
                recipients: Type.Array(Type.String()),
                subject: Type.String(),
                status: Type.Integer(),
                statusName: Type.String(),
                shipmentIds: Type.Array(Type.Integer()),
              },
              { additionalProperties: true },
            ),
          ),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const sent = await emailTrackingStatusRequests(deps, callerOf(request), request.body.emails);
      reply.status(201);
      return sent;
    },
  );
}
