// Status updates through the gateway (PUT /api/ShipmentUpdateStatus/updatestatus) from 50
// concurrent clients, next to pgbench's simple-update transactions on the same PostgreSQL in the
// same run, so the rate reads as a ratio; and the shipments process's resident memory during the
// run. Prints figures; asserts nothing. Run: node infra/load/shipments-updatestatus.ts
// BENCH_SECONDS (default 10) and BENCH_CONCURRENCY (default 50) change the run. BENCH_PAUSE (e.g.
// activity,carriers,attachments,tracking,accounting) stops those processes for the closed loop and also prints
// what the path left running spent during the run alone.
//
// What the system spends (issue 19): the CPU seconds of every process the update costs — each service
// process with its children, PostgreSQL's backends serving this run's connections (told apart by
// application_name, PGAPPNAME), NATS, Redis and this load client — from the start of the run until the
// relay has published every event and every consumer has handled them, divided by the updates; next to
// pgbench's CPU per transaction (its backends and the pgbench process) measured the same way before the
// system starts. CPU seconds per unit of work hold on a machine shared with other work; rates do not.
// Then (issue 19 target 2) an open loop: BENCH_OPEN_RATE (100) updates a second for BENCH_OPEN_SECONDS
// (60; 0 skips it), p50/p99 from when each request was due, and each consumer's lag sampled every half
// second (BENCH_TIMELINE=<file>: each sample as a JSON line, with PostgreSQL's wait events, checkpoints and
// autovacuums beside it). The last line is the ratio of the closed-loop run's CPU per update to pgbench's.
// NATS and Redis are counted whole (on a shared machine, with others' work in them); PostgreSQL's shared
// processes (WAL writer, checkpointer, autovacuum) are not counted on either side.
//
// The clients share 4 In Transit shipments each (created for the run; one update at a time per
// shipment) and move them In Transit ↔ Out for Delivery with a note and a location, as a check call does: one transaction each with the status
// change, the stop and one outbox event (shipment.updated carrying the move and the note, decision 0048;
// three before: shipment.updated, status.changed, note.added).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '@loadline/platform';
import pg from 'pg';
import { request } from 'undici';
import {
  agent,
  benchSystem,
  type ConsumerLag,
  cpuMeter,
  createInTransitShipment,
  dropRunSchemas,
  eventLag,
  fmt,
  load,
  percentile,
  rssMb,
} from './harness.ts';
import { type LiveWatch, watchShipments } from './live-watch.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 50);
const shipmentsPerClient = 4;
/** pgbench's clients (BENCH_PGBENCH_CLIENTS, default the same as the update's): fewer where the server has few free connections */
const pgbenchClients = Number(process.env.BENCH_PGBENCH_CLIENTS ?? concurrency);
const S = { InTransit: 410, OutForDelivery: 420 } as const;
const runId = randomBytes(3).toString('hex');
/** application_name of this run's PostgreSQL connections: the system's, and pgbench's */
const appNames = { system: `loadline_bench_${runId}`, pgbench: `pgbench_${runId}` };

// ---------------------------------------------------------------------------------------------------------
// pgbench simple-update (-N) on a scratch database of the same server.

const databaseUrl = new URL(loadConfig('shipments', 0).databaseUrl);
const benchDatabase = 'loadline_bench';

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl.toString() });
  // a connection the server ends (a restart, another session's cleanup) fails the query, not the process
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

interface PgbenchResult {
  tps: number;
  /** CPU milliseconds per transaction: its backends and the pgbench process */
  cpuMs: number;
}

