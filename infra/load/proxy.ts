// What the gateway adds to an authenticated GET: the same request to the directory directly
// (with a signed identity) and through the gateway (with a session cookie), p50 and p99 of each.
// Run: node infra/load/proxy.ts
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IdentitySigner, identityHeader } from '@loadline/platform';
import { request } from 'undici';
import { identityOf } from '../../services/gateway/src/domain/identity.ts';
import { readManifest, root } from '../dev/manifest.ts';
import { agent, benchPortOffset, benchSystem, dropRunSchemas, fmt, httpGet, load } from './harness.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 1);

const system = await benchSystem();
try {
  const res = await request(`${system.url}/api/auth/login`, {
    method: 'POST',
    dispatcher: agent,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ops@demo.test', password: 'demo' }),
  });
  const me = (await res.body.json()) as Parameters<typeof identityOf>[0];
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  const keys = JSON.parse(readFileSync(join(root, '.data/keys/identity.json'), 'utf8')) as {
    privateKey: string;
  };
  const directoryPort = readManifest().services.find((s) => s.name === 'directory')!.port + benchPortOffset;
  const directory = `http://127.0.0.1:${directoryPort}/api/organizations`;
  // Signed as the gateway signs (IdentitySigner: one header per session and half-minute), so both paths
  // ask the directory for the same work.
  const signer = new IdentitySigner(keys.privateKey);
  const direct = () => httpGet(directory, { [identityHeader]: signer.sign(identityOf(me, 'bench')) });
  const viaGateway = () => httpGet(`${system.url}/api/organizations`, { cookie });
  await load(direct, concurrency, 2); // warm both paths
  await load(viaGateway, concurrency, 2);
  const a = await load(direct, concurrency, seconds);
  const b = await load(viaGateway, concurrency, seconds);
  console.log(`GET /api/organizations, concurrency ${concurrency}, ${seconds} s each`);
  console.log(
    `directly:        p50 ${fmt(a.p50)} ms  p99 ${fmt(a.p99)} ms  ${fmt(a.perSecond, 0)} /s  failures ${a.failures}`,
  );
  console.log(
    `through gateway: p50 ${fmt(b.p50)} ms  p99 ${fmt(b.p99)} ms  ${fmt(b.perSecond, 0)} /s  failures ${b.failures}`,
  );
  // A failed request (refused, 401) is fast: figures with failures compare nothing.
  if (a.failures > 0 || b.failures > 0) throw new Error('requests failed: the figures above are not valid');
  console.log(
    `added by the gateway at p50: ${fmt(b.p50 - a.p50)} ms (target at most 2 ms → ${b.p50 - a.p50 <= 2 ? 'met' : 'NOT met'})`,
  );
} finally {
  await system.stop();
  await agent.close();
  await dropRunSchemas(system.schemaSuffix);
}
