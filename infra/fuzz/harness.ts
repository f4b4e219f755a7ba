// The bad-input fuzz's system and checks: the whole system started as the journeys start it (own schemas,
// stream namespace, queue prefix and ports; removed afterwards), the demo callers signed in through the
// gateway, each answer checked against what issue 14 asks of bad input, and the stored data read before
// and after to prove a refused request changed nothing.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import pg from 'pg';
import { readManifest } from '../dev/manifest.ts';
import { type RunningSystem, replicasSetting, startSystem } from '../dev/system.ts';
import type { FuzzRequest } from './cases.ts';

/**
 * Ports +7000 by default (FUZZ_PORT_OFFSET): clear of the journeys' +10000, the fault tests' +3000/+5000 and
 * the benchmarks' +20000, and below Linux's ephemeral range 32768–60999.
 */
export const fuzzPortOffset = Number(process.env.FUZZ_PORT_OFFSET ?? 7_000);
/** An answer slower than this is a hang. */
export const answerTimeoutMs = 5_000;
/** The longest message an error may carry (decision 0011). */
export const maxMessageLength = 500;

/**
 * Processes per service and of the gateway (FUZZ_REPLICAS, 1 to 9, default 2): every request answered by one
 * of two replicas, the gateways behind the local ingress (issue 20; decision 0047).
 */
export const fuzzReplicas = () => replicasSetting(process.env.FUZZ_REPLICAS ?? '2', 'FUZZ_REPLICAS');

const databaseUrl = () => process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/loadline';

export interface FuzzSystem {
  system: RunningSystem;
  /** each service's schema (and the gateway's) */
  schemas: string[];
  stop(): Promise<void>;
}

