// One trace from an HTTP request through the outbox, NATS (the message's traceparent header) and a
// consumer to the BullMQ job it queues, on the real PostgreSQL, NATS and Redis; log lines carry the trace id.
import { subjects } from '@loadline/contracts/events';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import type { PlatformTables } from '../src/index.ts';
import { createTestRuntime, eventually, type TestRuntime } from '../src/testing/index.ts';
import {
  activeTraceparent,
  addSpanProcessor,
  contextOf,
  inSpan,
  SpanKind,
  traceFields,
} from '../src/tracing.ts';
import { userChanged } from './fixtures.ts';

const exporter = new InMemorySpanExporter();
addSpanProcessor(new SimpleSpanProcessor({ exporter }));

let t: TestRuntime<PlatformTables>;
const jobs: { data: unknown; traceparent: string | null }[] = [];
const headersSeen: (string | undefined)[] = [];

beforeAll(async () => {
  t = await createTestRuntime<PlatformTables>({ service: 'tracetest', migrations: {} });
  const queue = t.runtime.queue<{ userId: string }>('trace-test');
  t.runtime.consume({
    name: 'users',
    subjects: [subjects.userChanged],
    handle: async (event) => {
      await queue.enqueue({ userId: event.data.userId });
    },
  });
  t.runtime.work<{ userId: string }>({
    queue: 'trace-test',
    process: async (job) => {
      jobs.push({ data: job.data, traceparent: activeTraceparent() });
    },
  });
  // what the relay put on the wire, read by a plain subscription beside the consumer
  const sub = t.runtime.nats.subscribe(`${t.config.eventNamespace}.${subjects.userChanged}`);
  (async () => {
    for await (const m of sub) headersSeen.push(m.headers?.get('traceparent'));
  })();
  await t.runtime.start();
});
afterAll(async () => {
  await t?.cleanup();
});

describe('a trace from HTTP through the outbox and NATS to a job', () => {
  it('keeps the caller’s trace id on the request, the event, the consumer and the job', async () => {
    const app = await createApp({ name: 'tracetest', logger: t.runtime.logger });
    app.post('/api/users/touch', async () => {
      await t.runtime.db.transaction().execute(async (trx) => {
        await t.runtime.appendEvent(trx, subjects.userChanged, userChanged({ userId: 'traced' }));
      });
      return { ok: true };
    });
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const answer = await app.inject({
      method: 'POST',
      url: '/api/users/touch',
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(answer.statusCode).toBe(200);
    await app.close();

    const job = await eventually(async () => jobs[0]);
    // the job sees its data as queued: the trace travels beside it
    expect(job.data).toEqual({ userId: 'traced' });
    expect(job.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    expect(headersSeen[0]).toMatch(new RegExp(`^00-${traceId}-`));

    const spans = await eventually(async () => {
      const all = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
      return all.length >= 3 ? all : undefined;
    });
    const byName = (prefix: string) => spans.find((s) => s.name.startsWith(prefix))!;
    const request = byName('POST /api/users/touch');
    const consumed = byName(`consume ${subjects.userChanged}`);
    const worked = byName('job trace-test');
    expect(request.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    // consumer under the request (through the outbox row and the NATS header), the job under the consumer
    expect(consumed.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    expect(worked.parentSpanContext?.spanId).toBe(consumed.spanContext().spanId);
  });
});

describe('log lines inside a span', () => {
  it('carry its trace and span ids (the logger’s mixin), and none outside one', async () => {
    expect(traceFields()).toEqual({});
    const fields = await inSpan(
      'work',
      SpanKind.INTERNAL,
      contextOf('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01'),
      {},
      async () => traceFields(),
    );
    expect(fields.trace_id).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(fields.span_id).toMatch(/^[0-9a-f]{16}$/);
  });
});
