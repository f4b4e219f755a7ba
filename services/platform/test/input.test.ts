// Bad input answers a 4xx in the one error shape, naming the field, never a 5xx (issue 14, decision 0011):
// bad percent-encoding, NUL characters, unpaired surrogates, numbers and strings beyond the columns, deep
// nesting, and validation messages of unbounded length.
import { EventEmitter } from 'node:events';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import Type from 'typebox';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp, readAwayBody, requireUser } from '../src/app.ts';
import { sql } from '../src/db.ts';
import { generateIdentityKeys, identityHeader, signIdentity } from '../src/identity.ts';
import { inputLimits } from '../src/input.ts';
import { createTestRuntime, type TestRuntime, testIdentity } from '../src/testing/index.ts';

const keys = generateIdentityKeys();
const signedIn = { [identityHeader]: signIdentity(testIdentity(), keys.privateKey) };

async function appWithRoutes() {
  const app = await createApp({ name: 'input', logger: false, identityPublicKey: keys.publicKey });
  const query = Type.Object({
    text: Type.Optional(Type.String({ maxLength: 100 })),
    count: Type.Optional(Type.Integer({ minimum: 1 })),
  });
  app.get(
    '/things/:thingId',
    {
      preHandler: requireUser,
      schema: { params: Type.Object({ thingId: Type.String({ maxLength: 64 }) }), querystring: query },
    },
    async (request) => ({ params: request.params, query: request.query }),
  );
  app.get(
    '/shipments/:shipmentId',
    {
      preHandler: requireUser,
      schema: { params: Type.Object({ shipmentId: Type.Integer({ minimum: 1 }) }) },
    },
    async (request) => ({ shipmentId: request.params.shipmentId }),
  );
  app.post(
    '/things',
    {
      preHandler: requireUser,
      schema: {
        body: Type.Object(
          {
            name: Type.String({ maxLength: 20 }),
            note: Type.Optional(Type.String()),
            count: Type.Optional(Type.Integer({ minimum: 0 })),
            weight: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
            reading: Type.Optional(Type.Union([Type.Number({ minimum: -90, maximum: 90 }), Type.Null()])),
            tags: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 9 }))),
            labels: Type.Optional(Type.Record(Type.String(), Type.String({ maxLength: 10 }))),
            status: Type.Optional(Type.Union(Array.from({ length: 40 }, (_, i) => Type.Literal(i * 10)))),
            legs: Type.Optional(Type.Array(Type.Object({ pro: Type.String({ maxLength: 10 }) }))),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => ({ ok: true, body: request.body }),
  );
  return app;
}

const expectOneShape = (body: Record<string, unknown>, status: number) => {
  expect(body).toMatchObject({ statusCode: status, error: expect.any(String), message: expect.any(String) });
  expect(body.requestId).toMatch(/^req_/);
  expect(
    Object.keys(body).every((k) => ['statusCode', 'error', 'message', 'errors', 'requestId'].includes(k)),
  ).toBe(true);
  expect(String(body.message).length).toBeLessThanOrEqual(inputLimits.maxMessageLength);
};

describe('bad percent-encoding', () => {
  const bad = ['%E0%A4%A', '%zz', '%', '%u0041', '%ED%A0%80'];

  it('in a path answers 400 in the one error shape', async () => {
    const app = await appWithRoutes();
    for (const encoded of bad) {
      const res = await app.inject({ method: 'GET', url: `/things/${encoded}`, headers: signedIn });
      expect(res.statusCode, encoded).toBe(400);
      expectOneShape(res.json(), 400);
      expect(res.json().message).toBe('The address is not correctly percent-encoded.');
      expect(res.headers['x-request-id']).toBe(res.json().requestId);
    }
    await app.close();
  });

  it('in a query answers 400 naming the parameter', async () => {
    const app = await appWithRoutes();
    for (const encoded of bad) {
      const res = await app.inject({
        method: 'GET',
        url: `/things/a?count=2&text=${encoded}`,
        headers: signedIn,
      });
      expect(res.statusCode, encoded).toBe(400);
      expectOneShape(res.json(), 400);
      expect(res.json().errors).toEqual({ 'model.text': ['text is not correctly percent-encoded.'] });
    }
    // A parameter whose name is the bad part is named as it was sent.
    const res = await app.inject({ method: 'GET', url: '/things/a?te%zzxt=1', headers: signedIn });
    expect(res.json().errors).toEqual({ 'model.te%zzxt': ['te%zzxt is not correctly percent-encoded.'] });
    // Well-formed encodings pass: a space as + or %20, an emoji, an encoded percent sign.
    const ok = await app.inject({
      method: 'GET',
      url: '/things/a?text=a+b%20%F0%9F%98%80%25zz',
      headers: signedIn,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().query.text).toBe('a b 😀%zz');
    await app.close();
  });

  it('over 500 characters a path parameter answers 414; up to it, the schema names the parameter', async () => {
    const app = await appWithRoutes();
    const long = await app.inject({ method: 'GET', url: `/things/${'x'.repeat(501)}`, headers: signedIn });
    expect(long.statusCode).toBe(414);
    expectOneShape(long.json(), 414);
    const res = await app.inject({ method: 'GET', url: `/things/${'x'.repeat(200)}`, headers: signedIn });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'model.thingId': ['thingId must be at most 64 characters.'] });
    await app.close();
  });
});

