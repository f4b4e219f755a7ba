// The order `npm test` hands its files to the pool: the longest first, so that the last minutes are spent on
// many short files side by side and not on one long file alone (on two cores, a type check or a journey
// started last kept the run going 1–2 minutes after everything else had finished).
import { statSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, first to last: the type check of the whole monorepo (over a minute), then every
 * file that starts a whole system (infra/dev/system.ts: the journeys, the authorization matrix, the bad-input
 * fuzz, the fault tests), each 20 s to 4 minutes.
 */
export const longestFirst: readonly RegExp[] = [
  /^infra\/dev\/test\/typecheck\.test\.ts$/,
  /^frontends\/e2e\/test\/.*\.test\.ts$/,
  /^infra\/(authz|fuzz|chaos)\/test\/.*\.test\.ts$/,
];

/** A file's place among `longestFirst`, or after them all. */
export function rankOf(path: string): number {
  const rank = longestFirst.findIndex((pattern) => pattern.test(path));
  return rank === -1 ? longestFirst.length : rank;
}

/**
 * Vitest's own order puts each project's files together (frontends, journeys, services by name) and, on a clone
 * without its cache of durations, the larger files of each first. This keeps its groups (`sequence.groupOrder`)
 * and orders across projects: by `longestFirst`, then the larger file first.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const keyed = files.map((spec) => ({
      spec,
      group: spec.project.config.sequence.groupOrder,
      rank: rankOf(relative(root, spec.moduleId)),
      size: statSync(spec.moduleId).size,
    }));
    keyed.sort((a, b) => a.group - b.group || a.rank - b.rank || b.size - a.size);
    return keyed.map(({ spec }) => spec);
  }
}
