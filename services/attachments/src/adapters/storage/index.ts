// Chooses the store from the configuration: local disk (the default) or S3-compatible storage.
import { join } from 'node:path';
import type { AttachmentsSettings } from '../../config.ts';
import type { BlobStore } from './blob-store.ts';
import { LocalBlobStore } from './local.ts';
import { S3BlobStore } from './s3.ts';

export function openBlobStore(config: AttachmentsSettings): BlobStore {
  if (config.storage.kind === 'local') return new LocalBlobStore(config.dataDir);
  return new S3BlobStore({ ...config.storage, stagingDir: join(config.dataDir, 'staging') });
}

export type { BlobStore, StagedFile } from './blob-store.ts';
