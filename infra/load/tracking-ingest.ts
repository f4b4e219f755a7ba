// Check calls into the tracking service (issue 4): ingestion through the gateway at the highest rate
// the clients reach (POST /api/location/checkCalls, batches of BENCH_BATCH locations, BENCH_CONCURRENCY
// clients, BENCH_SECONDS), next to a raw batch insert of the same rows into the same PostgreSQL in the
// same run (a scratch table shaped like `location`, `insert … select from unnest`, same batch size and
// clients), so the rate reads as a ratio; then the live push: 500 locations per second posted (batches
// of 5 every 10 ms) to a shipment whose group a WebSocket client has joined, latency from the post to the
// message on the socket, p50/p99; and the ZIP search through the gateway, p50/p99, on the settled system
// before the load and again after it. Prints figures; asserts nothing. Run: node infra/load/tracking-ingest.ts (BENCH_PORT_OFFSET moves the ports).
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '@loadline/platform';
import pg from 'pg';
import { request } from 'undici';
import WebSocket from 'ws';
import {
  agent,
  benchSystem,
  cpuAccount,
  cpuMeter,
  dropRunSchemas,
  fmt,
  load,
  percentile,
} from './harness.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const batch = Number(process.env.BENCH_BATCH ?? 500);
const liveRate = 500;
const liveSeconds = Number(process.env.BENCH_LIVE_SECONDS ?? 10);
const demoShipments = Array.from({ length: 40 }, (_, i) => 10001 + i);

/** A check call somewhere in the lower 48, an hour or more ago. */
function checkCall(i: number, shipmentId = demoShipments[i % demoShipments.length]!) {
  return {
    shipmentId,
    locationType: 30,
    latitude: 30 + ((i * 7919) % 1700) / 100,
    longitude: -120 + ((i * 104729) % 4500) / 100,
    locationDateTime: new Date(Date.now() - 3600_000 - (i % 100_000) * 1000).toISOString(),
  };
}

