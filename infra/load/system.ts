// Start-up time of the whole system (dependencies installed, frontends built) and each process's
// resident memory after 10 s idle: first on the fresh start that seeds the demo data, then after each
// process is restarted on that same data, as a deployed service runs (its first start's one-time work,
// such as rendering the demo PDFs, done). Run: node infra/load/system.ts
import { performance } from 'node:perf_hooks';
import { benchSystem, dropRunSchemas, fmt, rssMb } from './harness.ts';

const idleSeconds = 10;

const t0 = performance.now();
// Timed to ready, so it does not wait for the collection after start-up (the idle wait covers it).
const system = await benchSystem({ waitForStartupCollection: false });
const ready = (performance.now() - t0) / 1000;
try {
  console.log(
    `system ready (services + gateway + demo sign-in working) in ${fmt(ready, 1)} s (target at most 60 s)`,
  );
  await new Promise((r) => setTimeout(r, idleSeconds * 1000));
  const first = new Map([...system.processes].map(([name, child]) => [name, rssMb(child.pid!)]));

  // Restart each process on the data the first start wrote, then idle again.
  for (const [name, child] of system.processes) {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
    await system.relaunch(name);
  }
  await new Promise((r) => setTimeout(r, idleSeconds * 1000));
  console.log(`idle RSS after ${idleSeconds} s (target under 120 MB each):`);
  for (const [name, child] of system.processes) {
    const restarted = rssMb(child.pid!);
    console.log(
      `${name.padEnd(12)} first start (seeding the demo) ${fmt(first.get(name)!, 1).padStart(6)} MB · restarted ${fmt(restarted, 1).padStart(6)} MB ${restarted < 120 ? 'met' : 'NOT met'}`,
    );
  }
} finally {
  await system.stop();
  await dropRunSchemas(system.schemaSuffix);
}
