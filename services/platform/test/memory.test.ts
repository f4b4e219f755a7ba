import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { heapBound, settleMemory } from '../src/memory.ts';

const memoryModule = fileURLToPath(new URL('../src/memory.ts', import.meta.url));

describe('settling memory after start-up', () => {
  it('runs a full collection: an object nothing refers to any more is gone afterwards', async () => {
    let startupOnly: { rows: string[] } | undefined = {
      rows: Array.from({ length: 1000 }, (_, i) => `row ${i}`),
    };
    const ref = new WeakRef(startupOnly);
    startupOnly = undefined;
    // A WeakRef's target is kept until the job that made the ref has ended.
    await new Promise((resolve) => setTimeout(resolve, 0));
    settleMemory();
    expect(ref.deref()).toBeUndefined();
  });

  it('keeps what is still referred to', async () => {
    const kept = { rows: ['still used'] };
    const ref = new WeakRef(kept);
    await new Promise((resolve) => setTimeout(resolve, 0));
    settleMemory();
    expect(ref.deref()).toBe(kept);
  });

  it('leaves no gc function on the global object', () => {
    // In a process of its own, as a service runs: the flag it sets is the process's, so a test worker
    // thread started after another file's collection finds `gc` on its global whatever this code does.
    const script = `import { settleMemory } from ${JSON.stringify(memoryModule)};
      settleMemory();
      console.log(typeof globalThis.gc);`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('undefined');
  });
});

describe("a bound on a batch job's heap", () => {
  it('collects once the heap has grown by the headroom since the last collection, not before', async () => {
    const bound = heapBound(16 * 1024 * 1024);
    expect(bound()).toBe(false);
    // a batch's worth of garbage, kept alive long enough to be promoted, then dropped
    let batch: string[][] | undefined = Array.from({ length: 200_000 }, (_, i) => [`row ${i}`, `PO-${i}`]);
    const ref = new WeakRef(batch);
    batch = undefined;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(bound()).toBe(true);
    expect(ref.deref()).toBeUndefined();
    // what the collection left is the new floor: nothing more to collect yet
    expect(bound()).toBe(false);
  });
});
