// Writes an incoming stream to a temporary file under the staging folder while hashing it and keeping
// its first bytes for the type sniff: the service never holds a whole file in memory. The file is
// flushed to disk (fsync) before it counts as staged; on any failure (too large, the client went away)
// the partial file is removed.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SNIFF_BYTES } from '../../domain/content-check.ts';
import type { StagedFile } from './blob-store.ts';

export class FileTooLargeError extends Error {
  readonly code = 'FILE_TOO_LARGE';
  readonly limitBytes: number;
  constructor(limitBytes: number) {
    super(`file larger than ${limitBytes} bytes`);
    this.limitBytes = limitBytes;
  }
}

export async function stageStream(
  source: Readable,
  stagingDir: string,
  options: { maxBytes?: number } = {},
): Promise<StagedFile> {
  await mkdir(stagingDir, { recursive: true });
  const path = join(stagingDir, `${randomUUID()}.part`);
  const hash = createHash('sha256');
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const max = options.maxBytes ?? Number.POSITIVE_INFINITY;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > max) return callback(new FileTooLargeError(max));
      hash.update(chunk);
      if (headLength < SNIFF_BYTES) {
        const take = chunk.subarray(0, SNIFF_BYTES - headLength);
        headChunks.push(Buffer.from(take));
        headLength += take.length;
      }
      callback(null, chunk);
    },
  });
  try {
    // flush: the file is fsynced before it is closed, so a staged file is on disk whole.
    await pipeline(
      source,
      meter,
      createWriteStream(path, { flags: 'wx', mode: 0o600, flush: true, highWaterMark: 512 * 1024 }),
    );
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
  return {
    path,
    sha256: hash.digest('hex'),
    sizeBytes: size,
    head: new Uint8Array(Buffer.concat(headChunks)),
  };
}

/** Stages bytes already in memory (a generated PDF). */
export async function stageBuffer(bytes: Uint8Array, stagingDir: string): Promise<StagedFile> {
  return stageStream(Readable.from([Buffer.from(bytes)]), stagingDir);
}

export async function discard(staged: StagedFile): Promise<void> {
  await rm(staged.path, { force: true });
}

/** Staged files older than `before`: left by a crash mid-upload; the purge job removes them. */
export async function* staleStagedFiles(stagingDir: string, before: Date): AsyncIterable<string> {
  for (const name of await readdir(stagingDir).catch(() => [] as string[])) {
    const path = join(stagingDir, name);
    const info = await stat(path).catch(() => null);
    if (info?.isFile() && info.mtime < before) yield path;
  }
}
