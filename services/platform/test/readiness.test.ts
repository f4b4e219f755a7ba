// /readyz answers from checks kept up to date in the background (readiness.ts): while PostgreSQL or Redis
// hangs (a real server behind a proxy that holds what is sent to it), every probe is answered well within
// the hang, with the readiness decision 0088 gives, and follows the server back when it answers again.

import type { AddressInfo } from 'node:net';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { readinessCheckMs } from '../src/readiness.ts';

/** A proxy to a real server that, while stalled, holds what the client sends, and passes it on when resumed. */
async function stallingProxy(target: number) {
  let stalled = false;
  const held: (() => void)[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.on('data', (data) => {
      if (stalled) held.push(() => upstream.write(data));
      else upstream.write(data);
    });
    upstream.on('data', (data) => client.write(data));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    stall: () => {
      stalled = true;
    },
    resume: () => {
      stalled = false;
      for (const send of held.splice(0)) send();
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const closing: (() => unknown)[] = [];
afterAll(async () => {
  for (const close of closing.reverse()) await close();
});

describe('readiness kept up to date in the background', () => {
  it('answers every probe while PostgreSQL or Redis hangs, ready without Redis, not without PostgreSQL, and again when they answer', async () => {
    const postgres = await stallingProxy(5432);
    const redisServer = await stallingProxy(6379);
    closing.push(postgres.close, redisServer.close);
    const pool = new pg.Pool({
      connectionString: `postgres://postgres@127.0.0.1:${postgres.port}/postgres`,
      max: 1,
    });
    pool.on('error', () => undefined);
    closing.push(() => pool.end());
    const redis = new Redis(`redis://127.0.0.1:${redisServer.port}`, { maxRetriesPerRequest: 1 });
    redis.on('error', () => undefined);
    closing.push(() => redis.disconnect());
    const app = await createApp({
      name: 'probed',
      logger: false,
      readiness: [
        { name: 'postgresql', check: async () => void (await pool.query('select 1')) },
        { name: 'redis', degradesOnly: true, check: async () => void (await redis.ping()) },
      ],
    });
    closing.push(() => app.close());

    // A probe given half as long as a check may take: answered inline, a hanging check would miss it.
    const probe = () =>
      Promise.race([
        app
          .inject({ method: 'GET', url: '/readyz' })
          .then((r) => ({ status: r.statusCode, checks: r.json().checks })),
        sleep(readinessCheckMs / 2).then(() => 'no answer to the probe' as const),
      ]);
    type Probe = Awaited<ReturnType<typeof probe>>;
    const probeUntil = async (wanted: (p: Exclude<Probe, string>) => boolean): Promise<Probe> => {
      let last: Probe = 'no answer to the probe';
      for (let i = 0; i < 100; i++) {
        last = await probe();
        if (typeof last === 'string' || wanted(last)) return last;
        await sleep(100);
      }
      return last;
    };

    expect(await probe()).toEqual({ status: 200, checks: { postgresql: 'ok', redis: 'ok' } });

    // Redis hangs: shown, and the process stays ready (decision 0088)
    redisServer.stall();
    expect(await probeUntil((p) => p.checks.redis !== 'ok')).toEqual({
      status: 200,
      checks: { postgresql: 'ok', redis: 'no answer' },
    });
    for (let i = 0; i < 3; i++) expect(await probe()).toMatchObject({ status: 200 });

    // PostgreSQL hangs too: not ready, and still answered at once
    postgres.stall();
    expect(await probeUntil((p) => p.checks.postgresql !== 'ok')).toEqual({
      status: 503,
      checks: { postgresql: 'no answer', redis: 'no answer' },
    });
    for (let i = 0; i < 3; i++) expect(await probe()).toMatchObject({ status: 503 });

    // both answer again (what they held passes on): ready, every check ok
    postgres.resume();
    redisServer.resume();
    expect(await probeUntil((p) => p.status === 200 && p.checks.redis === 'ok')).toEqual({
      status: 200,
      checks: { postgresql: 'ok', redis: 'ok' },
    });
  });

  it('is not ready with a check that never answers, and calls it once however many rounds pass', async () => {
    let calls = 0;
    const app = await createApp({
      name: 'silent',
      logger: false,
      readiness: [
        {
          name: 'postgresql',
          check: () => {
            calls++;
            return new Promise<void>(() => undefined);
          },
        },
      ],
    });
    closing.push(() => app.close());
    // the first probe waits for the first result: 'no answer' after readinessCheckMs, two rounds later
    for (let i = 0; i < 3; i++) {
      const answer = await app.inject({ method: 'GET', url: '/readyz' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json().checks).toEqual({ postgresql: 'no answer' });
    }
    expect(calls).toBe(1);
  });
});