async function pgbench(): Promise<PgbenchResult | undefined> {
  if (spawnSync('pgbench', ['--version']).status !== 0) {
    console.log('pgbench not found (Debian: apt-get install postgresql-client): no ratio this run');
    return undefined;
  }
  const env = {
    ...process.env,
    PGHOST: databaseUrl.hostname,
    PGPORT: databaseUrl.port || '5432',
    PGUSER: decodeURIComponent(databaseUrl.username) || 'postgres',
    PGAPPNAME: appNames.pgbench,
    ...(databaseUrl.password ? { PGPASSWORD: decodeURIComponent(databaseUrl.password) } : {}),
  };
  await admin(`drop database if exists ${benchDatabase}`);
  await admin(`create database ${benchDatabase}`);
  try {
    const init = spawnSync('pgbench', ['-i', '-q', benchDatabase], { env, encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
    // On a server shared with other work the 50 connections may not all be free: tried again for a minute.
    const attempt = async () => {
      const meter = await cpuMeter({
        databaseUrl: databaseUrl.toString(),
        appName: appNames.pgbench,
        includeReapedChildren: true,
      });
      // Not spawnSync: the meter samples the backends while pgbench runs.
      const child = spawn(
        'pgbench',
        ['-N', '-c', String(pgbenchClients), '-j', '2', '-T', String(seconds), benchDatabase],
        { env, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => {
        stdout += d;
      });
      child.stderr.on('data', (d) => {
        stderr += d;
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      return { code, stdout, stderr, cpu: await meter.stop() };
    };
    let run = await attempt();
    for (let i = 0; i < 6 && run.code !== 0 && /too many clients/.test(run.stderr); i++) {
      console.log('pgbench: the server has too few free connections now; trying again in 10 s');
      await new Promise((r) => setTimeout(r, 10_000));
      run = await attempt();
    }
    const { code, stdout, stderr, cpu } = run;
    if (code !== 0) throw new Error(`pgbench failed: ${stderr}`);
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1]);
    const transactions = Number(/number of transactions actually processed: (\d+)/.exec(stdout)?.[1]);
    const latency = /latency average = ([\d.]+) ms/.exec(stdout)?.[1];
    const backends = cpu.get('postgresql') ?? 0;
    const client = cpu.get('load client') ?? 0;
    const cpuMs = ((backends + client) * 1000) / transactions;
    console.log(
      `pgbench -N -c ${pgbenchClients} -j 2 -T ${seconds}: ${fmt(tps, 0)} tps (latency average ${latency} ms, ${transactions} transactions); CPU seconds: postgresql ${fmt(backends)}, pgbench ${fmt(client)}: ${fmt(cpuMs, 3)} ms per transaction`,
    );
    return { tps, cpuMs };
  } finally {
    await admin(`drop database if exists ${benchDatabase}`);
  }
}

// ---------------------------------------------------------------------------------------------------------

/** The benchmark schemas (`<service>_bench_<id>`) that exist now. */
async function benchSchemas(): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: databaseUrl.toString() });
  // a connection the server ends (a restart, another session's cleanup) fails the query, not the process
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "select nspname as name from pg_namespace where nspname like '%\\_bench\\_%'",
    );
    return new Set(rows.map((r) => r.name));
  } finally {
    await client.end();
  }
}

const openRate = Number(process.env.BENCH_OPEN_RATE ?? 100);
const openSeconds = Number(process.env.BENCH_OPEN_SECONDS ?? 60);

interface OpenLoopResult {
  sent: number;
  failures: number;
  busy: number;
  p50: number;
  p99: number;
  maxOutbox: number;
  lag: Map<string, { maxEvents: number; maxSeconds: number; endEvents: number; endSeconds: number }>;
}

/**
 * BENCH_TIMELINE=<file>: every half second of the open loop, one JSON line with what a stall would show —
 * the outbox's unpublished rows, each consumer's lag, what this run's PostgreSQL backends wait on
 * (pg_stat_activity), the checkpointer's counters and the autovacuum/autoanalyze counts of the run's
 * outbox and handled_event tables — to tell a checkpoint, a vacuum, the relay or the consumers apart.
 */
async function openTimeline(
  file: string,
  lag: { lag: () => Promise<Map<string, ConsumerLag>> },
  outbox: () => Promise<number>,
  schemas: string[],
) {
  const { appendFileSync, writeFileSync } = await import('node:fs');
  writeFileSync(file, '');
  const client = new pg.Client({
    connectionString: databaseUrl.toString(),
    application_name: 'loadline_bench_watch',
  });
  client.on('error', () => undefined);
  await client.connect();
  const t0 = performance.now();
  return {
    sample: async () => {
      const at = (performance.now() - t0) / 1000;
      const [unpublished, lags, waits, checkpoints, vacuums] = await Promise.all([
        outbox(),
        lag.lag(),
        client.query<{ wait: string; state: string; n: number }>(
          `select coalesce(wait_event_type || ':' || wait_event, 'cpu') as wait, state, count(*)::int as n
           from pg_stat_activity where application_name = $1 and state <> 'idle' group by 1, 2`,
          [appNames.system],
        ),
        client.query(
          'select checkpoints_timed, checkpoints_req, buffers_checkpoint, buffers_backend from pg_stat_bgwriter',
        ),
        client.query(
          `select schemaname || '.' || relname as t, autovacuum_count as vac, autoanalyze_count as an,
             n_dead_tup as dead from pg_stat_user_tables
           where schemaname = any($1) and relname in ('outbox', 'handled_event') and n_live_tup + n_dead_tup > 0`,
          [schemas],
        ),
      ]);
      appendFileSync(
        file,
        `${JSON.stringify({
          at: Number(at.toFixed(2)),
          outbox: unpublished,
          lag: Object.fromEntries(
            [...lags]
              .filter(([, l]) => l.events > 0)
              .map(([n, l]) => [n, [l.events, Number(l.seconds.toFixed(2))]]),
          ),
          waits: waits.rows,
          checkpointer: checkpoints.rows[0],
          vacuum: vacuums.rows,
        })}\n`,
      );
    },
    close: () => client.end(),
  };
}

