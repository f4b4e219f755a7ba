// The file links of 001 §2 (see domain/file-links.ts for what their query values mean). Stored files
// stream from the store to the response; every answer says `Content-Disposition` and `nosniff`, so a
// browser never runs an uploaded file as a page.
import { type App, callerOf, requireUser } from '@loadline/platform';
import type { FastifyReply } from 'fastify';
import Type from 'typebox';
import { newestStored, printDocument, type StoredFile, storedAttachment } from '../app/downloads.ts';
import type { AttachmentsDeps } from '../service.ts';
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

export async function registerDownloadRoutes(app: App, deps: AttachmentsDeps): Promise<void> {
  const sendStored = (reply: FastifyReply, file: StoredFile) => {
    fileHeaders(reply, 'attachment', file.fileName, file.contentType, file.sizeBytes);
    return reply.send(file.stream);
  };

  /** A generated document as a PDF to open inline (to print). */
  const sendPrint = async (reply: FastifyReply, file: Promise<{ fileName: string; bytes: Buffer }>) => {
    const { fileName, bytes } = await file;
    fileHeaders(reply, 'inline', fileName, 'application/pdf', bytes.length);
    return reply.send(bytes);
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
    async (request, reply) =>
      sendStored(reply, await storedAttachment(deps, callerOf(request), request.query)),
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
    async (request, reply) => sendStored(reply, await newestStored(deps, callerOf(request), request.query)),
  );

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
    (request, reply) => {
      const { s, t } = request.query;
      return sendPrint(reply, printDocument(deps, callerOf(request), s === 0 ? undefined : s, t));
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
    (request, reply) =>
      sendPrint(reply, printDocument(deps, callerOf(request), request.query.s, request.query.t)),
  );
}