describe('text no column can store', () => {
  it('a NUL character in a path parameter, a query parameter or a body field answers 400 naming it', async () => {
    const app = await appWithRoutes();
    const inPath = await app.inject({ method: 'GET', url: '/things/a%00b', headers: signedIn });
    expect(inPath.statusCode).toBe(400);
    expectOneShape(inPath.json(), 400);
    expect(inPath.json().errors).toEqual({ 'model.thingId': ['thingId must not contain a NUL character.'] });
    const inQuery = await app.inject({ method: 'GET', url: '/things/a?text=x%00y', headers: signedIn });
    expect(inQuery.json().errors).toEqual({ 'model.text': ['text must not contain a NUL character.'] });
    const inBody = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { ...signedIn, 'content-type': 'application/json' },
      payload: '{"name":"ok","legs":[{"pro":"x\\u0000y"}]}',
    });
    expect(inBody.statusCode).toBe(400);
    expect(inBody.json().errors).toEqual({
      'model.legs.0.pro': ['legs.0.pro must not contain a NUL character.'],
    });
    await app.close();
  });

  it('an unpaired surrogate in a body string or key answers 400 naming it; a pair passes', async () => {
    const app = await appWithRoutes();
    const post = (payload: string) =>
      app.inject({
        method: 'POST',
        url: '/things',
        headers: { ...signedIn, 'content-type': 'application/json' },
        payload,
      });
    const high = await post('{"name":"a\\ud800"}');
    expect(high.statusCode).toBe(400);
    expect(high.json().errors).toEqual({
      'model.name': ['name must be valid Unicode text (it has an unpaired surrogate).'],
    });
    const low = await post('{"name":"ok","note":"\\udc00b"}');
    expect(low.json().errors).toEqual({
      'model.note': ['note must be valid Unicode text (it has an unpaired surrogate).'],
    });
    const key = await post('{"name":"ok","labels":{"\\ud800":"x"}}');
    expect(key.statusCode).toBe(400);
    expect(Object.keys(key.json().errors)).toEqual(['model.labels.\uFFFD']);
    const pair = await post('{"name":"\\ud83d\\ude00"}');
    expect(pair.statusCode).toBe(200);
    await app.close();
  });

  it('checks who is calling first: an anonymous call with a NUL answers 401', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({ method: 'GET', url: '/things/a%00b?text=%00' });
    expect(res.statusCode).toBe(401);
    await app.close();
  });
});

describe('numbers and strings beyond the columns', () => {
  it('an integer without a stated range holds what PostgreSQL integer holds', async () => {
    const app = await appWithRoutes();
    for (const id of ['1e308', '9007199254740994', '2147483648']) {
      const res = await app.inject({ method: 'GET', url: `/shipments/${id}`, headers: signedIn });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().errors).toEqual({ 'model.shipmentId': ['shipmentId must be at most 2147483647.'] });
    }
    expect(
      (await app.inject({ method: 'GET', url: '/shipments/2147483647', headers: signedIn })).statusCode,
    ).toBe(200);
    const inQuery = await app.inject({ method: 'GET', url: '/things/a?count=1e308', headers: signedIn });
    expect(inQuery.json().errors).toEqual({ 'model.count': ['count must be at most 2147483647.'] });
    const inBody = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { ...signedIn, 'content-type': 'application/json' },
      payload: '{"name":"a","count":9007199254740994}',
    });
    expect(inBody.json().errors).toEqual({ 'model.count': ['count must be at most 2147483647.'] });
    await app.close();
  });

  it('a string without a stated length holds at most 1,000 characters; a stated range stays', async () => {
    const app = await appWithRoutes();
    const post = (body: object) =>
      app.inject({ method: 'POST', url: '/things', headers: signedIn, payload: body });
    const long = await post({ name: 'a', note: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual({ 'model.note': ['note must be at most 1000 characters.'] });
    expect((await post({ name: 'a', note: 'x'.repeat(1000) })).statusCode).toBe(200);
    const weight = await post({ name: 'a', weight: 1e308 });
    expect(weight.json().errors).toEqual({ 'model.weight': ['weight must be at most 100.'] });
    // A nullable field says what is wrong with the value, not only that no branch of the union took it.
    const nullable = await post({ name: 'a', reading: 91 });
    expect(nullable.json().errors).toEqual({ 'model.reading': ['reading must be at most 90.'] });
    await app.close();
  });

  it('the OpenAPI document shows the limits', async () => {
    const app = await appWithRoutes();
    await app.ready();
    type Limits = {
      maxLength?: number;
      minimum?: number;
      maximum?: number;
      maxItems?: number;
      maxProperties?: number;
    };
    const doc = app.swagger() as unknown as {
      paths: Record<
        string,
        Record<
          string,
          { requestBody: { content: Record<string, { schema: { properties: Record<string, Limits> } }> } }
        >
      >;
    };
    const body = doc.paths['/things']!.post!.requestBody.content['application/json']!.schema;
    expect(body.properties.note?.maxLength).toBe(1000);
    expect(body.properties.count).toMatchObject({ minimum: 0, maximum: 2147483647 });
    expect(body.properties.tags?.maxItems).toBe(100);
    expect(body.properties.labels?.maxProperties).toBe(100);
    await app.close();
  });
});

