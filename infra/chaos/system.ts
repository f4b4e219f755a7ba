// The whole system for a fault test, on servers of its own: PostgreSQL, Redis and NATS started by the test
// (servers.ts, nats.ts) on ports of their own, so that restarting them disturbs nobody; every service and
// the gateway (two replicas each unless told, the gateways behind the local ingress) on ports +
// CHAOS_PORT_OFFSET. Everything removed at the end.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { root } from '../dev/manifest.ts';
import { type RunningSystem, startSystem } from '../dev/system.ts';
import { type OwnNats, startOwnNats } from './nats.ts';
import { type OwnServer, startOwnPostgres, startOwnRedis } from './servers.ts';

export interface ChaosSystem {
  system: RunningSystem;
  url: string;
  postgres: OwnServer;
  redis: OwnServer;
  nats: OwnNats;
  agent: Agent;
  /** the names of the service processes (`shipments`, `shipments-2`, …), the gateway left out */
  replicas: string[];
  /** the gateway processes (`gateway`, `gateway-2`, …) behind the ingress at `url` */
  gateways: string[];
  /** each process's own address, by name */
  addressOf(name: string): string;
  /** signs in a demo user through the gateway; answers the headers of its session */
  signIn(email?: string): Promise<Record<string, string>>;
  /** SIGKILLs one process of the system and waits until it is gone */
  kill(name: string): Promise<void>;
  stop(): Promise<void>;
}

export const chaosPortOffset = () => Number(process.env.CHAOS_PORT_OFFSET ?? 1_700);
/** the test's own servers: PostgreSQL, Redis and NATS on these ports (CHAOS_SERVERS_PORT, default 9300 + n) */
export const ownServerPorts = () => {
  const base = Number(process.env.CHAOS_SERVERS_PORT ?? 9_300);
  return { postgres: base + 1, redis: base + 2, nats: base + 3 };
};

export async function startChaosSystem(
  options: { replicas?: number; services?: string[]; log?: (line: string) => void } = {},
): Promise<ChaosSystem> {
  const log = options.log ?? console.log;
  const ports = ownServerPorts();
  const id = randomBytes(3).toString('hex');
  const suffix = `_chaos_${id}`;
  const postgres = await startOwnPostgres(ports.postgres);
  const redis = await startOwnRedis(ports.redis).catch(async (e) => {
    await postgres.remove();
    throw e;
  });
  const natsDir = join(root, '.data', `nats${suffix}`);
  const nats = await startOwnNats(ports.nats, natsDir).catch(async (e) => {
    await postgres.remove();
    await redis.remove();
    throw e;
  });
  log(`own servers: PostgreSQL ${postgres.url}, Redis ${redis.url}, NATS ${nats.url}`);
  const agent = new Agent({ connections: 64 });
  let system: RunningSystem | undefined;
  const removeAll = async () => {
    await system?.stop();
    await agent.close();
    await nats.remove();
    await redis.remove();
    await postgres.remove();
    if (system) {
      rmSync(system.attachmentsDataDir, { recursive: true, force: true });
      rmSync(system.mailSink.dir, { recursive: true, force: true });
      rmSync(system.accountingExportDir, { recursive: true, force: true });
    }
  };
  try {
    system = await startSystem({
      portOffset: chaosPortOffset(),
      schemaSuffix: suffix,
      eventNamespace: `chaos_${id}`,
      queuePrefix: `chaos_${id}`,
      seedDemoData: true,
      quiet: true,
      log: (line) => log(line),
      replicas: options.replicas ?? 2,
      ...(options.services ? { services: options.services } : {}),
      env: { DATABASE_URL: postgres.url, REDIS_URL: redis.url, NATS_URL: nats.url },
    });
  } catch (error) {
    await removeAll();
    throw error;
  }
  const running = system;
  return {
    system: running,
    url: running.url,
    postgres,
    redis,
    nats,
    agent,
    replicas: [...running.processes.keys()].filter((n) => !/^gateway(-\d)?$/.test(n)),
    gateways: [...running.processes.keys()].filter((n) => /^gateway(-\d)?$/.test(n)),
    addressOf: (name) => running.addressOf(name),
    async signIn(email = 'ops@demo.test') {
      const login = await request(`${running.url}/api/auth/login`, {
        method: 'POST',
        dispatcher: agent,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'demo' }),
      });
      await login.body.dump();
      if (login.statusCode !== 200) throw new Error(`signing in answered ${login.statusCode}`);
      return {
        cookie: String(login.headers['set-cookie']).split(';')[0]!,
        'content-type': 'application/json',
      };
    },
    async kill(name) {
      const child = running.processes.get(name)!;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await gone;
    },
    stop: removeAll,
  };
}

/** Every service schema's outbox rows not yet published, by schema. */
export async function unpublished(db: import('pg').Client): Promise<Record<string, number>> {
  const { rows } = await db.query<{ schema: string }>(
    `select table_schema as schema from information_schema.tables where table_name = 'outbox'`,
  );
  const out: Record<string, number> = {};
  for (const { schema } of rows) {
    const r = await db.query<{ n: number }>(
      `select count(*)::int as n from "${schema}".outbox where published_at is null`,
    );
    out[schema] = r.rows[0]!.n;
  }
  return out;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
