// The real servers every service needs: PostgreSQL, NATS with JetStream and Redis, and the local mail
// server (Dovecot: IMAP and LMTP) that holds the demo staff's mailboxes (decision 0070).
// Uses the ones already listening on their usual local ports; otherwise starts local
// ones (installing Debian's packages when we are root), keeping their data under .data/.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { demoMailboxPassword, demoUsers } from '@loadline/contracts/demo';

const root = new URL('../..', import.meta.url).pathname;
const dataDir = join(root, '.data');

export type ServerName = 'postgresql' | 'nats' | 'redis' | 'dovecot';

/**
 * The local mail server: Dovecot serving IMAP (the demo mailboxes) and LMTP (how the launcher's SMTP
 * server, infra/dev/mail-sink.ts, delivers mail for them), both on loopback only. Shared by every system
 * on this machine, like PostgreSQL: its ports take no offset.
 */
export const localMailServer = { host: '127.0.0.1', imapPort: 1143, lmtpPort: 2424 } as const;

/** The demo mailboxes: one per demo staff user, its address the user's email (decision 0070). */
export const localMailboxes: readonly { address: string; password: string }[] = demoUsers
  .filter((u) => u.kind === 'staff')
  .map((u) => ({ address: u.email, password: demoMailboxPassword }));

