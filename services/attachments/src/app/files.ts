// Use cases of the attachments modal (000 §7): where a source's files belong (and whether the caller may
// see them), storing an upload, listing, deleting, changing the access level, and the invoice delivery
// count. Each checks the caller's reach first; a change owns its transaction and writes its event there.
import type { Readable } from 'node:stream';
import { isAttachmentSourceType, messages } from '@loadline/contracts/catalogue';
import {
  fieldError,
  forbidden,
  HttpError,
  type Identity,
  newId,
  notFound,
  problemsError,
} from '@loadline/platform';
import type { StagedFile } from '../adapters/storage/blob-store.ts';
import { sniffContent } from '../adapters/storage/sniff.ts';
import { discard, stageStream } from '../adapters/storage/staging.ts';
import {
  attachRefusal,
  canSeeShipment,
  canUseBrokerCarrier,
  canUseInsurance,
  canUseOrganization,
  visibleAccessLevels,
} from '../domain/access.ts';
import { retentionEnd } from '../domain/retention.ts';
import {
  accessLevelProblem,
  cleanFileName,
  parseAttachmentAccessLevel,
  planUpload,
} from '../domain/uploads.ts';
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
import { findBrokerCarrier, findInsurance, findOrganization, findShipment } from '../store/views.ts';
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

/**
 * Where a source's files belong, checked against the read model of the service that owns the source
 * (decision 0041): its broker, and for a customer's shipment or organization, that customer. A source that
 * is not the caller's broker's (or, for a customer, not its own shipment) answers 404 like one that does
 * not exist; `attach` (an upload) also needs the caller's right to attach there (403, before any lookup).
 */
export async function resolveSource(
  deps: AttachmentsDeps,
  caller: Identity,
  source: { sourceType: string; sourceId: string; sourceIds?: Record<string, string>; attach?: boolean },
): Promise<{ shipmentId: number | null; customerOrganizationId: string | null }> {
  const { sourceType, sourceId } = source;
  const db = deps.runtime.db;
  if (!isAttachmentSourceType(sourceType)) throw notFound(`No ${sourceType} ${sourceId} was found.`);
  if (source.attach) {
    const refusal = attachRefusal(caller, sourceType);
    if (refusal) throw forbidden(refusal);
  }
  if (sourceType === 'shipment') {
    const id = Number(sourceId);
    const shipment = Number.isSafeInteger(id) && id > 0 ? await findShipment(db, id) : undefined;
    if (!shipment || !canSeeShipment(caller, shipment)) throw shipmentNotFound(sourceId);
    return { shipmentId: id, customerOrganizationId: shipment.customerOrganizationId };
  }
  // Other sources are the broker's own papers: staff only (a customer's answer is 404, like a missing one).
  if (caller.kind !== 'staff') throw notFound(`No ${sourceType} ${sourceId} was found.`);
  const named = source.sourceIds ?? {};
  switch (sourceType) {
    case 'organization':
    case 'customer':
    case 'taishippingmarketplace': {
      // A marketplace organization is an organization (002: organizations have a marketplace type).
      if (!canUseOrganization(caller, await findOrganization(db, sourceId)))
        throw notFound(`Organization ${sourceId} was not found.`);
      return { shipmentId: null, customerOrganizationId: sourceId === caller.brokerId ? null : sourceId };
    }
    case 'brokercarrier':
      if (!canUseBrokerCarrier(caller, await findBrokerCarrier(db, sourceId), named.carrierMasterId))
        throw notFound(`Broker carrier ${sourceId} was not found.`);
      return { shipmentId: null, customerOrganizationId: null };
    case 'brokercarrierinsurance':
      if (!canUseInsurance(caller, await findInsurance(db, sourceId), named.carrierId))
        throw notFound(
          named.carrierId
            ? `Insurance ${sourceId} of broker carrier ${named.carrierId} was not found.`
            : `Insurance ${sourceId} was not found.`,
        );
      return { shipmentId: null, customerOrganizationId: null };
    case 'tariff':
      // No service holds tariffs yet: none can be shown to be the broker's, so none is found.
      throw notFound(`Tariff ${sourceId} was not found.`);
  }
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
  const { fields, staged } = upload;
  // the name as the client sent it (a path, control characters…): made safe to show, store and send
  const fileName = upload.fileName ? cleanFileName(upload.fileName) : '';
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
    const owner = await resolveSource(deps, caller, { ...t, attach: true });
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
  await resolveSource(deps, caller, { sourceType, sourceId: source.id });
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

/** Deleting or re-levelling a file needs the right to attach to its source (decision 0041), else 403. */
function mayChangeFilesOf(caller: Identity, row: AttachmentRow): void {
  const refusal = isAttachmentSourceType(row.source_type) ? attachRefusal(caller, row.source_type) : null;
  if (refusal) throw forbidden(refusal);
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
    mayChangeFilesOf(caller, found);
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
  mayChangeFilesOf(caller, await attachmentAt(deps, caller, attachmentId, { id: target.sourceId }));
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
  await resolveSource(deps, caller, { sourceType: 'shipment', sourceId: String(shipmentId) });
  return {
    shipmentId,
    count: await countForShipment(deps.runtime.db, caller.brokerId, shipmentId, visibleAccessLevels(caller)),
  };
}