let timeline: Awaited<ReturnType<typeof openTimeline>> | undefined;

/** Sends `openRate` requests a second for `openSeconds`, each when due; samples the lag meanwhile. */
async function openLoop(
  send: () => Promise<boolean | 'busy'>,
  lag: { lag: () => Promise<Map<string, ConsumerLag>> },
  outbox: () => Promise<number>,
): Promise<OpenLoopResult> {
  const latencies: number[] = [];
  let failures = 0;
  let busy = 0;
  let maxOutbox = 0;
  const lags: OpenLoopResult['lag'] = new Map();
  const sampleLag = async (end: boolean) => {
    maxOutbox = Math.max(maxOutbox, await outbox());
    for (const [name, l] of await lag.lag()) {
      const seen = lags.get(name) ?? { maxEvents: 0, maxSeconds: 0, endEvents: 0, endSeconds: 0 };
      seen.maxEvents = Math.max(seen.maxEvents, l.events);
      seen.maxSeconds = Math.max(seen.maxSeconds, l.seconds);
      if (end) Object.assign(seen, { endEvents: l.events, endSeconds: l.seconds });
      lags.set(name, seen);
    }
  };
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      await sampleLag(false).catch(() => undefined);
      await timeline?.sample().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 500));
    }
  })();
  const total = Math.round(openRate * openSeconds);
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / openRate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(
      send()
        .catch(() => false)
        .then((ok) => {
          if (ok === 'busy') busy++;
          else {
            latencies.push(performance.now() - due);
            if (!ok) failures++;
          }
        }),
    );
  }
  await Promise.all(inFlight);
  sampling = false;
  await sampler;
  await sampleLag(true);
  latencies.sort((a, b) => a - b);
  return {
    sent: total,
    failures,
    busy,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    maxOutbox,
    lag: lags,
  };
}

/** Rows written so far in these schemas' tables, by schema (PostgreSQL's table statistics). */
async function rowsWritten(
  schemas: string[],
): Promise<Map<string, { ins: number; upd: number; hot: number; del: number }>> {
  const client = new pg.Client({
    connectionString: databaseUrl.toString(),
    application_name: 'loadline_bench_watch',
  });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{
      schema: string;
      ins: number;
      upd: number;
      hot: number;
      del: number;
    }>(
      `select schemaname as schema, sum(n_tup_ins)::int as ins, sum(n_tup_upd)::int as upd,
         sum(n_tup_hot_upd)::int as hot, sum(n_tup_del)::int as del
       from pg_stat_user_tables where schemaname = any($1) group by schemaname`,
      [schemas],
    );
    return new Map(rows.map((r) => [r.schema, r]));
  } finally {
    await client.end();
  }
}

const pgb = await pgbench();
const tps = pgb?.tps;

