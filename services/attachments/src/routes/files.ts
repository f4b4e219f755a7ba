// The attachments modal's calls (000 §7): upload, list, delete, change access level, and the invoice
// delivery count. Thin: the rules are in domain/, the SQL in store/, the bytes in storage/.
import { isAttachmentSourceType, messages } from '@loadline/contracts/catalogue';
import {
  type App,
  badRequest,
  callerOf,
  fieldError,
  fieldsValidator,
  HttpError,
  type Identity,
  newId,
  notFound,
  problemsError,
  requireStaff,
  requireUser,
  textProblems,
} from '@loadline/platform';
import Type from 'typebox';
import type { AttachmentsContext } from '../context.ts';
import { canSeeShipment, canUseOrganization, visibleAccessLevels } from '../domain/access.ts';
import { retentionEnd } from '../domain/retention.ts';
import {
  accessLevelProblem,
  cleanFileName,
  parseAttachmentAccessLevel,
  planUpload,
} from '../domain/uploads.ts';
import type { StagedFile } from '../storage/blob-store.ts';
import { commitUpload } from '../storage/commit.ts';
import { sniffContent } from '../storage/sniff.ts';
import { discard, FileTooLargeError, stageStream } from '../storage/staging.ts';
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
import { errors, ShipmentIdParam, SourceTypeParam, UploadForm } from './schemas.ts';

/** The form's text fields, checked as a JSON body's schema is (the file is read apart). */
const checkUploadFields = fieldsValidator({
  ...UploadForm,
  required: [],
  properties: Object.fromEntries(Object.entries(UploadForm.properties).filter(([name]) => name !== 'file')),
});

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
  ctx: AttachmentsContext,
  caller: Identity,
  sourceType: string,
  sourceId: string,
): Promise<{ shipmentId: number | null; customerOrganizationId: string | null }> {
  if (sourceType === 'shipment') {
    const id = Number(sourceId);
    const shipment = Number.isSafeInteger(id) && id > 0 ? await findShipment(ctx.runtime.db, id) : undefined;
    if (!shipment || !canSeeShipment(caller, shipment)) throw shipmentNotFound(sourceId);
    return { shipmentId: id, customerOrganizationId: shipment.customerOrganizationId };
  }
  // Other sources are the broker's own papers: staff only (a customer's answer is 404, like a missing one).
  if (caller.kind !== 'staff') throw notFound(`No ${sourceType} ${sourceId} was found.`);
  if (sourceType === 'organization' || sourceType === 'customer') {
    const organization = await findOrganization(ctx.runtime.db, sourceId);
    if (!canUseOrganization(caller, organization)) throw notFound(`Organization ${sourceId} was not found.`);
    return { shipmentId: null, customerOrganizationId: sourceId === caller.brokerId ? null : sourceId };
  }
  return { shipmentId: null, customerOrganizationId: null };
}

export const malformedUploadMessage =
  'The upload is not valid multipart/form-data: send the file and fields as a form, with its boundary.';

/** The multipart parser's own refusals of a body that is not a form: a 400, not a failure of ours. */
const isMalformedMultipart = (error: unknown): boolean => {
  const { code, message } = error as { code?: string; message?: string };
  return (
    code === 'FST_PROTO_VIOLATION' ||
    code === 'FST_MP_PREMATURE_CLOSE' ||
    code === 'FST_INVALID_JSON_FIELD_ERROR' ||
    /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data)$/.test(
      message ?? '',
    ) ||
    /terminated early due to unexpected end of multipart data$/.test(message ?? '')
  );
};

