// Starts the whole system as local processes: the gateway and every service of tilt.yaml,
// on the real PostgreSQL, NATS and Redis. `npm start` uses it with the usual ports and the
// demo data; the browser journeys use it on other ports with their own schemas and
// namespace, so they never touch a developer's data.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { generateIdentityKeys, loadConfig } from '@loadline/platform';
import { buildServices } from './build-services.ts';
import { eventsSettled } from './events-settled.ts';
import { type FrontServer, startFrontServer } from './front-server.ts';
import { type Ingress, startIngress } from './ingress.ts';
import { keptKeys } from './kept-keys.ts';
import { type MailSink, startMailSink } from './mail-sink.ts';
import { compileCacheDir, readManifest, root } from './manifest.ts';
import { type OAuthServer, startOAuthServer } from './oauth-server.ts';
import {
  type ProviderMailServers,
  providerMailServersClient,
  startProviderMailServers,
} from './provider-mail-servers.ts';
import { dovecotDirNamed, ensureServers, localMailboxes, localMailServer } from './servers.ts';

/**
 * How every service process runs: from its compiled bundle (infra/dev/build-services.ts), with a young
 * generation of at most 4 MB per semi-space: under load a process stays well inside its memory targets
 * (shipments under 140 MB through the update benchmark; V8's default let it reach 235 MB) while
 * scavenging less often than at 1 MB (about 8% more status updates per second). The idle figure comes
 * from the one collection after start-up (decision 0007): 90–115 MB whatever this size.
 * (`--optimize-for-size` saves no more at idle and slows every request.) The Dockerfile uses the same flags.
 */
export const serviceNodeFlags = ['--max-semi-space-size=4'];

/**
 * The gateway's: the services' and an old generation allowed 64 MB before it is collected (decision 0109).
 * A proxy moves many bytes for few objects on its heap; seeing so little allocated, V8 set its old
 * generation's limit within a young generation's size of what was alive and began marking again as soon
 * as a collection ended: under a burst of check calls, 4–5 full collections a second and about 40 % of the
 * gateway's CPU. The Dockerfile's gateway stage uses the same flags.
 */
export const gatewayNodeFlags = [...serviceNodeFlags, '--initial-old-space-size=64'];

export interface SystemOptions {
  /** added to every port of tilt.yaml */
  portOffset?: number;
  /** appended to each service's schema name, e.g. `_e2e` */
  schemaSuffix?: string;
  eventNamespace?: string;
  queuePrefix?: string;
  seedDemoData?: boolean;
  log?: (line: string) => void;
  /** where each process's output goes; default: inherited */
  quiet?: boolean;
  /** only these services of tilt.yaml (and the gateway); default: every one */
  services?: readonly string[];
  /** set for every process, e.g. a fault test's own NATS_URL */
  env?: Record<string, string>;
  /**
   * processes per service (LOADLINE_REPLICAS, default 1): replica n (from 2) is named `<service>-<n>` and
   * listens 100 × (n − 1) above the service's port; the gateway takes them in turn
   */
  replicas?: number;
  /**
   * gateway processes (LOADLINE_GATEWAY_REPLICAS, default `replicas`): with more than one, the gateway's port
   * is a small ingress (infra/dev/ingress.ts) handing each connection to the next of them, and gateway n
   * listens 100 × n above it (`gateway` on 8180, `gateway-2` on 8280)
   */
  gatewayReplicas?: number;
  /**
   * the whole start within this many ms, else everything started is stopped and it throws: a test's hook
   * that gives up must not leave a system running on its ports for the next file (default: no limit)
   */
  startWithinMs?: number;
  /**
   * local stand-ins for Gmail's and Microsoft's mail servers (infra/dev/provider-mail-servers.ts): a private
   * Dovecot taking XOAUTH2 (IMAP 8047, its LMTP 8048) and an SMTP server taking it (8049, its page 8050), plus
   * the offset, holding the local OAuth server's account; GOOGLE_IMAP_SERVER… point at them. `npm start` only.
   */
  providerMailServers?: boolean;
  /**
   * the Dovecot the SMTP server delivers the demo staff's mail into: the shared one (localMailServer) unless a
   * test gives its own (infra/dev/servers.ts `startTestMailServer`)
   */
  mailServer?: { lmtpPort: number };
  /** the mail sink's SMTP port (default LOADLINE_SMTP_PORT, else 2525 plus the offset) */
  smtpPort?: number;
}

/** LOADLINE_REPLICAS: how many processes each service runs as (1 to 9). */
export function replicasSetting(raw: string | undefined, name = 'LOADLINE_REPLICAS'): number {
  if (raw === undefined || raw === '') return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 9) throw new Error(`${name} must be 1 to 9, got "${raw}"`);
  return n;
}

