// A NATS JetStream server of a fault test's own: its own port and store directory, so killing it
// never disturbs the machine's shared NATS (4222) that other sessions and `npm start` use.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { isListening, waitForPort } from '../dev/servers.ts';

export interface OwnNats {
  url: string;
  /** SIGKILL: no shutdown, no flush; what JetStream wrote stays in its files */
  kill(): Promise<void>;
  /** starts it again on the same port and store directory */
  start(): Promise<void>;
  /** stops it and removes its store */
  remove(): Promise<void>;
}

const natsServer = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

export async function startOwnNats(port: number, storeDir: string): Promise<OwnNats> {
  // Something already listening there would answer in our server's place, and be "killed" by no one.
  if (await isListening(port)) {
    throw new Error(
      `Port ${port} (the fault test's NATS) is already in use: stop what holds it, or move the test with CHAOS_PORT_OFFSET.`,
    );
  }
  mkdirSync(storeDir, { recursive: true });
  let child: ChildProcess | undefined;
  const start = async () => {
    // Debian's 2.9.10 does not know `sync_interval: always` (2.10 does); a killed process loses
    // nothing it wrote either way, only a machine crash would.
    child = spawn(natsServer, ['-js', '-sd', storeDir, '-a', '127.0.0.1', '-p', String(port)], {
      stdio: 'ignore',
    });
    await waitForPort(port, `the fault test's NATS`);
  };
  const kill = async () => {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGKILL');
    });
  };
  await start();
  return {
    url: `nats://127.0.0.1:${port}`,
    kill,
    start,
    async remove() {
      await kill();
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
}
