// Use cases of the downloads and prints (001 §2): a stored attachment the caller may see, the newest of a
// type on a source, and a generated document of a shipment as a PDF. The door writes the headers.
import type { Readable } from 'node:stream';
import { STATEMENT_PRINT_DEFAULT_TYPE } from '@loadline/contracts/catalogue';
import { fieldError, type Identity, notFound } from '@loadline/platform';
import { canSeeAttachment, canSeeShipment, visibleAccessLevels } from '../domain/access.ts';
import { chooseDocument, statementsNotHere } from '../domain/file-links.ts';
import type { AttachmentsDeps } from '../service.ts';
import { type AttachmentRow, findAttachment, newestOfType } from '../store/attachments.ts';
import { findShipment } from '../store/views.ts';
import { attachmentNotFound, resolveSource, shipmentNotFound } from './files.ts';
import { generateDocument } from './generate-document.ts';

export interface StoredFile {
  fileName: string;
  contentType: string;
  sizeBytes: number;
  stream: Readable;
}

const visible = (row: AttachmentRow) => ({
  brokerId: row.broker_id,
  sourceType: row.source_type,
  customerOrganizationId: row.customer_organization_id,
  accessLevel: row.access_level,
});

async function openStored(deps: AttachmentsDeps, row: AttachmentRow): Promise<StoredFile> {
  const stream = await deps.adapters.store.read(row.sha256).catch((error: { code?: string }) => {
    if (error.code === 'ENOENT') throw notFound(`The file of attachment ${row.attachment_id} is missing.`);
    throw error;
  });
  return {
    fileName: row.file_name,
    contentType: row.content_type,
    sizeBytes: Number(row.size_bytes),
    stream,
  };
}

/** One stored attachment: i its id, t (optional) its type, by number or code. */
export async function storedAttachment(
  deps: AttachmentsDeps,
  caller: Identity,
  query: { i: string; t?: string },
): Promise<StoredFile> {
  const { i, t } = query;
  const row = await findAttachment(deps.runtime.db, i, caller.brokerId);
  const typeMatches = (r: AttachmentRow) =>
    !t || t === String(r.attachment_type) || t.toLowerCase() === (r.attachment_type_code ?? '').toLowerCase();
  if (!row || !typeMatches(row) || !canSeeAttachment(caller, visible(row))) throw attachmentNotFound(i);
  return openStored(deps, row);
}

/** The newest stored attachment of type t on source s of source type z (default shipment). */
export async function newestStored(
  deps: AttachmentsDeps,
  caller: Identity,
  query: { s: string; t: number; z?: string },
): Promise<StoredFile> {
  const { s, t } = query;
  const sourceType = (query.z || 'shipment').toLowerCase();
  await resolveSource(deps, caller, { sourceType, sourceId: s });
  const row = await newestOfType(deps.runtime.db, {
    brokerId: caller.brokerId,
    sourceType,
    sourceId: s,
    attachmentType: t,
    accessLevels: visibleAccessLevels(caller),
  });
  if (!row) throw notFound(`There is no attachment of type ${t} on ${sourceType} ${s}.`);
  return openStored(deps, row);
}

/** A generated document (t) of shipment s as PDF bytes; statements (t 103) are accounting's. */
export async function printDocument(
  deps: AttachmentsDeps,
  caller: Identity,
  s: number | undefined,
  t: string | undefined,
): Promise<{ fileName: string; bytes: Buffer }> {
  if (t === String(STATEMENT_PRINT_DEFAULT_TYPE)) throw notFound(statementsNotHere);
  if (s === undefined) throw fieldError('s', 's (the shipment) is required.');
  const shipment = await findShipment(deps.runtime.db, s);
  if (!shipment || !canSeeShipment(caller, shipment)) throw shipmentNotFound(s);
  const choice = chooseDocument(t, shipment.state, caller.kind);
  if (!choice.ok) throw choice.status === 400 ? fieldError('t', choice.message) : notFound(choice.message);
  return generateDocument(deps.runtime.db, shipment, choice.document);
}
