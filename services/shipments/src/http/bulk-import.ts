// The shipment importer's doors (001 §2, §4, §7; decision 0095): upload, confirm (the check starts), the
// review, confirm the import or go back, a template per import type, and the default result address.

import {
  importStatuses,
  MAX_IMPORT_FILE_BYTES,
  MAX_MAPPED_HEADERS,
  shipmentImportTypes,
} from '@loadline/contracts/rules/bulk-import';
import {
  type App,
  callerOf,
  ErrorBodySchema,
  HttpError,
  inputLimits,
  requireStaff,
} from '@loadline/platform';
import Type from 'typebox';
import {
  cancelImport,
  confirmImport,
  defaultUserEmail,
  getImport,
  importTemplate,
  listImports,
  mapImportColumns,
  reviewImport,
  startImport,
  uploadImport,
} from '../app/bulk-import.ts';
import type { ShipmentsDeps } from '../service.ts';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};
const withConflict = { ...errors, 409: ErrorBodySchema };

const ProcessType = Type.Integer({
  enum: [...shipmentImportTypes],
  description:
    '002 §3.8 bulk process type: ShipmentImport 70, HistoricalShipmentImport 90, ParcelShipmentImport 50, FinalMileShipmentImport 100',
});

export const BulkProcessSchema = Type.Object(
  {
    bulkProcessId: Type.Integer(),
    processType: Type.Integer(),
    status: Type.Integer({ description: '002 §3.8: Pending 1, Complete 2, Running 3, Skip 4, Error 5' }),
    importStatus: Type.Enum([...importStatuses], {
      description: '001 §4: processing, then review or error (uploaded, importing, imported, canceled ours)',
    }),
    customerOrganizationId: Type.String(),
    fileName: Type.String(),
    sizeBytes: Type.Integer(),
    traceLogId: Type.Union([Type.String(), Type.Null()], {
      description: 'the progress tracker of the running step (trackerType BulkImport)',
    }),
    totalRows: Type.Integer(),
    goodRows: Type.Integer(),
    badRows: Type.Integer(),
    importedRows: Type.Integer(),
    unknownHeaders: Type.Array(Type.String(), {
      description: 'headers of the file that match no column of the template (left out unless mapped)',
    }),
    columnMapping: Type.Record(Type.String(), Type.String(), {
      description:
        "the mapping step's choices: a header of the file → the template column it holds ('' left out)",
    }),
    templateColumns: Type.Array(Type.String(), {
      description: "the columns of this import type's template, what a header can be mapped to",
    }),
    error: Type.Union([Type.String(), Type.Null()]),
    createdBy: Type.String(),
    createdDate: Type.String(),
    updatedDate: Type.String(),
  },
  { $id: 'BulkProcess' },
);

const ImportProblemSchema = Type.Object({
  rowNumber: Type.Integer({ description: 'the row of the file, the header being row 1' }),
  column: Type.String(),
  reason: Type.String(),
});

// a bulk process id, as every id of a path, within PostgreSQL's integer (decision 0011)
const IdParams = Type.Object({
  bulkProcessId: Type.Integer({ minimum: 1, maximum: inputLimits.defaultMaximum }),
});

