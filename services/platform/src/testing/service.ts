// Builds a declared service for a test file (in the spirit of fastify/demo's `build(t)`): its HTTP app, on
// its own schema, stream namespace and queue prefix on the real servers — or offline, with every server
// unreachable, for HTTP-shape tests (validation, access guards, the contract).
import type { EventData, Subject } from '@loadline/contracts/events';
import type { App } from '../app.ts';
import type { ServiceConfig } from '../config.ts';
import { createEnvelope } from '../events/envelope.ts';
import { generateIdentityKeys, type Identity, identityHeader, signIdentity } from '../identity.ts';
import { createLogger } from '../logger.ts';
import { ServiceRuntime } from '../runtime.ts';
import {
  buildHttp,
  depsOf,
  type Env,
  type ServiceDefinition,
  type ServiceDeps,
  startBackground,
} from '../service.ts';
import type { PlatformTables } from '../store/migrations.ts';
import { dropTestResources, testConfig, testIdentity } from './index.ts';

/** Server addresses nothing listens on (port 9, discard): what an offline build and the contracts use. */
export const unreachableServers = {
  databaseUrl: 'postgres://postgres@127.0.0.1:9/unreachable',
  natsUrl: 'nats://127.0.0.1:9',
  redisUrl: 'redis://127.0.0.1:9',
} as const;

export interface BuildOptions<Settings, Adapters> {
  /** no server is reached: the app is built over an offline runtime (HTTP-shape tests) */
  offline?: boolean;
  /** start the consumers, workers, schedules and the relay (default: no; `deliver` applies events directly) */
  background?: boolean;
  /** seed the demo data (default: no) */
  seed?: boolean;
  config?: Partial<ServiceConfig>;
  env?: Env;
  settings?: Partial<Settings>;
  adapters?: Partial<Adapters>;
}

export interface TestService<DB extends PlatformTables, Settings, Adapters> {
  app: App;
  runtime: ServiceRuntime<DB>;
  deps: ServiceDeps<DB, Settings, Adapters>;
  config: ServiceConfig;
  /** headers carrying a signed identity, as the gateway would forward them */
  as: (identity: Partial<Identity>) => Record<string, string>;
  /**
   * Applies an event as the service's durable consumers of its subject would (exactly once by its id);
   * true when some consumer applied it, false when every one had handled it already.
   */
  deliver<S extends Subject>(subject: S, data: EventData<S>, id?: string): Promise<boolean>;
  cleanup: () => Promise<void>;
}

export async function buildService<DB extends PlatformTables, Settings, Adapters>(
  definition: ServiceDefinition<DB, Settings, Adapters>,
  options: BuildOptions<Settings, Adapters> = {},
): Promise<TestService<DB, Settings, Adapters>> {
  const keys = generateIdentityKeys();
  // Offline, every server address points at a closed port: a build that needed one fails, not passes by luck.
  const config = testConfig(definition.name, {
    identityPublicKey: keys.publicKey,
    ...(options.offline ? unreachableServers : {}),
    ...options.config,
  });
  const logger = createLogger(definition.name, config.logLevel);
  const runtime = options.offline
    ? await ServiceRuntime.offline<DB>({ config, logger })
    : await ServiceRuntime.connect<DB>({ config, migrations: definition.migrations, logger });
  const deps = depsOf(definition, runtime, {
    env: options.env ?? { ...process.env, NODE_ENV: 'test' },
    ...(options.settings ? { settings: options.settings } : {}),
    ...(options.adapters ? { adapters: options.adapters } : {}),
  });
  const app = await buildHttp(definition, deps);
  if (options.seed && definition.seed) await definition.seed(deps);
  // Consumers are registered either way, so `deliver` finds them; they read JetStream only once started.
  if (!options.offline) {
    if (options.background) await startBackground(definition, deps);
    else for (const consumer of definition.consumers?.(deps) ?? []) runtime.consume(consumer);
  }
  return {
    app,
    runtime,
    deps,
    config,
    as: (identity) => ({ [identityHeader]: signIdentity(testIdentity(identity), keys.privateKey) }),
    async deliver(subject, data, id) {
      const consumers = runtime.consumers.filter((c) => (c.subjects as readonly string[]).includes(subject));
      if (consumers.length === 0) throw new Error(`${definition.name} has no consumer of ${subject}`);
      const envelope = createEnvelope('test', subject, data, id);
      const applied = await Promise.all(consumers.map((c) => c.apply(envelope as never)));
      return applied.some(Boolean);
    },
    async cleanup() {
      await app.close();
      await definition.close?.(deps);
      await runtime.close();
      if (!options.offline) await dropTestResources(config);
    },
  };
}
