// Spans exported over OTLP/HTTP when an endpoint is configured (issue 20 item 3): a collector's endpoint
// started here on loopback receives the service's spans, with its service name and the trace id the caller
// sent, as OpenTelemetry's JSON encoding of OTLP.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextOf, inSpan, installTracing, SpanKind } from '../src/tracing.ts';

interface Received {
  path: string;
  body: {
    resourceSpans?: {
      resource?: { attributes?: { key: string; value: { stringValue?: string } }[] };
      scopeSpans?: { spans?: { name: string; traceId: string }[] }[];
    }[];
  };
}

const received: Received[] = [];
let collector: Server;

beforeAll(async () => {
  collector = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      try {
        received.push({ path: request.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      } catch {
        received.push({ path: request.url ?? '', body: {} });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  // the standard variables, as a deployment sets them (the exporter reads them itself)
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = endpoint;
  process.env.OTEL_BSP_SCHEDULE_DELAY = '100';
  installTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: 'shipments' });
});

afterAll(async () => {
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  delete process.env.OTEL_BSP_SCHEDULE_DELAY;
  await new Promise((resolve) => collector.close(resolve));
});

describe('OTLP export', () => {
  it('sends the spans of a request to the configured collector, under the caller’s trace', async () => {
    const caller = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const spans = () =>
      received.flatMap((r) =>
        (r.body.resourceSpans ?? []).flatMap((rs) =>
          (rs.scopeSpans ?? []).flatMap((ss) =>
            (ss.spans ?? []).map((s) => ({
              path: r.path,
              name: s.name,
              traceId: s.traceId,
              service: rs.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue,
            })),
          ),
        ),
      );
    // the exporter is loaded when tracing starts: spans until the collector has one
    const deadline = Date.now() + 20_000;
    while (!spans().some((s) => s.name === 'PUT /api/ShipmentUpdateStatus/updatestatus')) {
      if (Date.now() > deadline)
        throw new Error(`no span reached the collector: ${JSON.stringify(received)}`);
      await inSpan(
        'PUT /api/ShipmentUpdateStatus/updatestatus',
        SpanKind.SERVER,
        contextOf(caller),
        {},
        async () => {
          await new Promise((r) => setTimeout(r, 5));
        },
      );
      await new Promise((r) => setTimeout(r, 200));
    }
    const span = spans().find((s) => s.name === 'PUT /api/ShipmentUpdateStatus/updatestatus')!;
    expect(span).toMatchObject({ path: '/v1/traces', service: 'shipments' });
    expect(span.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
  });
});
