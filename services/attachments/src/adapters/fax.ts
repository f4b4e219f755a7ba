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
