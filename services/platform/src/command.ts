// The one optimistic-retry loop of a command (decide/evolve, after the EventSourcing.NodeJS shape): load the
// state, let the pure decider say what happens (events, or the problems that refuse it), evolve the state
// with those events, and save the new state with its events only if the stored state is still the one
// loaded. When another change came between, load and decide anew, up to `attempts` times.
//
// The loop holds no connection and opens no transaction of its own: `save` writes atomically (one
// statement guarded by the loaded version, or its own transaction), so a lost race costs one round trip and
// nothing is held while the decider runs.
import type { FieldProblem, Result } from './problems.ts';

export interface CommandSpec<State, Event, Saved> {
  /** the state the decision needs; undefined when there is none (not found, or not the caller's) */
  load: () => Promise<State | undefined>;
  /** pure: the events the command makes of this state, or the problems that refuse it */
  decide: (state: State) => Result<readonly Event[]>;
  /** pure: the state once the events have happened */
  evolve: (state: State, events: readonly Event[]) => State;
  /**
   * writes `after` and its events if the stored state is still `before`; undefined when another change
   * came between (the loop then loads and decides again)
   */
  save: (before: State, after: State, events: readonly Event[]) => Promise<Saved | undefined>;
  /** attempts before giving up on a state that keeps changing (default 10) */
  attempts?: number;
}

export type CommandOutcome<State, Event, Saved> =
  | { kind: 'saved'; before: State; after: State; events: readonly Event[]; saved: Saved }
  | { kind: 'refused'; problems: FieldProblem[]; state: State }
  | { kind: 'missing' }
  /** every attempt lost its race to another change */
  | { kind: 'contended'; attempts: number };

export const defaultCommandAttempts = 10;

export async function runCommand<State, Event, Saved>(
  spec: CommandSpec<State, Event, Saved>,
): Promise<CommandOutcome<State, Event, Saved>> {
  const attempts = spec.attempts ?? defaultCommandAttempts;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const before = await spec.load();
    if (before === undefined) return { kind: 'missing' };
    const decision = spec.decide(before);
    if (!decision.ok) return { kind: 'refused', problems: decision.problems, state: before };
    const after = spec.evolve(before, decision.value);
    const saved = await spec.save(before, after, decision.value);
    if (saved !== undefined) return { kind: 'saved', before, after, events: decision.value, saved };
  }
  return { kind: 'contended', attempts };
}