export interface RunningSystem {
  /** the public origin: the gateway, or the ingress in front of its replicas */
  url: string;
  /** each gateway process's own address (one: `url` itself) */
  gatewayUrls: string[];
  /** the processes by name: `shipments`, `shipments-2`, …, `gateway`, `gateway-2`, … */
  processes: Map<string, ChildProcess>;
  /** the local SMTP sink every email goes to (its page lists them) */
  mailSink: MailSink;
  /** the local OAuth 2 server Gmail, Microsoft and Front mailboxes sign in at (decision 0036) */
  oauthServer: OAuthServer;
  /** the local Front API server (FRONT_API_URL): Front mailboxes are read and sent through it */
  frontServer: FrontServer;
  /** with `providerMailServers`: the Gmail and Microsoft mailboxes' local IMAP and SMTP servers */
  providerMailServers?: ProviderMailServers;
  /** where the attachments service keeps its files */
  attachmentsDataDir: string;
  /** where the accounting sync writes its daily export files */
  accountingExportDir: string;
  /** a process's own address, by its name (`shipments-2`, `gateway-2`) */
  addressOf(name: string): string;
  /** starts a process again after it died (a fault test's kill) and waits until it is ready */
  relaunch(name: string): Promise<void>;
  stop(): Promise<void>;
}

/** where `npm start` and the tests keep the keys an install makes once */
const keysDir = join(root, '.data', 'keys');

function identityKeys(): { publicKey: string; privateKey: string } {
  return keptKeys(keysDir, 'identity.json', ['publicKey', 'privateKey'], generateIdentityKeys);
}

/**
 * The secrets a deployment keeps in its secret store, made once per install (never a default in the source,
 * issue 20): the drivers' link signing key, the mailbox sealing key, the test payment gateway's key.
 */
function localSecrets(): Record<string, string> {
  const names = ['DRIVER_LINK_SECRET', 'MAILBOX_SECRET_KEY', 'PAYMENT_TEST_GATEWAY_SECRET'];
  return keptKeys(keysDir, 'secrets.json', names, () =>
    Object.fromEntries(names.map((n) => [n, randomBytes(32).toString('base64')])),
  );
}

async function waitFor(url: string, timeoutMs: number, isDone: (r: Response) => Promise<boolean> | boolean) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (await isDone(response)) return;
      last = `${response.status} ${await response.text().catch(() => '')}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} was not ready within ${timeoutMs / 1000} s (last answer: ${last})`);
}

/** A port something else already listens on: another Loadline (npm start, a journey, a benchmark) left running. */
async function assertPortsFree(ports: { name: string; port: number }[]): Promise<void> {
  for (const { name, port } of ports) {
    const inUse = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'EADDRINUSE'));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
    });
    if (inUse) {
      throw new Error(
        `Port ${port} (${name}) is already in use: is another Loadline (npm start, a journey or a benchmark) still running? ` +
          'Stop it, or move this one with JOURNEY_PORT_OFFSET / BENCH_PORT_OFFSET / CHAOS_PORT_OFFSET' +
          (port >= 32768 && port <= 60999
            ? ` (${port} is in Linux's ephemeral range 32768–60999, where any outgoing connection may hold it: choose an offset below it).`
            : '.'),
      );
    }
  }
}

/**
 * How long a process may take to answer ready: `npm test` starts several whole systems beside its other files
 * on two cores, where a start that takes 15 s alone can take minutes (LOADLINE_READY_WITHIN_MS).
 */
const readyWithinMs = Number(process.env.LOADLINE_READY_WITHIN_MS ?? 180_000);

