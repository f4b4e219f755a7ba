// Use cases of the document sender (000 §2 item 12, 001 §5 and §7): what a shipment can send, to whom,
// and the sends themselves. A send is checked here (001 §5 rules, with the spec's texts), recorded with
// its mail send status (002 §3.8) and handed to the send queue; the door answers 202 with the message,
// whose status the screens follow at GET /api/documentsender/messages.
import {
  AttachmentType,
  BULK_SEND_CHUNK_SIZE,
  formatUsd,
  MailSendStatus,
  messages as texts,
} from '@loadline/contracts/catalogue';
import { multipleEmailsProblem } from '@loadline/contracts/rules/emails';
import {
  type FieldProblem,
  fieldError,
  HttpError,
  type Identity,
  newId,
  notFound,
  problemsError,
} from '@loadline/platform';
import type { Static } from 'typebox';
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
import type { BulkEmail, DeliveryWarningsQuery, EmailMessage, InvoiceNotification } from '../http/schemas.ts';
import type { AttachmentsDeps } from '../service.ts';
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
import { fillForShipment } from './content-templates.ts';
import { shipmentNotFound } from './files.ts';
import { enqueueSend } from './queues.ts';

type EmailMessageIn = Static<typeof EmailMessage>;
const S = MailSendStatus.values;

async function visibleShipment(
  deps: AttachmentsDeps,
  caller: Identity,
  shipmentId: number,
): Promise<ShipmentView> {
  const shipment = await findShipment(deps.runtime.db, shipmentId);
  if (!shipment || !canSeeShipment(caller, shipment)) throw shipmentNotFound(shipmentId);
  return shipment;
}

/** 001 §5: the warnings a send raises, from who its addresses belong to (domain/delivery-warnings.ts). */
async function warningsOf(
  deps: AttachmentsDeps,
  caller: Identity,
  shipment: ShipmentView | null,
  documents: readonly string[],
  attachments: readonly AttachmentRow[],
  addresses: readonly string[],
  more: { attachmentTypes?: readonly number[]; toShipmentCustomers?: boolean } = {},
): Promise<DeliveryWarning[]> {
  const codes = [
    ...documents,
    ...attachments.map((a) => a.attachment_type_code).filter((c): c is string => c !== null),
    ...(more.attachmentTypes ?? [])
      .map((t) => AttachmentType.codeOf(t))
      .filter((c): c is NonNullable<typeof c> => c !== undefined),
  ];
  const kinds = await recipientKinds(deps.runtime.db, caller.brokerId, addresses, shipment);
  return deliveryWarnings(codes, more.toShipmentCustomers ? [...kinds, 'customer'] : kinds);
}

/** 409 naming each delivery warning not dismissed (001 §5), keyed `warning.<code>`. */
function refuseUndismissed(warnings: readonly DeliveryWarning[], dismissed: readonly string[] = []) {
  const open = undismissed(warnings, dismissed);
  if (open.length > 0) {
    throw new HttpError(
      409,
      open.map((w) => w.message).join(' '),
      Object.fromEntries(open.map((w) => [`warning.${w.code}`, [w.message]])),
    );
  }
}

/** Checks and records a send, then queues it. */
async function send(
  deps: AttachmentsDeps,
  caller: Identity,
  body: EmailMessageIn,
  shipment: ShipmentView | null,
) {
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
      (await carrierInCompliance(deps.runtime.db, caller.brokerId, carrier)) === false
    ) {
      problems.push({ field: 'documents', message: texts.carrier.confirmationSheetOutOfCompliance });
    }
  }
  const ids = [...new Set(body.attachmentIds ?? [])];
  const rows = await attachmentsByIds(deps.runtime.db, caller.brokerId, ids);
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
  if (problems.length > 0) throw problemsError(problems);
  const value = checked.ok ? checked.value : { recipients: [], cc: [], bcc: [] };
  // 001 §5: a warning the sender has not dismissed stops the send.
  refuseUndismissed(
    await warningsOf(deps, caller, shipment, documents, rows.filter(usable), [
      ...value.recipients,
      ...value.cc,
      ...value.bcc,
    ]),
    body.dismissedWarnings,
  );
  const cc =
    body.ccTrue && contactType === CONTACT_EMAIL ? recipientList([...value.cc, caller.email]) : value.cc;
  // A custom email template's placeholders, filled with the shipment's values (decision 0039).
  const written = {
    subject: body.subject?.trim() || (shipment ? `Shipment ${shipment.shipmentId} documents` : 'Documents'),
    body: body.body ?? '',
  };
  const text = shipment ? await fillForShipment(deps, caller, shipment, written) : written;
  const row = await insertMessage(deps.runtime.db, {
    messageId: newId('msg'),
    brokerId: caller.brokerId,
    messageType: contactType,
    shipmentId: shipment?.shipmentId ?? null,
    organizationId: null,
    sender: { userId: caller.userId, name: caller.displayName, email: caller.email },
    recipients: value.recipients,
    cc,
    bcc: value.bcc,
    subject: text.subject,
    body: text.body.slice(0, 20_000),
    attachmentIds: ids,
    documents,
    markInvoiceDelivered: body.markInvoiceDelivered ?? false,
    privateActivityLog: body.privateActivityLog ?? false,
    status: documents.length > 0 ? S.GeneratePDFs : S.ReadyToSend,
  });
  // Queued after the commit; a lost enqueue is found by the purge job and queued again.
  await enqueueSend(deps, row.message_id);
  return toApi(row);
}

