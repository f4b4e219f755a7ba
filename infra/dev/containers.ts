// Which PostgreSQL, NATS and Redis `npm test` runs against (issue 20, decision 0086). Where a container
// engine is reachable, the same images as docker-compose.yml (PostgreSQL 17, NATS 2.12, Redis 7), started
// with testcontainers on the usual local ports, so every test and the deployments share their major
// versions. Where none is (these machines: no engine runs), the local servers of infra/dev/servers.ts.
// LOADLINE_SERVERS=local or =containers forces one. The choice is printed at the start of the run.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { parse } from 'yaml';
import { root } from './manifest.ts';

export interface ServersChoice {
  kind: 'containers' | 'local';
  /** what the run prints first (once the servers answer: the local ones' versions are asked of them) */
  describe(): string;
  stop(): Promise<void>;
}

/** The images docker-compose.yml deploys, read from it so that the two cannot differ. */
export function composeImages(): { postgres: string; nats: string; redis: string } {
  const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8')) as {
    services: Record<string, { image?: string }>;
  };
  const image = (name: string) => {
    const found = compose.services[name]?.image;
    if (!found) throw new Error(`docker-compose.yml has no image for ${name}`);
    return found;
  };
  return { postgres: image('postgres'), nats: image('nats-1'), redis: image('redis') };
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** The local servers' versions, as their programs print them (empty where a program is missing). */
function localVersions(): string {
  const first = (command: string, args: string[], pattern: RegExp) => {
    const r = spawnSync(command, args, { encoding: 'utf8' });
    return pattern.exec(`${r.stdout ?? ''}${r.stderr ?? ''}`)?.[1] ?? '?';
  };
  const postgres = first(
    'psql',
    ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'postgres', '-tAc', 'show server_version'],
    /^\s*([\d.]+)/,
  );
  const nats = first('nats-server', ['--version'], /v?([\d.]+)/);
  const redis = first('redis-server', ['--version'], /v=([\d.]+)/);
  return `PostgreSQL ${postgres}, NATS ${nats}, Redis ${redis}`;
}

async function engineReachable(): Promise<string | null> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    const client = await Promise.race([
      getContainerRuntimeClient(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 10_000)),
    ]);
    return `${client.info.containerRuntime.host} (${client.info.node.version ? 'testcontainers' : 'engine'})`;
  } catch {
    return null;
  }
}

const local = (why: string): ServersChoice => ({
  kind: 'local',
  describe: () =>
    `servers: local, ${why}: ${localVersions()} (deployments run ${Object.values(composeImages()).join(', ')}; decision 0086)`,
  stop: async () => undefined,
});

/** Starts the containers where an engine is reachable; otherwise says the local servers are used. */
export async function chooseServers(env = process.env): Promise<ServersChoice> {
  const asked = env.LOADLINE_SERVERS;
  if (asked === 'local') return local('as LOADLINE_SERVERS asks');
  const engine = await engineReachable();
  if (!engine) {
    if (asked === 'containers')
      throw new Error('LOADLINE_SERVERS=containers, but no container engine is reachable');
    return local('no container engine is reachable');
  }
  const taken = [];
  for (const port of [5432, 4222, 6379]) if (await listening(port)) taken.push(port);
  if (taken.length) return local(`ports ${taken.join(', ')} already answer here`);

  const { GenericContainer, Wait } = await import('testcontainers');
  const images = composeImages();
  const [postgres, nats, redis] = await Promise.all([
    new GenericContainer(images.postgres)
      .withEnvironment({
        POSTGRES_HOST_AUTH_METHOD: 'trust',
        POSTGRES_USER: 'postgres',
        POSTGRES_DB: 'loadline',
      })
      .withExposedPorts({ container: 5432, host: 5432 })
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start(),
    new GenericContainer(images.nats)
      .withCommand(['-js', '-sd', '/data'])
      .withExposedPorts({ container: 4222, host: 4222 })
      .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
      .start(),
    new GenericContainer(images.redis)
      .withCommand(['redis-server', '--appendonly', 'yes', '--maxmemory-policy', 'noeviction'])
      .withExposedPorts({ container: 6379, host: 6379 })
      .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/))
      .start(),
  ]);
  return {
    kind: 'containers',
    describe: () =>
      `servers: containers on ${engine} from docker-compose.yml's images: ${Object.values(images).join(', ')} (decision 0086)`,
    async stop() {
      await Promise.allSettled([postgres.stop(), nats.stop(), redis.stop()]);
    },
  };
}
