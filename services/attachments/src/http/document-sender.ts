// HTTP doors of the document sender (000 §2 item 12, 001 §5 and §7): what a shipment can send, to whom,
// and the sends themselves (app/document-sender.ts); a send answers 202 with the message, whose status
// the screens follow at GET /api/documentsender/messages.
import { BULK_SEND_CHUNK_SIZE } from '@loadline/contracts/catalogue';
import { type App, callerOf, ErrorBodySchema, requireStaff, requireUser } from '@loadline/platform';
import Type from 'typebox';
import {
  availableDocumentsOf,
  bulkSend,
  contactsOf,
  deliveryWarningsOf,
  messageOf,
  messagesOf,
  notifyInvoices,
  sendDocuments,
  sendShipmentDocuments,
} from '../app/document-sender.ts';
import type { AttachmentsDeps } from '../service.ts';
import {
  AvailableDocuments,
  BulkEmail,
  Contact as ContactSchema,
  DeliveryWarningsAnswer,
  DeliveryWarningsQuery,
  EmailMessage,
  errors,
  InvoiceNotification,
  ShipmentIdParam,
} from './schemas.ts';

export async function registerDocumentSenderRoutes(app: App, deps: AttachmentsDeps): Promise<void> {
  const accepted = { 202: Type.Ref('OutgoingMessage'), 409: ErrorBodySchema, ...errors };

  app.post(
    '/api/documentsender/sendshipmentdocuments',
    {
      preHandler: requireUser,
      schema: {
        tags: ['document sender'],
        summary:
          "Sends a shipment's documents by email or fax (001 §5): generated documents and attachments; 202 with the message and its mail send status",
        body: EmailMessage,
        response: accepted,
      },
    },
    async (request, reply) => {
      const message = await sendShipmentDocuments(deps, callerOf(request), request.body);
      reply.status(202);
      return message;
    },
  );

  app.post(
    '/api/documentsender/senddocuments',
    {
      preHandler: requireUser,
      schema: {
        tags: ['document sender'],
        summary: 'Sends attachments (of any source the caller may see) by email or fax; 202 with the message',
        body: EmailMessage,
        response: accepted,
      },
    },
    async (request, reply) => {
      const message = await sendDocuments(deps, callerOf(request), request.body);
      reply.status(202);
      return message;
    },
  );

  app.post(
    '/api/documentsender/deliverywarnings',
    {
      preHandler: requireUser,
      schema: {
        tags: ['document sender'],
        summary:
          'The delivery warnings (001 §5) a send would raise, from who its recipients are: the sender shows them to be dismissed',
        body: DeliveryWarningsQuery,
        response: { 200: DeliveryWarningsAnswer, ...errors },
      },
    },
    (request) => deliveryWarningsOf(deps, callerOf(request), request.body),
  );

  app.get(
    '/api/documentsender/getavailabledocumentsforshipment/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: ['document sender'],
        summary:
          'What a shipment can send: its generated documents (for the caller) and the attachments the caller may see',
        params: Type.Object({ id: ShipmentIdParam }),
        response: { 200: AvailableDocuments, ...errors },
      },
    },
    (request) => availableDocumentsOf(deps, callerOf(request), request.params.id),
  );

  app.get(
    '/api/documentsender/contacts',
    {
      preHandler: requireUser,
      schema: {
        tags: ['document sender'],
        summary:
          "Contacts to send to: staff get the broker's staff, the shipment's customer users and its carrier dispatcher; a customer its own organization's users",
        querystring: Type.Object({
          query: Type.Optional(Type.String({ maxLength: 100 })),
          contactType: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
          shipmentid: Type.Optional(ShipmentIdParam),
        }),
        response: { 200: Type.Array(ContactSchema), ...errors },
      },
    },
    (request) => contactsOf(deps, callerOf(request), request.query),
  );

  app.get(
    '/api/documentsender/messages',
    {
      preHandler: requireUser,
      schema: {
        tags: ['document sender'],
        summary:
          "A shipment's sent emails and faxes with their mail send status (002 §3.8), newest first: staff all, a customer the ones it sent",
        querystring: Type.Object({ shipmentId: ShipmentIdParam }),
        response: { 200: Type.Array(Type.Ref('OutgoingMessage')), ...errors },
      },
    },
    (request) => messagesOf(deps, callerOf(request), request.query.shipmentId),
  );

  app.get(
    '/api/documentsender/messages/:messageId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['document sender'],
        summary: 'One sent email or fax with its mail send status (002 §3.8)',
        params: Type.Object({ messageId: Type.String({ maxLength: 64 }) }),
        response: { 200: Type.Ref('OutgoingMessage'), ...errors },
      },
    },
    (request) => messageOf(deps, callerOf(request), request.params.messageId),
  );

  app.post(
    '/api/documentsender/getBulkShipmentDocument',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['document sender'],
        summary:
          "The bulk email sender (001 §3 bulk email): for each shipment, its chosen documents and attachments to the custom recipients or the customer's users; ?invoice=true adds its invoices and marks them delivered",
        querystring: Type.Object({ invoice: Type.Optional(Type.Boolean()) }),
        body: BulkEmail,
        response: {
          200: Type.Object({
            queued: Type.Array(Type.Object({ shipmentId: Type.Integer(), messageId: Type.String() })),
            skipped: Type.Array(Type.Object({ shipmentId: Type.Integer(), reason: Type.String() })),
          }),
          409: ErrorBodySchema,
          ...errors,
        },
      },
    },
    (request) => bulkSend(deps, callerOf(request), request.body, request.query.invoice === true),
  );

  app.post(
    '/api/organization/invoiceNotification',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['document sender'],
        summary: `Emails an organization's users that invoices are ready: at most ${BULK_SEND_CHUNK_SIZE} invoice ids per call (001 §7: bulk sends post in chunks of ${BULK_SEND_CHUNK_SIZE})`,
        body: InvoiceNotification,
        response: { 202: Type.Ref('OutgoingMessage'), ...errors },
      },
    },
    async (request, reply) => {
      const message = await notifyInvoices(deps, callerOf(request), request.body);
      reply.status(202);
      return message;
    },
  );
}
