// A multipart POST that reports how much of its body has been sent (the upload widgets' progress bars). The
// typed client (fetch) cannot report that, so this one kind of call uses XMLHttpRequest, with the same origin,
// cookies and no-cache headers, and answers the same Outcome as every other call.
import { NO_CACHE_HEADERS } from '@loadline/contracts';
import type { Outcome } from './client.ts';

export function postFormWithProgress<T>(
  url: string,
  form: FormData,
  onProgress: (sent: number, total: number) => void,
  options: { signal?: AbortSignal | undefined; sizeHint?: number } = {},
): Promise<Outcome<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(NO_CACHE_HEADERS)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) =>
      onProgress(e.loaded, e.lengthComputable ? e.total : (options.sizeHint ?? 0));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve({ ok: true, data: body as T });
      else resolve({ ok: false, status: xhr.status, error: body });
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, error: null });
    xhr.onabort = () => resolve({ ok: false, status: 0, error: null });
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
