// The one outbox relay: publishes committed outbox rows to JetStream, in commit order within a
// batch, with Nats-Msg-Id = event id so that a retry after a crash is deduplicated by the server.
// Several relays (replicas) share the rows with SKIP LOCKED, so order across batches is not
// guaranteed: consumers keep read models with version guards.
import { setTimeout as sleep } from 'node:timers/promises';
import type { JetStreamClient } from '@nats-io/jetstream';
import { headers as natsHeaders } from '@nats-io/nats-core';
import { type Kysely, sql } from 'kysely';
import type pg from 'pg';
import type { Logger } from 'pino';
import { tookOutboxWrite } from '../db.ts';
import type { PlatformTables } from '../store/migrations.ts';
import { wireSubject } from './envelope.ts';
import { wait } from './wait.ts';

const traceHeaders = (traceparent: string) => {
  const h = natsHeaders();
  h.set('traceparent', traceparent);
  return h;
};

export interface RelayOptions {
  // biome-ignore lint/suspicious/noExplicitAny: any service database that includes the platform tables
  db: Kysely<any>;
  pool: pg.Pool;
  js: JetStreamClient;
  namespace: string;
  logger: Logger;
  batchSize?: number;
  pollIntervalMs?: number;
  /**
   * Once woken by a write, how long to wait for more before reading (decision 0103; the runtime passes
   * EVENT_LINGER_MS). A full batch is followed by the next at once.
   */
  lingerMs?: number;
}

export class OutboxRelay {
  private readonly db: Kysely<PlatformTables>;
  private running = false;
  private wake: (() => void) | undefined;
  /** a write ended since the current batch began: its rows may be newer than the batch's read */
  private notified = false;
  private loop: Promise<void> | undefined;
  private readonly options: RelayOptions;
  published = 0;

  constructor(options: RelayOptions) {
    this.options = options;
    this.db = options.db as Kysely<PlatformTables>;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.options.pool.on('release', this.onRelease);
    this.loop = this.run();
  }

  /**
   * A connection of this process that wrote outbox rows went back to the pool: its transaction ended, so
   * the relay reads at once instead of waiting for its poll. Rows other processes write (another replica
   * whose relay died, a script) wait for the poll. No NOTIFY: PostgreSQL serialises every committing
   * transaction that sent one on one lock held through the commit's flush (decision 0102).
   */
  private readonly onRelease = (_error: Error | undefined, client: pg.PoolClient): void => {
    if (!tookOutboxWrite(client)) return;
    this.notified = true;
    this.wake?.();
  };

  async stop(): Promise<void> {
    this.running = false;
    this.options.pool.off('release', this.onRelease);
    this.wake?.();
    await this.loop;
  }

  /** Publishes everything committed so far; tests and shutdown use it. */
  async flush(): Promise<void> {
    while ((await this.publishBatch()) > 0) {}
  }

  /**
   * Published outbox rows are kept a week (to look into), handled-event ids 35 days: longer than
   * the stream keeps messages (30 days), so no redelivery can outlive its record.
   */
  async prune(): Promise<void> {
    await this.db
      .deleteFrom('outbox')
      .where('published_at', '<', sql<Date>`now() - interval '7 days'`)
      .execute();
    await this.db
      .deleteFrom('handled_event')
      .where('handled_at', '<', sql<Date>`now() - interval '35 days'`)
      .execute();
  }

