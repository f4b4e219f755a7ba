// The document sender (000 §2 item 12, 001 §5 and §7): what a shipment can send, to whom, and the sends
// themselves. A send is checked here (001 §5 rules, with the spec's texts), recorded with its mail send
// status (002 §3.8) and handed to the send queue; the answer is 202 with the message, whose status the
// screens follow at GET /api/documentsender/messages.
import {
  AttachmentType,
  BULK_SEND_CHUNK_SIZE,
  formatUsd,
  MailSendStatus,
  messages as texts,
} from '@loadline/contracts/catalogue';
import { multipleEmailsProblem } from '@loadline/contracts/rules/emails';
import {
  type App,
  badRequest,
  callerOf,
  ErrorBodySchema,
  fieldError,
  HttpError,
  type Identity,
  newId,
  notFound,
  requireStaff,
  requireUser,
} from '@loadline/platform';
import Type, { type Static } from 'typebox';
import { type AttachmentsContext, queues } from '../context.ts';
import { canSeeAttachment, canSeeShipment, visibleAccessLevels } from '../domain/access.ts';
import { type DeliveryWarning, deliveryWarnings, undismissed } from '../domain/delivery-warnings.ts';
import { activeCarrierOf, availableDocuments, isCarrierConfirmation } from '../domain/documents.ts';
import {
  CONTACT_EMAIL,
  CONTACT_FAX,
  checkRecipients,
  faxRefusal,
  isEmailAddress,
  recipientList,
} from '../domain/recipients.ts';
import type { FieldProblem } from '../domain/uploads.ts';
import { sendJobOptions } from '../jobs/send-message.ts';
import {
  type AttachmentRow,
  toApi as attachmentApi,
  attachmentsByIds,
  listAttachments,
} from '../store/attachments.ts';
import { invoicesOfPayer } from '../store/invoices.ts';
import { findMessage, insertMessage, messagesOfShipment, toApi } from '../store/messages.ts';
import {
  type Contact,
  carrierInCompliance,
  findOrganization,
  findShipment,
  organizationName,
  recipientKinds,
  type ShipmentView,
  usersOf,
} from '../store/views.ts';
import { shipmentNotFound } from './files.ts';
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

type EmailMessageIn = Static<typeof EmailMessage>;
const S = MailSendStatus.values;

function problems400(problems: FieldProblem[]): HttpError {
  const byField: Record<string, string[]> = {};
  for (const p of problems) byField[`model.${p.field}`] = [...(byField[`model.${p.field}`] ?? []), p.message];
  return badRequest(problems.map((p) => p.message).join(' '), byField);
}

export interface SendOptions {
  /** the pause before the first retry of a failed send (doubling after) */
  sendBackoffMs: number;
}

