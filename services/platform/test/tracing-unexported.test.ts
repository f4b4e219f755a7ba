// Traces where no span is exported (no OTLP endpoint, no test processor: this file adds none): the trace
// context still travels — a request's trace id reaches what runs under it, each span has an id of its own
// and keeps the caller's sampled flag — while nothing about the span is recorded (issue 19).
import { describe, expect, it } from 'vitest';
import {
  activeTraceparent,
  contextOf,
  inSpan,
  installTracing,
  SpanKind,
  traceFields,
} from '../src/tracing.ts';

// as a service starts it, with no OTLP endpoint set
installTracing({});

const parse = (traceparent: string | null) => {
  const [, traceId, spanId, flags] =
    /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/.exec(traceparent ?? '') ?? [];
  return { traceId, spanId, flags };
};

describe('spans with nowhere to go', () => {
  it('continue the caller’s trace with a span id of their own and its sampled flag', async () => {
    const caller = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const inside = await inSpan('GET /x', SpanKind.SERVER, contextOf(caller), {}, async () => ({
      traceparent: activeTraceparent(),
      fields: traceFields(),
    }));
    const seen = parse(inside.traceparent);
    expect(seen.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(seen.spanId).toBeDefined();
    expect(seen.spanId).not.toBe('00f067aa0ba902b7');
    expect(seen.flags).toBe('01');
    expect(inside.fields).toEqual({ trace_id: '4bf92f3577b34da6a3ce929d0e0e4736', span_id: seen.spanId });
    // a caller that chose not to sample stays unsampled downstream
    const unsampled = await inSpan(
      'GET /x',
      SpanKind.SERVER,
      contextOf(`${caller.slice(0, -2)}00`),
      {},
      async () => activeTraceparent(),
    );
    expect(parse(unsampled).flags).toBe('00');
  });

  it('start a new sampled trace where there is no caller (a bad header counts as none), nested spans in it', async () => {
    for (const parent of [contextOf(null), contextOf('not a traceparent')]) {
      const [outer, inner] = await inSpan('job', SpanKind.CONSUMER, parent, {}, async () => [
        activeTraceparent(),
        await inSpan('consume', SpanKind.CONSUMER, contextOf(activeTraceparent()), {}, async () =>
          activeTraceparent(),
        ),
      ]);
      expect(parse(outer!).traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(parse(outer!).flags).toBe('01');
      expect(parse(inner!).traceId).toBe(parse(outer!).traceId);
      expect(parse(inner!).spanId).not.toBe(parse(outer!).spanId);
    }
  });
});