  private async run(): Promise<void> {
    const idle = this.options.pollIntervalMs ?? 1000;
    let lastPrune = 0;
    while (this.running) {
      if (Date.now() - lastPrune > 3600_000) {
        lastPrune = Date.now();
        await this.prune().catch((error) =>
          this.options.logger.warn({ err: error }, 'outbox relay: pruning failed'),
        );
      }
      let sent = 0;
      // A write that ends while a batch runs finds no one waiting: without this mark, a commit that the
      // batch's read just missed would wait for the next poll (up to a second).
      this.notified = false;
      try {
        sent = await this.publishBatch();
      } catch (error) {
        this.options.logger.error({ err: error }, 'outbox relay: batch failed, will retry');
      }
      // A batch that was not full read every row committed when it began: a later write wakes the relay, so
      // it waits for that instead of reading again at once (an empty read is two round trips).
      if (sent < this.batchLimit && this.running) {
        let woken = this.notified;
        if (!woken) {
          const idleWait = wait(idle);
          this.wake = idleWait.end;
          woken = await idleWait.done;
          this.wake = undefined;
        }
        // Woken by a write: the writes ending in the next few milliseconds go in the same batch (one
        // transaction and one publish round for all of them, decision 0103). The poll does not linger.
        if (woken && this.running && this.lingerMs > 0) await sleep(this.lingerMs);
      }
    }
  }

  private get lingerMs(): number {
    return this.options.lingerMs ?? 0;
  }

  /** Rows a batch reads at most (an integer: it is written into the read's text). */
  private get batchLimit(): number {
    return Math.max(1, Math.floor(this.options.batchSize ?? 100));
  }

  /**
   * One batch in one transaction; rows stay locked so a second relay skips them. Two round trips
   * whatever the batch: BEGIN with the read, then the publish mark with COMMIT, each pair sent as one
   * simple query (no parameters: the limit and the positions are numbers written into the text).
   */
  async publishBatch(): Promise<number> {
    const limit = this.batchLimit;
    const client = await this.options.pool.connect();
    let open = true;
    let broken: Error | undefined;
    try {
      const [, read] = (await client.query(
        // As text: published as it is stored, never parsed and written out again here.
        `begin; select position, event_id, subject, traceparent, envelope::text as envelope from outbox
          where published_at is null order by position limit ${limit} for update skip locked`,
      )) as unknown as [unknown, pg.QueryResult<OutboxRow>];
      const rows = read.rows;
      // Sent back to back on one connection (so they reach the stream in this order), and the
      // acknowledgements awaited together: one round trip per batch, not per event.
      const acks = rows.map((row) =>
        this.options.js.publish(wireSubject(this.options.namespace, row.subject), row.envelope, {
          msgID: row.event_id,
          timeout: 5000,
          // the trace of the change that wrote it, for the consumers (W3C trace context)
          ...(row.traceparent ? { headers: traceHeaders(row.traceparent) } : {}),
        }),
      );
      const results = await Promise.allSettled(acks);
      const done: number[] = [];
      for (const [i, result] of results.entries()) {
        const row = rows[i]!;
        if (result.status === 'fulfilled') {
          done.push(Number(row.position));
          continue;
        }
        // Keep the rest for the next round: a retry is deduplicated by its Nats-Msg-Id.
        await client.query('update outbox set attempts = attempts + 1, last_error = $1 where position = $2', [
          String(result.reason),
          row.position,
        ]);
        this.options.logger.warn(
          { err: result.reason, eventId: row.event_id },
          'outbox relay: publish failed',
        );
        break;
      }
      // bigint positions come back as numbers (db.ts); only integers are ever written into the statement
      const positions = done.filter(Number.isSafeInteger);
      await client.query(
        positions.length > 0
          ? `update outbox set published_at = now() where position = any('{${positions.join(',')}}'::bigint[]); commit`
          : 'commit',
      );
      open = false;
      this.published += positions.length;
      return positions.length;
    } catch (error) {
      // The transaction is left aborted or open: rolled back, and the connection goes back clean.
      if (open)
        await client.query('rollback').catch((failed: Error) => {
          broken = failed;
        });
      throw error;
    } finally {
      // a connection that could not even roll back is dropped, not handed to the next caller
      client.release(broken);
    }
  }
}

interface OutboxRow {
  position: number;
  event_id: string;
  subject: string;
  traceparent: string | null;
  envelope: string;
}