/** Sends a shipment's documents by email or fax (001 §5): generated documents and attachments. */
export async function sendShipmentDocuments(deps: AttachmentsDeps, caller: Identity, body: EmailMessageIn) {
  if (!body.shipmentId) throw fieldError('shipmentId', 'shipmentId is required.');
  const shipment = await visibleShipment(deps, caller, body.shipmentId);
  return send(deps, caller, body, shipment);
}

/** Sends attachments (of any source the caller may see) by email or fax. */
export async function sendDocuments(deps: AttachmentsDeps, caller: Identity, body: EmailMessageIn) {
  const shipment = body.shipmentId ? await visibleShipment(deps, caller, body.shipmentId) : null;
  return send(deps, caller, body, shipment);
}

/** The delivery warnings (001 §5) a send would raise, from who its recipients are. */
export async function deliveryWarningsOf(
  deps: AttachmentsDeps,
  caller: Identity,
  body: Static<typeof DeliveryWarningsQuery>,
) {
  const shipment = body.shipmentId ? await visibleShipment(deps, caller, body.shipmentId) : null;
  const channel = (body.contactType ?? CONTACT_EMAIL) === CONTACT_FAX ? 'fax' : 'email';
  const attachments = (
    await attachmentsByIds(deps.runtime.db, caller.brokerId, [...new Set(body.attachmentIds ?? [])])
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
    warnings: await warningsOf(deps, caller, shipment, body.documents ?? [], attachments, addresses, {
      ...(body.attachmentTypes ? { attachmentTypes: body.attachmentTypes } : {}),
      ...(body.toShipmentCustomers !== undefined ? { toShipmentCustomers: body.toShipmentCustomers } : {}),
    }),
  };
}

