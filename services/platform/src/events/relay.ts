// The one outbox relay: publishes committed outbox rows to JetStream, with Nats-Msg-Id = event id so that
// a retry after a crash is deduplicated by the server. The rows its own process committed it publishes as
// they were written, in the order their connections came back to the pool, then marks them (decision
// 0107); any other row it reads from the table, in commit order within a batch. Several relays (replicas)
// share the rows they read with SKIP LOCKED, so order across batches is not guaranteed: consumers keep
// read models with version guards.
import { setTimeout as sleep } from 'node:timers/promises';
import type { JetStreamClient } from '@nats-io/jetstream';
import { headers as natsHeaders } from '@nats-io/nats-core';
import { type Kysely, sql } from 'kysely';
import type pg from 'pg';
import type { Logger } from 'pino';
import { type OutboxRowWritten, takeOutboxWrite } from '../db.ts';
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
   * Once woken by a write, how long to wait for more before publishing (decision 0103; the runtime passes
   * EVENT_LINGER_MS). A full batch is followed by the next at once.
   */
  lingerMs?: number;
}

/**
 * Ours: characters of envelope text (about bytes) of this process's commits that may wait in memory to be
 * published as written; beyond, they are dropped and the relay reads them from the table instead. A
 * check-call event carries up to 100 locations, so rows alone would not bound the memory.
 */
export const textAsWrittenAtMost = 16 * 1024 * 1024;

export class OutboxRelay {
  private readonly db: Kysely<PlatformTables>;
  private running = false;
  private wake: (() => void) | undefined;
  /**
   * The table must be read: the first round, the poll, a write this process cannot vouch for, or rows as
   * written that could not all be published. Set while a read runs, it sends the loop round again.
   */
  private readWanted = true;
  /** rows this process committed, in commit order, to publish as they were written (decision 0107) */
  private asWritten: OutboxRowWritten[] = [];
  /** the envelope text waiting in `asWritten`, in characters */
  private asWrittenText = 0;
  private loop: Promise<void> | undefined;
  private readonly options: RelayOptions;
  published = 0;
  /** of `published`, the rows published as this process wrote them, without reading them back */
  publishedAsWritten = 0;

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
   * A connection of this process that wrote outbox rows went back to the pool: its transaction ended. The
   * rows it committed are published at once as they were written (decision 0107); rows it cannot vouch for
   * make the relay read at once instead of waiting for its poll. Rows other processes write (another
   * replica whose relay died, a script) wait for the poll. No NOTIFY: PostgreSQL serialises every committing
   * transaction that sent one on one lock held through the commit's flush (decision 0102).
   */
  private readonly onRelease = (_error: Error | undefined, client: pg.PoolClient): void => {
    const written = takeOutboxWrite(client);
    if (written === undefined || (written !== 'read' && written.length === 0)) return;
    if (written === 'read') this.readWanted = true;
    else {
      const text = written.reduce((sum, row) => sum + row.envelopeText.length, 0);
      if (this.asWrittenText + text > textAsWrittenAtMost) {
        // the rows stay in the table, unpublished, for the read
        this.dropAsWritten();
        this.readWanted = true;
      } else {
        this.asWritten.push(...written);
        this.asWrittenText += text;
      }
    }
    this.wake?.();
  };

  /** Rows waiting to be published as written are left to the read: they are in the table, unpublished. */
  private dropAsWritten(): void {
    this.asWritten = [];
    this.asWrittenText = 0;
  }

  async stop(): Promise<void> {
    this.running = false;
    this.dropAsWritten();
    this.options.pool.off('release', this.onRelease);
    this.wake?.();
    await this.loop;
  }

