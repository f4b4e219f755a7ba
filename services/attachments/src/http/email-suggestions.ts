// HTTP doors of email suggestions, a staff member's read mail and external documents (001 §7; issue 18
// item 9; decision 0076): parse → app → present.

import { ACTIVITY_DESCRIPTION_MAX_LENGTH } from '@loadline/contracts/rules/activity';
import { type App, callerOf, requireStaff } from '@loadline/platform';
import Type from 'typebox';
import {
  addExternalDocument,
  externalDocumentId,
  externalDocuments,
  staffEmails,
  suggestForEmail,
} from '../app/email-suggestions.ts';
import type { AttachmentsDeps } from '../service.ts';
import { errors, ShipmentIdParam } from './schemas.ts';

const Limit = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })) });

export function registerEmailSuggestionRoutes(app: App, deps: AttachmentsDeps): void {
  app.post(
    '/api/emailai/getsuggestion',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['email suggestions'],
        summary:
          'Suggests, for an email, its automation type (002 §3.8) and the shipment it concerns, by the rules of decision 0076',
        body: Type.Object(
          {
            subject: Type.Optional(Type.String({ maxLength: 500 })),
            body: Type.Optional(Type.String({ maxLength: 4 * ACTIVITY_DESCRIPTION_MAX_LENGTH })),
            fromAddress: Type.Optional(Type.String({ maxLength: 254 })),
            inReplyTo: Type.Optional(Type.String({ maxLength: 500 })),
            references: Type.Optional(Type.Array(Type.String({ maxLength: 500 }), { maxItems: 50 })),
            attachmentCount: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object(
            {
              emailAutomationType: Type.String({
                description: 'Quote, Operations, Attachment, Other or Reply',
              }),
              reason: Type.String(),
              shipmentId: Type.Union([Type.Integer(), Type.Null()]),
              shipmentReason: Type.String(),
            },
            { additionalProperties: false },
          ),
          ...errors,
        },
      },
    },
    (request) => suggestForEmail(deps, callerOf(request), request.body),
  );

  app.get(
    '/api/staff/emails/:id',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['email suggestions'],
        summary:
          "The mail read from a staff member's mailbox, newest first, for the staff of the same broker",
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
        querystring: Limit,
        response: {
          200: Type.Array(
            Type.Object(
              {
                emailAutomationDetailId: Type.String(),
                status: Type.String(),
                type: Type.String(),
                name: Type.String(),
                fromAddress: Type.String(),
                subject: Type.String(),
                date: Type.String({ format: 'date-time' }),
                shipmentId: Type.Union([Type.Integer(), Type.Null()]),
              },
              { additionalProperties: false },
            ),
          ),
          ...errors,
        },
      },
    },
    async (request) =>
      (await staffEmails(deps, callerOf(request), request.params.id, request.query.limit ?? 50)).map((r) => ({
        emailAutomationDetailId: r.inbound_id,
        status: r.status,
        type: r.automation_type,
        name: r.from_name,
        fromAddress: r.from_address,
        subject: r.subject,
        date: r.received_at.toISOString(),
        shipmentId: r.shipment_id,
      })),
  );

  app.get(
    '/api/externaldocumentlist',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['email suggestions'],
        summary: "The files that came with the broker's unmatched mail, to attach to a shipment",
        querystring: Limit,
        response: {
          200: Type.Array(
            Type.Object(
              {
                documentId: Type.String(),
                emailAutomationDetailId: Type.String(),
                fileName: Type.String(),
                contentType: Type.String(),
                sizeBytes: Type.Integer(),
                name: Type.String({ description: "the sender's name" }),
                fromAddress: Type.String(),
                subject: Type.String(),
                date: Type.String({ format: 'date-time' }),
              },
              { additionalProperties: false },
            ),
          ),
          ...errors,
        },
      },
    },
    async (request) =>
      (await externalDocuments(deps, callerOf(request), request.query.limit ?? 100)).map((r) => ({
        documentId: externalDocumentId(r.inbound_id, r.ordinal),
        emailAutomationDetailId: r.inbound_id,
        fileName: r.file_name,
        contentType: r.content_type,
        sizeBytes: Number(r.size_bytes),
        name: r.from_name,
        fromAddress: r.from_address,
        subject: r.subject,
        date: r.received_at.toISOString(),
      })),
  );

  app.put(
    '/api/addexternaldocumenttoshipment/:documentId/:shipmentId',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['email suggestions'],
        summary:
          "Attaches a file that came by email to a shipment of the broker (Private, uploaded by the sender's name)",
        params: Type.Object({
          documentId: Type.String({ minLength: 1, maxLength: 64 }),
          shipmentId: ShipmentIdParam,
        }),
        response: {
          200: Type.Object(
            {
              documentId: Type.String(),
              attachmentId: Type.String(),
              shipmentId: Type.Integer(),
              fileName: Type.String(),
            },
            { additionalProperties: false },
          ),
          ...errors,
        },
      },
    },
    (request) =>
      addExternalDocument(deps, callerOf(request), request.params.documentId, request.params.shipmentId),
  );
}
