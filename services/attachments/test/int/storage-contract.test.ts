// The storage contract: both stores behind BlobStore behave alike. The local store runs on a temporary
// folder; the S3 store runs the real AWS SDK client against an S3-compatible server started here
// (s3rver, in-process, on a temporary folder): no S3 service exists on these machines.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../../src/adapters/storage/blob-store.ts';
import { LocalBlobStore } from '../../src/adapters/storage/local.ts';
import { S3BlobStore } from '../../src/adapters/storage/s3.ts';
import { FileTooLargeError, stageStream } from '../../src/adapters/storage/staging.ts';

let dir: string;
let s3server: S3rver;
let s3port: number;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'attachments-storage-'));
  s3server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: join(dir, 's3rver'),
    configureBuckets: [{ name: 'loadline-test', configs: [] }],
  });
  const address = (await s3server.run()) as { port: number };
  s3port = address.port;
});

afterAll(async () => {
  await s3server?.close();
  await rm(dir, { recursive: true, force: true });
});

const stores: [string, () => BlobStore][] = [
  ['local disk', () => new LocalBlobStore(join(dir, 'local'))],
  [
    'S3-compatible',
    () =>
      new S3BlobStore({
        bucket: 'loadline-test',
        prefix: 'att/',
        endpoint: `http://127.0.0.1:${s3port}`,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        stagingDir: join(dir, 's3-staging'),
      }),
  ],
];

describe.each(stores)('%s store', (_name, make) => {
  it('stages a stream with its hash, size and first bytes, then stores it at its address', async () => {
    const store = make();
    const bytes = randomBytes(300_000);
    const staged = await stageStream(
      Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]),
      store.stagingDir,
    );
    expect(staged.sizeBytes).toBe(bytes.length);
    expect(staged.head).toHaveLength(4100);
    expect(Buffer.from(staged.head).equals(bytes.subarray(0, 4100))).toBe(true);
    expect(await store.has(staged.sha256)).toBe(false);
    await store.put(staged, 'application/octet-stream');
    expect(existsSync(staged.path)).toBe(false);
    expect(await store.has(staged.sha256)).toBe(true);
    const chunks: Buffer[] = [];
    for await (const chunk of await store.read(staged.sha256)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    const listed: string[] = [];
    for await (const blob of store.list()) listed.push(blob.sha256);
    expect(listed).toContain(staged.sha256);
  });

  it('keeps the same bytes once', async () => {
    const store = make();
    const first = await stageStream(Readable.from(['the same bytes']), store.stagingDir);
    const second = await stageStream(Readable.from(['the same bytes']), store.stagingDir);
    expect(second.sha256).toBe(first.sha256);
    await store.put(first, 'text/plain');
    await store.put(second, 'text/plain');
    expect(existsSync(second.path)).toBe(false);
    expect(await text(await store.read(first.sha256))).toBe('the same bytes');
  });

  it('answers a missing blob with ENOENT, and removes blobs', async () => {
    const store = make();
    const staged = await stageStream(Readable.from([`remove me ${Math.random()}`]), store.stagingDir);
    await store.put(staged, 'text/plain');
    await store.remove(staged.sha256);
    expect(await store.has(staged.sha256)).toBe(false);
    await expect(store.read(staged.sha256)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses an address that is not a hash', async () => {
    const store = make();
    await expect(store.read('../../etc/passwd')).rejects.toThrow(/not a blob address/);
  });
});

describe('staging', () => {
  it('stops at the size limit and leaves no partial file', async () => {
    const staging = join(dir, 'limit');
    const big = Readable.from(
      (function* () {
        for (let i = 0; i < 10; i++) yield Buffer.alloc(64 * 1024, i);
      })(),
    );
    await expect(stageStream(big, staging, { maxBytes: 100_000 })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await readdir(staging)).toEqual([]);
  });

  it('leaves no partial file when the source fails half-way', async () => {
    const staging = join(dir, 'broken');
    const broken = new Readable({
      read() {
        this.push(Buffer.alloc(1000));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(stageStream(broken, staging)).rejects.toThrow('client went away');
    expect(await readdir(staging)).toEqual([]);
  });
});
