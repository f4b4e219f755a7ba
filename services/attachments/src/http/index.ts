// The attachments service's HTTP doors: parse → app → present; rules live in domain/, use cases in app/.
import multipart from '@fastify/multipart';
import type { App } from '@loadline/platform';
import type { AttachmentsDeps } from '../service.ts';
import { registerContentTemplateRoutes } from './content-templates.ts';
import { registerDocumentSenderRoutes } from './document-sender.ts';
import { registerDownloadRoutes } from './downloads.ts';
import { registerEmailSuggestionRoutes } from './email-suggestions.ts';
import { registerFileRoutes } from './files.ts';
import { registerInboundMailRoutes } from './inbound-mail.ts';
import { sharedSchemas } from './schemas.ts';
import { registerTrackingRequestRoutes } from './tracking-requests.ts';

export async function registerHttp(app: App, deps: AttachmentsDeps): Promise<void> {
  for (const schema of sharedSchemas) app.addSchema(schema);
  // Streams only: a file part is read by the handler as it arrives, never buffered whole.
  // Larger parser chunks (busboy's default is 16 KB): fewer, bigger writes and hash updates per file.
  await app.register(multipart, {
    limits: { fileSize: deps.settings.maxFileBytes, files: 1, fields: 30, fieldSize: 10_000, parts: 40 },
    highWaterMark: 512 * 1024,
    fileHwm: 512 * 1024,
  } as never);
  await registerFileRoutes(app, deps);
  await registerDownloadRoutes(app, deps);
  await registerDocumentSenderRoutes(app, deps);
  registerInboundMailRoutes(app, deps);
  registerTrackingRequestRoutes(app, deps);
  registerContentTemplateRoutes(app, deps);
  registerEmailSuggestionRoutes(app, deps);
}
