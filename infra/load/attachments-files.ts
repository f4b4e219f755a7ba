// 10 MB files uploaded and downloaded by 8 concurrent clients, next to a plain file copy of the same
// files on the same disk in the same run, so the rate reads as a ratio; and the attachments process's
// (and the gateway's) peak resident memory while the files stream. Each way is timed twice: through
// the gateway, and straight to the attachments service with the identity the gateway would sign (the
// service's own rate; through the gateway every byte crosses loopback twice on the same 2 cores).
// Prints figures; asserts nothing. Run: node infra/load/attachments-files.ts
// BENCH_CONCURRENCY (default 8), BENCH_FILE_MB (default 10) and BENCH_ROUNDS (default 3) change the run.
//
// Every upload has different bytes (a unique first line before the same random body), so each one is
// really written: the store keeps identical bytes once. The files start like a PDF, as the type sniff
// wants a document.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IdentitySigner, identityHeader } from '@loadline/platform';
import { request } from 'undici';
import { identityOf, type Me } from '../../services/gateway/src/domain/identity.ts';
import { readManifest, root } from '../dev/manifest.ts';
import { agent, benchPortOffset, benchSystem, cpuSeconds, dropRunSchemas, fmt, rssMb } from './harness.ts';

const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const fileMb = Number(process.env.BENCH_FILE_MB ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const fileBytes = fileMb * 1024 * 1024;
const totalMb = concurrency * rounds * fileMb;

/** The same body for every file; a unique first line makes each file's bytes (and hash) its own. */
const head = (n: number) =>
  Buffer.from(`%PDF-1.4\n% loadline benchmark file ${n} ${randomBytes(8).toString('hex')}\n`);

const system = await benchSystem();
const suffix = basename(system.attachmentsDataDir).replace(/^attachments/, '');
const work = join(system.attachmentsDataDir, '..', `bench-files${suffix}`);
try {
  await mkdir(work, { recursive: true });
  const body = join(work, 'body.bin');
  const bodyBytes = randomBytes(fileBytes);
  await writeFile(body, bodyBytes);

  // -----------------------------------------------------------------------------------------------
  // Baseline: a plain copy of each file (read, write, flush to disk) on the same disk, same concurrency.
  const copyStarted = performance.now();
  let copied = 0;
  for (let round = 0; round < rounds; round++) {
    await Promise.all(
      Array.from({ length: concurrency }, async (_, i) => {
        const n = round * concurrency + i;
        const target = join(work, `copy-${n}.pdf`);
        async function* content() {
          yield head(n);
          yield* createReadStream(body);
        }
        await pipeline(Readable.from(content()), createWriteStream(target, { flush: true }));
        copied++;
        await rm(target);
      }),
    );
  }
  const copySeconds = (performance.now() - copyStarted) / 1000;
  const copyMbps = totalMb / copySeconds;

  // -----------------------------------------------------------------------------------------------
  const login = await request(`${system.url}/api/auth/login`, {
    method: 'POST',
    dispatcher: agent,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ops@demo.test', password: 'demo' }),
  });
  const me = (await login.body.json()) as Me;
  const cookie = String(login.headers['set-cookie']).split(';')[0]!;
  // The same user's identity signed as the gateway signs it, for the uploads straight to the service.
  const { privateKey } = JSON.parse(readFileSync(join(root, '.data', 'keys', 'identity.json'), 'utf8')) as {
    privateKey: string;
  };
  const identity = identityOf(me, 'bench');
  const signer = new IdentitySigner(privateKey);
  const manifest = readManifest();
  const attachmentsUrl = `http://127.0.0.1:${manifest.services.find((s) => s.name === 'attachments')!.port + benchPortOffset}`;
  // The attachments service learns shipment 10005 from the shipments service's events.
  for (let i = 0; ; i++) {
    const res = await request(`${system.url}/api/files/getattachments/10005/shipment`, {
      dispatcher: agent,
      headers: { cookie },
    });
    await res.body.dump();
    if (res.statusCode === 200) break;
    if (i > 120) throw new Error(`shipment 10005 did not reach the attachments service: ${res.statusCode}`);
    await new Promise((r) => setTimeout(r, 500));
  }

  const attachments = system.processes.get('attachments')!.pid!;
  const gateway = system.processes.get('gateway')!.pid!;
  const idle = { attachments: rssMb(attachments), gateway: rssMb(gateway) };
  const peak = { attachments: idle.attachments, gateway: idle.gateway };
  const sampler = setInterval(() => {
    peak.attachments = Math.max(peak.attachments, rssMb(attachments));
    peak.gateway = Math.max(peak.gateway, rssMb(gateway));
  }, 50);

  /** One multipart upload, streamed from disk (the client holds no whole file either). */
  const upload = async (n: number, direct = false): Promise<string> => {
    const boundary = `----loadline${randomBytes(8).toString('hex')}`;
    const name = `bench-${n}.pdf`;
    async function* multipart() {
      yield Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="shipmentId"\r\n\r\n10005\r\n`,
      );
      yield Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/pdf\r\n\r\n`,
      );
      yield head(n);
      // The client sends from memory in 1 MB slices: it shares the 2 cores with the service, and
      // what is measured is the service's work, not the client's reading.
      for (let at = 0; at < bodyBytes.length; at += 1024 * 1024)
        yield bodyBytes.subarray(at, at + 1024 * 1024);
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const res = await request(`${direct ? attachmentsUrl : system.url}/api/files/fileUpload`, {
      method: 'POST',
      dispatcher: agent,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...(direct ? { [identityHeader]: signer.sign(identity) } : { cookie }),
      },
      body: Readable.from(multipart()),
    });
    const answer = (await res.body.json()) as { attachmentId?: string; message?: string };
    if (res.statusCode !== 201 || !answer.attachmentId)
      throw new Error(`upload answered ${res.statusCode}: ${answer.message}`);
    return answer.attachmentId;
  };

  const download = async (attachmentId: string, direct = false): Promise<number> => {
    const res = await request(`${direct ? attachmentsUrl : system.url}/files/Attachment?i=${attachmentId}`, {
      dispatcher: agent,
      headers: direct ? { [identityHeader]: signer.sign(identity) } : { cookie },
    });
    if (res.statusCode !== 200) throw new Error(`download answered ${res.statusCode}`);
    let bytes = 0;
    for await (const chunk of res.body) bytes += (chunk as Buffer).length;
    return bytes;
  };

  const cpuOf = () => ({ attachments: cpuSeconds(attachments), gateway: cpuSeconds(gateway) });
  const cpuBefore = cpuOf();
  const ids: string[] = [];
  const upStarted = performance.now();
  for (let round = 0; round < rounds; round++) {
    ids.push(
      ...(await Promise.all(Array.from({ length: concurrency }, (_, i) => upload(round * concurrency + i)))),
    );
  }
  const upSeconds = (performance.now() - upStarted) / 1000;
  const cpuUp = cpuOf();

  // The same uploads straight to the attachments service (with the identity the gateway would sign):
  // the service's own rate, without the gateway's second loopback hop on the same 2 cores.
  const directStarted = performance.now();
  for (let round = 0; round < rounds; round++) {
    await Promise.all(
      Array.from({ length: concurrency }, (_, i) => upload((rounds + round) * concurrency + i, true)),
    );
  }
  const directSeconds = (performance.now() - directStarted) / 1000;
  const uploadPeak = { ...peak };
  const cpuDirect = cpuOf();

  const downStarted = performance.now();
  let downloaded = 0;
  for (let round = 0; round < rounds; round++) {
    const sizes = await Promise.all(
      ids.slice(round * concurrency, (round + 1) * concurrency).map((id) => download(id)),
    );
    downloaded += sizes.reduce((a, b) => a + b, 0);
  }
  const downSeconds = (performance.now() - downStarted) / 1000;
  const cpuDown = cpuOf();

  const directDownStarted = performance.now();
  let directDownloaded = 0;
  for (let round = 0; round < rounds; round++) {
    const sizes = await Promise.all(
      ids.slice(round * concurrency, (round + 1) * concurrency).map((id) => download(id, true)),
    );
    directDownloaded += sizes.reduce((a, b) => a + b, 0);
  }
  const directDownSeconds = (performance.now() - directDownStarted) / 1000;
  clearInterval(sampler);

  const upMbps = totalMb / upSeconds;
  const directMbps = totalMb / directSeconds;
  const downMbps = downloaded / 1024 / 1024 / downSeconds;
  const directDownMbps = directDownloaded / 1024 / 1024 / directDownSeconds;
  console.log(
    `cores: ${availableParallelism()}, ${concurrency} concurrent clients, ${rounds} rounds of ${fmt(fileMb, 0)} MB files (${fmt(totalMb, 0)} MB each way)`,
  );
  console.log(
    `plain file copy on the same disk (read, write, fsync), ${concurrency} at a time: ${fmt(copyMbps, 1)} MB/s (${copied} files)`,
  );
  console.log(
    `uploads through the gateway: ${fmt(upMbps, 1)} MB/s, ratio to the copy ${fmt(upMbps / copyMbps)} (target at least 0.5 → ${upMbps / copyMbps >= 0.5 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `uploads straight to the attachments service: ${fmt(directMbps, 1)} MB/s, ratio to the copy ${fmt(directMbps / copyMbps)} (target at least 0.5 → ${directMbps / copyMbps >= 0.5 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `downloads through the gateway: ${fmt(downMbps, 1)} MB/s, ratio to the copy ${fmt(downMbps / copyMbps)} (target at least 0.5 → ${downMbps / copyMbps >= 0.5 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `downloads straight from the attachments service: ${fmt(directDownMbps, 1)} MB/s, ratio to the copy ${fmt(directDownMbps / copyMbps)} (target at least 0.5 → ${directDownMbps / copyMbps >= 0.5 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `attachments RSS: idle ${fmt(idle.attachments, 1)} MB, peak during uploads ${fmt(uploadPeak.attachments, 1)} MB, peak overall ${fmt(peak.attachments, 1)} MB (target under 250 MB → ${peak.attachments < 250 ? 'met' : 'NOT met'})`,
  );
  console.log(`gateway RSS: idle ${fmt(idle.gateway, 1)} MB, peak ${fmt(peak.gateway, 1)} MB`);
  console.log(
    `CPU seconds, uploads: attachments ${fmt(cpuUp.attachments - cpuBefore.attachments, 1)}, gateway ${fmt(cpuUp.gateway - cpuBefore.gateway, 1)} in ${fmt(upSeconds, 1)} s; straight uploads: attachments ${fmt(cpuDirect.attachments - cpuUp.attachments, 1)} in ${fmt(directSeconds, 1)} s; downloads: attachments ${fmt(cpuDown.attachments - cpuDirect.attachments, 1)}, gateway ${fmt(cpuDown.gateway - cpuDirect.gateway, 1)} in ${fmt(downSeconds, 1)} s`,
  );
} finally {
  await system.stop();
  await agent.close();
  await rm(work, { recursive: true, force: true });
  await rm(system.attachmentsDataDir, { recursive: true, force: true });
  await rm(system.mailSink.dir, { recursive: true, force: true });
  // The schemas and the stream this run's system made go with it.
  await dropRunSchemas(system.schemaSuffix);
}
