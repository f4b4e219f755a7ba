// Content templates (001 §3, §7; issue 18 item 7; decision 0075): the broker's template of a type or the
// default master, filled with a shipment's values; the organization custom email templates 0–9; edits by
// TMS Site Admin and IT Support Admin staff. The tracking status request's template (0072) is the same row.
import { ContentTemplateType, ShipmentStatus } from '@loadline/contracts/catalogue';
import { fieldError, forbidden, type Identity, notFound, problemsError } from '@loadline/platform';
import {
  blankTemplateFields,
  canEditTemplates,
  defaultMasterTemplates,
  fillTemplate,
  hasPlaceholders,
  isContentTemplateType,
  isCustomEmailSlot,
  type PlaceholderSet,
  placeholderSetOf,
  placeholdersOf,
  TemplateKind,
  type TemplateText,
  templateValuesFor,
  unwrittenTemplatePlaceholders,
} from '../domain/content-templates.ts';
import type { AttachmentsDeps } from '../service.ts';
import { brokerTemplates, findBrokerTemplate, saveBrokerTemplate } from '../store/content-templates.ts';
import { carrierContacts, shipmentsOfBroker } from '../store/tracking-requests.ts';

function requireStaffCaller(caller: Identity): void {
  if (caller.kind !== 'staff') throw forbidden('Only broker staff use content templates.');
}

function requireEditor(caller: Identity): void {
  requireStaffCaller(caller);
  if (!canEditTemplates(caller.permissions))
    throw forbidden('You do not have permission to edit content templates.');
}

/** A template with a blank field: one 400 naming each such field once. */
function checkText(text: TemplateText & { name?: string }): void {
  const blank = blankTemplateFields(text);
  if (blank.length > 0) throw problemsError(blank);
}

function checkType(type: number): void {
  if (!isContentTemplateType(type)) throw fieldError('type', 'The content template type is 0 to 355.');
}

export const templateNotFound = (type: number) =>
  notFound(`Content template ${ContentTemplateType.nameOf(type) ?? type} was not found.`);

export interface ContentTemplateOut extends TemplateText {
  contentTemplateType: number;
  name: string;
  /** the product's default master: the broker has not written its own */
  isDefaultMaster: boolean;
  updatedBy: string | null;
  updatedAt: string | null;
}

async function templateOf(
  deps: AttachmentsDeps,
  brokerId: string,
  type: number,
): Promise<ContentTemplateOut> {
  const own = await findBrokerTemplate(deps.runtime.db, brokerId, TemplateKind.content, type);
  const name = ContentTemplateType.nameOf(type) ?? `Template ${type}`;
  if (own)
    return {
      contentTemplateType: type,
      name,
      subject: own.subject,
      body: own.body,
      isDefaultMaster: false,
      updatedBy: own.updated_by,
      updatedAt: own.updated_at.toISOString(),
    };
  const master = defaultMasterTemplates[type];
  if (!master) throw templateNotFound(type);
  return {
    contentTemplateType: type,
    name,
    ...master,
    isDefaultMaster: true,
    updatedBy: null,
    updatedAt: null,
  };
}

/** GET /api/contenttemplates/{type}: the broker's template of the type, else the default master, else 404. */
export async function contentTemplate(deps: AttachmentsDeps, caller: Identity, type: number) {
  requireStaffCaller(caller);
  checkType(type);
  // the page shows the template read-only to who may not write it, rather than refusing at Save, and the
  // placeholders the type is filled with
  return {
    ...(await templateOf(deps, caller.brokerId, type)),
    placeholders: placeholdersOf(type),
    canEdit: canEditTemplates(caller.permissions),
  };
}

/**
 * GET /api/contenttemplates/permissions: whether the caller may write the broker's templates, and the
 * placeholders of a template written from nothing. The template's GET says both; a type with no template and
 * no default master answers 404, and the page asks this to show it read-only or to be written, with its
 * placeholders (those of the custom email templates too).
 */
export function templatePermissions(caller: Identity): { canEdit: boolean; placeholders: string[] } {
  requireStaffCaller(caller);
  return { canEdit: canEditTemplates(caller.permissions), placeholders: unwrittenTemplatePlaceholders() };
}

/** PUT /api/contenttemplates/{type}: the broker's own template of the type (TMS Site Admin, IT Support Admin). */
export async function saveContentTemplate(
  deps: AttachmentsDeps,
  caller: Identity,
  type: number,
  text: TemplateText,
) {
  requireEditor(caller);
  checkType(type);
  checkText(text);
  await saveBrokerTemplate(deps.runtime.db, caller.brokerId, TemplateKind.content, type, {
    name: null,
    subject: text.subject.trim(),
    body: text.body,
    updatedBy: caller.displayName,
  });
  return {
    ...(await templateOf(deps, caller.brokerId, type)),
    placeholders: placeholdersOf(type),
    canEdit: true,
  };
}

