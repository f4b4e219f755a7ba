// Use cases of the attachments modal (000 §7): where a source's files belong (and whether the caller may
// see them), storing an upload, listing, deleting, changing the access level, and the invoice delivery
// count. Each checks the caller's reach first; a change owns its transaction and writes its event there.
import type { Readable } from 'node:stream';
import { isAttachmentSourceType, messages } from '@loadline/contracts/catalogue';
import { fieldError, HttpError, type Identity, newId, notFound, problemsError } from '@loadline/platform';
import type { StagedFile } from '../adapters/storage/blob-store.ts';
import { sniffContent } from '../adapters/storage/sniff.ts';
import { discard, stageStream } from '../adapters/storage/staging.ts';
import { canSeeShipment, canUseOrganization, visibleAccessLevels } from '../domain/access.ts';
import { retentionEnd } from '../domain/retention.ts';
import { accessLevelProblem, parseAttachmentAccessLevel, planUpload } from '../domain/uploads.ts';
import type { AttachmentsDeps } from '../service.ts';
import {
  type AttachmentRow,
  countForShipment,
  findAttachment,
  listAttachments,
  setAccessLevel,
  softDelete,
  toApi,
} from '../store/attachments.ts';
import { findOrganization, findShipment } from '../store/views.ts';
import { commitUpload } from './commit-upload.ts';

export type { StagedFile } from '../adapters/storage/blob-store.ts';
export { FileTooLargeError } from '../adapters/storage/staging.ts';

export const shipmentNotFound = (shipmentId: number | string) =>
  notFound(`Shipment ${shipmentId} was not found.`);
export const attachmentNotFound = (attachmentId: string) =>
  notFound(`Attachment ${attachmentId} was not found.`);

