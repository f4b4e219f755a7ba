// Issue 14, "Bad input answers 4xx, never 5xx": every operation of the committed OpenAPI documents, sent
// through the gateway of the real system by each demo caller (anonymous, a customer, staff, an admin), with
// values generated from its schemas by fast-check: spoilt in one place by each class of bad input, and
// well-meaning. No answer may be a 5xx or take over 5 s; every 4xx is in the one error shape with a
// message of at most 500 characters, and a 400 names the field; an anonymous call to a guarded route
// answers 401 whatever it sends; a refused request changes nothing stored.
//
// Bounded (a few thousand requests) and reproducible: a fixed seed (FUZZ_SEED), each check's seed derived
// from it and printed with any failure. FUZZ_RUNS sets the runs per operation, caller and class;
// FUZZ_ONLY="PUT /api/users" limits the run to the operations whose "METHOD path" contains it.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Operation, readOperations } from '../../dev/openapi-operations.ts';
import { type CaseKind, caseKinds, casesOf, type FuzzRequest } from '../cases.ts';
import {
  type Answer,
  changedTables,
  describeCase,
  type FuzzSystem,
  inPool,
  problemsOf,
  send,
  signIn,
  snapshot,
  startFuzzSystem,
} from '../harness.ts';

const baseSeed = Number(process.env.FUZZ_SEED ?? 14);
const runs = Number(process.env.FUZZ_RUNS ?? 1);
const only = process.env.FUZZ_ONLY;
/** Operations sent at once (each sends its cases one after another). */
const concurrency = 4;

const callers = {
  anonymous: undefined,
  customer: 'shipper@acme.test',
  staff: 'ops@demo.test',
  admin: 'admin@demo.test',
} as const;
type CallerName = keyof typeof callers;
const callerNames = Object.keys(callers) as CallerName[];

const operations = readOperations()
  .filter((op) => !only || `${op.method} ${op.path}`.includes(only))
  // Signing out would end the session the fuzz calls with: it goes last.
  .sort((a, b) => Number(a.path === '/api/auth/logout') - Number(b.path === '/api/auth/logout'));

/** A check's own seed: the same for the same operation, caller and class whatever else runs. */
const seedOf = (text: string): number => {
  let hash = 2166136261 ^ baseSeed;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash | 0;
};

let fuzz: FuzzSystem;
const cookies = new Map<CallerName, string | undefined>();

beforeAll(async () => {
  fuzz = await startFuzzSystem();
  for (const name of callerNames) {
    const email = callers[name];
    cookies.set(name, email ? await signIn(fuzz.system.url, email) : undefined);
  }
}, 300_000);

afterAll(async () => {
  await fuzz?.stop();
});

interface Failure {
  line: string;
}

/** Runs one class of case for one operation as one caller; a failure reports the seed and the case. */
async function check(
  op: Operation,
  caller: CallerName,
  kind: CaseKind,
  guarded: boolean,
  failures: Failure[],
) {
  const cases = casesOf(op, kind);
  if (!cases) return 0;
  const seed = seedOf(`${op.method} ${op.path} ${caller} ${kind}`);
  const answers = new WeakMap<FuzzRequest, Answer>();
  let sent = 0;
  const details = await fc.check(
    fc.asyncProperty(cases, async (request) => {
      const answer = await send(fuzz.system.url, request, cookies.get(caller));
      sent++;
      answers.set(request, answer);
      const problems = problemsOf(request, answer, { guarded, anonymous: caller === 'anonymous' });
      if (problems.length > 0) throw new Error(problems.join('; '));
    }),
    // Well-meaning calls vary more than one spoilt field does: twice the runs.
    { seed, numRuns: kind === 'valid' ? runs * 2 : runs, endOnFailure: true },
  );
  if (details.failed) {
    const [request] = details.counterexample ?? [];
    const answer = request ? answers.get(request) : undefined;
    failures.push({
      line:
        `${op.method} ${op.path} as ${caller}, ${kind} [FUZZ_SEED=${baseSeed}, seed ${details.seed}, path ${details.counterexamplePath}]: ` +
        `${(details.errorInstance as Error | undefined)?.message ?? String(details.errorInstance)}\n    ` +
        (request && answer ? describeCase(request, answer) : ''),
    });
  }
  return sent;
}

describe('bad input through the gateway (issue 14)', () => {
  const guardedOps = new Set<Operation>();

  it('answers bad input to every operation, as every caller, with a bounded 4xx naming the field, and changes nothing stored', async () => {
    // Which operations check who is calling: a well-meaning anonymous call answers 401.
    await inPool(operations, concurrency, async (op) => {
      const sample = fc.sample(casesOf(op, 'valid')!, {
        seed: seedOf(`${op.method} ${op.path} probe`),
        numRuns: 1,
      })[0]!;
      // The access guards' answer (a sign-in's wrong password is a 401 of another kind).
      const answer = await send(fuzz.system.url, sample, undefined);
      if (answer.status === 401 && answer.text.includes('"Please log in to continue."')) guardedOps.add(op);
    });
    const before = await snapshot(fuzz.schemas);
    const failures: Failure[] = [];
    let sent = 0;
    const started = performance.now();
    await inPool(operations, concurrency, async (op) => {
      for (const caller of callerNames)
        for (const kind of caseKinds.filter((k) => k !== 'valid')) {
          const n = await check(op, caller, kind, guardedOps.has(op), failures);
          sent += n;
        }
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `bad input: ${sent} requests to ${operations.length} operations in ${seconds.toFixed(1)} s, ${failures.length} failing checks`,
    );
    // A refused request leaves the stored data as it was, and the callers' sessions alive.
    const changed = changedTables(before, await snapshot(fuzz.schemas));
    const sessions = await Promise.all(
      callerNames
        .filter((name) => cookies.get(name))
        .map(async (name) => {
          const me = await fetch(`${fuzz.system.url}/api/auth/me`, {
            headers: { cookie: cookies.get(name)! },
          });
          return `${name} ${me.status}`;
        }),
    );
    expect(failures.map((f) => f.line).join('\n')).toBe('');
    expect(changed).toEqual([]);
    expect(sessions).toEqual(['customer 200', 'staff 200', 'admin 200']);
    expect(sent).toBeGreaterThan(operations.length * 4);
  }, 600_000);

  it('answers well-meaning calls of every operation, as every caller, without a 5xx or a hang', async () => {
    const failures: Failure[] = [];
    let sent = 0;
    const signOut = operations.filter((op) => op.path === '/api/auth/logout');
    const rest = operations.filter((op) => !signOut.includes(op));
    const run = async (op: Operation) => {
      for (const caller of callerNames) {
        const n = await check(op, caller, 'valid', guardedOps.has(op), failures);
        sent += n;
      }
    };
    await inPool(rest, concurrency, run);
    for (const op of signOut) await run(op);
    console.log(`well-meaning: ${sent} requests, ${failures.length} failing checks`);
    expect(failures.map((f) => f.line).join('\n')).toBe('');
  }, 600_000);
});
