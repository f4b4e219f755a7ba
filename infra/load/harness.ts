// Shared pieces of the benchmarks: a system started on its own ports (+20000, or
// BENCH_PORT_OFFSET) and schemas, a bounded
// load loop on loopback, and percentiles. Benchmarks print figures; nothing here asserts.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { ShipmentStatus, ShipmentType } from '@loadline/contracts/catalogue';
import { loadConfig, SETTLE_MEMORY_AFTER_MS, streamName } from '@loadline/platform';
import pg from 'pg';
import { Agent, type Dispatcher, request } from 'undici';
import { type RunningSystem, startSystem } from '../dev/system.ts';

/** added to every port of tilt.yaml for the benchmark's own system */
export const benchPortOffset = Number(process.env.BENCH_PORT_OFFSET ?? 20_000);

/** How long after the collection after start-up V8's memory reducer has done its follow-up collections. */
const memoryReducerFollowUpMs = 12_000;

export async function benchSystem(
  options: { waitForStartupCollection?: boolean } = {},
): Promise<RunningSystem & { schemaSuffix: string }> {
  const id = randomBytes(3).toString('hex');
  const system = await startSystem({
    portOffset: benchPortOffset,
    schemaSuffix: `_bench_${id}`,
    eventNamespace: `bench_${id}`,
    queuePrefix: `bench_${id}`,
    seedDemoData: true,
    quiet: true,
    log: () => undefined,
  });
  // Measure a system that has finished starting: each process runs its one collection after start-up
  // SETTLE_MEMORY_AFTER_MS after listening (decision 0007), and V8's memory reducer follows it about 8 s
  // later with a few incremental collections of its own; both would otherwise land in a run's tail.
  if (options.waitForStartupCollection ?? true)
    await new Promise((r) => setTimeout(r, SETTLE_MEMORY_AFTER_MS + memoryReducerFollowUpMs));
  // Each service's schema is `<service><schemaSuffix>`: a run drops exactly its own.
  return Object.assign(system, { schemaSuffix: `_bench_${id}` });
}

/**
 * Removes what a run left behind, after its system stopped: its schemas (every service's
 * `<name><schemaSuffix>`) and its event stream (namespace `bench_<id>`), which would otherwise stay on the
 * shared NATS server with every message and consumer of the run.
 */
export async function dropRunSchemas(schemaSuffix: string): Promise<void> {
  const admin = new pg.Client({ connectionString: loadConfig('tracking', 0).databaseUrl });
  await admin.connect();
  const { rows } = await admin.query<{ name: string }>(
    'select nspname as name from pg_namespace where nspname like $1',
    [`%${schemaSuffix}`],
  );
  for (const { name } of rows) await admin.query(`drop schema if exists "${name}" cascade`);
  await admin.end();
  await dropRunStream(schemaSuffix.slice(1));
}

/** A connection to the NATS server(s) the services are configured with (NATS_URL, comma-separated). */
async function connectToNats() {
  const { connect } = await import('@nats-io/transport-node');
  const servers = loadConfig('shipments', 0)
    .natsUrl.split(',')
    .map((s) => s.trim());
  return connect({ servers });
}

/** Deletes a run's event stream (its namespace's), when there is one; never a stream not a run's own. */
async function dropRunStream(namespace: string): Promise<void> {
  if (!/^bench_[0-9a-f]+$/.test(namespace))
    throw new Error(`not a benchmark run's namespace: "${namespace}"`);
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const nc = await connectToNats();
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(streamName(namespace)).catch(() => undefined);
  } finally {
    await nc.close();
  }
}

export const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export interface LoadResult {
  count: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

/** Runs `task` from `concurrency` loops for `seconds` (bounded), on loopback only. */
export async function load(
  task: () => Promise<boolean>,
  concurrency: number,
  seconds: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let failures = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const ok = await task().catch(() => false);
        latencies.push(performance.now() - t0);
        if (!ok) failures++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    count: latencies.length,
    seconds: elapsed,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures,
  };
}

export const agent = new Agent({ connections: 64, pipelining: 1 });

export async function httpGet(url: string, headers: Record<string, string>): Promise<boolean> {
  const res = await request(url, { dispatcher: agent, headers });
  await res.body.dump();
  return res.statusCode === 200;
}

export const fmt = (n: number, digits = 2) => n.toFixed(digits);

