// The launcher reuses a running Dovecot only when it can serve: one started from a checkout since deleted
// (its configuration, sockets and mail gone) still listens but never greets, and every mail test then failed
// with "Failed to receive greeting" (stop 31). On ports of its own, never the shared 1143 and 2424.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { ImapFlow } from 'imapflow';
import { afterAll, describe, expect, it } from 'vitest';
import { type DovecotInstance, ensureDovecot, isListening, unusableDovecot } from '../servers.ts';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const dirs: string[] = [];
const instances: DovecotInstance[] = [];

async function instance(imapPort: number, lmtpPort: number): Promise<DovecotInstance> {
  const dir = await mkdtemp('/var/tmp/loadline-dovecot-reuse-');
  await chmod(dir, 0o755);
  dirs.push(dir);
  const made = {
    dir,
    instanceName: `loadline-reuse-${imapPort}`,
    imapPort,
    lmtpPort,
    mailboxes: [{ address: 'ops@reuse.test', password: `pw-${imapPort}` }],
  };
  instances.push(made);
  return made;
}

afterAll(async () => {
  const { execFileSync } = await import('node:child_process');
  for (const i of instances) {
    try {
      execFileSync('doveadm', ['-c', `${i.dir}/dovecot.conf`, 'stop'], { stdio: 'ignore' });
    } catch {
      // not running, or its configuration gone with the folder
    }
  }
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('ensureDovecot', () => {
  it('keeps a Dovecot whose configuration is there, and replaces one whose configuration is gone', async () => {
    const [imapPort, lmtpPort] = [await freePort(), await freePort()];
    const first = await instance(imapPort, lmtpPort);
    const logged: string[] = [];
    await ensureDovecot(first, (m) => logged.push(m));
    expect(await unusableDovecot(imapPort)).toBeUndefined();

    // Running and able to serve: kept, nothing started.
    logged.length = 0;
    await ensureDovecot(await instance(imapPort, lmtpPort), (m) => logged.push(m));
    expect(logged).toEqual([]);

    // Its checkout deleted under it: it still listens, but cannot serve.
    await rm(first.dir, { recursive: true, force: true });
    expect(await isListening(imapPort)).toBe(true);
    expect(await unusableDovecot(imapPort)).toBe(`its configuration ${first.dir}/dovecot.conf is gone`);

    const second = await instance(imapPort, lmtpPort);
    await ensureDovecot(second, (m) => logged.push(m));
    expect(logged[0]).toBe(
      `[loadline] the dovecot on 127.0.0.1:${imapPort} cannot serve (its configuration ${first.dir}/dovecot.conf is gone): stopping it`,
    );
    expect(await unusableDovecot(imapPort)).toBeUndefined();
    // The new one serves its own mailboxes.
    const client = new ImapFlow({
      host: '127.0.0.1',
      port: imapPort,
      secure: false,
      auth: { user: 'ops@reuse.test', pass: `pw-${imapPort}` },
      logger: false,
    });
    await client.connect();
    expect((await client.mailboxOpen('INBOX')).exists).toBe(0);
    await client.logout();
  });
});

describe('unusableDovecot, where the listener’s command line names no configuration', () => {
  const serve = (answer: string) =>
    new Promise<{ server: Server; port: number }>((resolve) => {
      const server = createServer((socket) => socket.end(answer));
      server.listen(0, '127.0.0.1', () =>
        resolve({ server, port: (server.address() as { port: number }).port }),
      );
    });

  it('takes a server that greets as IMAP does, and refuses one that does not', async () => {
    const imap = await serve('* OK [CAPABILITY IMAP4rev1] ready\r\n');
    const other = await serve('220 not an IMAP server\r\n');
    try {
      expect(await unusableDovecot(imap.port)).toBeUndefined();
      expect(await unusableDovecot(other.port)).toBe('it did not greet over IMAP in three tries of 5 s');
    } finally {
      imap.server.close();
      other.server.close();
    }
  });
});
