// Fax through a provider interface. The local provider (the default, and the development sink) writes
// each fax to <data>/fax-sink/<faxId>/: the numbers, the cover text and the documents, so a developer can
// open what would have been sent. A real provider (an internet fax API) implements the same interface.
import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { cleanFileName } from '../domain/uploads.ts';

export interface OutgoingFax {
  faxId: string;
  to: string[];
  from: string;
  cover: string;
  documents: { filename: string; content: () => Promise<Readable> }[];
}

export interface FaxProvider {
  /** Hands the fax over; resolves once the provider accepted it. */
  send(fax: OutgoingFax): Promise<{ providerMessageId: string }>;
}

export class LocalFaxSink implements FaxProvider {
  readonly folder: string;
  constructor(dataDir: string) {
    this.folder = join(dataDir, 'fax-sink');
  }

  async send(fax: OutgoingFax): Promise<{ providerMessageId: string }> {
    const dir = join(this.folder, cleanFileName(fax.faxId));
    await mkdir(dir, { recursive: true });
    for (const document of fax.documents) {
      await pipeline(
        await document.content(),
        createWriteStream(join(dir, cleanFileName(document.filename))),
      );
    }
    await writeFile(
      join(dir, 'fax.json'),
      JSON.stringify(
        {
          faxId: fax.faxId,
          to: fax.to,
          from: fax.from,
          cover: fax.cover,
          documents: fax.documents.map((d) => d.filename),
          receivedAt: new Date().toISOString(),
        },
        null,
        2,
      ),
    );
    return { providerMessageId: `local-fax:${fax.faxId}` };
  }
}

/**
 * An internet fax API over HTTP (FAX_PROVIDER=http): POST multipart/form-data to FAX_PROVIDER_URL with a
 * bearer token — fields `to` (each number), `from`, `cover`, and one `file` part per document, streamed
 * from storage. Any 2xx with `{ id }` is accepted. A provider that cannot take it now (no connection, no
 * answer within 60 s, 429 or 5xx) is tried again (Retry 1, Retry 2); any other answer is Fax Failed.
 * `Idempotency-Key` carries the fax id, so a retried job does not fax twice.
 */
export class HttpFaxProvider implements FaxProvider {
  private readonly url: string;
  private readonly token: string | undefined;
  constructor(url: string, token?: string) {
    this.url = url;
    this.token = token;
  }

  async send(fax: OutgoingFax): Promise<{ providerMessageId: string }> {
    const form = new FormData();
    for (const number of fax.to) form.append('to', number);
    form.append('from', fax.from);
    form.append('cover', fax.cover);
    for (const document of fax.documents) {
      // FormData needs a Blob: a document is read once, here, and only for the time of the request.
      const chunks: Buffer[] = [];
      for await (const chunk of await document.content()) chunks.push(Buffer.from(chunk as Uint8Array));
      form.append('file', new Blob([Buffer.concat(chunks)]), cleanFileName(document.filename));
    }
    let answer: Response;
    try {
      answer = await fetch(this.url, {
        method: 'POST',
        headers: {
          'idempotency-key': fax.faxId,
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        },
        body: form,
        signal: AbortSignal.timeout(60_000),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw Object.assign(new Error(`fax provider not reached: ${String(error).slice(0, 200)}`), {
        code: timedOut ? 'ETIMEDOUT' : 'ECONNECTION',
      });
    }
    const text = await answer.text();
    if (!answer.ok) {
      const failure = new Error(`fax provider answered ${answer.status}: ${text.slice(0, 200)}`);
      if (answer.status === 429 || answer.status >= 500) Object.assign(failure, { code: 'ECONNECTION' });
      throw failure;
    }
    let id = '';
    try {
      id = String((JSON.parse(text) as { id?: unknown }).id ?? '');
    } catch {
      /* an answer without JSON still took the fax */
    }
    return { providerMessageId: id || `accepted:${fax.faxId}` };
  }
}

/** The provider the settings name: the local sink (default) or the HTTP provider. */
export function faxProvider(
  settings: { fax: { kind: 'local' } | { kind: 'http'; url: string; token: string | undefined } },
  dataDir: string,
): FaxProvider {
  return settings.fax.kind === 'http'
    ? new HttpFaxProvider(settings.fax.url, settings.fax.token)
    : new LocalFaxSink(dataDir);
}