const actorOf = (caller: Identity) => ({ userId: caller.userId, name: caller.displayName });

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Number((bytes / 1024 / 1024).toFixed(1))} MB` : `${Math.round(bytes / 1024)} KB`;

export const tooLarge = (limitBytes: number) =>
  new HttpError(413, `The file is too large: the limit is ${sizeText(limitBytes)}.`);

/** Where a source's files belong: its broker, and for a customer's shipment or organization, that customer. */
export async function resolveSource(
  deps: AttachmentsDeps,
  caller: Identity,
  sourceType: string,
  sourceId: string,
): Promise<{ shipmentId: number | null; customerOrganizationId: string | null }> {
  if (sourceType === 'shipment') {
    const id = Number(sourceId);
    const shipment = Number.isSafeInteger(id) && id > 0 ? await findShipment(deps.runtime.db, id) : undefined;
    if (!shipment || !canSeeShipment(caller, shipment)) throw shipmentNotFound(sourceId);
    return { shipmentId: id, customerOrganizationId: shipment.customerOrganizationId };
  }
  // Other sources are the broker's own papers: staff only (a customer's answer is 404, like a missing one).
  if (caller.kind !== 'staff') throw notFound(`No ${sourceType} ${sourceId} was found.`);
  if (sourceType === 'organization' || sourceType === 'customer') {
    const organization = await findOrganization(deps.runtime.db, sourceId);
    if (!canUseOrganization(caller, organization)) throw notFound(`Organization ${sourceId} was not found.`);
    return { shipmentId: null, customerOrganizationId: sourceId === caller.brokerId ? null : sourceId };
  }
  return { shipmentId: null, customerOrganizationId: null };
}

/** An upload's file, staged on disk as it arrives (refused past the largest file allowed). */
export const stageUpload = (deps: AttachmentsDeps, stream: Readable): Promise<StagedFile> =>
  stageStream(stream, deps.adapters.store.stagingDir, { maxBytes: deps.settings.maxFileBytes });

/** Forgets a staged file (stored or refused). */
export const discardUpload = (staged: StagedFile): Promise<void> => discard(staged);

/**
 * Stores an upload whose form was read: the file must be there and not empty, the fields must plan an
 * upload the caller may make (domain/uploads.ts), the content must be what its name says, and the source
 * must be one the caller reaches. The staged file is discarded whatever happens.
 */
export async function storeUpload(
  deps: AttachmentsDeps,
  caller: Identity,
  upload: { fields: Record<string, string>; staged: StagedFile | null; fileName: string },
) {
  const { fields, staged, fileName } = upload;
  if (!staged || (staged.sizeBytes === 0 && !fileName)) {
    if (staged) await discard(staged);
    throw fieldError('file', messages.attachments.noFileSelected);
  }
  try {
    if (staged.sizeBytes === 0) throw fieldError('file', `${fileName} is empty.`);
    const name = fileName || 'file';
    const plan = planUpload(fields, name, caller);
    if (!plan.ok) {
      const refused = problemsError(plan.problems);
      throw new HttpError(plan.status, plan.problems.map((p) => p.message).join(' '), refused.errors);
    }
    const verdict = await sniffContent(name, staged.head);
    if (!verdict.ok)
      throw new HttpError(verdict.status, verdict.message, { 'model.file': [verdict.message] });
    const t = plan.target;
    const owner = await resolveSource(deps, caller, t.sourceType, t.sourceId);
    const row = await commitUpload(deps.runtime, deps.adapters.store, staged, {
      attachmentId: newId('att'),
      brokerId: caller.brokerId,
      sourceType: t.sourceType,
      sourceId: t.sourceId,
      sourceIds: t.sourceIds,
      shipmentId: owner.shipmentId,
      customerOrganizationId: owner.customerOrganizationId,
      attachmentType: t.attachmentType.value,
      attachmentTypeCode: t.attachmentType.code,
      accessLevel: t.accessLevel as 0 | 1,
      fileName: name,
      title: t.title,
      contentType: verdict.contentType,
      uploadedBy: actorOf(caller),
    });
    return toApi(row);
  } finally {
    await discard(staged);
  }
}

/** The attachments of a source the caller reaches, newest first, at the access levels it may see. */
export async function attachmentsOf(
  deps: AttachmentsDeps,
  caller: Identity,
  source: { id: string; sourceType: string },
) {
  const sourceType = source.sourceType.toLowerCase();
  if (!isAttachmentSourceType(sourceType))
    throw fieldError('sourceType', `${source.sourceType} is not an attachment source type.`);
  await resolveSource(deps, caller, sourceType, source.id);
  const rows = await listAttachments(deps.runtime.db, {
    brokerId: caller.brokerId,
    sourceType,
    sourceId: source.id,
    accessLevels: visibleAccessLevels(caller),
  });
  return rows.map(toApi);
}

/** A live attachment of the caller's broker whose source is the one named in the path, else 404. */
async function attachmentAt(
  deps: AttachmentsDeps,
  caller: Identity,
  attachmentId: string,
  source: { type?: string; id?: string },
) {
  const row = await findAttachment(deps.runtime.db, attachmentId, caller.brokerId);
  const matches = (row: AttachmentRow) =>
    (source.type === undefined || source.type.toLowerCase() === row.source_type) &&
    (source.id === undefined || source.id === row.source_id);
  if (!row || !matches(row)) throw attachmentNotFound(attachmentId);
  return row;
}

/** Deletes an attachment of the named source: kept for the retention period, then purged. */
export async function deleteAttachment(
  deps: AttachmentsDeps,
  caller: Identity,
  target: { sourceType: string; sourceId: string; attachmentId: string },
) {
  const { attachmentId } = target;
  const row = await deps.runtime.db.transaction().execute(async (trx) => {
    const found = await findAttachment(trx, attachmentId, caller.brokerId, true);
    if (
      !found ||
      found.source_type !== target.sourceType.toLowerCase() ||
      found.source_id !== target.sourceId
    )
      throw attachmentNotFound(attachmentId);
    return softDelete(
      deps.runtime,
      trx,
      attachmentId,
      actorOf(caller),
      retentionEnd(new Date(), deps.settings.retentionDays),
    );
  });
  return {
    attachmentId: row.attachment_id,
    deleted: true as const,
    purgeAfter: (row.purge_after as Date).toISOString(),
  };
}

/** Sets an attachment Public (0) or Private (1). */
export async function changeAccessLevel(
  deps: AttachmentsDeps,
  caller: Identity,
  target: { sourceId: string; attachmentId: string; accessLevel: string },
) {
  const { attachmentId } = target;
  const level = parseAttachmentAccessLevel(target.accessLevel);
  if (level === null) throw fieldError(accessLevelProblem.field, accessLevelProblem.message);
  await attachmentAt(deps, caller, attachmentId, { id: target.sourceId });
  const row = await deps.runtime.db.transaction().execute(async (trx) => {
    const found = await findAttachment(trx, attachmentId, caller.brokerId, true);
    if (!found) throw attachmentNotFound(attachmentId);
    if (found.access_level === level) return found;
    return setAccessLevel(deps.runtime, trx, attachmentId, level, actorOf(caller));
  });
  return toApi(row);
}

/** The number of a shipment's attachments the caller may see (000 §3 invoice delivery). */
export async function attachmentCount(deps: AttachmentsDeps, caller: Identity, shipmentId: number) {
  await resolveSource(deps, caller, 'shipment', String(shipmentId));
  return {
    shipmentId,
    count: await countForShipment(deps.runtime.db, caller.brokerId, shipmentId, visibleAccessLevels(caller)),
  };
}