export async function registerBulkImportRoutes(app: App, deps: ShipmentsDeps): Promise<void> {
  app.addSchema(BulkProcessSchema);
  const tags = ['bulk import'];

  app.get(
    '/api/bulkProcessQueue/getDefaultUserEmail',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: "The address an import's result is emailed to (001 §7): the signed-in importer's own",
        response: { 200: Type.Object({ email: Type.String() }), ...errors },
      },
    },
    async (request) => defaultUserEmail(callerOf(request)),
  );

  app.get(
    '/api/bulkProcessQueue/template/:processType',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: 'The CSV template of an import type: its header row and an example row',
        params: Type.Object({ processType: Type.Integer() }),
        produces: ['text/csv'],
        response: { 200: Type.String(), ...errors },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = importTemplate(callerOf(request), request.params.processType);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${fileName}"`);
      return csv;
    },
  );

  app.get(
    '/api/bulkProcessQueue',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: "The broker's latest imports, newest first",
        response: { 200: Type.Array(Type.Ref('BulkProcess')), ...errors },
      },
    },
    async (request) => listImports(deps, callerOf(request)),
  );

  app.post(
    '/api/bulkProcessQueue/upload',
    {
      preHandler: requireStaff,
      // the body is a multipart stream read by the handler (never buffered), so it has no schema
      schema: {
        tags,
        summary:
          'Step 2: uploads a CSV or XLSX file (multipart, field "file") for an import type and customer; 201 with the bulk process, uploaded (nothing checked until it is started)',
        consumes: ['multipart/form-data'],
        querystring: Type.Object({
          processType: ProcessType,
          customerOrganizationId: Type.String({ minLength: 1, maxLength: 64 }),
        }),
        response: { 201: Type.Ref('BulkProcess'), ...errors, 413: ErrorBodySchema, 415: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      if (!request.isMultipart())
        throw new HttpError(415, 'Send the file as multipart/form-data, in the field "file".');
      const part = await request.file({ limits: { fileSize: MAX_IMPORT_FILE_BYTES + 1, files: 1 } });
      if (!part) throw new HttpError(400, 'Send the file as multipart/form-data, in the field "file".');
      const created = await uploadImport(
        deps,
        caller,
        {
          processType: request.query.processType,
          customerOrganizationId: request.query.customerOrganizationId,
          fileName: (part.filename ?? '').slice(0, 255),
        },
        part.file,
      );
      reply.status(201);
      return created;
    },
  );

  app.get(
    '/api/bulkProcessQueue/:bulkProcessId',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: 'A bulk process',
        params: IdParams,
        response: { 200: Type.Ref('BulkProcess'), ...errors },
      },
    },
    async (request) => getImport(deps, callerOf(request), request.params.bulkProcessId),
  );

  app.post(
    '/api/bulkProcessQueue/:bulkProcessId/start',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary:
          'The upload confirmed, moving on from step 2: the file is checked row by row as a job (import status processing, then review or error)',
        params: IdParams,
        response: { 200: Type.Ref('BulkProcess'), ...withConflict },
      },
    },
    async (request) => startImport(deps, callerOf(request), request.params.bulkProcessId),
  );

  app.get(
    '/api/bulkProcessQueue/:bulkProcessId/review',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary:
          'Step 3, the review: every row that would fail with its row number, column and reason (200 a page, in row order), and the good rows counted',
        params: IdParams,
        querystring: Type.Object({ afterRow: Type.Optional(Type.Integer({ minimum: 0, default: 0 })) }),
        response: {
          200: Type.Object({
            bulkProcess: Type.Ref('BulkProcess'),
            problems: Type.Array(ImportProblemSchema),
            nextAfterRow: Type.Union([Type.Integer(), Type.Null()]),
          }),
          ...errors,
        },
      },
    },
    async (request) =>
      reviewImport(deps, callerOf(request), request.params.bulkProcessId, request.query.afterRow ?? 0),
  );

  app.post(
    '/api/bulkProcessQueue/:bulkProcessId/confirm',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary:
          'The review confirmed: the good rows are imported as a job (the rows listed on the review are left out)',
        params: IdParams,
        response: { 200: Type.Ref('BulkProcess'), ...withConflict },
      },
    },
    async (request) => confirmImport(deps, callerOf(request), request.params.bulkProcessId),
  );

  app.post(
    '/api/bulkProcessQueue/:bulkProcessId/cancel',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: 'Going back from the review: nothing is imported and the file is dropped (status Skip)',
        params: IdParams,
        response: { 200: Type.Ref('BulkProcess'), ...withConflict },
      },
    },
    async (request) => cancelImport(deps, callerOf(request), request.params.bulkProcessId),
  );

  app.put(
    '/api/bulkProcessQueue/:bulkProcessId/mapping',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary:
          "The mapping step, when the file's headers differ from the template's: which column each header holds ('' leaves it out); the file is checked again (import status processing, then review or error)",
        params: IdParams,
        body: Type.Object(
          {
            mapping: Type.Record(Type.String({ maxLength: 200 }), Type.String({ maxLength: 100 }), {
              maxProperties: MAX_MAPPED_HEADERS,
            }),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Ref('BulkProcess'), ...withConflict },
      },
    },
    async (request) =>
      mapImportColumns(deps, callerOf(request), request.params.bulkProcessId, request.body.mapping),
  );
}