/** Prints a row of p50/p99 (ms) of `times`, the label padded to `width`. */
export function reportTimes(label: string, times: number[], width = 62): void {
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(width)} p50 ${fmt(percentile(times, 50)).padStart(7)} ms  p99 ${fmt(percentile(times, 99)).padStart(7)} ms`,
  );
}

/** Times `runs` calls of `run(i)` one after another (after 50 not counted) and prints their p50/p99. */
export async function timeRuns(
  label: string,
  runs: number,
  run: (i: number) => Promise<unknown>,
  width?: number,
): Promise<void> {
  for (let i = 0; i < 50; i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await run(i);
    times.push(performance.now() - t0);
  }
  reportTimes(label, times, width);
}

/**
 * Creates an In Transit LTL load of the demo customer Acme with `carrier` on its linehaul, Dayton, OH →
 * Chicago, IL, through the gateway (POST /api/shipments); answers its id.
 */
export async function createInTransitShipment(
  url: string,
  headers: Record<string, string>,
  carrier: { name: string; scac: string; proNumber?: string },
  dispatcher: Dispatcher = agent,
): Promise<number> {
  const res = await request(`${url}/api/shipments`, {
    method: 'POST',
    dispatcher,
    headers,
    body: JSON.stringify({
      customerOrganizationId: 'org_demo_acme',
      shipmentType: ShipmentType.values.LTL,
      status: ShipmentStatus.values.InTransit,
      transitDays: 2,
      totalWeight: 1500,
      transitLegs: [
        {
          transitType: 1,
          carrierMasterName: carrier.name,
          scac: carrier.scac,
          ...(carrier.proNumber ? { proNumber: carrier.proNumber } : {}),
        },
      ],
      stops: [
        { stopType: 'FirstPick', city: 'Dayton', state: 'OH', scheduledReadyDateTime: '2026-11-23T08:00' },
        { stopType: 'LastDrop', city: 'Chicago', state: 'IL' },
      ],
    }),
  });
  const body = (await res.body.json()) as { shipmentId: number };
  if (res.statusCode !== 201) throw new Error(`creating a shipment answered ${res.statusCode}`);
  return body.shipmentId;
}

/** CPU seconds (user + system) a process has used so far (Linux `/proc`). */
export const cpuSeconds = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** A process's resident memory now, in MB (Linux `/proc`). */
export const rssMb = (pid: number): number => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
};

/** The servers the system stands on, by process name: their CPU belongs in a run's account too. */
const servers = { postgresql: 'postgres', redis: 'redis-server', nats: 'nats-server' } as const;

/** CPU seconds so far of every process named `comm` (PostgreSQL runs one per connection). */
function cpuSecondsOfAll(comm: string): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === comm) total += cpuSeconds(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return total;
}

/**
 * Starts counting CPU seconds of each process of the system, the servers it stands on (connections that
 * end during the run take their seconds with them) and this load client; `read()` answers a line such
 * as `shipments 2.1, …, postgresql 8.0, load client 0.5`.
 */
export function cpuAccount(system: RunningSystem): { read: () => string } {
  const processes = [...system.processes].map(([name, child]) => ({ name, pid: child.pid! }));
  const before = processes.map((p) => cpuSeconds(p.pid));
  const serversBefore = Object.values(servers).map(cpuSecondsOfAll);
  const clientBefore = process.cpuUsage();
  return {
    read: () => {
      const parts = processes.map((p, i) => `${p.name} ${fmt(cpuSeconds(p.pid) - before[i]!, 2)}`);
      for (const [i, [name, comm]] of Object.entries(servers).entries())
        parts.push(`${name} ${fmt(cpuSecondsOfAll(comm) - serversBefore[i]!, 2)}`);
      const client = process.cpuUsage(clientBefore);
      parts.push(`load client ${fmt((client.user + client.system) / 1e6, 2)}`);
      return parts.join(', ');
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// CPU by process, PostgreSQL's share attributed by connection (issue 19): the PostgreSQL server, NATS and
// Redis are shared with whatever else runs on the machine, so PostgreSQL's backends are counted only when
// they serve the run's connections (`application_name`, set through PGAPPNAME for every process the run
// starts and for pgbench), and each process of the system with the children it started.

/** Every process's parent (Linux `/proc`), to find the children a service started. */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      map.set(
        Number(entry),
        Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]),
      );
    } catch {
      // ended while we looked
    }
  }
  return map;
}

const cpuOrUndefined = (pid: number): number | undefined => {
  try {
    return cpuSeconds(pid);
  } catch {
    return undefined;
  }
};

/**
 * Counts CPU seconds of a set of processes that may come and go: each one from when it was first seen
 * (from 0 when it started after `start`) to the last time it was sampled, so one that ends between two
 * samples loses at most a sampling interval of its time.
 */
class CpuLedger {
  private readonly seen = new Map<number, { group: string; first: number; last: number }>();
  /** `pids` by group; `fresh` when a process not seen at the first sample started since (counted from 0) */
  sample(pids: Iterable<[number, string]>, fresh: boolean): void {
    for (const [pid, group] of pids) {
      const now = cpuOrUndefined(pid);
      if (now === undefined) continue;
      const known = this.seen.get(pid);
      if (known) known.last = now;
      else this.seen.set(pid, { group, first: fresh ? 0 : now, last: now });
    }
  }
  totals(): Map<string, number> {
    const sums = new Map<string, number>();
    for (const { group, first, last } of this.seen.values())
      sums.set(group, (sums.get(group) ?? 0) + last - first);
    return sums;
  }
}

/** The servers counted whole: on a shared machine their figures include other work. */
const sharedServers = { nats: 'nats-server', redis: 'redis-server' } as const;

/** CPU seconds this process spent sampling, by every meter: not the load client's. */
let metersCpu = 0;

export interface CpuMeter {
  /** stops sampling; CPU seconds by process name (`postgresql` = the run's backends), `load client` last */
  stop(): Promise<Map<string, number>>;
}

/**
 * Starts counting, every `intervalMs`, the CPU of PostgreSQL backends whose `application_name` is
 * `appName`, of `processes` (by name, with their descendants), of NATS and Redis, and of this process
 * (the load client) and the children it has waited for (`includeReapedChildren`, e.g. pgbench).
 */
export async function cpuMeter(options: {
  databaseUrl: string;
  appName: string;
  processes?: Map<string, { pid?: number | undefined }>;
  includeReapedChildren?: boolean;
  intervalMs?: number;
}): Promise<CpuMeter> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({
    connectionString: options.databaseUrl,
    application_name: 'loadline_cpu_meter',
  });
  // a connection the server ends (a restart, another session's cleanup) fails the query, not the process
  client.on('error', () => undefined);
  await client.connect();
  const ledger = new CpuLedger();
  const roots = new Map<number, string>();
  for (const [name, child] of options.processes ?? []) if (child.pid) roots.set(child.pid, name);
  const serverPids = (): [number, string][] => {
    const found: [number, string][] = [];
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
        for (const [name, c] of Object.entries(sharedServers))
          if (comm === c) found.push([Number(entry), name]);
      } catch {
        // ended while we looked
      }
    }
    return found;
  };
  const processPids = (): [number, string][] => {
    const parentOf = parents();
    const found: [number, string][] = [];
    for (const pid of parentOf.keys()) {
      for (let p: number | undefined = pid; p !== undefined && p > 1; p = parentOf.get(p)) {
        const name = roots.get(p);
        if (name) {
          found.push([pid, name]);
          break;
        }
      }
    }
    return found;
  };
  const backendPids = async (): Promise<[number, string][]> => {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where application_name = $1',
      [options.appName],
    );
    return rows.map((r) => [r.pid, 'postgresql']);
  };
  // The processes and servers change rarely: looked up at the start, every second and at the end; the
  // backends at every sample. The meter's own CPU is kept out of the load client's.
  const servers = serverPids();
  let tree = processPids();
  let samples = 0;
  // every meter's sampling so far, when this one started: two meters at once each keep both out
  const metersBefore = metersCpu;
  const sampleAll = async (fresh: boolean, full = false) => {
    const backends = await backendPids();
    const t0 = process.cpuUsage();
    if (full || ++samples % 10 === 0) tree = processPids();
    ledger.sample([...tree, ...servers, ...backends], fresh);
    const used = process.cpuUsage(t0);
    metersCpu += (used.user + used.system) / 1e6;
  };
  const selfBefore = process.cpuUsage();
  const childrenCpu = (): number => {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  };
  const childrenBefore = childrenCpu();
  await sampleAll(false);
  let sampling: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(() => sampleAll(true)).catch(() => undefined);
  }, options.intervalMs ?? 100);
  return {
    stop: async () => {
      clearInterval(timer);
      await sampling;
      await sampleAll(true, true);
      await client.end();
      const totals = ledger.totals();
      const self = process.cpuUsage(selfBefore);
      let client_ = (self.user + self.system) / 1e6 - (metersCpu - metersBefore);
      if (options.includeReapedChildren) client_ += childrenCpu() - childrenBefore;
      totals.set('load client', client_);
      return totals;
    },
  };
}

/** A consumer's lag: events not yet handled, and how long ago the oldest of them was published. */
export interface ConsumerLag {
  events: number;
  seconds: number;
}

/**
 * The JetStream consumers of a run's stream (namespace `bench_<id>`) and how far each is behind: the events
 * published but not yet handled (not delivered, or delivered and not acknowledged), and the age of the first
 * stream message after its acknowledgement floor (the oldest it has not handled, or one published just
 * before it: the age is never understated).
 */
export async function eventLag(
  namespace: string,
): Promise<{ lag: () => Promise<Map<string, ConsumerLag>>; close: () => Promise<void> }> {
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const nc = await connectToNats();
  const jsm = await jetstreamManager(nc);
  const stream = streamName(namespace);
  return {
    lag: async () => {
      const lags = new Map<string, ConsumerLag>();
      const now = Date.now();
      for await (const info of jsm.consumers.list(stream)) {
        const events = info.num_pending + info.num_ack_pending;
        let seconds = 0;
        if (events > 0) {
          // the oldest event of the consumer's own subject after its ack floor: the stream's next message
          // may be another subject's, published long before (say, at the end of an earlier run)
          const filter = info.config.filter_subject;
          const oldest = await jsm.streams
            .getMessage(
              stream,
              filter
                ? ({ seq: info.ack_floor.stream_seq + 1, next_by_subj: filter } as never)
                : { seq: info.ack_floor.stream_seq + 1 },
            )
            .catch(() => null);
          if (oldest) seconds = Math.max(0, (now - oldest.time.getTime()) / 1000);
        }
        lags.set(info.name, { events, seconds });
      }
      return lags;
    },
    close: () => nc.close(),
  };
}
