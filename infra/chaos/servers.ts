// A fault test's own PostgreSQL and Redis, beside its own NATS (nats.ts): each on its own port and data
// directory under the system's temporary directory, so restarting or killing them never disturbs the
// machine's shared servers (5432, 6379, 4222) that other sessions and `npm start` use.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isListening, waitForPort } from '../dev/servers.ts';

export interface OwnServer {
  url: string;
  /** stops it as a crash would (PostgreSQL: immediate shutdown, no checkpoint; Redis: SIGKILL) */
  kill(): Promise<void>;
  /** starts it again on the same port and data */
  start(): Promise<void>;
  /** stops it and removes its data */
  remove(): Promise<void>;
}

const pgBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const isRoot = process.getuid?.() === 0;
/** PostgreSQL refuses to run as root: as root, its files and processes belong to the `postgres` user. */
const asPostgres = (cmd: string, args: string[]): [string, string[]] =>
  isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];

async function assertFree(port: number, what: string): Promise<void> {
  if (await isListening(port))
    throw new Error(`Port ${port} (${what}) is already in use: stop what holds it, or choose another port.`);
}

const exited = (child: ChildProcess | undefined) =>
  !child || child.exitCode !== null || child.signalCode !== null;

/** PostgreSQL in a fresh cluster (trust, loopback and its own socket directory) with a `loadline` database. */
export async function startOwnPostgres(port: number): Promise<OwnServer> {
  await assertFree(port, "the fault test's PostgreSQL");
  const dir = mkdtempSync(join(tmpdir(), 'loadline-chaos-pg-'));
  if (isRoot) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, id('-u'), id('-g'));
  }
  const data = join(dir, 'data');
  const [initCmd, initArgs] = asPostgres(join(pgBin, 'initdb'), [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
  ]);
  execFileSync(initCmd, initArgs, { stdio: 'ignore' });
  let child: ChildProcess | undefined;
  const start = async () => {
    const [cmd, args] = asPostgres(join(pgBin, 'postgres'), [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=400',
      // a crash of the server process loses nothing the OS has; only a machine crash would
      '-c',
      'fsync=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'shared_buffers=64MB',
    ]);
    child = spawn(cmd, args, { stdio: 'ignore' });
    await waitForPort(port, "the fault test's PostgreSQL", 60_000);
    // accepting connections (not just listening: recovery after a crash comes first)
    for (let i = 0; ; i++) {
      try {
        execFileSync(join(pgBin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
        break;
      } catch (error) {
        if (i > 300) throw error;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  };
  const kill = async () => {
    if (exited(child)) return;
    const c = child!;
    const gone = new Promise((r) => c.once('exit', r));
    const [cmd, args] = asPostgres(join(pgBin, 'pg_ctl'), ['stop', '-D', data, '-m', 'immediate', '-w']);
    execFileSync(cmd, args, { stdio: 'ignore' });
    await gone;
  };
  await start();
  execFileSync(join(pgBin, 'createdb'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    'postgres',
    'loadline',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/loadline`,
    kill,
    start,
    async remove() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Redis as deployments run it for BullMQ: append-only file on (jobs survive a restart), noeviction. A kill
 * is SIGKILL: what Redis wrote to its file is kept by the OS.
 */
export async function startOwnRedis(port: number): Promise<OwnServer> {
  await assertFree(port, "the fault test's Redis");
  const dir = mkdtempSync(join(tmpdir(), 'loadline-chaos-redis-'));
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        'yes',
        '--maxmemory-policy',
        'noeviction',
        '--daemonize',
        'no',
      ],
      { stdio: 'ignore' },
    );
    await waitForPort(port, "the fault test's Redis");
  };
  const kill = async () => {
    if (exited(child)) return;
    const c = child!;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGKILL');
    });
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    kill,
    start,
    async remove() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
