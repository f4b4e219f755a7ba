// POST /api/files/fileUpload with progress (@loadline/ui's postFormWithProgress): the answer is the generated
// Attachment type or the server's one error shape.
import { type Outcome, postFormWithProgress } from '@loadline/ui';
import type { Attachment } from './types.ts';

export interface UploadRequest {
  shipmentId: number;
  file: File;
  attachmentType?: string | null;
  accessLevel?: number | null;
  title?: string | null;
}

export type UploadOutcome = Outcome<Attachment>;

export function uploadFile(
  request: UploadRequest,
  onProgress: (sent: number, total: number) => void,
  signal?: AbortSignal,
): Promise<UploadOutcome> {
  const form = new FormData();
  form.set('shipmentId', String(request.shipmentId));
  if (request.attachmentType) form.set('attachmentType', request.attachmentType);
  if (request.accessLevel !== null && request.accessLevel !== undefined)
    form.set('accessLevel', String(request.accessLevel));
  if (request.title) form.set('title', request.title);
  form.set('file', request.file, request.file.name);
  return postFormWithProgress<Attachment>('/api/files/fileUpload', form, onProgress, {
    signal,
    sizeHint: request.file.size,
  });
}
