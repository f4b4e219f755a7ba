// Start-up time of the whole system (dependencies installed, frontends built) and each
// process's resident memory after 10 s idle. Run: node infra/load/system.ts
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { benchSystem, fmt } from './harness.ts';

const t0 = performance.now();
const system = await benchSystem();
const ready = (performance.now() - t0) / 1000;
try {
  console.log(
    `system ready (services + gateway + demo sign-in working) in ${fmt(ready, 1)} s (target at most 60 s)`,
  );
  await new Promise((r) => setTimeout(r, 10_000));
  for (const [name, child] of system.processes) {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
    console.log(`${name.padEnd(10)} idle RSS ${fmt(kb / 1024, 1)} MB (target under 120 MB)`);
  }
} finally {
  await system.stop();
}
