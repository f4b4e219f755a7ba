// The authorization matrix (issue 14, decision 0013): every operation of the OpenAPI documents, called
// through the gateway of the whole running system as anonymous, as another customer, as another broker's
// staff and as a lower role, must be refused (401, 403, or 404 for another's resource), and its allowed
// caller must get a 2xx (so the matrix cannot pass by refusing everyone). A refused write changes nothing
// (a read of the resource answers the same before and after); no answer anyone gets shows another
// tenant's data, and no customer sees a staff-only (Private) note or file. The table is ./matrix.ts.
import { demoUsers } from '@loadline/contracts/demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Operation, readOperations } from '../../dev/openapi-operations.ts';
import { type Access, type MatrixEntry, matrix, type RequestContext } from './matrix.ts';
import {
  type Answer,
  buildQuery,
  type Caller,
  type Request,
  type SignedIn,
  signedInCallers,
  startWorld,
  type Tenant,
  type World,
} from './world.ts';

const operations = readOperations();
const keyOf = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;

interface Check {
  route: string;
  who: Caller;
  /** whose resource the request names */
  tenant: Tenant;
  /** what the check is about, for the report */
  role: string;
  request: Request;
  /** wanted statuses; '2xx' for an allowed call */
  expect: number[] | '2xx';
  answer?: (json: unknown) => boolean;
}

const customerOf: Record<'acme' | 'globex', SignedIn> = { acme: 'shipper', globex: 'buyer' };
const otherOf: Record<'acme' | 'globex', 'acme' | 'globex'> = { acme: 'globex', globex: 'acme' };

const permissionOf = (access: Access) => (typeof access === 'object' ? access.permission : undefined);
/** The permissions ops is seeded with (contracts/demo). */
const opsPermissions = new Set<string>(demoUsers.find((u) => u.email === 'ops@demo.test')!.permissions);

/** Callers whose answers may show each tenant's data (the rest must never see it). */
function forbiddenMarkers(world: World, who: SignedIn): string[] {
  const m = world.markers;
  switch (who) {
    case 'admin':
      return [...m.rival, ...m.rivalBroker];
    case 'ops':
    case 'clerk':
      return [...m.rival, ...m.rivalBroker, ...world.adminMarkers];
    case 'shipper':
      return [...m.globex, ...m.rival, ...m.rivalBroker, ...world.privateMarkers, ...world.adminMarkers];
    case 'buyer':
      return [...m.acme, ...m.rival, ...m.rivalBroker, ...world.privateMarkers, ...world.adminMarkers];
    case 'rival':
      return [...m.acme, ...m.globex, ...m.demoBroker, ...world.adminMarkers];
    case 'rivalClient':
      return [...m.acme, ...m.globex, ...m.demoBroker, ...world.privateMarkers, ...world.adminMarkers];
  }
}