const ports: Record<ServerName, number> = {
  postgresql: 5432,
  nats: 4222,
  redis: 6379,
  dovecot: localMailServer.imapPort,
};
const debianPackage: Record<ServerName, string> = {
  postgresql: 'postgresql',
  nats: 'nats-server',
  redis: 'redis-server',
  dovecot: 'dovecot-imapd dovecot-lmtpd',
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
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...pkg.split(' ')], {
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

/** A user id Dovecot accepts for mail (never 0): as root the system's `mail` user, else whoever we are. */
function mailOwner(): { uid: number; gid: number; loginUser: string; internalUser: string } {
  if (isRoot) {
    const uidOf = (name: string) => Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
    const gidOf = (name: string) => Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
    return { uid: uidOf('mail'), gid: gidOf('mail'), loginUser: 'dovenull', internalUser: 'dovecot' };
  }
  const me = userInfo();
  return { uid: me.uid, gid: me.gid, loginUser: me.username, internalUser: me.username };
}

/** Whether every folder on the way to `path` can be passed through by any user (o+x). */
function openToAll(path: string): boolean {
  for (let p = path; p !== '/' && p.length > 1; p = join(p, '..')) {
    if (existsSync(p) && (statSync(p).mode & 0o001) === 0) return false;
  }
  return true;
}

/**
 * Where Dovecot keeps its configuration and mail: .data/dovecot, unless (as root) the way to it is closed to
 * Dovecot's mail user (a checkout under /root, say); then /var/tmp/loadline-dovecot.
 */
function dovecotDir(): string {
  return dovecotDirNamed('dovecot');
}

/** A Dovecot instance's folder by name: .data/<name>, or /var/tmp/loadline-<name> where .data is closed to it. */
export function dovecotDirNamed(name: string): string {
  return !isRoot || openToAll(dataDir) ? join(dataDir, name) : `/var/tmp/loadline-${name}`;
}

/** Where and for whom a Dovecot instance runs (the shared one, or a benchmark's private one). */
export interface DovecotInstance {
  /** its configuration, state and mail; open to Dovecot's mail user all the way */
  dir: string;
  /** tells this instance's processes apart from another's */
  instanceName: string;
  imapPort: number;
  lmtpPort: number;
  mailboxes: readonly { address: string; password: string }[];
  /**
   * Also take SASL XOAUTH2 (decision 0037): an `oauth2` passdb checks each bearer token at this RFC 7662
   * introspection endpoint (infra/dev/oauth-server.ts; a registered client's credentials in the URL), as
   * Gmail's and Outlook's IMAP servers check theirs. The token must be active and its `email` the user's.
   */
  oauth2?: { introspectionUrl: string };
}

/**
 * Dovecot with its own configuration under .data/dovecot (never the system's /etc/dovecot): IMAP on
 * 127.0.0.1:1143 with plain-text login (loopback only), LMTP on 127.0.0.1:2424, one Maildir per demo
 * staff mailbox with Archive, Sent and Trash, the passwords in a passwd-file written from the demo data.
 * Another instance (a benchmark's, with mailboxes of its own) is made the same way; its configuration file.
 */
function startDovecot(
  instance: DovecotInstance = {
    dir: dovecotDir(),
    instanceName: 'loadline',
    imapPort: localMailServer.imapPort,
    lmtpPort: localMailServer.lmtpPort,
    mailboxes: localMailboxes,
  },
): string {
  if (!has('dovecot') || !existsSync('/usr/lib/dovecot/lmtp')) install('dovecot');
  const owner = mailOwner();
  const { dir } = instance;
  const mail = join(dir, 'mail');
  for (const sub of ['run', 'state', 'mail']) mkdirSync(join(dir, sub), { recursive: true });
  if (isRoot) chownSync(mail, owner.uid, owner.gid);
  const users = instance.mailboxes
    .map(({ address, password }) => {
      const [local, domain] = address.split('@');
      return `${address}:{PLAIN}${password}:${owner.uid}:${owner.gid}::${join(mail, domain!, local!)}::`;
    })
    .join('\n');
  writeFileSync(join(dir, 'users'), `${users}\n`, { mode: 0o640 });
  if (isRoot)
    chownSync(
      join(dir, 'users'),
      0,
      Number(execFileSync('id', ['-g', 'dovecot'], { encoding: 'utf8' }).trim()),
    );
  // Without root, Dovecot cannot chroot its login and anvil processes (its "rootless" setup).
  const rootless = !isRoot;
  const oauth2 = instance.oauth2;
  if (oauth2) {
    writeFileSync(
      join(dir, 'dovecot-oauth2.conf.ext'),
      `introspection_mode = post
introspection_url = ${oauth2.introspectionUrl}
force_introspection = yes
username_attribute = email
active_attribute = active
active_value = true
`,
      { mode: 0o640 },
    );
    if (isRoot)
      chownSync(
        join(dir, 'dovecot-oauth2.conf.ext'),
        0,
        Number(execFileSync('id', ['-g', 'dovecot'], { encoding: 'utf8' }).trim()),
      );
  }
  const oauth2Passdb = oauth2
    ? `passdb {
  driver = oauth2
  mechanisms = xoauth2
  args = ${join(dir, 'dovecot-oauth2.conf.ext')}
}
`
    : '';
  const config = join(dir, 'dovecot.conf');
  writeFileSync(
    config,
    `# Written by infra/dev/servers.ts: Loadline's local mail server for development and tests (decision 0070).
instance_name = ${instance.instanceName}
base_dir = ${join(dir, 'run')}
state_dir = ${join(dir, 'state')}
log_path = ${join(dir, 'dovecot.log')}
listen = ${localMailServer.host}
protocols = imap lmtp
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login${oauth2 ? ' xoauth2' : ''}
first_valid_uid = ${owner.uid}
last_valid_uid = ${owner.uid}
default_login_user = ${owner.loginUser}
default_internal_user = ${owner.internalUser}
mail_location = maildir:~/Maildir
passdb {
  driver = passwd-file${oauth2 ? '\n  mechanisms = plain login' : ''}
  args = scheme=PLAIN username_format=%u ${join(dir, 'users')}
}
${oauth2Passdb}userdb {
  driver = passwd-file
  args = username_format=%u ${join(dir, 'users')}
}
service imap-login {${rootless ? '\n  chroot =' : ''}
  inet_listener imap {
    address = ${localMailServer.host}
    port = ${instance.imapPort}
  }
  inet_listener imaps {
    port = 0
  }
}
${rootless ? 'service anvil {\n  chroot =\n}\n' : ''}service lmtp {
  inet_listener lmtp {
    address = ${localMailServer.host}
    port = ${instance.lmtpPort}
  }
}
protocol lmtp {
  postmaster_address = postmaster@demo.test
}
namespace inbox {
  inbox = yes
  mailbox Archive {
    special_use = \\Archive
    auto = subscribe
  }
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
  mailbox Trash {
    special_use = \\Trash
    auto = subscribe
  }
}
`,
  );
  // Dovecot forks into the background itself.
  // Its output goes to log_path; inheriting our stdout would keep a caller's pipe open for as long as it runs.
  execFileSync('dovecot', ['-c', config], { stdio: 'ignore' });
  return config;
}

/**
 * A private Dovecot (a benchmark's: its own mailboxes, ports and folder, so that 10,000 messages neither
 * land in nor compete with the shared demo mailboxes), started like the shared one and stopped by `stop`.
 */
export async function startPrivateMailServer(
  instance: DovecotInstance,
): Promise<{ stop: () => Promise<void> }> {
  for (const port of [instance.imapPort, instance.lmtpPort]) {
    if (await isListening(port)) throw new Error(`Port ${port} is in use: choose another offset`);
  }
  const config = startDovecot(instance);
  await waitForPort(instance.imapPort, `${instance.instanceName} (IMAP)`);
  await waitForPort(instance.lmtpPort, `${instance.instanceName} (LMTP)`);
  return {
    async stop() {
      // This instance's own master only (its configuration names its base_dir), never the shared one.
      execFileSync('doveadm', ['-c', config, 'stop'], { stdio: 'ignore' });
      const deadline = Date.now() + 10_000;
      while ((await isListening(instance.imapPort)) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

/** The slot of this Vitest worker, 0 to 3 (VITEST_POOL_ID from 1): files running at once never share one. */
export function testWorkerSlot(): number {
  return (Number(process.env.VITEST_POOL_ID ?? 1) - 1) % 4;
}

/**
 * The mail server of one test file that reads, archives or delivers the demo staff's mail (decision 0112):
 * IMAP on TEST_MAIL_PORT (11700) plus 10 per worker slot, LMTP on the next port. Known when the file loads.
 */
export function testMailServerPorts(): { host: '127.0.0.1'; imapPort: number; lmtpPort: number } {
  const imapPort = Number(process.env.TEST_MAIL_PORT || 11_700) + 10 * testWorkerSlot();
  return { host: '127.0.0.1', imapPort, lmtpPort: imapPort + 1 };
}

/**
 * A private Dovecot holding the demo mailboxes (as the shared one does) on this file's ports, in a new
 * folder, so that files reading and archiving that mail run beside each other and beside the systems that
 * deliver into the shared one. One left on these ports by a run that was killed is stopped first. `stop` stops
 * it and removes its mail.
 */
export async function startTestMailServer(
  ports = testMailServerPorts(),
): Promise<{ stop: () => Promise<void> }> {
  for (const port of [ports.imapPort, ports.lmtpPort]) {
    if (!(await isListening(port))) continue;
    const dovecots = listenerPids(port).filter((pid) => readCmdline(pid).some((a) => a.endsWith('dovecot')));
    if (dovecots.length === 0)
      throw new Error(`Port ${port} is in use: set TEST_MAIL_PORT to move the test mail servers`);
    await stopListeners(port);
  }
  const dir = mkdtempSync('/var/tmp/loadline-test-mail-');
  // Dovecot's mail user walks into it
  chmodSync(dir, 0o755);
  const server = await startPrivateMailServer({
    dir,
    instanceName: `loadline-test-mail-${ports.imapPort}`,
    imapPort: ports.imapPort,
    lmtpPort: ports.lmtpPort,
    mailboxes: localMailboxes,
  });
  return {
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const starters: Record<Exclude<ServerName, 'dovecot'>, () => void> = {
  postgresql: startPostgres,
  nats: startNats,
  redis: startRedis,
};

async function ensure(name: ServerName, log: (m: string) => void): Promise<void> {
  if (name === 'dovecot') return ensureDovecot(undefined, log);
  if (await isListening(ports[name])) return;
  log(`[loadline] ${name} is not running on 127.0.0.1:${ports[name]}: starting a local one`);
  starters[name]();
  await waitForPort(ports[name], name);
}

/**
 * A Dovecot on the instance's ports that can serve it: the one running there when it can (another checkout's
 * is as good: the same demo mailboxes), else a new one of this checkout's, after stopping one that cannot.
 */
export async function ensureDovecot(
  instance: DovecotInstance | undefined,
  log: (m: string) => void,
): Promise<void> {
  const imapPort = instance?.imapPort ?? localMailServer.imapPort;
  const lmtpPort = instance?.lmtpPort ?? localMailServer.lmtpPort;
  if (await isListening(imapPort)) {
    const why = await unusableDovecot(imapPort);
    if (!why) return waitForPort(lmtpPort, 'dovecot (LMTP)');
    log(`[loadline] the dovecot on 127.0.0.1:${imapPort} cannot serve (${why}): stopping it`);
    await stopListeners(imapPort);
  }
  log(`[loadline] dovecot is not running on 127.0.0.1:${imapPort}: starting a local one`);
  startDovecot(instance);
  await waitForPort(imapPort, 'dovecot (IMAP)');
  await waitForPort(lmtpPort, 'dovecot (LMTP)');
}

/**
 * Why the Dovecot listening on `imapPort` cannot serve, or undefined when it can. A Dovecot started from a
 * checkout since deleted still listens, but its configuration, sockets and mail are gone: every client fails
 * with "Failed to receive greeting". Where its command line can be read (as root), the configuration it names
 * must exist; where it cannot, the server must greet over IMAP, given three tries of 5 s: a busy machine may be
 * slow to greet, and a working Dovecot that other tests use is never stopped for that.
 */
export async function unusableDovecot(imapPort: number): Promise<string | undefined> {
  const commandLines = listenerPids(imapPort)
    .map(readCmdline)
    .filter((args) => args.includes('-c'));
  if (commandLines.length > 0) {
    const gone = commandLines.map((args) => args[args.indexOf('-c') + 1] ?? '').find((c) => !existsSync(c));
    return gone === undefined ? undefined : `its configuration ${gone} is gone`;
  }
  for (let attempt = 0; attempt < 3; attempt++) if (await imapGreeting(imapPort)) return undefined;
  return 'it did not greet over IMAP in three tries of 5 s';
}

/** The processes listening on a local TCP port (those `ss` may show us: all of them as root). */
function listenerPids(port: number): number[] {
  const out = spawnSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' }).stdout ?? '';
  return [...new Set([...out.matchAll(/pid=(\d+)/g)].map((m) => Number(m[1])))];
}

function readCmdline(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return [];
  }
}

/** True when the server on `port` says "* OK" first, as an IMAP server greets. */
function imapGreeting(port: number, timeoutMs = 5_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const done = (greeted: boolean) => {
      socket.destroy();
      resolve(greeted);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('data', (chunk) => done(chunk.toString('latin1').startsWith('* OK')));
    socket.once('error', () => done(false));
    socket.once('close', () => done(false));
  });
}

/** Stops what listens on `port` (SIGTERM, then SIGKILL after 10 s) and waits until nothing does. */
async function stopListeners(port: number): Promise<void> {
  const pids = listenerPids(port);
  const signal = (sig: NodeJS.Signals) => {
    for (const pid of pids) {
      try {
        process.kill(pid, sig);
      } catch {
        // gone already
      }
    }
  };
  signal('SIGTERM');
  const deadline = Date.now() + 10_000;
  while (await isListening(port)) {
    if (Date.now() > deadline) signal('SIGKILL');
    if (Date.now() > deadline + 5_000) throw new Error(`Could not stop what listens on 127.0.0.1:${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Makes sure PostgreSQL, NATS (JetStream), Redis and the local mail server answer on their local ports. */
export async function ensureServers(
  log: (m: string) => void = console.log,
  options: { databaseMade?: boolean } = {},
): Promise<void> {
  for (const name of Object.keys(ports) as ServerName[]) await ensure(name, log);
  // a PostgreSQL container is started with its `loadline` database (infra/dev/containers.ts)
  if (!options.databaseMade) ensureDatabase();
}

/** Only the local mail server (Dovecot's IMAP and LMTP): for tests that read mail back over IMAP. */
export async function ensureMailServer(log: (m: string) => void = console.log): Promise<void> {
  await ensureDovecot(undefined, log);
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

/** How the journeys and the screen benchmark start it: headless, quiet (no updates, sync or QUIC probes). */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

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
  console.log('[loadline] PostgreSQL, NATS, Redis and the local mail server are ready');
}
