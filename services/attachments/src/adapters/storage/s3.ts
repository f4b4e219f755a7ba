// S3-compatible storage (AWS S3, MinIO, Ceph, R2...), chosen by configuration (ATTACHMENTS_STORAGE=s3).
// Same addresses as on disk (<prefix>blobs/<aa>/<bb>/<sha256>); uploads are staged on local disk first
// (the hash names the object), then sent in one PUT whose SHA-256 checksum the server verifies, so a
// half-sent object is never stored. No S3 server runs on the development machines: the storage
// contract test runs this store against an S3-compatible server started in the test (s3rver).
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import {
  BlobMissingError,
  type BlobStore,
  isSha256,
  type StagedFile,
  type StoredBlob,
} from './blob-store.ts';

export interface S3StoreOptions {
  bucket: string;
  /** key prefix, e.g. `loadline/`; empty by default */
  prefix?: string;
  region?: string;
  /** for S3-compatible servers (MinIO...): their URL, usually with forcePathStyle */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** without them the SDK's default chain is used (environment, instance role) */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  stagingDir: string;
}

const missing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** The AWS SDK is loaded only when S3 storage is configured: the local-disk default never holds it (~9 MB). */
const loadSdk = (): typeof import('@aws-sdk/client-s3') =>
  createRequire(import.meta.url)('@aws-sdk/client-s3') as typeof import('@aws-sdk/client-s3');

export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;
  readonly stagingDir: string;
  readonly client: S3Client;
  private readonly sdk = loadSdk();
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(options: S3StoreOptions) {
    const config: S3ClientConfig = {
      region: options.region ?? 'us-east-1',
      forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
      // Checksums only where the API needs one: we send our own SHA-256, and many S3-compatible servers
      // do not understand the SDK's default streaming checksum trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    if (options.endpoint) config.endpoint = options.endpoint;
    if (options.credentials) config.credentials = options.credentials;
    this.client = new this.sdk.S3Client(config);
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? '';
    this.stagingDir = options.stagingDir;
  }

  private keyOf(sha256: string): string {
    if (!isSha256(sha256)) throw new Error(`not a blob address: ${sha256}`);
    return `${this.prefix}blobs/${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
  }

  async put(staged: StagedFile, contentType: string): Promise<void> {
    try {
      if (await this.has(staged.sha256)) return;
      await this.client.send(
        new this.sdk.PutObjectCommand({
          Bucket: this.bucket,
          Key: this.keyOf(staged.sha256),
          Body: createReadStream(staged.path),
          ContentLength: staged.sizeBytes,
          ContentType: contentType,
          ChecksumSHA256: Buffer.from(staged.sha256, 'hex').toString('base64'),
        }),
      );
    } finally {
      await rm(staged.path, { force: true });
    }
  }

  async read(sha256: string): Promise<Readable> {
    try {
      const answer = await this.client.send(
        new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.keyOf(sha256) }),
      );
      if (!(answer.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
      return answer.Body;
    } catch (error) {
      if (missing(error)) throw new BlobMissingError(sha256);
      throw error;
    }
  }

  async has(sha256: string): Promise<boolean> {
    try {
      await this.client.send(
        new this.sdk.HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(sha256) }),
      );
      return true;
    } catch (error) {
      if (missing(error)) return false;
      throw error;
    }
  }

  async remove(sha256: string): Promise<void> {
    await this.client.send(
      new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(sha256) }),
    );
  }

  async *list(): AsyncIterable<StoredBlob> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new this.sdk.ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: `${this.prefix}blobs/`,
          ContinuationToken: token,
        }),
      );
      for (const item of page.Contents ?? []) {
        const name = item.Key?.split('/').pop() ?? '';
        if (isSha256(name)) yield { sha256: name, modifiedAt: item.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

export const s3StagingDir = (dataDir: string) => join(dataDir, 'staging');
