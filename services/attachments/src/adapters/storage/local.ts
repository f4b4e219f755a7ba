// The default store: files on local disk under the data folder, at blobs/<aa>/<bb>/<sha256>. A staged
// file is moved there with a rename (atomic on one file system; staging is under the same folder) and the
// folder is flushed, so after `put` the blob survives a crash whole or not at all.
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  BlobMissingError,
  type BlobStore,
  isSha256,
  type StagedFile,
  type StoredBlob,
} from './blob-store.ts';

export class LocalBlobStore implements BlobStore {
  readonly kind = 'local' as const;
  readonly stagingDir: string;
  private readonly blobsDir: string;

  constructor(dataDir: string) {
    this.blobsDir = join(dataDir, 'blobs');
    this.stagingDir = join(dataDir, 'staging');
  }

  private pathOf(sha256: string): string {
    if (!isSha256(sha256)) throw new Error(`not a blob address: ${sha256}`);
    return join(this.blobsDir, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  async put(staged: StagedFile): Promise<void> {
    const target = this.pathOf(staged.sha256);
    await mkdir(dirname(target), { recursive: true });
    if (await this.has(staged.sha256)) {
      await rm(staged.path, { force: true });
      return;
    }
    await rename(staged.path, target);
    // The rename is durable only once the folder holding the new name is flushed.
    const folder = await open(dirname(target), 'r');
    try {
      await folder.sync();
    } finally {
      await folder.close();
    }
  }

  async read(sha256: string): Promise<Readable> {
    const path = this.pathOf(sha256);
    // Open first, so a missing blob rejects here rather than as a stream error mid-response.
    const handle = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ENOENT' ? new BlobMissingError(sha256) : error;
    });
    return handle.createReadStream({ autoClose: true, highWaterMark: 256 * 1024 });
  }

  async has(sha256: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(sha256))).isFile();
    } catch {
      return false;
    }
  }

  async remove(sha256: string): Promise<void> {
    await rm(this.pathOf(sha256), { force: true });
  }

  async *list(): AsyncIterable<StoredBlob> {
    const level = async (dir: string) => readdir(dir).catch(() => [] as string[]);
    for (const a of await level(this.blobsDir)) {
      for (const b of await level(join(this.blobsDir, a))) {
        for (const name of await level(join(this.blobsDir, a, b))) {
          if (!isSha256(name)) continue;
          const info = await stat(join(this.blobsDir, a, b, name)).catch(() => null);
          if (info) yield { sha256: name, modifiedAt: info.mtime };
        }
      }
    }
  }
}
