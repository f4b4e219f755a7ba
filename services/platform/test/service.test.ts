// A service declared once: its HTTP app built with every server unreachable (the contract, HTTP-shape
// tests), and the same declaration built on the real servers with its consumer, its use case and its route.
import { subjects } from '@loadline/contracts/events';
import Type from 'typebox';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildHttp,
  type ConsumerDefinition,
  callerOf,
  defineService,
  depsOf,
  type Kysely,
  type PlatformTables,
  requireStaff,
  ServiceRuntime,
  saveIfNewer,
  serviceRoleOf,
} from '../src/index.ts';
import { buildService, eventually, testConfig, unreachableServers } from '../src/testing/index.ts';
import { userChanged } from './fixtures.ts';

interface Tables extends PlatformTables {
  user_copy: { user_id: string; email: string; version: number };
}

/** The smallest whole service: a setting, an adapter, a route, a consumer keeping a read model. */
const exampleService = defineService({
  name: 'example',
  port: 8199,
  description: 'An example service',
  paths: ['/api/example'],
  migrations: {
    '0001_user_copy': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('user_copy')
          .addColumn('user_id', 'text', (c) => c.primaryKey())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('version', 'integer', (c) => c.notNull())
          .execute();
      },
    },
  },
  settings: (env) => ({ greeting: env.EXAMPLE_GREETING ?? 'Hello' }),
  adapters: (settings) => ({ greeter: { greet: (name: string) => `${settings.greeting}, ${name}` } }),
  routes(app, deps) {
    app.get(
      '/api/example/users/:userId',
      {
        preHandler: requireStaff,
        schema: { params: Type.Object({ userId: Type.String({ maxLength: 64 }) }) },
      },
      async (request) => {
        callerOf(request);
        const user = await deps.runtime.db
          .selectFrom('user_copy')
          .selectAll()
          .where('user_id', '=', request.params.userId)
          .executeTakeFirst();
        return { greeting: deps.adapters.greeter.greet(request.params.userId), user: user ?? null };
      },
    );
  },
  consumers: (): ConsumerDefinition<typeof subjects.userChanged, Tables>[] => [
    {
      name: 'user-copy',
      subjects: [subjects.userChanged],
      handle: async (event, trx) => {
        await saveIfNewer(trx, 'user_copy', 'user_id', {
          user_id: event.data.userId,
          email: event.data.email,
          version: event.data.version,
        });
      },
    },
  ],
});

describe('a service built with every server unreachable', () => {
  it('builds its HTTP app and its OpenAPI document, and answers HTTP-shape requests', async () => {
    const runtime = await ServiceRuntime.offline<Tables>({
      config: testConfig('example', unreachableServers),
    });
    const app = await buildHttp(exampleService, depsOf(exampleService, runtime));
    await app.ready();
    expect(Object.keys((app.swagger() as { paths: object }).paths)).toEqual(['/api/example/users/{userId}']);
    const anonymous = await app.inject({ method: 'GET', url: '/api/example/users/usr_1' });
    expect(anonymous.statusCode).toBe(401);
    expect(() => runtime.nats.publish('x', '')).toThrow(/NATS is not connected/);
    await expect(runtime.start()).rejects.toThrow(/built offline/);
    await app.close();
    await runtime.close();
  });

  it('reads its role from SERVICE_ROLE: all by default, http or background to scale them apart', () => {
    expect(serviceRoleOf({})).toBe('all');
    expect(serviceRoleOf({ SERVICE_ROLE: 'background' })).toBe('background');
    expect(() => serviceRoleOf({ SERVICE_ROLE: 'workers' })).toThrow(/all, http or background/);
  });
});

describe('the same service on the real servers (buildService)', () => {
  let s: Awaited<
    ReturnType<
      typeof buildService<Tables, { greeting: string }, { greeter: { greet: (n: string) => string } }>
    >
  >;
  afterAll(async () => s?.cleanup());

  it('serves its route over its read model, kept by its consumer exactly once', async () => {
    s = await buildService(exampleService, { settings: { greeting: 'Howdy' } });
    const event = userChanged({ version: 2, email: 'copy@demo.test' });
    expect(await s.deliver(subjects.userChanged, event, '018f0000-0000-7000-8000-000000000001')).toBe(true);
    expect(await s.deliver(subjects.userChanged, event, '018f0000-0000-7000-8000-000000000001')).toBe(false);
    const res = await s.app.inject({
      method: 'GET',
      url: `/api/example/users/${event.userId}`,
      headers: s.as({}),
    });
    expect(res.json()).toEqual({
      greeting: `Howdy, ${event.userId}`,
      user: { user_id: event.userId, email: 'copy@demo.test', version: 2 },
    });
  });
});

describe('work at each start of the background (atStart)', () => {
  it('runs once its schedules are registered when the background starts; never for the HTTP app alone', async () => {
    const seen: number[] = [];
    const withStart = defineService({
      ...exampleService,
      schedules: () => [
        { queue: 'example-nightly', id: 'example-nightly', repeat: { every: 86_400_000 }, data: {} },
      ],
      async atStart(deps) {
        const schedulers = await deps.runtime.queue('example-nightly').queue.getJobSchedulersCount();
        seen.push(schedulers);
      },
    });
    const httpOnly = await buildService(withStart);
    expect(seen).toEqual([]);
    await httpOnly.cleanup();
    const background = await buildService(withStart, { background: true });
    try {
      expect(seen).toEqual([1]);
    } finally {
      await background.cleanup();
    }
  });
});

describe('a schedule and a run asked for at start (startBackground)', () => {
  const ran: string[] = [];
  const scheduledService = defineService({
    name: 'example-schedules',
    port: 8198,
    description: 'An example service with daily work',
    paths: ['/api/example-schedules'],
    migrations: {},
    settings: () => ({}),
    routes() {},
    workers: () => [
      {
        queue: 'example-daily',
        process: async (job: { data: { label: string } }) => {
          ran.push(job.data.label);
          return ran.length;
        },
      },
    ],
    schedules: () => [
      {
        queue: 'example-daily',
        id: 'example-daily-at-night',
        repeat: { pattern: '5 0 * * *', tz: 'UTC' },
        data: { label: 'daily' },
      },
    ],
    // the day's run, under the day as its job id (as the carriers' insurance watch)
    async atStart(deps) {
      await deps.runtime
        .queue('example-daily')
        .enqueue({ label: 'daily' }, { idempotencyKey: 'example-daily-2026-11-25' });
    },
  });
  let s: Awaited<ReturnType<typeof buildService<PlatformTables, object, unknown>>>;
  afterAll(async () => s?.cleanup());

  it('keeps the schedule once and asks for one run at start, under its job id', async () => {
    s = await buildService(scheduledService, { background: true });
    const queue = s.runtime.queue('example-daily');
    const finished = await eventually(async () => {
      const progress = await queue.progress('example-daily-2026-11-25');
      return progress?.isFinished ? progress : undefined;
    });
    expect(finished.failed).toBe(false);
    expect(ran).toEqual(['daily']);
    const schedulers = await queue.queue.getJobSchedulers();
    expect(schedulers.map((j) => j.key)).toEqual(['example-daily-at-night']);
    // Asked for again under the same id (a restart the same day): BullMQ keeps the one job, nothing runs twice.
    await queue.enqueue({ label: 'daily' }, { idempotencyKey: 'example-daily-2026-11-25' });
    await new Promise((r) => setTimeout(r, 300));
    expect(ran).toEqual(['daily']);
  });
});
