// The attachments service's HTTP routes: thin; rules live in domain/, SQL in store/, bytes in storage/.
import multipart from '@fastify/multipart';
import type { App } from '@loadline/platform';
import type { AttachmentsContext } from '../context.ts';
import { registerDocumentSenderRoutes, type SendOptions } from './document-sender.ts';
import { registerDownloadRoutes } from './downloads.ts';
import { registerFileRoutes } from './files.ts';
import { sharedSchemas } from './schemas.ts';

export async function registerRoutes(app: App, ctx: AttachmentsContext, options: SendOptions): Promise<void> {
  for (const schema of sharedSchemas) app.addSchema(schema);
  // Streams only: a file part is read by the handler as it arrives, never buffered whole.
  // Larger parser chunks (busboy's default is 16 KB): fewer, bigger writes and hash updates per file.
  await app.register(multipart, {
    limits: { fileSize: ctx.config.maxFileBytes, files: 1, fields: 30, fieldSize: 10_000, parts: 40 },
    highWaterMark: 512 * 1024,
    fileHwm: 512 * 1024,
  } as never);
  await registerFileRoutes(app, ctx);
  await registerDownloadRoutes(app, ctx);
  await registerDocumentSenderRoutes(app, ctx, options);
}
