// The file links of 001 §2 (see domain/file-links.ts for what their query values mean). Stored files
// stream from the store to the response; every answer says `Content-Disposition` and `nosniff`, so a
// browser never runs an uploaded file as a page.

import { STATEMENT_PRINT_DEFAULT_TYPE } from '@loadline/contracts/catalogue';
import { type App, callerOf, fieldError, type Identity, notFound, requireUser } from '@loadline/platform';
import type { FastifyReply } from 'fastify';
import Type from 'typebox';
import type { AttachmentsContext } from '../context.ts';
import { generateDocument } from '../documents/generate.ts';
import { canSeeAttachment, canSeeShipment, visibleAccessLevels } from '../domain/access.ts';
import { chooseDocument, statementsNotHere } from '../domain/file-links.ts';
import { type AttachmentRow, findAttachment, newestOfType } from '../store/attachments.ts';
import { findShipment } from '../store/views.ts';
import { attachmentNotFound, resolveSource, shipmentNotFound } from './files.ts';
import { errors } from './schemas.ts';

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function fileHeaders(
  reply: FastifyReply,
  kind: 'attachment' | 'inline',
  fileName: string,
  contentType: string,
  size?: number,
) {
  reply
    .header('content-type', contentType)
    .header('content-disposition', contentDisposition(kind, fileName))
    .header('x-content-type-options', 'nosniff')
    // Scripts in a document never run, even when opened inline.
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .header('cache-control', 'private, no-store');
  if (size !== undefined) reply.header('content-length', size);
}

const binary = { 200: Type.String({ format: 'binary' }), ...errors };

export async function registerDownloadRoutes(app: App, ctx: AttachmentsContext): Promise<void> {
  const db = ctx.runtime.db;

  const sendStored = async (reply: FastifyReply, row: AttachmentRow) => {
    const stream = await ctx.store.read(row.sha256).catch((error: { code?: string }) => {
      if (error.code === 'ENOENT') throw notFound(`The file of attachment ${row.attachment_id} is missing.`);
      throw error;
    });
    fileHeaders(reply, 'attachment', row.file_name, row.content_type, Number(row.size_bytes));
    return reply.send(stream);
  };

  app.get(
    '/files/Attachment',
    {
      preHandler: requireUser,
      schema: {
        tags: ['downloads'],
        summary: 'One stored attachment as a download: i the attachment id, t (optional) its type (001 §2)',
        querystring: Type.Object({
          i: Type.String({ minLength: 1, maxLength: 64 }),
          t: Type.Optional(Type.String({ maxLength: 64 })),
        }),
        produces: ['application/octet-stream'],
        response: binary,
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { i, t } = request.query;
      const row = await findAttachment(db, i, caller.brokerId);
      const typeMatches = (r: AttachmentRow) =>
        !t ||
        t === String(r.attachment_type) ||
        t.toLowerCase() === (r.attachment_type_code ?? '').toLowerCase();
      if (!row || !typeMatches(row) || !canSeeAttachment(caller, visible(row))) throw attachmentNotFound(i);
      return sendStored(reply, row);
    },
  );

  app.get(
    '/Files/Download',
    {
      preHandler: requireUser,
      schema: {
        tags: ['downloads'],
        summary:
          'The newest stored attachment of type t on source s of source type z (default shipment), as a download (001 §2)',
        querystring: Type.Object({
          s: Type.String({ minLength: 1, maxLength: 64 }),
          t: Type.Integer({ minimum: 1 }),
          z: Type.Optional(Type.String({ maxLength: 40 })),
        }),
        produces: ['application/octet-stream'],
        response: binary,
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { s, t } = request.query;
      const sourceType = (request.query.z || 'shipment').toLowerCase();
      await resolveSource(ctx, caller, sourceType, s);
      const row = await newestOfType(db, {
        brokerId: caller.brokerId,
        sourceType,
        sourceId: s,
        attachmentType: t,
        accessLevels: visibleAccessLevels(caller),
      });
      if (!row) throw notFound(`There is no attachment of type ${t} on ${sourceType} ${s}.`);
      return sendStored(reply, row);
    },
  );

  const printDocument = async (
    caller: Identity,
    reply: FastifyReply,
    s: number | undefined,
    t: string | undefined,
  ) => {
    if (t === String(STATEMENT_PRINT_DEFAULT_TYPE)) throw notFound(statementsNotHere);
    if (s === undefined) throw fieldError('s', 's (the shipment) is required.');
    const shipment = await findShipment(db, s);
    if (!shipment || !canSeeShipment(caller, shipment)) throw shipmentNotFound(s);
    const choice = chooseDocument(t, shipment.state, caller.kind);
    if (!choice.ok) throw choice.status === 400 ? fieldError('t', choice.message) : notFound(choice.message);
    const { fileName, bytes } = await generateDocument(db, shipment, choice.document);
    fileHeaders(reply, 'inline', fileName, 'application/pdf', bytes.length);
    return reply.send(bytes);
  };

  app.get(
    '/Files/Print',
    {
      preHandler: requireUser,
      schema: {
        tags: ['downloads'],
        summary:
          "A generated document of shipment s (t: BOL, CarrierConfirmation, RateQuoteSheet or a 002 §3.10 code) as a PDF to print; t 103 (statements) is accounting's",
        querystring: Type.Object({
          t: Type.Optional(Type.String({ maxLength: 64, default: '103' })),
          s: Type.Optional(Type.Integer({ minimum: 0 })),
          o: Type.Optional(Type.String({ maxLength: 64 })),
        }),
        produces: ['application/pdf'],
        response: binary,
      },
    },
    async (request, reply) => {
      const { s, t } = request.query;
      return printDocument(callerOf(request), reply, s === 0 ? undefined : s, t);
    },
  );

  app.get(
    '/Files/AutoPrint',
    {
      preHandler: requireUser,
      schema: {
        tags: ['downloads'],
        summary: 'A generated document of shipment s (type t) as a PDF, opened to print (001 §2)',
        querystring: Type.Object({ s: Type.Integer({ minimum: 1 }), t: Type.String({ maxLength: 64 }) }),
        produces: ['application/pdf'],
        response: binary,
      },
    },
    async (request, reply) => printDocument(callerOf(request), reply, request.query.s, request.query.t),
  );
}

const visible = (row: AttachmentRow) => ({
  brokerId: row.broker_id,
  sourceType: row.source_type,
  customerOrganizationId: row.customer_organization_id,
  accessLevel: row.access_level,
});
