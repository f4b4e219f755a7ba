// NATS requests with the platform's fix to @nats-io/nats-core (src/events/nats-requests.ts): an
// answered request no longer builds a rejection nobody sees, and every other outcome is as before.
// Against the real NATS, through a runtime's own connection (noAsyncTraces, as services run).
import { RequestOne } from '@nats-io/nats-core/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformTables } from '../src/index.ts';
import { createTestRuntime, type TestRuntime } from '../src/testing/index.ts';

let t: TestRuntime<PlatformTables>;

beforeAll(async () => {
  t = await createTestRuntime<PlatformTables>({ service: 'platformnatsrequests', migrations: {} });
});

afterAll(async () => {
  await t?.cleanup();
});

describe('NATS requests', () => {
  it('resolves an answered request with its answer, many at once', async () => {
    const subject = `${t.runtime.config.eventNamespace}.echo`;
    const echo = t.runtime.nats.subscribe(subject, {
      callback: (_error, msg) => {
        msg.respond(`re: ${msg.string()}`);
      },
    });
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => t.runtime.nats.request(subject, `n${i}`, { timeout: 5000 })),
    );
    expect(answers.map((a) => a.string())).toEqual(Array.from({ length: 200 }, (_, i) => `re: n${i}`));
    echo.unsubscribe();
  });

  it('rejects a request nobody answers: no responders, and a timeout', async () => {
    const nobody = `${t.runtime.config.eventNamespace}.nobody`;
    const noResponders = await t.runtime.nats.request(nobody, 'x', { timeout: 2000 }).catch((e) => e);
    expect(noResponders).toBeInstanceOf(Error);
    expect(noResponders.isNoResponders?.()).toBe(true);
    const silent = `${t.runtime.config.eventNamespace}.silent`;
    const listener = t.runtime.nats.subscribe(silent, { callback: () => undefined });
    const timedOut = await t.runtime.nats.request(silent, 'x', { timeout: 200 }).catch((e) => e);
    expect(timedOut).toBeInstanceOf(Error);
    expect(String(timedOut.message)).toMatch(/timeout/i);
    listener.unsubscribe();
  });

  it('still rejects a request cancelled before its answer, and leaves an answered one resolved', async () => {
    const cancelled: unknown[] = [];
    const mux = { cancel: (request: unknown) => cancelled.push(request) };
    const early = new RequestOne(mux as never, 'r', { timeout: 1000 }, false);
    early.cancel();
    await expect(early.deferred).rejects.toThrow('cancelled');

    const answered = new RequestOne(mux as never, 'r', { timeout: 1000 }, false);
    const message = { data: 'answer' };
    answered.resolver(null, message as never);
    await expect(answered.deferred).resolves.toBe(message);
    expect(cancelled).toEqual([early, answered]);
  });
});