  /** Publishes everything committed so far; tests and shutdown use it. */
  async flush(): Promise<void> {
    while (this.asWritten.length > 0) await this.publishAsWritten();
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
    let lastRead = 0;
    while (this.running) {
      // the poll, busy or not: rows of other processes wait no longer than when this one is idle
      if (Date.now() - lastRead >= idle) this.readWanted = true;
      if (Date.now() - lastPrune > 3600_000) {
        lastPrune = Date.now();
        await this.prune().catch((error) =>
          this.options.logger.warn({ err: error }, 'outbox relay: pruning failed'),
        );
      }
      let more = false;
      try {
        if (this.asWritten.length > 0) await this.publishAsWritten();
        if (this.readWanted) {
          // A write that ends while the read runs finds the mark set again: without it, a commit that the
          // read just missed would wait for the next poll (up to a second).
          this.readWanted = false;
          lastRead = Date.now();
          more = (await this.publishBatch()) >= this.batchLimit;
        }
        more ||= this.asWritten.length > 0;
      } catch (error) {
        this.options.logger.error({ err: error }, 'outbox relay: batch failed, will retry');
      }
      // A read that was not full took every row committed when it began: a later write wakes the relay, so
      // it waits for that instead of reading again at once (an empty read is two round trips).
      if (!more && this.running) {
        let woken = this.readWanted || this.asWritten.length > 0;
        if (!woken) {
          const idleWait = wait(idle);
          this.wake = idleWait.end;
          woken = await idleWait.done;
          this.wake = undefined;
          // the poll: rows of other processes, and of this one that it could not publish as written
          if (!woken) this.readWanted = true;
        }
        // Woken by a write: the writes ending in the next few milliseconds go in the same batch (one
        // round of publishing for all of them, decision 0103). The poll does not linger.
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

  /** One event to its subject, deduplicated by the server on its id (Nats-Msg-Id), with its trace. */
  private publish(subject: string, eventId: string, envelopeText: string, traceparent: string | null) {
    return this.options.js.publish(wireSubject(this.options.namespace, subject), envelopeText, {
      msgID: eventId,
      timeout: 5000,
      // the trace of the change that wrote it, for the consumers (W3C trace context)
      ...(traceparent ? { headers: traceHeaders(traceparent) } : {}),
    });
  }

  /**
   * Rows this process committed, published as they were written (a batch's worth, in commit order), then
   * marked published in one statement: one round trip, where reading them back took two (decision 0107).
   * Should another relay publish a row too (its poll read it first), JetStream drops the second copy by
   * its Nats-Msg-Id and the mark finds it published. A row not published stays unmarked for the read.
   */
  async publishAsWritten(): Promise<number> {
    const rows = this.asWritten.splice(0, this.batchLimit);
    for (const row of rows) this.asWrittenText -= row.envelopeText.length;
    const results = await Promise.allSettled(
      rows.map((row) => this.publish(row.subject, row.event_id, row.envelopeText, row.traceparent)),
    );
    // A row that failed stays unpublished, and it and the rows waiting behind it go out from the table (NATS
    // is likely down). The rows after it in this round went out already, so it lands after them, as a
    // failed row of a read does.
    const done = rows.filter((_, i) => results[i]!.status === 'fulfilled');
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) {
      this.readWanted = true;
      this.dropAsWritten();
      this.options.logger.warn({ err: failed.reason }, 'outbox relay: publish failed');
    }
    // Counted once, by the relay whose mark found the row unpublished. A row another relay's read holds
    // (it read the row before this one published it) is skipped, not waited for: that relay marks it.
    let marked: number | null = 0;
    if (done.length > 0) {
      try {
        ({ rowCount: marked } = await this.options.pool.query(
          `update outbox set published_at = now() where position in (select position from outbox
            where published_at is null and event_id = any($1::uuid[]) for update skip locked)`,
          [done.map((row) => row.event_id)],
        ));
      } catch (error) {
        // published but not marked: the read publishes them again, and JetStream drops the copies
        this.readWanted = true;
        throw error;
      }
    }
    this.published += marked ?? 0;
    this.publishedAsWritten += marked ?? 0;
    return done.length;
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
      // Rows this process is about to publish as written are left to that (decision 0107): published here
      // too, the gateway's live hub would hear them twice. They stay unpublished, unlocked at the COMMIT.
      const queued = new Set(this.asWritten.map((row) => row.event_id.toLowerCase()));
      const rows = read.rows.filter((row) => !queued.has(row.event_id.toLowerCase()));
      // Sent back to back on one connection (so they reach the stream in this order), and the
      // acknowledgements awaited together: one round trip per batch, not per event.
      const acks = rows.map((row) => this.publish(row.subject, row.event_id, row.envelope, row.traceparent));
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