describe('nesting and message length', () => {
  it('a body nested deeper than 32 levels answers 400 at once, however deep', async () => {
    const app = await appWithRoutes();
    for (const depth of [33, 10_000, 400_000]) {
      const started = Date.now();
      const res = await app.inject({
        method: 'POST',
        url: '/things',
        headers: { ...signedIn, 'content-type': 'application/json' },
        payload: `{"name":"a","note":${'['.repeat(depth)}${']'.repeat(depth)}}`,
      });
      expect(res.statusCode, String(depth)).toBe(400);
      expectOneShape(res.json(), 400);
      expect(res.json().message).toBe('The request body is nested too deeply: at most 32 levels.');
      expect(Date.now() - started).toBeLessThan(5000);
    }
    // Brackets inside strings are text, not nesting.
    const text = await app.inject({
      method: 'POST',
      url: '/things',
      headers: signedIn,
      payload: { name: 'a', note: '['.repeat(500) },
    });
    expect(text.statusCode).toBe(200);
    await app.close();
  });

  it('a message lists the first problems and how many more; errors name at most 20 fields', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({
      method: 'POST',
      url: '/things',
      headers: signedIn,
      payload: { name: 'a', tags: Array.from({ length: 10_001 }, () => 'x') },
    });
    expect(res.statusCode).toBe(400);
    expectOneShape(res.json(), 400);
    expect(res.json().message).toMatch(/^tags must have at most 100 items|tags\.0 must be an integer\./);
    expect(res.json().message).toMatch(/\(and \d+ more problems\)$/);
    expect(Object.keys(res.json().errors).length).toBeLessThanOrEqual(20);
    await app.close();
  });

  it('a long unknown field name and a long list of allowed values are cut', async () => {
    const app = await appWithRoutes();
    const name = 'k'.repeat(50_000);
    const unknown = await app.inject({
      method: 'POST',
      url: '/things',
      headers: signedIn,
      payload: { name: 'a', [name]: 1 },
    });
    expect(unknown.statusCode).toBe(400);
    expectOneShape(unknown.json(), 400);
    const [key] = Object.keys(unknown.json().errors);
    expect(key!.length).toBeLessThanOrEqual(110);
    const status = await app.inject({
      method: 'POST',
      url: '/things',
      headers: signedIn,
      payload: { name: 'a', status: 5 },
    });
    expect(status.json().message).toBe(
      'status must be one of: 0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, … (40 values).',
    );
    await app.close();
  });
});