// Every process of the system connects to PostgreSQL under this run's name (node-postgres reads PGAPPNAME),
// so the run's backends are counted apart from other work on the same server.
const appName = `loadline_bench_ingest_${randomBytes(3).toString('hex')}`;
process.env.PGAPPNAME = appName;
const system = await benchSystem();
delete process.env.PGAPPNAME;
let exitCode = 0;
try {
  const login = await fetch(`${system.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ops@demo.test', password: 'demo' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const headers = { cookie, 'content-type': 'application/json' };
  const post = async (path: string, body: unknown) => {
    const res = await request(`${system.url}${path}`, {
      method: 'POST',
      dispatcher: agent,
      headers,
      body: JSON.stringify(body),
    });
    const text = await res.body.text();
    return { status: res.statusCode, text };
  };

  // The ZIP search through the gateway (the in-memory index behind one HTTP hop): 2,000 sequential
  // requests timed after 2 s of the same requests not timed. The warm-up matters: the collection after
  // start-up (decision 0007) also drops compiled code, so the first seconds after it run cold.
  const zipSearch = async (when: string) => {
    const queries = ['606', '4541', 'Dayton', 'Chicago, IL', '9', 'M5V', 'San', '30318', 'Spring', '850'];
    const search = async (i: number) => {
      const res = await request(
        `${system.url}/api/location/searchZipCodes?query=${encodeURIComponent(queries[i % queries.length]!)}`,
        { dispatcher: agent, headers: { cookie } },
      );
      await res.body.dump();
    };
    const warmUntil = performance.now() + 2000;
    for (let i = 0; performance.now() < warmUntil; i++) await search(i);
    const zipTimes: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const t0 = performance.now();
      await search(i);
      zipTimes.push(performance.now() - t0);
    }
    zipTimes.sort((a, b) => a - b);
    console.log(
      `zip     GET /api/location/searchZipCodes through the gateway, ${when}: p50 ${fmt(percentile(zipTimes, 50))} ms ` +
        `p99 ${fmt(percentile(zipTimes, 99))} ms (2,000 sequential requests after a 2 s warm-up; target p99 ≤ 5 ms)`,
    );
  };
  await zipSearch('on the settled system');

  // ---------------------------------------------------------------------------------------------------
  // 1. Ingestion through the gateway.
  let sequence = 0;
  const failures = new Map<string, number>();
  const noteFailure = (status: number, text: string) => {
    const key = `${status} ${text.slice(0, 160)}`;
    failures.set(key, (failures.get(key) ?? 0) + 1);
  };
  await post('/api/location/checkCalls', {
    locations: Array.from({ length: batch }, () => checkCall(sequence++)),
  });
  const cpu = cpuAccount(system);
  // From the first request until the last event is published: the ingest and the relay's work behind it.
  const meter = await cpuMeter({
    databaseUrl: loadConfig('tracking', 0).databaseUrl,
    appName,
    processes: system.processes,
  });
  const loadBefore = loadavg()[0]!;
  const ingest = await load(
    async () => {
      const body = { locations: Array.from({ length: batch }, () => checkCall(sequence++)) };
      const answer = await post('/api/location/checkCalls', body);
      if (answer.status !== 201) noteFailure(answer.status, answer.text);
      return answer.status === 201;
    },
    concurrency,
    seconds,
  );
  const ingested = (ingest.count - ingest.failures) * batch;
  const ingestRate = ingested / ingest.seconds;
  console.log(
    `ingest  POST /api/location/checkCalls through the gateway: ${fmt(ingestRate, 0)} locations/s ` +
      `(${ingest.count} batches of ${batch}, ${concurrency} clients, ${fmt(ingest.seconds, 1)} s, ` +
      `batch p50 ${fmt(ingest.p50)} ms p99 ${fmt(ingest.p99)} ms, ${ingest.failures} failed)`,
  );
  console.log(`        CPU seconds during the ingest: ${cpu.read()}`);
  console.log(
    `        load average (1 min) ${fmt(loadBefore)} before the ingest, ${fmt(loadavg()[0]!)} after it (2 cores)`,
  );
  for (const [failure, count] of failures) console.log(`        failed ${count}×: ${failure}`);

  // The outbox relay publishes those events to JetStream behind the requests: how long it takes to drain.
  const tracking = new pg.Client({
    connectionString: loadConfig('tracking', 0).databaseUrl,
    application_name: 'loadline_bench_probe',
  });
  await tracking.connect();
  // Locations, whether each has its event (location.added) or a batch has one (locations.added, issue 19).
  const outboxCount = async (where: string) => {
    const { rows } = await tracking.query<{ events: string; locations: string }>(
      `select count(*) as events, coalesce(sum(case when subject like '%.locations.added.%'
         then json_array_length(envelope->'data'->'locations') else 1 end), 0) as locations
       from "tracking${system.schemaSuffix}".outbox where ${where}`,
    );
    return { events: Number(rows[0]!.events), locations: Number(rows[0]!.locations) };
  };
  const unpublished = async () => (await outboxCount('published_at is null')).events;
  const backlogAtStop = await outboxCount('published_at is null');
  const backlog = backlogAtStop.locations;
  const drainStart = performance.now();
  while ((await unpublished()) > 0 && performance.now() - drainStart < 120_000)
    await new Promise((r) => setTimeout(r, 200));
  const drainSeconds = (performance.now() - drainStart) / 1000;
  const totals = await meter.stop();
  const published = await outboxCount('true');
  await tracking.end();
  console.log(
    `relay   ${published.events} events of ${published.locations} locations in the outbox; ${backlogAtStop.events} events ` +
      `of ${backlog} locations still unpublished when the load stopped, drained in ${fmt(drainSeconds, 1)} s`,
  );
  const perLocation = (name: string) => ((totals.get(name) ?? 0) * 1e6) / ingested;
  const counted = ['tracking', 'postgresql', 'gateway', 'nats'];
  console.log(
    `        CPU per location from the first request until the last event was published: ` +
      `${counted.map((name) => `${name} ${fmt(perLocation(name), 1)} µs`).join(', ')}; ` +
      `together ${fmt(
        counted.reduce((sum, name) => sum + perLocation(name), 0),
        1,
      )} µs ` +
      `(PostgreSQL: the run's own backends; NATS: the whole server)`,
  );
  console.log(
    `backlog ${fmt(backlog / ingestRate, 2)} s of ingest when the load stopped (target < 1 s: the relay publishes as fast as ingest accepts)`,
  );

  // ---------------------------------------------------------------------------------------------------
  // 2. The raw batch insert into the same PostgreSQL, same batch and clients.
  const schema = `tracking_rawbench_${randomBytes(3).toString('hex')}`;
  const pool = new pg.Pool({ connectionString: loadConfig('tracking', 0).databaseUrl, max: concurrency });
  await pool.query(`create schema ${schema}`);
  try {
    await pool.query(`create table ${schema}.location (
      location_id bigint generated by default as identity primary key, shipment_id bigint not null,
      location_type smallint not null, latitude double precision, longitude double precision,
      location_string_full text not null, city text, state text, zip_code text, country text,
      location_date_time timestamptz not null, utc_offset_minutes smallint, source text not null,
      added_by_user_id text, added_by_name text, created_at timestamptz not null default now())`);
    // The same index as the service's (migration 0003: the history's columns included).
    await pool.query(
      `create index on ${schema}.location (shipment_id, location_date_time desc, location_id desc)
         include (location_type, latitude, longitude, location_string_full, city, state, zip_code, country,
           utc_offset_minutes, source, added_by_name)`,
    );
    let rawSequence = 0;
    const raw = await load(
      async () => {
        const rows = Array.from({ length: batch }, () => checkCall(rawSequence++));
        await pool.query(
          `insert into ${schema}.location (shipment_id, location_type, latitude, longitude, location_string_full,
             city, state, zip_code, country, location_date_time, utc_offset_minutes, source, added_by_user_id, added_by_name)
           select s, 30, lat, lon, 'Joliet, IL 60435', 'Joliet', 'IL', '60435', 'USA', at, -360, 'checkCall', 'usr', 'Bench'
           from unnest($1::bigint[], $2::float8[], $3::float8[], $4::timestamptz[]) as u(s, lat, lon, at)`,
          [
            rows.map((r) => r.shipmentId),
            rows.map((r) => r.latitude),
            rows.map((r) => r.longitude),
            rows.map((r) => r.locationDateTime),
          ],
        );
        return true;
      },
      concurrency,
      seconds,
    );
    const rawRate = (raw.count * batch) / raw.seconds;
    console.log(
      `raw     insert … select from unnest, same table shape and index: ${fmt(rawRate, 0)} rows/s ` +
        `(batch p50 ${fmt(raw.p50)} ms p99 ${fmt(raw.p99)} ms)`,
    );
    console.log(`ratio   ingest / raw = ${fmt(ingestRate / rawRate)} (target ≥ 0.5; ≥ 8,000 locations/s)`);
  } finally {
    await pool.query(`drop schema ${schema} cascade`);
    await pool.end();
  }

  // ---------------------------------------------------------------------------------------------------
  // 3. Live push at 500 locations/s to a WebSocket that joined the shipment's group.
  const groupShipment = 10017;
  const socket = new WebSocket(`${system.url.replace('http', 'ws')}/api/live`, { headers: { cookie } });
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  await new Promise<void>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { type: string; data?: { locationStringFull?: string } };
      if (message.type === 'acknowledge')
        socket.send(
          JSON.stringify({
            type: 'join',
            groupName: String(groupShipment),
            pageTitle: 'Bench',
            uri: '/bench',
          }),
        );
      if (message.type === 'presence') resolve();
      if (message.type === 'event') {
        const key = message.data?.locationStringFull ?? '';
        const t0 = sentAt.get(key);
        if (t0 !== undefined) {
          latencies.push(performance.now() - t0);
          sentAt.delete(key);
        }
      }
    });
  });
  const perTick = 5;
  const tickMs = (1000 * perTick) / liveRate;
  const ticks = Math.round((liveSeconds * 1000) / tickMs);
  let liveSequence = 0;
  let liveFailures = 0;
  const postTimes: number[] = [];
  const started = performance.now();
  const posts: Promise<void>[] = [];
  for (let t = 0; t < ticks; t++) {
    const due = started + t * tickMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const locations = Array.from({ length: perTick }, () => {
      const key = `bench ${liveSequence++}`;
      return { ...checkCall(liveSequence, groupShipment), locationStringFull: key };
    });
    const t0 = performance.now();
    for (const l of locations) sentAt.set(l.locationStringFull, t0);
    posts.push(
      post('/api/location/checkCalls', { locations }).then((r) => {
        postTimes.push(performance.now() - t0);
        if (r.status !== 201) liveFailures++;
      }),
    );
  }
  await Promise.all(posts);
  const postedFor = (performance.now() - started) / 1000;
  const deadline = performance.now() + 10_000;
  while (sentAt.size > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  socket.close();
  latencies.sort((a, b) => a - b);
  postTimes.sort((a, b) => a - b);
  console.log(
    `live    ${liveSequence} locations at ${fmt(liveSequence / postedFor, 0)}/s to a joined WebSocket: ` +
      `received ${latencies.length}, post → socket p50 ${fmt(percentile(latencies, 50))} ms p99 ${fmt(percentile(latencies, 99))} ms ` +
      `(target p99 ≤ 100 ms; ${liveFailures} posts failed, ${sentAt.size} never arrived)`,
  );
  console.log(
    `        of which the post itself (request → 201): p50 ${fmt(percentile(postTimes, 50))} ms p99 ${fmt(percentile(postTimes, 99))} ms`,
  );

  // ---------------------------------------------------------------------------------------------------
  // 4. The ZIP search again, after the load (the relay's backlog published, autovacuum on the new rows).
  await zipSearch('after the load');
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await system.stop();
  await agent.close();
  // This run's schemas (every service's `<name><suffix>`) go with it.
  await dropRunSchemas(system.schemaSuffix);
}
process.exit(exitCode);