const before = await benchSchemas();
// Every process of the system connects to PostgreSQL under this run's name (node-postgres reads PGAPPNAME).
process.env.PGAPPNAME = appNames.system;
const system = await benchSystem();
const namespace = system.schemaSuffix.slice(1);
// This run's schemas only (`<service><suffix>`): another session's run may make its own meanwhile.
const ours = [...(await benchSchemas())].filter(
  (name) => !before.has(name) && name.endsWith(system.schemaSuffix),
);
try {
  const login = await request(`${system.url}/api/auth/login`, {
    method: 'POST',
    dispatcher: agent,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ops@demo.test', password: 'demo' }),
  });
  await login.body.dump();
  const cookie = String(login.headers['set-cookie']).split(';')[0]!;
  const headers = { cookie, 'content-type': 'application/json' };

  // The shipments the clients work on: In Transit loads of Acme with a carrier.
  const owned: number[][] = [];
  for (let c = 0; c < concurrency; c++) {
    const mine: number[] = [];
    for (let k = 0; k < shipmentsPerClient; k++) {
      mine.push(
        await createInTransitShipment(system.url, headers, {
          name: 'Bench Freight',
          scac: 'BNCH',
          proNumber: `BNCH${c}${k}0000`,
        }),
      );
    }
    owned.push(mine);
  }

  // A shipment is updated by one client at a time: each update takes a free one and gives it back.
  const status = new Map<number, number>(owned.flat().map((id) => [id, S.InTransit]));
  const free = owned.flat();
  const failures = new Map<number, number>();
  let watch: LiveWatch | undefined; // issue 19 target 3: sockets watching the shipments during the open loop
  const task = async () => {
    const shipmentId = free.shift()!;
    try {
      const next = status.get(shipmentId) === S.InTransit ? S.OutForDelivery : S.InTransit;
      const answered = watch?.sent(shipmentId);
      const res = await request(`${system.url}/api/ShipmentUpdateStatus/updatestatus`, {
        method: 'PUT',
        dispatcher: agent,
        headers,
        body: JSON.stringify({
          shipmentId,
          status: next,
          location: 'Gary, IN',
          activity: `Check call: ${next === S.OutForDelivery ? 'out for delivery' : 'back in transit'}.`,
        }),
      });
      await res.body.dump();
      answered?.(res.statusCode === 200);
      if (res.statusCode === 200) status.set(shipmentId, next);
      else failures.set(res.statusCode, (failures.get(res.statusCode) ?? 0) + 1);
      return res.statusCode === 200;
    } finally {
      free.push(shipmentId);
    }
  };

  await load(task, concurrency, 2); // warm up
  const lag = await eventLag(namespace);
  const outboxSchema = `shipments${system.schemaSuffix}`;
  const backlog = async () => {
    const client = new pg.Client({
      connectionString: databaseUrl.toString(),
      application_name: 'loadline_bench_watch',
    });
    // a connection the server ends (a restart, another session's cleanup) fails the query, not the process
    client.on('error', () => undefined);
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from "${outboxSchema}".outbox where published_at is null`,
      );
      const lags = await lag.lag();
      return {
        outbox: rows[0]!.n,
        consumers: lags,
        total: rows[0]!.n + [...lags.values()].reduce((a, b) => a + b.events, 0),
      };
    } finally {
      await client.end();
    }
  };
  /** Waits until the warm-up's (or the run's) events are published and handled; answers the seconds it took. */
  const settle = async (): Promise<number> => {
    const t0 = performance.now();
    for (let left = await backlog(); left.total > 0; left = await backlog()) {
      if (performance.now() - t0 > 120_000)
        throw new Error(
          `the consumers did not catch up within 120 s: ${left.outbox} events in the outbox, behind by ${[
            ...left.consumers,
          ]
            .filter(([, l]) => l.events > 0)
            .map(([name, l]) => `${name} ${l.events}`)
            .join(', ')}`,
        );
      await new Promise((r) => setTimeout(r, 100));
    }
    return (performance.now() - t0) / 1000;
  };
  await settle();
  // The system at rest for 3 s: what it spends doing nothing (timers, polls, metrics), per second.
  const idleMeter = await cpuMeter({
    databaseUrl: databaseUrl.toString(),
    appName: appNames.system,
    processes: system.processes,
  });
  await new Promise((r) => setTimeout(r, 3000));
  const idle = await idleMeter.stop();
  const idleTotal = [...idle.values()].reduce((a, b) => a + b, 0) / 3;

  const pid = system.processes.get('shipments')!.pid!;
  const samples: number[] = [rssMb(pid)];
  const sampler = setInterval(() => samples.push(rssMb(pid)), 250);
  // BENCH_PAUSE (e.g. activity,carriers,attachments,tracking) stops those processes (SIGSTOP) for the run:
  // the synchronous path alone, without the consumers of the update's events, which catch up after.
  const paused = (process.env.BENCH_PAUSE ?? '').split(',').filter(Boolean);
  for (const name of paused) system.processes.get(name)?.kill('SIGSTOP');
  const rowsBefore = await rowsWritten(ours);
  const meter = await cpuMeter({
    databaseUrl: databaseUrl.toString(),
    appName: appNames.system,
    processes: system.processes,
  });
  // With processes paused, a second meter over the run alone: what the path that was left running spent
  // (a paused process and its database connections spend nothing until it goes on).
  const runMeter =
    paused.length > 0
      ? await cpuMeter({
          databaseUrl: databaseUrl.toString(),
          appName: appNames.system,
          processes: system.processes,
        })
      : undefined;
  const result = await load(task, concurrency, seconds);
  const runOnly = await runMeter?.stop();
  const atEnd = await backlog();
  for (const name of paused) system.processes.get(name)?.kill('SIGCONT');
  const catchUp = await settle();
  const cpu = await meter.stop();
  // A backend that goes idle hands its table statistics to the shared counters within 10 s.
  await new Promise((r) => setTimeout(r, 11_000));
  const rowsAfter = await rowsWritten(ours);
  if (paused.length > 0) console.log(`paused during the run: ${paused.join(', ')}`);
  clearInterval(sampler);
  samples.push(rssMb(pid));

  const updates = result.count - result.failures;
  console.log(`cores: ${availableParallelism()}, ${concurrency} concurrent clients, ${seconds} s`);
  console.log(
    `status updates through the gateway: ${fmt(result.perSecond, 0)} /s (p50 ${fmt(result.p50)} ms, p99 ${fmt(result.p99)} ms, ${result.count} updates, failures ${result.failures}${failures.size > 0 ? ` ${JSON.stringify(Object.fromEntries(failures))}` : ''})`,
  );
  if (tps !== undefined)
    console.log(`ratio updates / pgbench simple-update tps: ${fmt(result.perSecond / tps, 3)}`);
  const behind = [...atEnd.consumers]
    .filter(([, l]) => l.events > 0)
    .map(([name, l]) => `${name} ${l.events}`);
  console.log(
    `when the load stopped: ${atEnd.outbox} events in the outbox, consumers behind by ${behind.length > 0 ? behind.join(', ') : 'nothing'}; all handled ${fmt(catchUp, 1)} s later`,
  );
  const peak = Math.max(...samples);
  console.log(
    `shipments RSS during the run: peak ${fmt(peak, 1)} MB, mean ${fmt(samples.reduce((a, b) => a + b, 0) / samples.length, 1)} MB`,
  );
  console.log(
    `the system at rest before the run: ${fmt(idleTotal)} CPU seconds per second (${[...idle]
      .filter(([, v]) => v >= 0.005)
      .map(([n, v]) => `${n} ${fmt(v / 3, 3)}`)
      .join(', ')})`,
  );
  const rowLine: string[] = [];
  const sum = { ins: 0, upd: 0, hot: 0, del: 0 };
  for (const [schema, after] of [...rowsAfter].sort()) {
    const b = rowsBefore.get(schema) ?? { ins: 0, upd: 0, hot: 0, del: 0 };
    const d = {
      ins: after.ins - b.ins,
      upd: after.upd - b.upd,
      hot: after.hot - b.hot,
      del: after.del - b.del,
    };
    for (const k of ['ins', 'upd', 'hot', 'del'] as const) sum[k] += d[k];
    if (d.ins + d.upd + d.del > 0)
      rowLine.push(
        `${schema.replace(system.schemaSuffix, '')} ${fmt(d.ins / updates, 1)}/${fmt(d.upd / updates, 1)}/${fmt(d.del / updates, 1)}`,
      );
  }
  console.log(
    `rows written per update: ${fmt(sum.ins / updates, 1)} inserted, ${fmt(sum.upd / updates, 1)} updated (${fmt(sum.hot / updates, 1)} of them in place, HOT), ${fmt(sum.del / updates, 1)} deleted; by service (inserted/updated/deleted): ${rowLine.join(', ')}`,
  );
  const total = [...cpu.values()].reduce((a, b) => a + b, 0);
  const perUpdate = (total * 1000) / updates;
  const byProcess = [...cpu].sort((a, b) => b[1] - a[1]);
  console.log(
    `CPU seconds, the ${seconds} s run and the ${fmt(catchUp, 1)} s catch-up, ${fmt(total)} in all: ${byProcess.map(([name, v]) => `${name} ${fmt(v)} (${fmt((v * 1000) / updates, 2)} ms/update)`).join(', ')}`,
  );
  if (runOnly) {
    const running = [...runOnly].filter(([name]) => !paused.includes(name)).sort((a, b) => b[1] - a[1]);
    const runMs = (running.reduce((a, [, v]) => a + v, 0) * 1000) / updates;
    console.log(
      `the path left running, during the run alone: ${fmt(runMs, 2)} ms per update${pgb ? ` (${fmt(runMs / pgb.cpuMs, 1)} times pgbench's transaction)` : ''}: ${running
        .filter(([, v]) => v >= 0.005)
        .map(([name, v]) => `${name} ${fmt((v * 1000) / updates, 2)}`)
        .join(', ')}`,
    );
  }

  // Target 2 of issue 19: an open loop at a steady rate, each request sent on its schedule whatever the
  // others do (latency from when it was due, so a slow answer cannot hold back the next request), the
  // consumers' lag sampled every half second.
  if (openSeconds > 0) {
    const openMeter = await cpuMeter({
      databaseUrl: databaseUrl.toString(),
      appName: appNames.system,
      processes: system.processes,
    });
    watch = await watchShipments(system.url, cookie, owned.flat(), namespace);
    if (process.env.BENCH_TIMELINE)
      timeline = await openTimeline(
        process.env.BENCH_TIMELINE,
        lag,
        async () => (await backlog()).outbox,
        ours,
      );
    const open = await openLoop(
      async () => (free.length === 0 ? 'busy' : task()),
      lag,
      async () => (await backlog()).outbox,
    );
    const openCatchUp = await settle();
    await timeline?.close();
    const openCpu = await openMeter.stop();
    const live = await watch.finish();
    const openTotal = [...openCpu.values()].reduce((a, b) => a + b, 0);
    const openUpdates = Math.max(1, open.sent - open.failures - open.busy);
    console.log(
      `open loop at ${openRate} status updates/s for ${openSeconds} s through the gateway: ${open.sent} sent, p50 ${fmt(open.p50)} ms, p99 ${fmt(open.p99)} ms (target at most 50 ms → ${open.p99 <= 50 ? 'met' : 'NOT met'}), failures ${open.failures}, no free shipment ${open.busy}; CPU ${fmt((openTotal * 1000) / openUpdates, 2)} ms per update (the run and the ${fmt(openCatchUp, 1)} s after it until every event was handled)`,
    );
    console.log(
      `  by process, ms per update (the load client includes the watching sockets and the lag samples): ${[
        ...openCpu,
      ]
        .sort((a, b) => b[1] - a[1])
        .filter(([, v]) => v >= 0.005)
        .map(([name, v]) => `${name} ${fmt((v * 1000) / openUpdates, 2)}`)
        .join(', ')}`,
    );
    const worst = Math.max(0, ...[...open.lag.values()].map((l) => Math.max(l.maxSeconds, l.endSeconds)));
    console.log(
      `consumer lag during the open loop, most events / most seconds behind, then at the end (target under 1 s → ${worst < 1 ? 'met' : 'NOT met'}; the outbox held at most ${open.maxOutbox} unpublished):`,
    );
    const quiet = [...open.lag].filter(([, l]) => l.maxEvents === 0).length;
    for (const [name, l] of [...open.lag]
      .filter(([, l]) => l.maxEvents > 0)
      .sort((a, b) => a[0].localeCompare(b[0])))
      console.log(
        `  ${name.padEnd(40)} ${String(l.maxEvents).padStart(6)} events ${fmt(l.maxSeconds).padStart(6)} s; at the end ${l.endEvents} events ${fmt(l.endSeconds)} s`,
      );
    console.log(`  (${quiet} other consumers never had an event waiting)`);
    console.log(live);
  }
  await lag.close();
  if (pgb !== undefined)
    console.log(
      `cpu per update ÷ cpu per pgbench transaction: ${fmt(perUpdate / pgb.cpuMs, 1)} (${fmt(perUpdate, 2)} ms / ${fmt(pgb.cpuMs, 3)} ms)`,
    );
  else console.log(`cpu per update: ${fmt(perUpdate, 2)} ms (no pgbench: no ratio)`);
} finally {
  await system.stop();
  await agent.close();
  // The schemas this run's system made (the shipments it created, the outbox) go with it, and its stream.
  await dropRunSchemas(system.schemaSuffix);
}