describe('a body over the limit', () => {
  it('answers 413 from its Content-Length and keeps the connection, so the client reads the answer', async () => {
    const app = await appWithRoutes();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    // Fastify's own 413 closed the socket while the client was still sending: it saw a broken pipe.
    const answers = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const res = await fetch(`http://127.0.0.1:${port}/things`, {
          method: 'POST',
          headers: { ...signedIn, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'a', note: 'x'.repeat(1_100_000) }),
        });
        const body = (await res.json()) as { message: string };
        return { status: res.status, connection: res.headers.get('connection'), message: body.message };
      }),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(answer.connection).not.toBe('close');
      expect(answer.message).toBe('The request is too large: the limit is 1024 KB.');
    }
    // The clients may still be sending what is left of their bodies: close their connections now.
    app.server.closeAllConnections();
    await app.close();
  });

  it('closes the connection after a body too large even to read away', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({
      method: 'POST',
      url: '/things',
      headers: {
        ...signedIn,
        'content-type': 'application/json',
        'content-length': String(64 * 1024 * 1024),
      },
      payload: '{}',
    });
    expect(res.statusCode).toBe(413);
    expect(res.headers.connection).toBe('close');
    await app.close();
  });

  it('a request injected in process (no real socket) whose body is read away does not crash the process', async () => {
    vi.useFakeTimers();
    try {
      let resumed = false;
      const raw = Object.assign(new EventEmitter(), {
        complete: false,
        unpipe: () => undefined,
        resume: () => {
          resumed = true;
        },
        // light-my-request's stand-in socket has no destroy()
        socket: {},
      });
      readAwayBody({ raw } as unknown as FastifyRequest);
      expect(resumed).toBe(true);
      expect(() => vi.advanceTimersByTime(5000)).not.toThrow();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a path no route serves answers 404 with the path cut to a readable length', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({ method: 'GET', url: `/nowhere/${'x'.repeat(10_000)}` });
    expect(res.statusCode).toBe(404);
    expectOneShape(res.json(), 404);
    await app.close();
  });
});

describe('requests Node refuses before Fastify', () => {
  it('headers over 16 KB (a long query) answer 431 in the one error shape', async () => {
    const app = await appWithRoutes();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { port, host: '127.0.0.1', path: `/things/a?text=${'x'.repeat(20_000)}` },
        (res) => {
          let body = '';
          res.on('data', (d) => {
            body += d;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expectOneShape(JSON.parse(answer.body), 431);
    await app.close();
  });
});

describe('a value the database refuses', () => {
  let t: TestRuntime<never>;
  beforeAll(async () => {
    t = await createTestRuntime({ service: 'input', migrations: {} });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('answers 400, not 500, when a schema let it through', async () => {
    const app = await createApp({ name: 'refused', logger: false });
    app.get('/nul', async () => sql`select ${'a\u0000b'}::text as v`.execute(t.runtime.db));
    app.get('/range', async () => sql`select ${'99999999999'}::integer as v`.execute(t.runtime.db));
    for (const url of ['/nul', '/range']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expectOneShape(res.json(), 400);
      expect(res.json().message).toBe(
        'A value in the request cannot be stored: it is too long, out of range or not valid text.',
      );
    }
    await app.close();
  });
});

describe('a server out of reach', () => {
  it('answers 503 with a time to try again, not 500, when PostgreSQL or Redis cannot be reached', async () => {
    // real clients of servers that are not there: a port nothing listens on
    const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/none', max: 1 });
    const redis = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 1, retryStrategy: () => 50 });
    redis.on('error', () => undefined);
    const app = await createApp({ name: 'unavailable', logger: false });
    app.get('/database', async () => pool.query('select 1'));
    app.get('/redis', async () => redis.get('x'));
    app.get('/bug', async () => {
      throw new Error('a fault of ours');
    });
    for (const url of ['/database', '/redis']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after'], url).toBe('5');
      expectOneShape(res.json(), 503);
      expect(res.json().message).toBe('This is not available right now. Please try again in a moment.');
    }
    expect((await app.inject({ method: 'GET', url: '/bug' })).statusCode).toBe(500);
    await app.close();
    await pool.end();
    redis.disconnect();
  });
});

describe('readiness when a server is out of reach', () => {
  it('stays ready when only NATS or Redis is down (shown), and is not ready without PostgreSQL or when a check never answers', async () => {
    const redis = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 1, retryStrategy: () => 50 });
    redis.on('error', () => undefined);
    const redisCheck = { name: 'redis', degradesOnly: true, check: async () => void (await redis.ping()) };
    const degraded = await createApp({ name: 'degraded', logger: false, readiness: [redisCheck] });
    const answer = await degraded.inject({ method: 'GET', url: '/readyz' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().checks.redis).not.toBe('ok');
    await degraded.close();

    const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/none', max: 1 });
    const stopped = await createApp({
      name: 'stopped',
      logger: false,
      readiness: [{ name: 'postgresql', check: async () => void (await pool.query('select 1')) }, redisCheck],
    });
    expect((await stopped.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    await stopped.close();

    const silent = await createApp({
      name: 'silent',
      logger: false,
      readiness: [{ name: 'postgresql', check: () => new Promise<void>(() => undefined) }],
    });
    const noAnswer = await silent.inject({ method: 'GET', url: '/readyz' });
    expect(noAnswer.statusCode).toBe(503);
    expect(noAnswer.json().checks.postgresql).toBe('no answer');
    await silent.close();
    await pool.end();
    redis.disconnect();
  });
});