/** Every check of one entry (decision 0013 lists them). */
function checksOf(route: string, entry: MatrixEntry, world: World, context: RequestContext): Check[] {
  const checks: Check[] = [];
  const ids = world.ids;
  const T = entry.owner ?? 'acme';
  const O = otherOf[T];
  const build = (tenant: Tenant) => entry.request(ids[tenant], context);
  const add = (
    who: Caller,
    tenant: Tenant,
    role: string,
    expect: Check['expect'],
    answer?: Check['answer'],
  ) => {
    const request = build(tenant);
    if (request) checks.push({ route, who, tenant, role, request, expect, answer });
  };
  const permission = permissionOf(entry.access);
  const isRead = build(T)?.method === 'GET';

  if (entry.access === 'public') {
    add('anonymous', T, 'anyone, signed in or not', '2xx');
    return checks;
  }
  add('anonymous', T, 'anonymous', [401]);

  // A customer user of another organization: 404 where customers may use the route, else 403.
  const foreignCustomer = [
    entry.refusals?.otherCustomer ?? (entry.access === 'customersAndStaff' ? 404 : 403),
  ];
  const otherBroker = [entry.refusals?.otherBroker ?? 404];
  const otherBrokerAnswer = entry.refusals?.answer;
  const staffOnly = entry.access === 'staff' || permission !== undefined;

  if (entry.resource === 'none') {
    const allowed: SignedIn[] =
      entry.access === 'anyone' || entry.access === 'customersAndStaff'
        ? [...signedInCallers]
        : entry.access === 'staff'
          ? ['admin', 'ops', 'clerk', 'rival']
          : ['admin', 'rival'];
    for (const who of signedInCallers) {
      if (allowed.includes(who)) {
        // Reads: everyone allowed, each about its own tenant. Writes: the demo broker's admin or staff (at
        // the end), and the rival, whose write must not reach the demo broker's data (the read-back).
        if (who === 'rival' && entry.refusals?.otherBroker !== undefined) {
          // The other broker's own tenant answers otherwise (e.g. it has no such template): as the entry says.
          add(who, T, entry.refusals.why, [entry.refusals.otherBroker], entry.refusals.answer);
        } else if (
          entry.noAllowedCall === undefined &&
          (isRead || who === 'rival' || who === (staffOnly ? 'admin' : 'shipper'))
        ) {
          add(who, T, isRead ? 'allowed, its own tenant' : 'allowed', '2xx');
        }
      } else {
        add(who, T, permission ? `lower role (without ${permission})` : 'lower role (a customer)', [403]);
      }
    }
    return checks;
  }

  // The allowed caller, on its own tenant's resource.
  const allowedAs =
    entry.allowedAs ??
    (entry.access === 'customersAndStaff' ? customerOf[T] : entry.access === 'staff' ? 'ops' : 'admin');
  if (entry.noAllowedCall === undefined) add(allowedAs, T, 'allowed', '2xx');
  if (isRead && allowedAs !== 'ops' && (entry.access === 'customersAndStaff' || entry.access === 'staff'))
    add('ops', T, 'allowed (staff)', '2xx');
  if (isRead && entry.access === 'staff') add('clerk', T, 'allowed (staff without permissions)', '2xx');

  // Another customer, both ways; another broker's customer user; another broker's staff.
  add(customerOf[O], T, 'another customer', foreignCustomer);
  add(customerOf[T], O, 'another customer', foreignCustomer);
  add('rivalClient', T, "another broker's customer", foreignCustomer);
  add('rival', T, "another broker's staff", otherBroker, otherBrokerAnswer);
  // The demo broker's staff and customer on the other broker's resource.
  add('admin', 'rival', "staff on another broker's resource", otherBroker, otherBrokerAnswer);
  add(customerOf[T], 'rival', "a customer on another broker's resource", foreignCustomer);

  // Lower roles on the route's own tenant.
  if (staffOnly) add(customerOf[T], T, 'lower role (a customer)', [403]);
  if (permission) {
    add('clerk', T, `lower role (without ${permission})`, [403]);
    if (!opsPermissions.has(permission)) add('ops', T, `lower role (without ${permission})`, [403]);
  }
  return checks;
}

/** Runs `work` over `items`, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!);
      }
    }),
  );
  return results;
}

const describeRequest = (r: Request) => `${r.method} ${r.path}${buildQuery(r.query)}`;

function verdict(world: World, check: Check, answer: Answer): string | undefined {
  const got = `${check.role}: ${check.who} → ${describeRequest(check.request)} answered ${answer.status}`;
  const ok =
    check.expect === '2xx'
      ? answer.status >= 200 && answer.status < 300
      : check.expect.includes(answer.status);
  if (!ok) {
    return `${got}, wanted ${check.expect === '2xx' ? 'a 2xx' : check.expect.join(' or ')}: ${answer.text.slice(0, 200)}`;
  }
  if (check.answer && !check.answer(answer.json))
    return `${got} but its answer does not show a refusal: ${answer.text.slice(0, 200)}`;
  if (check.who !== 'anonymous' && answer.status < 300) {
    const groups = { ...world.markers, private: world.privateMarkers, admin: world.adminMarkers };
    for (const [group, markers] of Object.entries(groups)) {
      if (markers.some((m) => answer.text.includes(m))) markersSeen.add(group);
    }
    const leaked = forbiddenMarkers(world, check.who).filter((m) => answer.text.includes(m));
    if (leaked.length > 0) return `${got} and shows what is not theirs: ${leaked.join(', ')}`;
    const problem = matrix[check.route]?.check?.(check.who, answer.json, world.ids);
    if (problem) return `${got} but ${problem}`;
  }
  return undefined;
}

let world: World;
/** the marker groups some allowed answer showed: proof that a leak of them would be seen */
const markersSeen = new Set<string>();
/** route → its failures */
const failures = new Map<string, string[]>();
const fail = (route: string, message: string) =>
  failures.set(route, [...(failures.get(route) ?? []), message]);
let ran = 0;

