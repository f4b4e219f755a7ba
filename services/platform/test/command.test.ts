// The one optimistic-retry loop: decide on what was loaded, save only if it is still so, else again.
import { describe, expect, it } from 'vitest';
import { runCommand } from '../src/command.ts';
import { fail, ok } from '../src/problems.ts';

interface Counter {
  version: number;
  value: number;
}
type Added = { type: 'Added'; by: number };

/** A store whose row another writer changes `interference` times before our save can land. */
function store(interference: number) {
  let row: Counter = { version: 1, value: 10 };
  let saves = 0;
  return {
    get row() {
      return row;
    },
    get saves() {
      return saves;
    },
    load: async () => ({ ...row }),
    save: async (before: Counter, after: Counter) => {
      saves++;
      if (interference-- > 0) row = { version: row.version + 1, value: row.value + 1 };
      if (row.version !== before.version) return undefined;
      row = { version: before.version + 1, value: after.value };
      return row;
    },
  };
}

const add = (by: number) => ({
  decide: (state: Counter) =>
    state.value + by > 100
      ? fail({ field: 'by', message: 'The counter stops at 100.' })
      : ok([{ type: 'Added', by } as Added]),
  evolve: (state: Counter, events: readonly Added[]) => ({
    ...state,
    value: events.reduce((v, e) => v + e.by, state.value),
  }),
});

describe('runCommand', () => {
  it('saves the evolved state with the events the decider made', async () => {
    const s = store(0);
    const outcome = await runCommand({ load: s.load, save: s.save, ...add(5) });
    expect(outcome).toMatchObject({
      kind: 'saved',
      events: [{ type: 'Added', by: 5 }],
      after: { value: 15 },
    });
    expect(s.row).toEqual({ version: 2, value: 15 });
  });

  it('decides again on the new state when another change came between', async () => {
    const s = store(2);
    const outcome = await runCommand({ load: s.load, save: s.save, ...add(5) });
    expect(outcome.kind).toBe('saved');
    // Two interfering changes added 1 each; ours applies on top of them, never over them.
    expect(s.row).toEqual({ version: 4, value: 17 });
    expect(s.saves).toBe(3);
  });

  it('refuses with the decider’s problems and writes nothing', async () => {
    const s = store(0);
    const outcome = await runCommand({ load: s.load, save: s.save, ...add(500) });
    expect(outcome).toMatchObject({
      kind: 'refused',
      problems: [{ field: 'by', message: 'The counter stops at 100.' }],
    });
    expect(s.saves).toBe(0);
  });

  it('answers missing when there is nothing to change, and contended after its last attempt', async () => {
    expect(await runCommand({ load: async () => undefined, save: async () => 1, ...add(1) })).toEqual({
      kind: 'missing',
    });
    const s = store(100);
    expect(await runCommand({ load: s.load, save: s.save, attempts: 3, ...add(1) })).toEqual({
      kind: 'contended',
      attempts: 3,
    });
  });
});