export async function registerDocumentSenderRoutes(
  app: App,
  ctx: AttachmentsContext,
  options: SendOptions,
): Promise<void> {
  const db = ctx.runtime.db;

  const visibleShipment = async (caller: Identity, shipmentId: number): Promise<ShipmentView> => {
    const shipment = await findShipment(db, shipmentId);
    if (!shipment || !canSeeShipment(caller, shipment)) throw shipmentNotFound(shipmentId);
    return shipment;
  };

  const queue = (messageId: string) =>
    ctx.runtime.queue(queues.send).enqueue({ messageId }, sendJobOptions(messageId, options.sendBackoffMs));

  /** 001 §5: the warnings a send raises, from who its addresses belong to (domain/delivery-warnings.ts). */
  const warningsOf = async (
    caller: Identity,
    shipment: ShipmentView | null,
    documents: readonly string[],
    attachments: readonly AttachmentRow[],
    addresses: readonly string[],
    more: { attachmentTypes?: readonly number[]; toShipmentCustomers?: boolean } = {},
  ): Promise<DeliveryWarning[]> => {
    const codes = [
      ...documents,
      ...attachments.map((a) => a.attachment_type_code).filter((c): c is string => c !== null),
      ...(more.attachmentTypes ?? [])
        .map((t) => AttachmentType.codeOf(t))
        .filter((c): c is NonNullable<typeof c> => c !== undefined),
    ];
    const kinds = await recipientKinds(db, caller.brokerId, addresses, shipment);
    return deliveryWarnings(codes, more.toShipmentCustomers ? [...kinds, 'customer'] : kinds);
  };

  /** 409 naming each delivery warning not dismissed (001 §5), keyed `warning.<code>`. */
  const refuseUndismissed = (warnings: readonly DeliveryWarning[], dismissed: readonly string[] = []) => {
    const open = undismissed(warnings, dismissed);
    if (open.length > 0) {
      throw new HttpError(
        409,
        open.map((w) => w.message).join(' '),
        Object.fromEntries(open.map((w) => [`warning.${w.code}`, [w.message]])),
      );
    }
  };

  /** Checks and records a send, then queues it. */
  const send = async (caller: Identity, body: EmailMessageIn, shipment: ShipmentView | null) => {
    const contactType = body.contactType ?? CONTACT_EMAIL;
    const problems: FieldProblem[] = [];
    const checked = checkRecipients({ contactType, recipients: body.recipients, cc: body.cc, bcc: body.bcc });
    if (!checked.ok) problems.push(...checked.problems);
    const documents = [...new Set(body.documents ?? [])];
    if (documents.length > 0 && !shipment)
      problems.push({ field: 'documents', message: 'Generated documents are sent with a shipment.' });
    if (shipment) {
      const offered = availableDocuments(shipment.state, caller.kind).map((d) => d.document as string);
      for (const d of documents) {
        if (!offered.includes(d))
          problems.push({
            field: 'documents',
            message: `${d} is not available for shipment ${shipment.shipmentId}.`,
          });
      }
      // 001 §5: no carrier confirmation sheet for a carrier out of compliance (as the carriers service
      // last said; a carrier it has said nothing about is not refused here: the screen asked it first).
      const carrier = activeCarrierOf(shipment.state);
      if (
        documents.some((d) => isCarrierConfirmation(d)) &&
        carrier &&
        (await carrierInCompliance(db, caller.brokerId, carrier)) === false
      ) {
        problems.push({ field: 'documents', message: texts.carrier.confirmationSheetOutOfCompliance });
      }
    }
    const ids = [...new Set(body.attachmentIds ?? [])];
    const rows = await attachmentsByIds(db, caller.brokerId, ids);
    const usable = (r: AttachmentRow) =>
      canSeeAttachment(caller, {
        brokerId: r.broker_id,
        sourceType: r.source_type,
        customerOrganizationId: r.customer_organization_id,
        accessLevel: r.access_level,
      }) &&
      (!shipment || (r.source_type === 'shipment' && Number(r.shipment_id) === shipment.shipmentId));
    for (const id of ids) {
      const row = rows.find((r) => r.attachment_id === id);
      if (!row || !usable(row))
        problems.push({ field: 'attachmentIds', message: `Attachment ${id} was not found.` });
    }
    if (documents.length + ids.length === 0) {
      problems.push({ field: 'documents', message: 'Choose at least one document or attachment to send.' });
    }
    if (contactType === CONTACT_FAX) {
      const refused = faxRefusal(rows.map((r) => r.file_name));
      if (refused) problems.push(refused);
    }
    if (!isEmailAddress(caller.email)) {
      problems.push({
        field: 'senderId',
        message: 'Your user has no email address: add one before sending documents.',
      });
    }
    if (problems.length > 0) throw problems400(problems);
    const value = checked.ok ? checked.value : { recipients: [], cc: [], bcc: [] };
    // 001 §5: a warning the sender has not dismissed stops the send.
    refuseUndismissed(
      await warningsOf(caller, shipment, documents, rows.filter(usable), [
        ...value.recipients,
        ...value.cc,
        ...value.bcc,
      ]),
      body.dismissedWarnings,
    );
    const cc =
      body.ccTrue && contactType === CONTACT_EMAIL ? recipientList([...value.cc, caller.email]) : value.cc;
    const row = await insertMessage(db, {
      messageId: newId('msg'),
      brokerId: caller.brokerId,
      messageType: contactType,
      shipmentId: shipment?.shipmentId ?? null,
      organizationId: null,
      sender: { userId: caller.userId, name: caller.displayName, email: caller.email },
      recipients: value.recipients,
      cc,
      bcc: value.bcc,
      subject: body.subject?.trim() || (shipment ? `Shipment ${shipment.shipmentId} documents` : 'Documents'),
      body: body.body ?? '',
      attachmentIds: ids,
      documents,
      markInvoiceDelivered: body.markInvoiceDelivered ?? false,
      privateActivityLog: body.privateActivityLog ?? false,
      status: documents.length > 0 ? S.GeneratePDFs : S.ReadyToSend,
    });
    // Queued after the commit; a lost enqueue is found by the purge job and queued again.
    await queue(row.message_id);
    return toApi(row);
  };

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
      const caller = callerOf(request);
      if (!request.body.shipmentId) throw fieldError('shipmentId', 'shipmentId is required.');
      const shipment = await visibleShipment(caller, request.body.shipmentId);
      reply.status(202);
      return send(caller, request.body, shipment);
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
      const caller = callerOf(request);
      const shipment = request.body.shipmentId
        ? await visibleShipment(caller, request.body.shipmentId)
        : null;
      reply.status(202);
      return send(caller, request.body, shipment);
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
    async (request) => {
      const caller = callerOf(request);
      const body = request.body;
      const shipment = body.shipmentId ? await visibleShipment(caller, body.shipmentId) : null;
      const channel = (body.contactType ?? CONTACT_EMAIL) === CONTACT_FAX ? 'fax' : 'email';
      const attachments = (
        await attachmentsByIds(db, caller.brokerId, [...new Set(body.attachmentIds ?? [])])
      ).filter((r) =>
        canSeeAttachment(caller, {
          brokerId: r.broker_id,
          sourceType: r.source_type,
          customerOrganizationId: r.customer_organization_id,
          accessLevel: r.access_level,
        }),
      );
      const addresses = [
        ...recipientList(body.recipients ?? null, channel),
        ...recipientList(body.cc ?? null),
        ...recipientList(body.bcc ?? null),
      ];
      return {
        warnings: await warningsOf(caller, shipment, body.documents ?? [], attachments, addresses, {
          ...(body.attachmentTypes ? { attachmentTypes: body.attachmentTypes } : {}),
          ...(body.toShipmentCustomers !== undefined
            ? { toShipmentCustomers: body.toShipmentCustomers }
            : {}),
        }),
      };
    },
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
    async (request) => {
      const caller = callerOf(request);
      const shipment = await visibleShipment(caller, request.params.id);
      const rows = await listAttachments(db, {
        brokerId: caller.brokerId,
        sourceType: 'shipment',
        sourceId: String(shipment.shipmentId),
        accessLevels: visibleAccessLevels(caller),
      });
      return {
        shipmentId: shipment.shipmentId,
        documents: availableDocuments(shipment.state, caller.kind),
        attachments: rows.map(attachmentApi),
      };
    },
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
    async (request) => {
      const caller = callerOf(request);
      const { query = '', shipmentid } = request.query;
      const shipment = shipmentid ? await visibleShipment(caller, shipmentid) : null;
      const contacts: Contact[] = [];
      const organizations =
        caller.kind === 'staff'
          ? [caller.brokerId, ...(shipment ? [shipment.customerOrganizationId] : [])]
          : [caller.organizationId];
      for (const u of await usersOf(db, caller.brokerId, organizations, query)) {
        contacts.push({
          contactId: u.user_id,
          name: `${u.first_name} ${u.last_name}`.trim(),
          email: u.email || null,
          fax: null,
          kind: u.kind === 'staff' ? 'broker' : 'customer',
          organizationName: u.organization_name,
        });
      }
      if (caller.kind === 'staff' && shipment) {
        const refs = shipment.state.referenceNumbers;
        const value = (code: string) => refs.find((r) => r.referenceTypeCode === code)?.value ?? null;
        const leg = shipment.state.transitLegs.find((l) => l.active) ?? shipment.state.transitLegs[0];
        const name =
          value('CarrierDispatcherName') ??
          (leg?.carrierMasterName ? `${leg.carrierMasterName} dispatch` : null);
        const text = query.trim().toLowerCase();
        if (
          name &&
          (!text ||
            name.toLowerCase().includes(text) ||
            (value('CarrierDispatcherEmail') ?? '').toLowerCase().includes(text))
        ) {
          contacts.push({
            contactId: `carrier:${shipment.shipmentId}`,
            name,
            email: value('CarrierDispatcherEmail'),
            fax: null,
            kind: 'carrier',
            organizationName: leg?.carrierMasterName ?? null,
          });
        }
      }
      return contacts;
    },
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
    async (request) => {
      const caller = callerOf(request);
      await visibleShipment(caller, request.query.shipmentId);
      const rows = await messagesOfShipment(
        db,
        caller.brokerId,
        request.query.shipmentId,
        caller.kind === 'staff' ? undefined : caller.userId,
      );
      return rows.map(toApi);
    },
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
    async (request) => {
      const caller = callerOf(request);
      const row = await findMessage(db, request.params.messageId);
      if (
        !row ||
        row.broker_id !== caller.brokerId ||
        (caller.kind !== 'staff' && row.sender_user_id !== caller.userId)
      ) {
        throw notFound(`Message ${request.params.messageId} was not found.`);
      }
      return toApi(row);
    },
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
    async (request) => {
      const caller = callerOf(request);
      const body = request.body;
      const invoice = request.query.invoice === true;
      const custom = recipientList(body.customRecipientEmail ?? '');
      // 001 §5: the multiple-emails check, as the bulk sender's field runs it.
      const badCustom = multipleEmailsProblem(custom);
      if (badCustom) throw fieldError('customRecipientEmail', badCustom.message);
      const types = new Set([
        ...(body.attachments ?? []),
        ...(invoice ? [AttachmentType.values.Invoice] : []),
      ]);
      // 001 §5: the delivery warnings of the whole send, before any shipment goes (the customers' users
      // unless a custom address is given).
      refuseUndismissed(
        await warningsOf(caller, null, body.documentTypes ?? [], [], custom, {
          attachmentTypes: [...types],
          toShipmentCustomers: custom.length === 0,
        }),
        body.dismissedWarnings,
      );
      const queued: { shipmentId: number; messageId: string }[] = [];
      const skipped: { shipmentId: number; reason: string }[] = [];
      for (const shipmentId of [...new Set(body.shipmentIds)]) {
        const shipment = await findShipment(db, shipmentId);
        if (!shipment || !canSeeShipment(caller, shipment)) {
          skipped.push({ shipmentId, reason: `Shipment ${shipmentId} was not found.` });
          continue;
        }
        if (body.filterByShipmentType && (shipment.shipmentType & body.filterByShipmentType) === 0) {
          skipped.push({ shipmentId, reason: 'Not of the chosen shipment type.' });
          continue;
        }
        const offered = availableDocuments(shipment.state, 'staff').map((d) => d.document as string);
        const documents = (body.documentTypes ?? []).filter((d) => offered.includes(d));
        const attachments = (
          await listAttachments(db, {
            brokerId: caller.brokerId,
            sourceType: 'shipment',
            sourceId: String(shipmentId),
            accessLevels: visibleAccessLevels(caller),
          })
        ).filter((a) => a.attachment_type !== null && types.has(a.attachment_type));
        if (documents.length + attachments.length === 0) {
          skipped.push({ shipmentId, reason: 'No documents to send.' });
          continue;
        }
        const recipients =
          custom.length > 0
            ? custom
            : (await usersOf(db, caller.brokerId, [shipment.customerOrganizationId], ''))
                .map((u) => u.email)
                .filter(isEmailAddress);
        if (recipients.length === 0) {
          skipped.push({ shipmentId, reason: texts.email.contactWithoutEmail });
          continue;
        }
        const message = await send(
          caller,
          {
            shipmentId,
            recipients,
            documents,
            attachmentIds: attachments.map((a) => a.attachment_id),
            subject: invoice ? `Invoice for shipment ${shipmentId}` : `Shipment ${shipmentId} documents`,
            markInvoiceDelivered: invoice,
            contactType: CONTACT_EMAIL,
            ...(body.dismissedWarnings ? { dismissedWarnings: body.dismissedWarnings } : {}),
          },
          shipment,
        );
        queued.push({ shipmentId, messageId: message.messageId });
      }
      return { queued, skipped };
    },
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
      const caller = callerOf(request);
      const { organizationId, invoiceIds } = request.body;
      if (invoiceIds.length > BULK_SEND_CHUNK_SIZE) {
        throw fieldError('invoiceIds', `Send at most ${BULK_SEND_CHUNK_SIZE} invoices per call.`);
      }
      const organization = await findOrganization(db, organizationId);
      if (!organization || organization.brokerId !== caller.brokerId)
        throw notFound(`Organization ${organizationId} was not found.`);
      // Each invoice must exist and be this organization's (the accounting service's invoices, kept from
      // its invoice.changed events): nothing is mailed about invoices that are not there.
      const invoices = await invoicesOfPayer(db, caller.brokerId, organizationId, invoiceIds);
      const found = new Set(invoices.map((i) => i.given));
      const missing = [...new Set(invoiceIds.map(String))].filter((id) => !found.has(id));
      if (missing.length > 0)
        throw fieldError(
          'invoiceIds',
          `${missing.length === 1 ? 'Invoice' : 'Invoices'} ${missing.join(', ')} ${missing.length === 1 ? 'was' : 'were'} not found for ${organization.name}: nothing was sent.`,
        );
      const recipients = (await usersOf(db, caller.brokerId, [organizationId], ''))
        .map((u) => u.email)
        .filter(isEmailAddress);
      if (recipients.length === 0) throw fieldError('organizationId', texts.email.contactWithoutEmail);
      if (!isEmailAddress(caller.email))
        throw fieldError('senderId', 'Your user has no email address: add one before sending documents.');
      const brokerName = await organizationName(db, caller.brokerId, 'your broker');
      const row = await insertMessage(db, {
        messageId: newId('msg'),
        brokerId: caller.brokerId,
        messageType: CONTACT_EMAIL,
        shipmentId: null,
        organizationId,
        sender: { userId: caller.userId, name: caller.displayName, email: caller.email },
        recipients,
        cc: [],
        bcc: [],
        subject: `Invoices from ${brokerName}`,
        body: `Hello ${organization.name},\n\nThese invoices are ready:\n${invoices
          .map(
            (i) =>
              `- Invoice ${i.invoiceNumber}${i.shipmentId ? ` (shipment ${i.shipmentId})` : ''}: ${formatUsd(i.balanceCents)} due ${i.dueDate}`,
          )
          .join('\n')}\n\n${caller.displayName}\n${brokerName}`,
        attachmentIds: [],
        documents: [],
        markInvoiceDelivered: true,
        privateActivityLog: false,
        status: S.ReadyToSend,
      });
      await queue(row.message_id);
      reply.status(202);
      return toApi(row);
    },
  );
}