export async function startSystem(options: SystemOptions = {}): Promise<RunningSystem> {
  const log = options.log ?? console.log;
  const offset = options.portOffset ?? 0;
  const startDeadline = Date.now() + (options.startWithinMs ?? Number.POSITIVE_INFINITY);
  /** how long a process of this start may take to answer ready */
  const readyWithin = () => Math.min(readyWithinMs, startDeadline - Date.now());
  const replicas = options.replicas ?? replicasSetting(process.env.LOADLINE_REPLICAS);
  const gatewayReplicas =
    options.gatewayReplicas ??
    (process.env.LOADLINE_GATEWAY_REPLICAS
      ? replicasSetting(process.env.LOADLINE_GATEWAY_REPLICAS, 'LOADLINE_GATEWAY_REPLICAS')
      : replicas);
  /** replica n's port (n from 1) */
  const portOf = (port: number, n: number) => port + offset + 100 * (n - 1);
  const replicaNames = (name: string) =>
    Array.from({ length: replicas }, (_, i) => ({ name: i === 0 ? name : `${name}-${i + 1}`, n: i + 1 }));
  await ensureServers(log);
  // `npm test` builds the bundles once before its test files start systems side by side (the journeys, the
  // authorization matrix, the fault test): a rebuild, which cleans dist/ first, must not pull a bundle from
  // under a system another file is starting.
  if (process.env.LOADLINE_SERVICES_BUILT !== '1') await buildServices(() => undefined);
  const manifest = readManifest();
  // The mail sink's SMTP port sits far below the others (2525 against 80xx–81xx): LOADLINE_SMTP_PORT puts it
  // elsewhere, for a run whose offset must keep every port inside a range of its own.
  const smtpPort = options.smtpPort ?? Number(process.env.LOADLINE_SMTP_PORT ?? 2525 + offset);
  /** gateway n's name and port: the gateway's own port when it runs alone, else 100 × n above it */
  const gateways = Array.from({ length: gatewayReplicas }, (_, i) => ({
    name: i === 0 ? manifest.gateway.name : `${manifest.gateway.name}-${i + 1}`,
    port: manifest.gateway.port + offset + (gatewayReplicas > 1 ? 100 * (i + 1) : 0),
  }));
  // A system left running on these ports would answer in this one's place, silently.
  await assertPortsFree([
    { name: manifest.gateway.name, port: manifest.gateway.port + offset },
    ...(gatewayReplicas > 1 ? gateways : []),
    ...manifest.services.flatMap((s) =>
      replicaNames(s.name).map(({ name, n }) => ({ name, port: portOf(s.port, n) })),
    ),
    { name: 'mail sink SMTP', port: smtpPort },
    { name: 'mail sink page', port: 8025 + offset },
    { name: 'local OAuth server', port: 8045 + offset },
    { name: 'local Front API server', port: 8046 + offset },
    ...(options.providerMailServers
      ? [
          { name: 'Gmail/Microsoft IMAP (private Dovecot)', port: 8047 + offset },
          { name: 'Gmail/Microsoft LMTP (private Dovecot)', port: 8048 + offset },
          { name: 'Gmail/Microsoft SMTP', port: 8049 + offset },
          { name: 'Gmail/Microsoft SMTP page', port: 8050 + offset },
        ]
      : []),
  ]);
  const keys = identityKeys();
  const processes = new Map<string, ChildProcess>();
  // The local SMTP server (SMTP 2525, its page on 8025, plus the offset): emails are kept under .data, and
  // those for the demo staff's mailboxes are delivered into the local Dovecot too (decision 0070).
  const suffix = options.schemaSuffix ?? '';
  const mailSink = await startMailSink({
    dir: join(root, '.data', `mail${suffix}`),
    smtpPort,
    httpPort: 8025 + offset,
    localDelivery: {
      lmtpPort: options.mailServer?.lmtpPort ?? localMailServer.lmtpPort,
      mailboxes: localMailboxes,
    },
  });
  // The local OAuth 2 server (8045 plus the offset) stands in for Google, Microsoft and Front: a mailbox of
  // those types signs in there, as the account the popup names (decision 0036). Real providers' settings
  // in the environment take its place.
  const gatewayUrl = `http://127.0.0.1:${manifest.gateway.port + offset}`;
  const redirectUrl = `${gatewayUrl}/back-office/mailbox-sign-in`;
  const signInProviders = ['GOOGLE', 'MICROSOFT', 'FRONT'] as const;
  const oauthClients = signInProviders.map((p) => ({
    clientId: `loadline-${p.toLowerCase()}`,
    clientSecret: randomBytes(16).toString('base64url'),
    redirectUris: [redirectUrl],
  }));
  // Front's API (8046 plus the offset) checks tokens at the OAuth server with a client of its own.
  const frontApiClient = {
    clientId: 'local-front-api',
    clientSecret: randomBytes(16).toString('base64url'),
    redirectUris: [],
  };
  const oauthAccount = 'mailbox@oauth.localhost';
  // The Gmail and Microsoft stand-ins check tokens at the OAuth server with a client of their own.
  const mailServersClient = providerMailServersClient();
  const oauthServer = await startOAuthServer({
    clients: [...oauthClients, frontApiClient, ...(options.providerMailServers ? [mailServersClient] : [])],
    account: oauthAccount,
    port: 8045 + offset,
  });
  // The local Front API server: a Front mailbox signed in at the OAuth server is read and sent through it
  // (decision 0037, "Front"); its one inbox belongs to the account the sign-in page signs in by default.
  const frontServer = await startFrontServer({
    port: 8046 + offset,
    introspectionUrl: oauthServer.introspectionUrl,
    clientId: frontApiClient.clientId,
    clientSecret: frontApiClient.clientSecret,
  });
  frontServer.addInbox({
    name: 'Local Front inbox',
    address: oauthAccount,
    teammates: [oauthAccount],
  });
  // Gmail's and Microsoft's IMAP and SMTP servers for the account the sign-in page signs in (decision 0037).
  let providerMailServers: ProviderMailServers | undefined;
  if (options.providerMailServers) {
    try {
      providerMailServers = await startProviderMailServers({
        introspectionUrl: oauthServer.introspectionUrl,
        client: mailServersClient,
        accounts: [oauthAccount],
        dovecotDir: dovecotDirNamed(`dovecot-providers${suffix}`),
        mailDir: join(root, '.data', `mail${suffix}-providers`),
        ports: { imap: 8047 + offset, lmtp: 8048 + offset, smtp: 8049 + offset, page: 8050 + offset },
      });
    } catch (error) {
      await mailSink.close();
      await frontServer.close();
      await oauthServer.close();
      throw error;
    }
  }
  const oauthSettings: Record<string, string> = {
    MAILBOX_OAUTH_REDIRECT_URL: redirectUrl,
    FRONT_API_URL: frontServer.url,
    ...providerMailServers?.settings,
  };
  signInProviders.forEach((p, i) => {
    oauthSettings[`${p}_OAUTH_CLIENT_ID`] = oauthClients[i]!.clientId;
    oauthSettings[`${p}_OAUTH_CLIENT_SECRET`] = oauthClients[i]!.clientSecret;
    oauthSettings[`${p}_OAUTH_AUTHORIZE_URL`] = oauthServer.authorizeUrl;
    oauthSettings[`${p}_OAUTH_TOKEN_URL`] = oauthServer.tokenUrl;
    oauthSettings[`${p}_OAUTH_REVOKE_URL`] = oauthServer.revokeUrl;
  });
  const attachmentsDataDir = join(root, '.data', `attachments${suffix}`);
  const accountingExportDir = join(root, '.data', `accounting-exports${suffix}`);
  const common: Record<string, string> = {
    ...localSecrets(),
    ...oauthSettings,
    NODE_COMPILE_CACHE: compileCacheDir,
    ...(process.env as Record<string, string>),
    IDENTITY_PUBLIC_KEY: keys.publicKey,
    SEED_DEMO_DATA: String(options.seedDemoData ?? true),
    EVENT_NAMESPACE: options.eventNamespace ?? process.env.EVENT_NAMESPACE ?? '',
    QUEUE_PREFIX: options.queuePrefix ?? process.env.QUEUE_PREFIX ?? 'bull',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // Fewer glibc malloc arenas: native work on libuv threads (Argon2) otherwise leaves
    // several arenas' worth of resident memory behind.
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    SMTP_URL: `smtp://127.0.0.1:${mailSink.smtpPort}`,
    ATTACHMENTS_DATA_DIR: attachmentsDataDir,
    // the accounting sync's daily export files, per system like the attachments
    ACCOUNTING_EXPORT_DIR: accountingExportDir,
    ...options.env,
  };
  const services = manifest.services.filter((s) => options.services?.includes(s.name) ?? true);
  for (const service of [...manifest.services, manifest.gateway]) {
    const upper = service.name.toUpperCase();
    common[`${upper}_PORT`] = String(service.port + offset);
    // The gateway's URL is the public origin (the ingress when there are several).
    const count = service === manifest.gateway ? 1 : replicas;
    common[`${upper}_URL`] = Array.from(
      { length: count },
      (_, i) => `http://127.0.0.1:${portOf(service.port, i + 1)}`,
    ).join(',');
    common[`${upper}_DB_SCHEMA`] = `${service.name}${options.schemaSuffix ?? ''}`;
  }
  const launched = new Map<string, { path: string; extra: Record<string, string> }>();
  const launch = (name: string, path: string, extra: Record<string, string> = {}) => {
    launched.set(name, { path, extra });
    const flags = path === manifest.gateway.path ? gatewayNodeFlags : serviceNodeFlags;
    const child = spawn(process.execPath, [...flags, join(root, path, 'dist/server.mjs')], {
      cwd: join(root, path),
      env: { ...common, ...extra },
      stdio: options.quiet ? ['ignore', 'ignore', 'pipe'] : 'inherit',
    });
    if (options.quiet) child.stderr?.on('data', (d) => process.stderr.write(`[${name}] ${d}`));
    child.on('exit', (code, signal) => {
      if (!stopping && code !== 0) log(`[loadline] ${name} exited (${signal ?? code})`);
    });
    processes.set(name, child);
  };
  /** a service process's port, by its name (`shipments`, `shipments-2`) */
  const replicaPort = (name: string) => {
    const [, base, n] = /^(.*?)(?:-(\d))?$/.exec(name)!;
    return portOf(manifest.services.find((s) => s.name === base)!.port, Number(n ?? 1));
  };
  // With only some services started, the gateway is ready when it is (`self`): the others are absent.
  const gatewayPort = (name: string) => gateways.find((g) => g.name === name)?.port;
  const readyUrl = (name: string) =>
    gatewayPort(name) !== undefined
      ? `http://127.0.0.1:${gatewayPort(name)}/readyz${options.services ? '?self=true' : ''}`
      : `http://127.0.0.1:${replicaPort(name)}/readyz`;
  const relaunch = async (name: string) => {
    const old = processes.get(name);
    const how = launched.get(name);
    if (!how || (old && old.exitCode === null && old.signalCode === null)) {
      throw new Error(`${name} is not a stopped process of this system`);
    }
    launch(name, how.path, how.extra);
    await waitFor(readyUrl(name), readyWithinMs, (r) => r.ok);
  };
  let stopping = false;
  let ingress: Ingress | undefined;
  const stop = async () => {
    stopping = true;
    await ingress?.close();
    await Promise.all(
      [...processes.values()].map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 8000).unref();
          }),
      ),
    );
    await mailSink.close();
    await providerMailServers?.stop();
    await frontServer.close();
    await oauthServer.close();
  };
  try {
    for (const service of services) launch(service.name, service.path);
    for (const service of services) await waitFor(readyUrl(service.name), readyWithin(), (r) => r.ok);
    // The other replicas once the first has migrated and seeded: they find the schema made, seed nothing.
    const more = services.flatMap((s) =>
      replicaNames(s.name)
        .filter(({ n }) => n > 1)
        .map((r) => ({ ...r, s })),
    );
    for (const { name, n, s } of more)
      launch(name, s.path, {
        [`${s.name.toUpperCase()}_PORT`]: String(portOf(s.port, n)),
        SEED_DEMO_DATA: 'false',
      });
    for (const { name } of more) await waitFor(readyUrl(name), readyWithin(), (r) => r.ok);
    // The gateways at once (their migrations take a lock, one runs them): the first seeds, the others not.
    for (const [i, g] of gateways.entries())
      launch(g.name, manifest.gateway.path, {
        IDENTITY_PRIVATE_KEY: keys.privateKey,
        [`${manifest.gateway.name.toUpperCase()}_PORT`]: String(g.port),
        ...(i > 0 ? { SEED_DEMO_DATA: 'false' } : {}),
      });
    for (const g of gateways) await waitFor(readyUrl(g.name), readyWithin(), (r) => r.ok);
    if (gatewayReplicas > 1)
      ingress = await startIngress({
        port: manifest.gateway.port + offset,
        backends: gateways.map((g) => g.port),
      });
    const url = gatewayUrl;
    if (options.seedDemoData ?? true) {
      // The gateway learns the demo users from the directory's events: wait until one can sign in.
      const deadline = Date.now() + 30_000;
      for (;;) {
        const answer = await fetch(`${url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'ops@demo.test', password: 'demo' }),
        });
        if (answer.ok) break;
        if (Date.now() > deadline) throw new Error(`demo sign-in did not work within 30 s: ${answer.status}`);
        await new Promise((r) => setTimeout(r, 250));
      }
      // Every service's copy of the demo data made before anyone opens a page.
      const config = loadConfig('shipments', 0, common);
      const settle = await eventsSettled(
        {
          databaseUrl: config.databaseUrl,
          natsUrl: config.natsUrl,
          schemas: [...manifest.services, manifest.gateway].map((s) => `${s.name}${suffix}`),
          eventNamespace: common.EVENT_NAMESPACE ?? '',
        },
        60_000,
      );
      if (!settle.settled)
        console.warn(
          `[loadline] the demo data's events were still waiting after 60 s: ${JSON.stringify(settle.waiting)}`,
        );
    }
    return {
      url,
      gatewayUrls: gateways.map((g) => `http://127.0.0.1:${g.port}`),
      addressOf: (name) => `http://127.0.0.1:${gatewayPort(name) ?? replicaPort(name)}`,
      processes,
      mailSink,
      oauthServer,
      frontServer,
      providerMailServers,
      attachmentsDataDir,
      accountingExportDir,
      relaunch,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
