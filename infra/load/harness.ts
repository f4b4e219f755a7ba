// Shared pieces of the benchmarks: a system started on its own ports (+20000, or
// BENCH_PORT_OFFSET) and schemas, a bounded
// load loop on loopback, and percentiles. Benchmarks print figures; nothing here asserts.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { type RunningSystem, startSystem } from '../dev/system.ts';

export async function benchSystem(): Promise<RunningSystem & { schemaSuffix: string }> {
  const id = randomBytes(3).toString('hex');
  const system = await startSystem({
    portOffset: Number(process.env.BENCH_PORT_OFFSET ?? 20_000),
    schemaSuffix: `_bench_${id}`,
    eventNamespace: `bench_${id}`,
    queuePrefix: `bench_${id}`,
    seedDemoData: true,
    quiet: true,
    log: () => undefined,
  });
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
