// HTTP doors of mail read from staff mailboxes that named no shipment (decision 0071): parse → app → present.
import { type App, callerOf, requireStaff } from '@loadline/platform';
import Type from 'typebox';
import { assignEmail, dismissInboundEmail, unmatchedEmails } from '../app/inbound-mail.ts';
import type { InboundEmail as KeptEmail } from '../domain/inbound-mail.ts';
import type { AttachmentsDeps } from '../service.ts';
import { errors, ShipmentIdParam } from './schemas.ts';

const InboundEmail = Type.Object(
  {
    emailAutomationDetailId: Type.String(),
    status: Type.String({ description: 'Unmatched, Filed or Dismissed' }),
    type: Type.String({ description: 'email automation type, 002 §3.8' }),
    name: Type.String({ description: "the sender's name" }),
    fromAddress: Type.String(),
    subject: Type.String(),
    body: Type.String(),
    date: Type.String({ format: 'date-time' }),
    shipmentId: Type.Union([Type.Integer(), Type.Null()]),
    attachmentIds: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);

const present = (email: KeptEmail) => ({
  emailAutomationDetailId: email.inboundId,
  status: email.status,
  type: email.automationType,
  name: email.fromName,
  fromAddress: email.fromAddress,
  subject: email.subject,
  body: email.body,
  date: email.receivedAt.toISOString(),
  shipmentId: email.shipmentId,
  attachmentIds: email.attachmentIds,
});

const IdParam = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export function registerInboundMailRoutes(app: App, deps: AttachmentsDeps): void {
  app.get(
    '/api/inboundemail',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['inbound email'],
        summary:
          "Mail read from the broker's staff mailboxes that named no shipment, newest first: staff assign each to a shipment or dismiss it",
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })) }),
        response: { 200: Type.Array(InboundEmail), ...errors },
      },
    },
    async (request) =>
      (await unmatchedEmails(deps, callerOf(request), request.query.limit ?? 50)).map(present),
  );

  app.put(
    '/api/inboundemail/:id/assign',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['inbound email'],
        summary:
          "Files an unmatched email on a shipment of the broker: its files become the shipment's attachments and the activity log shows it",
        params: IdParam,
        body: Type.Object({ shipmentId: ShipmentIdParam }, { additionalProperties: false }),
        response: { 200: InboundEmail, ...errors },
      },
    },
    async (request) =>
      present(await assignEmail(deps, callerOf(request), request.params.id, request.body.shipmentId)),
  );

  app.put(
    '/api/inboundemail/:id/dismiss',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['inbound email'],
        summary: 'Dismisses an unmatched email: it needs nothing, its kept files are dropped',
        params: IdParam,
        response: { 200: InboundEmail, ...errors },
      },
    },
    async (request) => present(await dismissInboundEmail(deps, callerOf(request), request.params.id)),
  );
}
