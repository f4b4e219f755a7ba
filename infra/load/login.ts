// Login throughput through the gateway (Argon2id at OWASP's minimum, not lowered: docs/decisions/0002), next to
// the raw Argon2id verifications per second this machine manages with the same parameters
// and the same threads, so the figure reads as a ratio. The raw rate is measured before the system starts
// and again after it stops: on a shared host it moves by a fifth from one minute to the next, and the
// ratio is taken to their mean. Run: node infra/load/login.ts
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { request } from 'undici';
import { argon2Options } from '../../services/gateway/src/app/passwords.ts';
import { agent, benchSystem, cpuAccount, dropRunSchemas, fmt, load } from './harness.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);

const stored = await hash('demo', argon2Options);
const rawRate = async () => (await load(() => verify(stored, 'demo'), concurrency, seconds)).perSecond;
const rawBefore = await rawRate();

const system = await benchSystem();
let logins: Awaited<ReturnType<typeof load>>;
let cpuUsed: string;
try {
  const users = ['admin@demo.test', 'ops@demo.test', 'shipper@acme.test', 'buyer@globex.test'];
  let i = 0;
  const cpu = cpuAccount(system);
  logins = await load(
    async () => {
      const email = users[i++ % users.length];
      const res = await request(`${system.url}/api/auth/login`, {
        method: 'POST',
        dispatcher: agent,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'demo' }),
      });
      await res.body.dump();
      return res.statusCode === 200;
    },
    concurrency,
    seconds,
  );
  cpuUsed = cpu.read();
} finally {
  await system.stop();
  await agent.close();
  await dropRunSchemas(system.schemaSuffix);
}
const rawAfter = await rawRate();
const raw = (rawBefore + rawAfter) / 2;

console.log(`cores: ${availableParallelism()}, concurrency ${concurrency}, ${seconds} s each`);
console.log(
  `raw argon2id verify (m=${argon2Options.memoryCost} KiB, t=${argon2Options.timeCost}, p=${argon2Options.parallelism}): ${fmt(rawBefore, 1)} /s before the system started, ${fmt(rawAfter, 1)} /s after it stopped`,
);
console.log(
  `logins through the gateway: ${fmt(logins.perSecond, 1)} /s (p50 ${fmt(logins.p50)} ms, p99 ${fmt(logins.p99)} ms, failures ${logins.failures})`,
);
console.log(`CPU seconds used during the logins: ${cpuUsed}`);
console.log(`ratio logins / raw verifications (their mean): ${fmt(logins.perSecond / raw)}`);
console.log(`target: at least 200 logins/s → ${logins.perSecond >= 200 ? 'met' : 'NOT met'}`);
