// Test helpers: each test file gets its own database schema, its own stream and subject
// namespace and its own queue prefix, on the real PostgreSQL, NATS and Redis.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Migration } from 'kysely/migration';
import pg from 'pg';
import { loadConfig, natsServers, type ServiceConfig } from '../config.ts';
import { streamName } from '../events/envelope.ts';
import { generateIdentityKeys, type Identity, identityHeader, signIdentity } from '../identity.ts';
import { createLogger } from '../logger.ts';
import { ServiceRuntime } from '../runtime.ts';
import type { PlatformTables } from '../store/migrations.ts';

export interface TestRuntime<DB extends PlatformTables> {
  runtime: ServiceRuntime<DB>;
  config: ServiceConfig;
  keys: { publicKey: string; privateKey: string };
  /** headers carrying a signed identity, as the gateway would forward them */
  as: (identity: Partial<Identity>) => Record<string, string>;
  cleanup: () => Promise<void>;
}

export const testIdentity = (overrides: Partial<Identity> = {}): Identity => ({
  userId: 'usr_test_staff',
  kind: 'staff',
  email: 'staff@test.test',
  displayName: 'Test Staff',
  organizationId: 'org_test_broker',
  organizationType: 60,
  brokerId: 'org_test_broker',
  permissions: 0,
  customerSettings: 0,
  sessionId: 'ses_test',
  ...overrides,
});

export function uniqueTestId(service: string): string {
  return `${service.replace(/[^a-z0-9]/gi, '').toLowerCase()}_${randomBytes(5).toString('hex')}`;
}

export function testConfig(service: string, overrides: Partial<ServiceConfig> = {}): ServiceConfig {
  const id = uniqueTestId(service);
  return {
    ...loadConfig(service, 0, { ...process.env, NODE_ENV: 'test' }),
    databaseSchema: `t_${id}`,
    eventNamespace: `t_${id}`,
    queuePrefix: `t_${id}`,
    logLevel: process.env.LOG_LEVEL ?? 'silent',
    seedDemoData: false,
    ...overrides,
  };
}

export async function createTestRuntime<DB extends PlatformTables>(options: {
  service: string;
  migrations: Record<string, Migration>;
  config?: Partial<ServiceConfig>;
}): Promise<TestRuntime<DB>> {
  const keys = generateIdentityKeys();
  const config = testConfig(options.service, { identityPublicKey: keys.publicKey, ...options.config });
  const runtime = await ServiceRuntime.connect<DB>({
    config,
    migrations: options.migrations,
    logger: createLogger(options.service, config.logLevel),
  });
  return {
    runtime,
    config,
    keys,
    as: (identity) => ({ [identityHeader]: signIdentity(testIdentity(identity), keys.privateKey) }),
    cleanup: async () => {
      await runtime.close();
      await dropTestResources(config);
    },
  };
}

/** Removes what a test file made: its schema, its stream, its queue keys. */
export async function dropTestResources(config: ServiceConfig): Promise<void> {
  if (!config.databaseSchema.startsWith('t_'))
    throw new Error('refusing to drop a schema that is not a test schema');
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  await client.query(`drop schema if exists "${config.databaseSchema}" cascade`);
  await client.end();
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const nc = await connect({ servers: natsServers(config.natsUrl) });
  const jsm = await jetstreamManager(nc);
  await jsm.streams.delete(streamName(config.eventNamespace)).catch(() => undefined);
  await nc.close();
  const redis = new Redis(config.redisUrl);
  const prefixes = new Set([config.queuePrefix, config.eventNamespace].filter((p) => p.startsWith('t_')));
  for (const prefix of prefixes) {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  }
  redis.disconnect();
}

/** Waits until `check` returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value as T;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`condition not met within ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
}

export { identityHeader, signIdentity };
export { type DemoCaller, demoCallers, demoOrganizationIds } from './demo-callers.ts';
export { type BuildOptions, buildService, type TestService, unreachableServers } from './service.ts';