/**
 * GET /api/getByContentTemplateTypeDefaultMaster/{shipmentId}/{type}: the template of the type (the broker's,
 * else the default master) filled with the shipment's values. Another broker's shipment is not found.
 */
export async function filledTemplate(
  deps: AttachmentsDeps,
  caller: Identity,
  shipmentId: number,
  type: number,
) {
  requireStaffCaller(caller);
  checkType(type);
  const [shipment] = await shipmentsOfBroker(deps.runtime.db, caller.brokerId, [shipmentId]);
  if (!shipment) throw notFound(`Shipment ${shipmentId} was not found.`);
  const template = await templateOf(deps, caller.brokerId, type);
  const values = await templateValuesOf(deps, caller, placeholderSetOf(type), shipmentId, shipment.state);
  return { ...template, shipmentId, ...fillTemplate(template, values) };
}

/** A shipment's values for a template's placeholders (its last carrier's name read from the broker's records). */
async function templateValuesOf(
  deps: AttachmentsDeps,
  caller: Identity,
  set: PlaceholderSet,
  shipmentId: number,
  shipmentState: unknown,
): Promise<Readonly<Record<string, string>>> {
  const state = shipmentState as Parameters<typeof templateValuesFor>[2];
  const legs = [...(state.transitLegs ?? [])].sort((a, b) => a.sequence - b.sequence);
  const carrierId = legs.filter((l) => l.carrierMasterId).at(-1)?.carrierMasterId;
  const [carrier] = carrierId ? await carrierContacts(deps.runtime.db, caller.brokerId, [carrierId]) : [];
  return templateValuesFor(set, shipmentId, state, {
    statusName: (state.status !== undefined && ShipmentStatus.nameOf(state.status)) || '',
    carrierName: carrier?.carrierName ?? null,
    senderName: caller.displayName,
  });
}

/**
 * A message staff write for a shipment with a template's placeholders in it (an organization custom email
 * template chosen in the document sender): filled with the shipment's values as the template endpoints fill
 * them. Text without placeholders, and a customer's message, are kept as written.
 */
export async function fillForShipment(
  deps: AttachmentsDeps,
  caller: Identity,
  shipment: { shipmentId: number; state: unknown },
  text: TemplateText,
): Promise<TemplateText> {
  if (caller.kind !== 'staff' || !hasPlaceholders(text.subject + text.body)) return text;
  return fillTemplate(
    text,
    await templateValuesOf(deps, caller, 'shipment', shipment.shipmentId, shipment.state),
  );
}

export interface CustomEmailTemplateOut extends TemplateText {
  templateNumber: number;
  name: string;
  updatedBy: string | null;
  updatedAt: string | null;
}

/** GET /api/contenttemplates/custom: the broker's organization custom email templates (0–9) that are written. */
export async function customEmailTemplates(
  deps: AttachmentsDeps,
  caller: Identity,
): Promise<CustomEmailTemplateOut[]> {
  requireStaffCaller(caller);
  const rows = await brokerTemplates(deps.runtime.db, caller.brokerId, TemplateKind.customEmail);
  return rows.map((r) => ({
    templateNumber: r.template_type,
    name: r.name ?? `Custom email template ${r.template_type}`,
    subject: r.subject,
    body: r.body,
    updatedBy: r.updated_by,
    updatedAt: r.updated_at.toISOString(),
  }));
}

/** PUT /api/contenttemplates/custom/{number}: writes custom email template 0–9 (TMS Site Admin, IT Support Admin). */
export async function saveCustomEmailTemplate(
  deps: AttachmentsDeps,
  caller: Identity,
  number: number,
  text: TemplateText & { name: string },
): Promise<CustomEmailTemplateOut> {
  requireEditor(caller);
  if (!isCustomEmailSlot(number))
    throw fieldError('number', 'Organization custom email templates are 0 to 9.');
  checkText(text);
  const row = await saveBrokerTemplate(deps.runtime.db, caller.brokerId, TemplateKind.customEmail, number, {
    name: text.name.trim(),
    subject: text.subject.trim(),
    body: text.body,
    updatedBy: caller.displayName,
  });
  return {
    templateNumber: row.template_type,
    name: row.name ?? '',
    subject: row.subject,
    body: row.body,
    updatedBy: row.updated_by,
    updatedAt: row.updated_at.toISOString(),
  };
}
