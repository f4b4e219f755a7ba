// Shared pieces of the benchmarks: a system started on its own ports (+20000, or
// BENCH_PORT_OFFSET) and schemas, a bounded
// load loop on loopback, and percentiles. Benchmarks print figures; nothing here asserts.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { ShipmentStatus, ShipmentType } from '@loadline/contracts/catalogue';
import { SETTLE_MEMORY_AFTER_MS } from '@loadline/platform';
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