/** Reads the multipart stream: text fields and the one file, staged on disk as it arrives. */
async function readUpload(ctx: AttachmentsContext, request: import('fastify').FastifyRequest) {
  const fields: Record<string, string> = {};
  let staged: StagedFile | null = null;
  let fileName = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (staged) {
          part.file.resume();
          throw fieldError('file', 'Send one file per upload.');
        }
        fileName = part.filename ? cleanFileName(part.filename) : '';
        staged = await stageStream(part.file, ctx.store.stagingDir, { maxBytes: ctx.config.maxFileBytes });
        if (part.file.truncated) throw new FileTooLargeError(ctx.config.maxFileBytes);
      } else if (typeof part.value === 'string' || typeof part.value === 'number') {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (staged) await discard(staged);
    const code = (error as { code?: string }).code;
    if (error instanceof FileTooLargeError || code === 'FST_REQ_FILE_TOO_LARGE')
      throw tooLarge(ctx.config.maxFileBytes);
    if (code === 'FST_FILES_LIMIT') throw fieldError('file', 'Send one file per upload.');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw badRequest('The upload has too many fields.');
    if (isMalformedMultipart(error)) throw badRequest(malformedUploadMessage);
    throw error;
  }
  // A field's text reaches the database (a title, an id): a NUL or an unpaired surrogate is refused here,
  // as the platform refuses them in JSON bodies, and then the form's schema.
  try {
    const problems = textProblems(fields, '');
    if (problems.length > 0) throw problemsError(problems);
    checkUploadFields(fields);
  } catch (error) {
    if (staged) await discard(staged);
    throw error;
  }
  return { fields, staged, fileName };
}