beforeAll(async () => {
  const started = Date.now();
  const lap = (what: string) =>
    console.log(`authorization matrix: ${what} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  world = await startWorld(lap);
  lap('the world is ready');
  let n = 0;
  const context: RequestContext = {
    opsConnectionId: world.opsConnectionId,
    unique: () => `${Date.now().toString(36)}${(n++).toString(36)}`,
    driverToken: world.driverToken,
  };
  const documented = new Set(operations.map(keyOf));
  const entries = Object.entries(matrix).filter(([route]) => documented.has(route));
  const checks = entries.flatMap(([route, entry]) => checksOf(route, entry, world, context));

  // Which calls wait for the end: the allowed writes (and allowed reads with a read-back: a GET that
  // writes, like the consolidation push), one at a time, deletions and the carrier's status last.
  const atEnd = (c: Check) =>
    c.expect === '2xx' &&
    c.who !== 'rival' &&
    (c.request.method !== 'GET' || matrix[c.route]!.readBack !== undefined);
  const first = checks.filter((c) => !atEnd(c));
  const last = checks
    .filter(atEnd)
    .sort(
      (a, b) =>
        Number(a.request.method === 'DELETE') - Number(b.request.method === 'DELETE') ||
        Number(a.route === 'PUT /api/brokerCarrier/status') -
          Number(b.route === 'PUT /api/brokerCarrier/status'),
    );

  // The read-backs of the writes, as the resource's own staff see them, before the refusals.
  const readBacks = entries.flatMap(([route, entry]) => {
    if (!entry.readBack) return [];
    const tenants: Tenant[] = entry.resource === 'none' ? ['acme', 'globex'] : ['acme', 'globex', 'rival'];
    return tenants.flatMap((tenant) => {
      const request = entry.readBack!(world.ids[tenant]);
      const who: SignedIn = tenant === 'rival' ? 'rival' : 'admin';
      return request ? [{ route, tenant, who, request }] : [];
    });
  });
  // Request ids differ from call to call; the rest of the answer must not.
  const read = () =>
    inBatches(readBacks, 8, async (r) => {
      const answer = await world.call(r.who, r.request);
      return { status: answer.status, text: answer.text.replace(/"requestId":"[^"]*"/g, '') };
    });
  const before = await read();

  await inBatches(first, 12, async (check) => {
    const problem = verdict(world, check, await world.call(check.who, check.request));
    if (problem) fail(check.route, problem);
  });

  lap(`${first.length} calls made`);
  const after = await read();
  readBacks.forEach((r, i) => {
    if (before[i]!.status !== after[i]!.status || before[i]!.text !== after[i]!.text) {
      fail(
        r.route,
        `a refused call changed ${r.tenant}'s ${describeRequest(r.request)}: before ${before[i]!.status} ${before[i]!.text.slice(0, 300)}, after ${after[i]!.status} ${after[i]!.text.slice(0, 300)}`,
      );
    }
  });

  for (const check of last) {
    const problem = verdict(world, check, await world.call(check.who, check.request));
    if (problem) fail(check.route, problem);
  }
  ran = checks.length;
  lap(`${last.length} allowed writes made`);
  // The system's start and some 1,500 calls: beside the first journeys and the type check on a slower
  // two-core machine, the start alone took 151 s and the calls 120 s more (stop 38: 300 s ran out).
}, 900_000);

afterAll(async () => {
  await world?.stop();
});

describe('the authorization matrix', () => {
  it('has an entry for every documented operation', () => {
    const missing = operations.map(keyOf).filter((k) => !(k in matrix));
    expect(missing, 'operations of contracts/openapi without an entry in infra/authz/test/matrix.ts').toEqual(
      [],
    );
  });

  it('names no operation that is not documented', () => {
    const documented = new Set(operations.map(keyOf));
    expect(Object.keys(matrix).filter((k) => !documented.has(k))).toEqual([]);
  });

  it("would see a leak: each tenant's markers show in the answers of those who may see them", () => {
    expect([...markersSeen].sort()).toEqual([
      'acme',
      'admin',
      'demoBroker',
      'globex',
      'private',
      'rival',
      'rivalBroker',
    ]);
  });

  it('ran its checks', () => {
    // Every entry gives at least the anonymous call; most give six or more.
    expect(ran).toBeGreaterThan(operations.length * 3);
  });

  for (const op of operations) {
    const route = keyOf(op);
    it(`${route} refuses whom it must and answers whom it may`, () => {
      expect(failures.get(route) ?? []).toEqual([]);
    });
  }
});
