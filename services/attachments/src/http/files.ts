// HTTP doors of the attachments modal (000 §7): upload, list, delete, change access level, and the invoice
// delivery count. The upload's multipart stream is read here (the file staged as it arrives); the rest is
// app/files.ts.
import {
  type App,
  badRequest,
  callerOf,
  fieldError,
  fieldsValidator,
  HttpError,
  problemsError,
  requireStaff,
  requireUser,
  textProblems,
} from '@loadline/platform';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import {
  attachmentCount,
  attachmentsOf,
  changeAccessLevel,
  deleteAttachment,
  discardUpload,
  FileTooLargeError,
  type StagedFile,
  stageUpload,
  storeUpload,
  tooLarge,
} from '../app/files.ts';
import type { AttachmentsDeps } from '../service.ts';
import { errors, ShipmentIdParam, SourceTypeParam, UploadForm } from './schemas.ts';

/** The form's text fields, checked as a JSON body's schema is (the file is read apart). */
const checkUploadFields = fieldsValidator({
  ...UploadForm,
  required: [],
  properties: Object.fromEntries(Object.entries(UploadForm.properties).filter(([name]) => name !== 'file')),
});

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
async function readUpload(deps: AttachmentsDeps, request: FastifyRequest) {
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
        fileName = part.filename ?? '';
        staged = await stageUpload(deps, part.file);
        if (part.file.truncated) throw new FileTooLargeError(deps.settings.maxFileBytes);
      } else if (typeof part.value === 'string' || typeof part.value === 'number') {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (staged) await discardUpload(staged);
    const code = (error as { code?: string }).code;
    if (error instanceof FileTooLargeError || code === 'FST_REQ_FILE_TOO_LARGE')
      throw tooLarge(deps.settings.maxFileBytes);
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
    if (staged) await discardUpload(staged);
    throw error;
  }
  return { fields, staged, fileName };
}

export async function registerFileRoutes(app: App, deps: AttachmentsDeps): Promise<void> {
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
      const attachment = await storeUpload(deps, caller, await readUpload(deps, request));
      reply.status(201);
      return attachment;
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
    (request) => attachmentsOf(deps, callerOf(request), request.params),
  );

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
    (request) =>
      deleteAttachment(deps, callerOf(request), {
        sourceType: request.params.a,
        sourceId: request.params.b,
        attachmentId: request.params.attachmentId,
      }),
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
    (request) =>
      changeAccessLevel(deps, callerOf(request), {
        sourceId: request.params.x,
        attachmentId: request.params.attachmentId,
        accessLevel: request.params.accessLevel,
      }),
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
    (request) => attachmentCount(deps, callerOf(request), request.params.shipmentId),
  );
}
