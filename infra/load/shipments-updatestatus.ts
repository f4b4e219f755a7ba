// Status updates through the gateway (PUT /api/ShipmentUpdateStatus/updatestatus) from 50
// concurrent clients, next to pgbench's simple-update transactions on the same PostgreSQL in the
// same run, so the rate reads as a ratio; and the shipments process's resident memory during the
// run. Prints figures; asserts nothing. Run: node infra/load/shipments-updatestatus.ts
// BENCH_SECONDS (default 10) and BENCH_CONCURRENCY (default 50) change the run.
//
// The clients share 4 In Transit shipments each (created for the run; one update at a time per
// shipment) and move them In Transit ↔ Out for Delivery with a note and a location, as a check call does: one transaction each with the status
// change, the stop and the three outbox events (shipment.updated, status.changed, note.added).
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { loadConfig } from '@loadline/platform';
import pg from 'pg';
import { request } from 'undici';
import { agent, benchSystem, cpuAccount, createInTransitShipment, fmt, load, rssMb } from './harness.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 50);
const shipmentsPerClient = 4;
const S = { InTransit: 410, OutForDelivery: 420 } as const;

// ---------------------------------------------------------------------------------------------------------
// pgbench simple-update (-N) on a scratch database of the same server.

const databaseUrl = new URL(loadConfig('shipments', 0).databaseUrl);
const benchDatabase = 'loadline_bench';

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl.toString() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function pgbenchTps(): Promise<number | undefined> {
  if (spawnSync('pgbench', ['--version']).status !== 0) {
    console.log('pgbench not found (Debian: apt-get install postgresql-client): no ratio this run');
    return undefined;
  }
  const env = {
    ...process.env,
    PGHOST: databaseUrl.hostname,
    PGPORT: databaseUrl.port || '5432',
    PGUSER: decodeURIComponent(databaseUrl.username) || 'postgres',
    ...(databaseUrl.password ? { PGPASSWORD: decodeURIComponent(databaseUrl.password) } : {}),
  };
  await admin(`drop database if exists ${benchDatabase}`);
  await admin(`create database ${benchDatabase}`);
  try {
    const init = spawnSync('pgbench', ['-i', '-q', benchDatabase], { env, encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
    const run = spawnSync(
      'pgbench',
      ['-N', '-c', String(concurrency), '-j', '2', '-T', String(seconds), benchDatabase],
      { env, encoding: 'utf8' },
    );
    if (run.status !== 0) throw new Error(`pgbench failed: ${run.stderr}`);
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout)?.[1];
    const latency = /latency average = ([\d.]+) ms/.exec(run.stdout)?.[1];
    console.log(
      `pgbench -N -c ${concurrency} -j 2 -T ${seconds}: ${fmt(Number(tps), 0)} tps (latency average ${latency} ms)`,
    );
    return Number(tps);
  } finally {
    await admin(`drop database if exists ${benchDatabase}`);
  }
}

// ---------------------------------------------------------------------------------------------------------

/** The benchmark schemas (`<service>_bench_<id>`) that exist now. */
async function benchSchemas(): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: databaseUrl.toString() });
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

const tps = await pgbenchTps();

const before = await benchSchemas();
const system = await benchSystem();
const ours = [...(await benchSchemas())].filter((name) => !before.has(name));
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
  const task = async () => {
    const shipmentId = free.shift()!;
    try {
      const next = status.get(shipmentId) === S.InTransit ? S.OutForDelivery : S.InTransit;
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
      if (res.statusCode === 200) status.set(shipmentId, next);
      else failures.set(res.statusCode, (failures.get(res.statusCode) ?? 0) + 1);
      return res.statusCode === 200;
    } finally {
      free.push(shipmentId);
    }
  };

  await load(task, concurrency, 2); // warm up
  const pid = system.processes.get('shipments')!.pid!;
  const samples: number[] = [rssMb(pid)];
  const sampler = setInterval(() => samples.push(rssMb(pid)), 250);
  // BENCH_PAUSE (e.g. activity,carriers,attachments,tracking) stops those processes (SIGSTOP) for the run:
  // the synchronous path alone, without the consumers of the update's events, which catch up after.
  const paused = (process.env.BENCH_PAUSE ?? '').split(',').filter(Boolean);
  for (const name of paused) system.processes.get(name)?.kill('SIGSTOP');
  const cpu = cpuAccount(system);
  const result = await load(task, concurrency, seconds);
  const cpuUsed = cpu.read();
  for (const name of paused) system.processes.get(name)?.kill('SIGCONT');
  if (paused.length > 0) console.log(`paused during the run: ${paused.join(', ')}`);
  clearInterval(sampler);
  samples.push(rssMb(pid));

  console.log(`cores: ${availableParallelism()}, ${concurrency} concurrent clients, ${seconds} s`);
  console.log(
    `status updates through the gateway: ${fmt(result.perSecond, 0)} /s (p50 ${fmt(result.p50)} ms, p99 ${fmt(result.p99)} ms, ${result.count} updates, failures ${result.failures}${failures.size > 0 ? ` ${JSON.stringify(Object.fromEntries(failures))}` : ''})`,
  );
  if (tps !== undefined) {
    const ratio = result.perSecond / tps;
    console.log(
      `ratio updates / pgbench simple-update tps: ${fmt(ratio)} (target at least 0.5 → ${ratio >= 0.5 ? 'met' : 'NOT met'})`,
    );
  }
  console.log(`p99 target at most 50 ms → ${result.p99 <= 50 ? 'met' : 'NOT met'}`);
  console.log(`CPU seconds used during the ${seconds} s run: ${cpuUsed}`);
  const peak = Math.max(...samples);
  console.log(
    `shipments RSS during the run: peak ${fmt(peak, 1)} MB, mean ${fmt(samples.reduce((a, b) => a + b, 0) / samples.length, 1)} MB (target under 200 MB → ${peak < 200 ? 'met' : 'NOT met'})`,
  );
} finally {
  await system.stop();
  await agent.close();
  // The schemas this run's system made (the shipments it created, the outbox) go with it.
  for (const name of ours) await admin(`drop schema if exists "${name}" cascade`);
}
