import { randomBytes } from 'node:crypto';
// Configuration from the environment, with local defaults so that a service started
// on a developer's machine finds the servers the launcher runs (infra/dev).

export interface ServiceConfig {
  service: string;
  host: string;
  port: number;
  /** production turns off the local defaults that only make sense on a developer's machine */
  production: boolean;
  logLevel: string;
  databaseUrl: string;
  /** the PostgreSQL schema this service owns alone */
  databaseSchema: string;
  natsUrl: string;
  /**
   * copies JetStream keeps of the one stream (NATS_STREAM_REPLICAS, 1 to 5): 1 on a single server, 3 on a
   * three-node cluster (compose and Kubernetes), so that a node lost loses no event
   */
  streamReplicas: number;
  /** prefix before `tms.` on every subject, and before the stream name: empty in production, unique per test file */
  eventNamespace: string;
  redisUrl: string;
  /** BullMQ key prefix: `bull` in production, unique per test file */
  queuePrefix: string;
  /** Ed25519 public key (PEM) the gateway's identity signatures are checked with */
  identityPublicKey: string | undefined;
  /** load the shared demo data on start (npm start does) */
  seedDemoData: boolean;
  /**
   * How long the outbox relay and each consumer wait, once woken, for more events before they read
   * (EVENT_LINGER_MS, 0 to 1000): a batch then carries what a few milliseconds of writes made, so a busy
   * system pays one transaction and one publish round for many events (decision 0103).
   */
  eventLingerMs: number;
  /**
   * How long an unwatched consumer (ConsumerDefinition.unwatched: a read model no screen waits for)
   * waits instead (EVENT_UNWATCHED_LINGER_MS, 0 to 1000): at a steady trickle its events share a
   * transaction, where the short linger leaves each alone (decision 0111).
   */
  eventUnwatchedLingerMs: number;
}

type Env = Record<string, string | undefined>;

export function loadConfig(service: string, defaultPort: number, env: Env = process.env): ServiceConfig {
  const production = env.NODE_ENV === 'production';
  const upper = service.toUpperCase().replace(/[^A-Z0-9]/g, '_');
  const port = Number(env[`${upper}_PORT`] ?? env.PORT ?? defaultPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${upper}_PORT must be a port number, got "${env[`${upper}_PORT`] ?? env.PORT}"`);
  }
  const required = (name: string, localDefault: string): string => {
    const value = env[name];
    if (value) return value;
    if (production) throw new Error(`${name} must be set when NODE_ENV=production`);
    return localDefault;
  };
  return {
    service,
    host: env.HOST ?? '127.0.0.1',
    port,
    production,
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : 'warn'),
    databaseUrl: required('DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/loadline'),
    databaseSchema: env[`${upper}_DB_SCHEMA`] ?? service.replace(/-/g, '_'),
    natsUrl: required('NATS_URL', 'nats://127.0.0.1:4222'),
    streamReplicas: streamReplicasOf(env.NATS_STREAM_REPLICAS),
    eventNamespace: env.EVENT_NAMESPACE ?? '',
    redisUrl: required('REDIS_URL', 'redis://127.0.0.1:6379'),
    queuePrefix: env.QUEUE_PREFIX ?? 'bull',
    // In production a service without the key would answer 401 to everyone: refuse to start.
    identityPublicKey: production ? required('IDENTITY_PUBLIC_KEY', '') : env.IDENTITY_PUBLIC_KEY,
    seedDemoData: env.SEED_DEMO_DATA === 'true',
    eventLingerMs: eventLingerOf(env.EVENT_LINGER_MS),
    eventUnwatchedLingerMs: eventLingerOf(
      env.EVENT_UNWATCHED_LINGER_MS,
      defaultUnwatchedLingerMs,
      'EVENT_UNWATCHED_LINGER_MS',
    ),
  };
}

/** Ours (decisions 0103, 0108): milliseconds the relay and the consumers wait for more events once woken. */
export const defaultEventLingerMs = 10;

/** Ours (decision 0111): milliseconds an unwatched consumer waits for more events once one arrives. */
export const defaultUnwatchedLingerMs = 100;

/**
 * EVENT_LINGER_MS (or EVENT_UNWATCHED_LINGER_MS): a whole number of milliseconds from 0 (read at once)
 * to 1000; unset is the default.
 */
export function eventLingerOf(
  raw: string | undefined,
  unset: number = defaultEventLingerMs,
  name = 'EVENT_LINGER_MS',
): number {
  if (raw === undefined || raw === '') return unset;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 0 || ms > 1000) {
    throw new Error(`${name} must be a whole number of milliseconds from 0 to 1000, got "${raw}"`);
  }
  return ms;
}

/** NATS_STREAM_REPLICAS: JetStream allows 1 to 5 replicas of a stream; unset means 1 (one server). */
export function streamReplicasOf(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 1;
  const replicas = Number(raw);
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > 5) {
    throw new Error(`NATS_STREAM_REPLICAS must be a whole number from 1 to 5, got "${raw}"`);
  }
  return replicas;
}

/** NATS_URL: one server, or the nodes of a cluster separated by commas. */
export const natsServers = (natsUrl: string): string[] =>
  natsUrl
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const testSecrets = new Map<string, string>();

/**
 * A secret setting (a signing or sealing key): never a default written in the source (issue 20). Where it
 * is not set, a test or the contract gets a random one for the process; anywhere else the process refuses
 * to start — `npm start` and the journeys make one per install under .data/keys (infra/dev/system.ts).
 * Secrets are 32 random bytes in base64.
 */
export function secretSetting(env: Env, name: string): string {
  const value = env[name];
  if (value) return value;
  if (env.NODE_ENV === 'test' || env.NODE_ENV === 'contracts') {
    let secret = testSecrets.get(name);
    if (!secret) {
      secret = randomBytes(32).toString('base64');
      testSecrets.set(name, secret);
    }
    return secret;
  }
  throw new Error(
    `${name} must be set (npm start makes one under .data/keys; a deployment gives it from its secret store)`,
  );
}