export async function startFuzzSystem(): Promise<FuzzSystem> {
  const id = randomBytes(3).toString('hex');
  const schemaSuffix = `_fuzz_${id}`;
  const namespace = `fuzz_${id}`;
  const system = await startSystem({
    portOffset: fuzzPortOffset,
    schemaSuffix,
    eventNamespace: namespace,
    queuePrefix: namespace,
    seedDemoData: true,
    replicas: fuzzReplicas(),
    // within the test's 300 s hook, so a start that gives up leaves nothing running
    startWithinMs: 280_000,
    quiet: true,
    log: () => undefined,
  });
  const manifest = readManifest();
  const schemas = [...manifest.services, manifest.gateway].map((s) => `${s.name}${schemaSuffix}`);
  return {
    system,
    schemas,
    async stop() {
      await system.stop();
      const client = new pg.Client({ connectionString: databaseUrl() });
      await client.connect();
      for (const schema of schemas) await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
      rmSync(system.attachmentsDataDir, { recursive: true, force: true });
      rmSync(system.mailSink.dir, { recursive: true, force: true });
      rmSync(system.accountingExportDir, { recursive: true, force: true });
      const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
      const jsm = await jetstreamManager(nc);
      await jsm.streams.delete(`${namespace.toUpperCase()}_TMS`).catch(() => undefined);
      await nc.close();
      const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
      const keys = await redis.keys(`${namespace}:*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    },
  };
}

/** Signs a demo user in through the gateway; the session cookie to send. */
export async function signIn(url: string, email: string): Promise<string> {
  const answer = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo' }),
  });
  if (!answer.ok) throw new Error(`${email} could not sign in: ${answer.status} ${await answer.text()}`);
  const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('loadline_session='));
  if (!cookie) throw new Error(`${email} signed in without a session cookie`);
  return cookie.split(';')[0]!;
}

export interface Answer {
  status: number;
  text: string;
  ms: number;
  /** no answer: the connection failed or the answer took longer than answerTimeoutMs */
  failure?: string;
}

export async function send(url: string, request: FuzzRequest, cookie: string | undefined): Promise<Answer> {
  const started = performance.now();
  try {
    const answer = await fetch(`${url}${request.url}`, {
      method: request.method,
      headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(answerTimeoutMs),
    });
    const text = await answer.text();
    return { status: answer.status, text, ms: performance.now() - started };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = cause ? ` (${cause.code ?? ''} ${cause.message ?? ''})` : '';
    return { status: 0, text: '', ms: performance.now() - started, failure: `${String(error)}${why}` };
  }
}

export interface Expectation {
  /** the operation answers 401 to a well-meaning anonymous call: it checks who is calling first */
  guarded: boolean;
  anonymous: boolean;
}

/** What is wrong with an answer to a request (issue 14); empty when nothing is. */
export function problemsOf(request: FuzzRequest, answer: Answer, expected: Expectation): string[] {
  if (answer.failure) return [`no answer within ${answerTimeoutMs / 1000} s (${answer.failure})`];
  const problems: string[] = [];
  const { status } = answer;
  if (status >= 500) problems.push(`answered ${status}`);
  if (request.kind !== 'valid' && (status < 400 || status > 499))
    problems.push(`answered ${status} to bad input (a 4xx was due)`);
  if (status >= 400 && status <= 499) {
    let body: Record<string, unknown> | undefined;
    try {
      body = JSON.parse(answer.text) as Record<string, unknown>;
    } catch {
      problems.push('a 4xx whose body is not JSON');
    }
    if (body) {
      const extra = Object.keys(body).filter(
        (k) => !['statusCode', 'error', 'message', 'errors', 'requestId'].includes(k),
      );
      if (extra.length > 0)
        problems.push(`a 4xx with fields outside the one error shape: ${extra.join(', ')}`);
      if (body.statusCode !== status) problems.push(`statusCode ${String(body.statusCode)} in a ${status}`);
      if (typeof body.error !== 'string') problems.push('a 4xx without its error text');
      if (typeof body.requestId !== 'string') problems.push('a 4xx without its requestId');
      if (typeof body.message !== 'string') problems.push('a 4xx without a message');
      else if (body.message.length > maxMessageLength)
        problems.push(`a message of ${body.message.length} characters (at most ${maxMessageLength})`);
      const errors = body.errors as Record<string, unknown> | undefined;
      if (
        errors !== undefined &&
        (typeof errors !== 'object' ||
          errors === null ||
          !Object.values(errors).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string')))
      )
        problems.push('errors is not a map of field to messages');
      if (status === 400 && request.field !== undefined && request.kind !== 'valid') {
        const named =
          String(body.message).includes(request.field) ||
          Object.keys(errors ?? {}).some((k) => k.startsWith('model.') && k.includes(request.field!));
        if (!named) problems.push(`a 400 that does not name ${request.field}`);
      }
    }
  }
  // Who is calling before what is sent: a readable request to a guarded route answers 401 anonymously.
  if (
    expected.anonymous &&
    expected.guarded &&
    request.kind !== 'valid' &&
    !request.unreadable &&
    status !== 401
  )
    problems.push(`answered ${status} to an anonymous call (401 was due: who is calling comes first)`);
  return problems;
}

/** A line a person can act on: the request (cut) and the answer (cut). */
export function describeCase(request: FuzzRequest, answer: Answer): string {
  const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}… (${s.length} characters)` : s);
  const body =
    typeof request.body === 'string'
      ? ` body ${cut(request.body, 200)}`
      : request.body
        ? ` form ${cut(JSON.stringify([...request.body.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : 'file'])), 200)}`
        : '';
  return `${request.kind} (${request.note}): ${request.method} ${cut(request.url, 200)}${body} → ${answer.status} in ${Math.round(answer.ms)} ms ${cut(answer.text, 300)}`;
}

/**
 * What each table of the system holds, as a digest per table: equal digests before and after a phase mean
 * nothing stored changed. The platform's bookkeeping (outbox, handled events, dead letters) is left out.
 */
export async function snapshot(schemas: readonly string[]): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const tables = await client.query<{ table_schema: string; table_name: string }>(
      `select table_schema, table_name from information_schema.tables
        where table_schema = any($1) and table_type = 'BASE TABLE'
          and table_name not in ('outbox', 'handled_event', 'dead_letter', 'platform_migration')
        order by 1, 2`,
      [schemas],
    );
    const digests = new Map<string, string>();
    for (const { table_schema, table_name } of tables.rows) {
      const name = `"${table_schema}"."${table_name}"`;
      const { rows } = await client.query<{ n: string; digest: string | null }>(
        `select count(*) as n, md5(string_agg(md5(t::text), '' order by md5(t::text))) as digest from ${name} t`,
      );
      digests.set(`${table_schema}.${table_name}`, `${rows[0]!.n}:${rows[0]!.digest ?? ''}`);
    }
    return digests;
  } finally {
    await client.end();
  }
}

/** The tables whose digest differs between two snapshots. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((t) => before.get(t) !== after.get(t));
}

/** Runs `work` over `items`, `concurrency` at a time, in order of start. */
export async function inPool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}
