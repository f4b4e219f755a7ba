// What a service's /metrics shows beyond HTTP (issue 20, "Watched"): the outbox backlog and the relay's
// publishing, each durable consumer's pending, ack-pending and redelivered events with its handling time,
// the events set aside as dead letters, each BullMQ queue's jobs by state, and the business counters a
// service registers (status changes, check calls, emails by send status). Read at scrape time from
// PostgreSQL, JetStream and Redis, so every replica reports the shared truth (the backlog, the queues) and
// its own work (handled, published). Metric names are `loadline_*`; infra/monitoring's alert rules and
// dashboard use them and are checked against a real service's output in npm test.
import { sql } from 'kysely';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { streamName } from './events/envelope.ts';
import type { ServiceRuntime } from './runtime.ts';
import type { PlatformTables } from './store/migrations.ts';

const queueStates = ['waiting', 'active', 'delayed', 'failed'] as const;

/** Handling time of a consumer's batch, observed by the consumer helper; one per runtime registry. */
export function consumerHandlingHistogram(registry: Registry): Histogram<'consumer'> {
  return new Histogram({
    name: 'loadline_consumer_handling_seconds',
    help: 'time to apply a batch of events in one transaction, by durable consumer',
    labelNames: ['consumer'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
}

/** Registers the runtime's gauges on a registry; each reads its figure when scraped. */
export function registerRuntimeMetrics<DB extends PlatformTables>(
  runtime: ServiceRuntime<DB>,
  registry: Registry,
): void {
  const db = runtime.db as unknown as import('kysely').Kysely<PlatformTables>;
  // One read of the outbox per scrape, shared by its two gauges.
  let outbox: Promise<{ rows: number; oldest: number }> | null = null;
  const readOutbox = () => {
    outbox ??= sql<{ rows: string; oldest: number | null }>`
      select count(*) as rows, extract(epoch from now() - min(created_at))::float8 as oldest
      from outbox where published_at is null`
      .execute(db)
      .then(({ rows }) => ({ rows: Number(rows[0]?.rows ?? 0), oldest: Number(rows[0]?.oldest ?? 0) }))
      .finally(() => {
        setTimeout(() => {
          outbox = null;
        }, 50);
      });
    return outbox;
  };
  new Gauge({
    name: 'loadline_outbox_backlog_rows',
    help: 'events committed to the outbox and not yet published to NATS',
    registers: [registry],
    async collect() {
      this.set((await readOutbox()).rows);
    },
  });
  new Gauge({
    name: 'loadline_outbox_oldest_age_seconds',
    help: 'age of the oldest event not yet published (0 when none waits)',
    registers: [registry],
    async collect() {
      this.set((await readOutbox()).oldest);
    },
  });
  new Counter({
    name: 'loadline_outbox_published_total',
    help: 'events this process published from the outbox',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(runtime.relay.published);
    },
  });

  const consumerGauge = (
    name: string,
    help: string,
    field: 'num_pending' | 'num_ack_pending' | 'num_redelivered',
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['consumer'],
      registers: [registry],
      async collect() {
        this.reset();
        const stream = streamName(runtime.config.eventNamespace);
        for (const consumer of runtime.consumers) {
          let total = 0;
          for (const durable of consumer.durables) {
            const info = await runtime.jsm.consumers.info(stream, durable).catch(() => null);
            total += info ? Number(info[field] ?? 0) : 0;
          }
          this.set({ consumer: consumer.durableName }, total);
        }
      },
    });
  consumerGauge(
    'loadline_consumer_pending_events',
    'events in the stream the durable consumer has not been given yet (its lag)',
    'num_pending',
  );
  consumerGauge(
    'loadline_consumer_ack_pending_events',
    'events given to the consumer and not yet acknowledged',
    'num_ack_pending',
  );
  consumerGauge(
    'loadline_consumer_redelivered_events',
    'events given again after a failure or a time-out, not yet acknowledged',
    'num_redelivered',
  );
  new Counter({
    name: 'loadline_consumer_handled_total',
    help: 'events this process applied, by durable consumer',
    labelNames: ['consumer'],
    registers: [registry],
    collect() {
      this.reset();
      for (const consumer of runtime.consumers)
        this.inc({ consumer: consumer.durableName }, consumer.handled);
    },
  });
  new Gauge({
    name: 'loadline_dead_letters',
    help: 'events set aside after failing on every delivery, by consumer',
    labelNames: ['consumer'],
    registers: [registry],
    async collect() {
      this.reset();
      const { rows } = await sql<{ consumer: string; n: string }>`
        select consumer, count(*) as n from dead_letter group by consumer`.execute(db);
      for (const consumer of runtime.consumers) this.set({ consumer: consumer.consumerKey }, 0);
      for (const row of rows) this.set({ consumer: row.consumer }, Number(row.n));
    },
  });
  new Gauge({
    name: 'loadline_queue_jobs',
    help: 'BullMQ jobs by queue and state',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const name of runtime.queueNames()) {
        const counts = await runtime.queue(name).queue.getJobCounts(...queueStates);
        for (const state of queueStates) this.set({ queue: name, state }, counts[state] ?? 0);
      }
    },
  });
}
