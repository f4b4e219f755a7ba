// Traces (issue 20, "Watched"): one trace follows a request from the gateway through the service, the
// outbox, NATS and the consumers to the BullMQ jobs they queue. W3C trace context travels in the HTTP
// `traceparent` header, in the outbox row and the NATS message's headers, and in a job's data; every log
// line written inside a span carries its `trace_id`. Spans are exported over OTLP/HTTP when
// OTEL_EXPORTER_OTLP_ENDPOINT is set (the standard OpenTelemetry variables apply) and kept nowhere otherwise:
// the context still travels, so the logs of one request can be found together in every service.
import {
  type Context,
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  type Span,
  type SpanKind,
  SpanStatusCode,
  TraceFlags,
  trace,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  RandomIdGenerator,
  type SpanProcessor,
  TracerProvider,
} from '@opentelemetry/sdk-trace';

export { SpanKind } from '@opentelemetry/api';

type Env = Record<string, string | undefined>;

/** Where finished spans go: OTLP when configured, and what a test adds. */
const processors: SpanProcessor[] = [];
const fanOut: SpanProcessor = {
  onStart: (span, parent) => {
    for (const p of processors) p.onStart(span, parent);
  },
  onEnd: (span) => {
    for (const p of processors) p.onEnd(span);
  },
  forceFlush: async () => {
    await Promise.all(processors.map((p) => p.forceFlush()));
  },
  shutdown: async () => {
    await Promise.all(processors.map((p) => p.shutdown()));
  },
};

let installed = false;

/** Once per process: the context manager, the W3C propagator and the tracer provider. */
export function installTracing(env: Env = process.env): void {
  if (installed) return;
  installed = true;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  // The exporter is loaded only where it is used: it is a fifth of a second to import.
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)
    void import('@opentelemetry/exporter-trace-otlp-http').then(({ OTLPTraceExporter }) => {
      processors.push(new BatchSpanProcessor({ exporter: new OTLPTraceExporter() }));
    });
  trace.setGlobalTracerProvider(
    new TracerProvider({
      resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME ?? 'loadline' }),
      spanProcessors: [fanOut],
    }),
  );
}

/** Sends finished spans to `processor` too (a test's in-memory exporter). */
export function addSpanProcessor(processor: SpanProcessor): void {
  installTracing();
  processors.push(processor);
}

const tracer = () => trace.getTracer('loadline');

/** The active trace context as a `traceparent` value, or null outside any span. */
export function activeTraceparent(): string | null {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? null;
}

/** The context a `traceparent` (from a header, an outbox row, a job) names; the root context without one. */
export function contextOf(carrier: Record<string, unknown> | string | null | undefined): Context {
  if (!carrier) return ROOT_CONTEXT;
  const headers = typeof carrier === 'string' ? { traceparent: carrier } : carrier;
  return propagation.extract(ROOT_CONTEXT, headers);
}

const ids = new RandomIdGenerator();

/**
 * Starts a span under `parent`; the caller makes it active (`context.with`) and ends it. With nowhere to
 * send spans (no exporter, no test's processor) a span is its context alone — the parent's trace id (a new
 * one at a root), a span id of its own and the parent's sampled flag — so the trace still travels in
 * headers, the outbox and jobs and in every log line, without recording names, attributes and times
 * nobody reads (issue 19: a span per request, event delivery and job on the hot path).
 */
export function startSpan(
  name: string,
  kind: SpanKind,
  parent: Context,
  attributes: Record<string, string | number> = {},
): Span {
  if (processors.length === 0) {
    const parentSpan = trace.getSpanContext(parent);
    const inherited = parentSpan && isSpanContextValid(parentSpan) ? parentSpan : undefined;
    return trace.wrapSpanContext({
      traceId: inherited?.traceId ?? ids.generateTraceId(),
      spanId: ids.generateSpanId(),
      traceFlags: inherited?.traceFlags ?? TraceFlags.SAMPLED,
    });
  }
  return tracer().startSpan(name, { kind, attributes }, parent);
}

/** Runs `work` in a span of its own under `parent`, recording a failure. */
export async function inSpan<T>(
  name: string,
  kind: SpanKind,
  parent: Context,
  attributes: Record<string, string | number>,
  work: () => Promise<T>,
): Promise<T> {
  const span = startSpan(name, kind, parent, attributes);
  try {
    return await context.with(trace.setSpan(parent, span), work);
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: String((error as Error).message ?? error) });
    throw error;
  } finally {
    span.end();
  }
}

/** What a log line written inside a span carries (pino's mixin). */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

export { context, trace };
