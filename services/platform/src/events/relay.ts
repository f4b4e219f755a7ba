// The one outbox relay: publishes committed outbox rows to JetStream in order, with
// Nats-Msg-Id = event id so that a retry after a crash is deduplicated by the server.
import type { JetStreamClient } from '@nats-io/jetstream';
import { type Kysely, sql } from 'kysely';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { PlatformTables } from '../store/migrations.ts';
import { wireSubject } from './envelope.ts';

export interface RelayOptions {
  // biome-ignore lint/suspicious/noExplicitAny: any service database that includes the platform tables
  db: Kysely<any>;
  pool: pg.Pool;
  js: JetStreamClient;
  namespace: string;
  logger: Logger;
  batchSize?: number;
  pollIntervalMs?: number;
}

export class OutboxRelay {
  private readonly db: Kysely<PlatformTables>;
  private running = false;
  private wake: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private listener: pg.PoolClient | undefined;
  private readonly options: RelayOptions;
  published = 0;

  constructor(options: RelayOptions) {
    this.options = options;
    this.db = options.db as Kysely<PlatformTables>;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      this.listener = await this.options.pool.connect();
      const { rows } = await this.listener.query<{ schema: string }>('select current_schema() as schema');
      this.listener.on('notification', () => this.wake?.());
      await this.listener.query(`listen "outbox_${rows[0]?.schema}"`);
    } catch (error) {
      this.options.logger.warn({ err: error }, 'outbox relay: LISTEN unavailable, polling only');
    }
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    if (this.listener) {
      this.listener.removeAllListeners('notification');
      this.listener.release();
      this.listener = undefined;
    }
  }

  /** Publishes everything committed so far; tests and shutdown use it. */
  async flush(): Promise<void> {
    while ((await this.publishBatch()) > 0) {}
  }

  private async run(): Promise<void> {
    const idle = this.options.pollIntervalMs ?? 1000;
    while (this.running) {
      let sent = 0;
      try {
        sent = await this.publishBatch();
      } catch (error) {
        this.options.logger.error({ err: error }, 'outbox relay: batch failed, will retry');
      }
      if (sent === 0 && this.running) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, idle);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = undefined;
      }
    }
  }

  /** One batch in one transaction; rows stay locked so a second relay skips them. */
  async publishBatch(): Promise<number> {
    const limit = this.options.batchSize ?? 100;
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('outbox')
        .select(['position', 'event_id', 'subject', 'envelope'])
        .where('published_at', 'is', null)
        .orderBy('position')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute();
      const done: number[] = [];
      for (const row of rows) {
        try {
          await this.options.js.publish(
            wireSubject(this.options.namespace, row.subject),
            JSON.stringify(row.envelope),
            { msgID: row.event_id, timeout: 5000 },
          );
          done.push(row.position);
        } catch (error) {
          // Keep the order: stop at the first failure and try it again next round.
          await trx
            .updateTable('outbox')
            .set({ attempts: sql`attempts + 1`, last_error: String(error) })
            .where('position', '=', row.position)
            .execute();
          this.options.logger.warn({ err: error, eventId: row.event_id }, 'outbox relay: publish failed');
          break;
        }
      }
      if (done.length > 0) {
        await trx
          .updateTable('outbox')
          .set({ published_at: sql`now()` })
          .where('position', 'in', done)
          .execute();
        this.published += done.length;
      }
      return done.length;
    });
  }
}