/** What a shipment can send: its generated documents (for the caller) and the attachments the caller may see. */
export async function availableDocumentsOf(deps: AttachmentsDeps, caller: Identity, shipmentId: number) {
  const shipment = await visibleShipment(deps, caller, shipmentId);
  const rows = await listAttachments(deps.runtime.db, {
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
}

/** Contacts to send to: staff get the broker's staff, the shipment's customer users and its carrier dispatcher; a customer its own organization's users. */
export async function contactsOf(
  deps: AttachmentsDeps,
  caller: Identity,
  criteria: { query?: string; contactType?: number; shipmentid?: number },
) {
  const { query = '', shipmentid } = criteria;
  const shipment = shipmentid ? await visibleShipment(deps, caller, shipmentid) : null;
  const contacts: Contact[] = [];
  const organizations =
    caller.kind === 'staff'
      ? [caller.brokerId, ...(shipment ? [shipment.customerOrganizationId] : [])]
      : [caller.organizationId];
  for (const u of await usersOf(deps.runtime.db, caller.brokerId, organizations, query)) {
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
      value('CarrierDispatcherName') ?? (leg?.carrierMasterName ? `${leg.carrierMasterName} dispatch` : null);
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
}

/** A shipment's sent emails and faxes, newest first: staff all, a customer the ones it sent. */
export async function messagesOf(deps: AttachmentsDeps, caller: Identity, shipmentId: number) {
  await visibleShipment(deps, caller, shipmentId);
  const rows = await messagesOfShipment(
    deps.runtime.db,
    caller.brokerId,
    shipmentId,
    caller.kind === 'staff' ? undefined : caller.userId,
  );
  return rows.map(toApi);
}

/** One sent email or fax of the caller's broker (a customer's own). */
export async function messageOf(deps: AttachmentsDeps, caller: Identity, messageId: string) {
  const row = await findMessage(deps.runtime.db, messageId);
  if (
    !row ||
    row.broker_id !== caller.brokerId ||
    (caller.kind !== 'staff' && row.sender_user_id !== caller.userId)
  ) {
    throw notFound(`Message ${messageId} was not found.`);
  }
  return toApi(row);
}

/** The bulk email sender (001 §3 bulk email); with `invoice` its invoices are added and marked delivered. */
export async function bulkSend(
  deps: AttachmentsDeps,
  caller: Identity,
  body: Static<typeof BulkEmail>,
  invoice: boolean,
) {
  const custom = recipientList(body.customRecipientEmail ?? '');
  // 001 §5: the multiple-emails check, as the bulk sender's field runs it.
  const badCustom = multipleEmailsProblem(custom);
  if (badCustom) throw fieldError('customRecipientEmail', badCustom.message);
  const types = new Set([...(body.attachments ?? []), ...(invoice ? [AttachmentType.values.Invoice] : [])]);
  // 001 §5: the delivery warnings of the whole send, before any shipment goes (the customers' users
  // unless a custom address is given).
  refuseUndismissed(
    await warningsOf(deps, caller, null, body.documentTypes ?? [], [], custom, {
      attachmentTypes: [...types],
      toShipmentCustomers: custom.length === 0,
    }),
    body.dismissedWarnings,
  );
  const queued: { shipmentId: number; messageId: string }[] = [];
  const skipped: { shipmentId: number; reason: string }[] = [];
  for (const shipmentId of [...new Set(body.shipmentIds)]) {
    const shipment = await findShipment(deps.runtime.db, shipmentId);
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
      await listAttachments(deps.runtime.db, {
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
        : (await usersOf(deps.runtime.db, caller.brokerId, [shipment.customerOrganizationId], ''))
            .map((u) => u.email)
            .filter(isEmailAddress);
    if (recipients.length === 0) {
      skipped.push({ shipmentId, reason: texts.email.contactWithoutEmail });
      continue;
    }
    const message = await send(
      deps,
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
}

/** Emails an organization's users that invoices are ready. */
export async function notifyInvoices(
  deps: AttachmentsDeps,
  caller: Identity,
  body: Static<typeof InvoiceNotification>,
) {
  const { organizationId, invoiceIds } = body;
  if (invoiceIds.length > BULK_SEND_CHUNK_SIZE) {
    throw fieldError('invoiceIds', `Send at most ${BULK_SEND_CHUNK_SIZE} invoices per call.`);
  }
  const organization = await findOrganization(deps.runtime.db, organizationId);
  if (!organization || organization.brokerId !== caller.brokerId)
    throw notFound(`Organization ${organizationId} was not found.`);
  // Each invoice must exist and be this organization's (the accounting service's invoices, kept from
  // its invoice.changed events): nothing is mailed about invoices that are not there.
  const invoices = await invoicesOfPayer(deps.runtime.db, caller.brokerId, organizationId, invoiceIds);
  const found = new Set(invoices.map((i) => i.given));
  const missing = [...new Set(invoiceIds.map(String))].filter((id) => !found.has(id));
  if (missing.length > 0)
    throw fieldError(
      'invoiceIds',
      `${missing.length === 1 ? 'Invoice' : 'Invoices'} ${missing.join(', ')} ${missing.length === 1 ? 'was' : 'were'} not found for ${organization.name}: nothing was sent.`,
    );
  const recipients = (await usersOf(deps.runtime.db, caller.brokerId, [organizationId], ''))
    .map((u) => u.email)
    .filter(isEmailAddress);
  if (recipients.length === 0) throw fieldError('organizationId', texts.email.contactWithoutEmail);
  if (!isEmailAddress(caller.email))
    throw fieldError('senderId', 'Your user has no email address: add one before sending documents.');
  const brokerName = await organizationName(deps.runtime.db, caller.brokerId, 'your broker');
  const row = await insertMessage(deps.runtime.db, {
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
  await enqueueSend(deps, row.message_id);
  return toApi(row);
}
