// The real servers every service needs: PostgreSQL, NATS with JetStream and Redis.
// Uses the ones already listening on their usual local ports; otherwise starts local
// ones (installing Debian's packages when we are root), keeping their data under .data/.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const dataDir = join(root, '.data');

export type ServerName = 'postgresql' | 'nats' | 'redis';

const ports: Record<ServerName, number> = { postgresql: 5432, nats: 4222, redis: 6379 };
const debianPackage: Record<ServerName, string> = {
  postgresql: 'postgresql',
  nats: 'nats-server',
  redis: 'redis-server',
};

export function isListening(port: number, host = '127.0.0.1', timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export async function waitForPort(port: number, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await isListening(port)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not start listening on 127.0.0.1:${port} within ${timeoutMs / 1000} s`);
}

const isRoot = process.getuid?.() === 0;
const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

function install(name: ServerName): void {
  const pkg = debianPackage[name];
  if (!isRoot) {
    throw new Error(
      `${name} is not running on 127.0.0.1:${ports[name]} and is not installed. Install it with:\n  sudo apt-get install -y ${pkg}\nthen run the command again.`,
    );
  }
  console.log(`[loadline] installing ${pkg} from Debian's packages…`);
  execFileSync('apt-get', ['update'], { stdio: 'ignore' });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', pkg], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

function startPostgres(): void {
  if (!has('pg_ctlcluster')) install('postgresql');
  const versions = readdirSync('/etc/postgresql');
  const version = versions.sort().at(-1);
  if (!version) throw new Error('PostgreSQL is installed but has no cluster under /etc/postgresql');
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], {
    stdio: 'inherit',
  });
}

function startRedis(): void {
  if (!has('redis-server')) install('redis');
  mkdirSync(join(dataDir, 'redis'), { recursive: true });
  // Append-only file on: jobs in BullMQ must survive a restart. noeviction: BullMQ's keys must never be evicted.
  execFileSync(
    'redis-server',
    [
      '--daemonize',
      'yes',
      '--bind',
      '127.0.0.1',
      '--port',
      String(ports.redis),
      '--dir',
      join(dataDir, 'redis'),
      '--appendonly',
      'yes',
      '--maxmemory-policy',
      'noeviction',
      '--logfile',
      join(dataDir, 'redis', 'redis.log'),
    ],
    { stdio: 'inherit' },
  );
}

function startNats(): void {
  if (!has('nats-server')) install('nats');
  const dir = join(dataDir, 'nats');
  mkdirSync(dir, { recursive: true });
  const config = join(dir, 'nats.conf');
  writeFileSync(config, `port: ${ports.nats}\nhost: 127.0.0.1\njetstream { store_dir: "${dir}" }\n`);
  const child = spawn('nats-server', ['-c', config, '-l', join(dir, 'nats.log')], {
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
}

const starters: Record<ServerName, () => void> = {
  postgresql: startPostgres,
  nats: startNats,
  redis: startRedis,
};

/** Makes sure PostgreSQL, NATS (JetStream) and Redis answer on their local ports. */
export async function ensureServers(log: (m: string) => void = console.log): Promise<void> {
  for (const name of Object.keys(ports) as ServerName[]) {
    if (await isListening(ports[name])) continue;
    log(`[loadline] ${name} is not running on 127.0.0.1:${ports[name]}: starting a local one`);
    starters[name]();
    await waitForPort(ports[name], name);
  }
  ensureDatabase();
}

export const databaseName = 'loadline';

/** Creates the `loadline` database once; every service keeps its own schema inside it. */
function ensureDatabase(): void {
  const psql = (sql: string) =>
    spawnSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'postgres', '-tAc', sql], {
      encoding: 'utf8',
    });
  let found = psql(`select 1 from pg_database where datname = '${databaseName}'`);
  if (
    found.status !== 0 &&
    /password authentication|no pg_hba.conf entry|authentication failed/i.test(found.stderr)
  ) {
    trustLocalConnections();
    found = psql(`select 1 from pg_database where datname = '${databaseName}'`);
  }
  if (found.status !== 0) throw new Error(`Cannot reach PostgreSQL as user postgres: ${found.stderr}`);
  if (found.stdout.trim() !== '1') {
    const made = psql(`create database ${databaseName}`);
    if (made.status !== 0 && !/already exists/.test(made.stderr)) throw new Error(made.stderr);
  }
}

const trustMarker = '# loadline (infra/dev): development trusts connections from this machine';

/**
 * A stock Debian PostgreSQL asks for a password over TCP. On a development machine where we are
 * root, let connections from this machine in (the servers listen on loopback only), as the
 * machines this project runs on are set up; otherwise say what to do.
 */
function trustLocalConnections(): void {
  const version = readdirSync('/etc/postgresql').sort().at(-1);
  const hba = version && join('/etc/postgresql', version, 'main', 'pg_hba.conf');
  if (!isRoot || !hba || !existsSync(hba)) {
    throw new Error(
      'PostgreSQL refuses user postgres on 127.0.0.1 without a password. Either set DATABASE_URL with a password, or add\n' +
        '  host all all 127.0.0.1/32 trust\nat the top of pg_hba.conf and reload PostgreSQL.',
    );
  }
  const current = readFileSync(hba, 'utf8');
  if (!current.includes(trustMarker)) {
    writeFileSync(
      hba,
      `${trustMarker}\nhost all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n${current}`,
    );
    console.log(`[loadline] ${hba}: trusting connections from this machine (development)`);
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'reload'], {
      stdio: 'inherit',
    });
  }
}

export const chromiumPath = '/usr/bin/chromium';

/** Debian's Chromium for the journeys through the composed shells. */
export function ensureChromium(): void {
  if (existsSync(chromiumPath)) return;
  if (!isRoot) {
    throw new Error(`Chromium is missing. Install it with:\n  sudo apt-get install -y chromium`);
  }
  console.log("[loadline] installing Debian's chromium for the browser journeys…");
  execFileSync('apt-get', ['update'], { stdio: 'ignore' });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

if (import.meta.main) {
  await ensureServers();
  console.log('[loadline] PostgreSQL, NATS and Redis are ready');
}
