// Where attachment bytes live: one interface, two kinds. Files are addressed by the SHA-256 of their
// bytes, so a name can never point outside the store and the same file uploaded twice is kept once.
// An upload is first staged (staging.ts: written to a temporary file, hashed, flushed to disk), then
// `put` makes it durable at its address, and only then is the attachment's record committed: a crash at
// any point leaves at most an orphan blob (removed by the purge job), never a record without its file.
import type { Readable } from 'node:stream';

/** A file written completely to local disk, with its hash, size and first bytes (for the type sniff). */
export interface StagedFile {
  path: string;
  sha256: string;
  sizeBytes: number;
  head: Uint8Array;
}

export interface StoredBlob {
  sha256: string;
  /** when the blob was written: the purge job spares young blobs, whose record may be committing */
  modifiedAt: Date;
}

export interface BlobStore {
  readonly kind: 'local' | 's3';
  /** Makes a staged file durable at its address (the staged file is consumed). Same bytes twice: one blob. */
  put(staged: StagedFile, contentType: string): Promise<void>;
  /** The blob's bytes as a stream; rejects with `code: 'ENOENT'` when it is not there. */
  read(sha256: string): Promise<Readable>;
  has(sha256: string): Promise<boolean>;
  remove(sha256: string): Promise<void>;
  list(): AsyncIterable<StoredBlob>;
  /** A place on local disk for staging uploads and generated files. */
  readonly stagingDir: string;
}

export const isSha256 = (value: string): boolean => /^[0-9a-f]{64}$/.test(value);

/** Thrown for a blob that is not in the store, whatever the kind. */
export class BlobMissingError extends Error {
  readonly code = 'ENOENT';
  constructor(sha256: string) {
    super(`blob ${sha256} is not in the store`);
  }
}