export async function registerFileRoutes(app: App, ctx: AttachmentsContext): Promise<void> {
  const db = ctx.runtime.db;

  app.post(
    '/api/files/fileUpload',
    {
      preHandler: requireUser,
      // The body is a multipart stream read by the handler (never buffered); the schema documents it.
      validatorCompiler: () => () => true,
      schema: {
        tags: ['files'],
        summary:
          'Uploads one file (multipart) to a shipment, broker carrier, carrier insurance, tariff, organization or marketplace organization (000 §3); 201 with the attachment',
        consumes: ['multipart/form-data'],
        body: UploadForm,
        response: { 201: Type.Ref('Attachment'), ...errors, 413: errors[400], 415: errors[400] },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      if (!request.isMultipart()) {
        throw new HttpError(
          415,
          'An upload is sent as multipart/form-data with the file in the field "file".',
        );
      }
      const { fields, staged, fileName } = await readUpload(ctx, request);
      if (!staged || (staged.sizeBytes === 0 && !fileName)) {
        if (staged) await discard(staged);
        throw fieldError('file', messages.attachments.noFileSelected);
      }
      try {
        if (staged.sizeBytes === 0) throw fieldError('file', `${fileName} is empty.`);
        const name = fileName || 'file';
        const plan = planUpload(fields, name, caller);
        if (!plan.ok) {
          const errorsByField: Record<string, string[]> = {};
          for (const p of plan.problems)
            errorsByField[`model.${p.field}`] = [...(errorsByField[`model.${p.field}`] ?? []), p.message];
          throw new HttpError(plan.status, plan.problems.map((p) => p.message).join(' '), errorsByField);
        }
        const verdict = await sniffContent(name, staged.head);
        if (!verdict.ok)
          throw new HttpError(verdict.status, verdict.message, { 'model.file': [verdict.message] });
        const t = plan.target;
        const owner = await resolveSource(ctx, caller, t.sourceType, t.sourceId);
        const row = await commitUpload(ctx.runtime, ctx.store, staged, {
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
        reply.status(201);
        return toApi(row);
      } finally {
        await discard(staged);
      }
    },
  );

  app.get(
    '/api/files/getattachments/:id/:sourceType',
    {
      preHandler: requireUser,
      schema: {
        tags: ['files'],
        summary:
          "The attachments of a source, newest first: staff see Public and Private; a customer the Public ones of its own shipments (another's answers 404)",
        params: Type.Object({
          id: Type.String({ minLength: 1, maxLength: 64 }),
          sourceType: SourceTypeParam,
        }),
        response: { 200: Type.Array(Type.Ref('Attachment')), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const sourceType = request.params.sourceType.toLowerCase();
      if (!isAttachmentSourceType(sourceType))
        throw fieldError('sourceType', `${request.params.sourceType} is not an attachment source type.`);
      await resolveSource(ctx, caller, sourceType, request.params.id);
      const rows = await listAttachments(db, {
        brokerId: caller.brokerId,
        sourceType,
        sourceId: request.params.id,
        accessLevels: visibleAccessLevels(caller),
      });
      return rows.map(toApi);
    },
  );

  /** A live attachment of the caller's broker whose source is the one named in the path, else 404. */
  const attachmentAt = async (
    caller: Identity,
    attachmentId: string,
    source: { type?: string; id?: string },
  ) => {
    const row = await findAttachment(db, attachmentId, caller.brokerId);
    const matches = (row: AttachmentRow) =>
      (source.type === undefined || source.type.toLowerCase() === row.source_type) &&
      (source.id === undefined || source.id === row.source_id);
    if (!row || !matches(row)) throw attachmentNotFound(attachmentId);
    return row;
  };

  app.delete(
    '/api/files/deletedocument/:a/:b/:attachmentId',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['files'],
        summary:
          'Deletes an attachment ({a} its source type, {b} its source id): staff only; kept for the retention period, then purged',
        params: Type.Object({
          a: SourceTypeParam,
          b: Type.String({ maxLength: 64 }),
          attachmentId: Type.String({ maxLength: 64 }),
        }),
        response: {
          200: Type.Object({
            attachmentId: Type.String(),
            deleted: Type.Literal(true),
            purgeAfter: Type.String({ format: 'date-time' }),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { a, b, attachmentId } = request.params;
      const row = await db.transaction().execute(async (trx) => {
        const found = await findAttachment(trx, attachmentId, caller.brokerId, true);
        if (!found || found.source_type !== a.toLowerCase() || found.source_id !== b)
          throw attachmentNotFound(attachmentId);
        return softDelete(
          ctx.runtime,
          trx,
          attachmentId,
          actorOf(caller),
          retentionEnd(new Date(), ctx.config.retentionDays),
        );
      });
      return {
        attachmentId: row.attachment_id,
        deleted: true as const,
        purgeAfter: (row.purge_after as Date).toISOString(),
      };
    },
  );

  app.post(
    '/api/files/changeAttachmentAccessLevel/:x/:attachmentId/:accessLevel',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['files'],
        summary: 'Sets an attachment Public (0) or Private (1) ({x} its source id): staff only',
        params: Type.Object({
          x: Type.String({ maxLength: 64 }),
          attachmentId: Type.String({ maxLength: 64 }),
          accessLevel: Type.String({ maxLength: 10 }),
        }),
        response: { 200: Type.Ref('Attachment'), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { x, attachmentId } = request.params;
      const level = parseAttachmentAccessLevel(request.params.accessLevel);
      if (level === null) throw fieldError(accessLevelProblem.field, accessLevelProblem.message);
      await attachmentAt(caller, attachmentId, { id: x });
      const row = await db.transaction().execute(async (trx) => {
        const found = await findAttachment(trx, attachmentId, caller.brokerId, true);
        if (!found) throw attachmentNotFound(attachmentId);
        if (found.access_level === level) return found;
        return setAccessLevel(ctx.runtime, trx, attachmentId, level, actorOf(caller));
      });
      return toApi(row);
    },
  );

  app.get(
    '/api/invoicedelivery/attachmentcount/:shipmentId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['files'],
        summary: "The number of a shipment's attachments the caller may see (000 §3 invoice delivery)",
        params: Type.Object({ shipmentId: ShipmentIdParam }),
        response: { 200: Type.Object({ shipmentId: Type.Integer(), count: Type.Integer() }), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { shipmentId } = request.params;
      await resolveSource(ctx, caller, 'shipment', String(shipmentId));
      return {
        shipmentId,
        count: await countForShipment(db, caller.brokerId, shipmentId, visibleAccessLevels(caller)),
      };
    },
  );
}
