// POST /api/files/fileUpload with progress. The typed client (fetch) cannot report how much of a body has
// been sent, so this one call uses XMLHttpRequest, with the same origin, cookies and no-cache headers. The
// answer is the generated Attachment type or the server's one error shape.
import { NO_CACHE_HEADERS } from '@loadline/contracts';
import type { Attachment } from './types.ts';

export interface UploadRequest {
  shipmentId: number;
  file: File;
  attachmentType?: string | null;
  accessLevel?: number | null;
  title?: string | null;
}

export type UploadOutcome = { ok: true; data: Attachment } | { ok: false; status: number; error: unknown };

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
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/files/fileUpload');
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(NO_CACHE_HEADERS)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : request.file.size);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve({ ok: true, data: body as Attachment });
      else resolve({ ok: false, status: xhr.status, error: body });
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, error: null });
    xhr.onabort = () => resolve({ ok: false, status: 0, error: null });
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
