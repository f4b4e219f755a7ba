// The one durable-consumer helper. Each event is handled inside a database transaction
// that also records its id in `handled_event`; the message is acknowledged only after
// that commit. A redelivery (crash before ack, relay retry) finds the id and changes nothing.
// Events that arrive while a transaction is under way are handled together in the next one
// (one commit for many events, so a busy consumer keeps up); an idle one waits a few milliseconds for more
// (decision 0103) and then handles what came. A consumer
// may take a batch's new events together (`handleBatch`: one statement per table for the batch), and may
// let the events it has no use for go without any database work (`relevant`; decision 0045). A consumer whose
// writes are idempotent (`idempotent`: a version-guarded read model, rows keyed by the event's id) keeps no
// handled mark at all (decision 0048).
import type { EventData, EventEnvelope, Subject } from '@loadline/contracts/events';
import {
  AckPolicy,
  type ConsumerMessages,
  DeliverPolicy,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import type { PlatformTables } from '../store/migrations.ts';
import { contextOf, inSpan, SpanKind } from '../tracing.ts';
import { assertEventData, streamName, wireSubject } from './envelope.ts';
import { wait } from './wait.ts';

/** Handles one event inside the transaction that also marks it handled. */
// biome-ignore lint/suspicious/noExplicitAny: handlers get the service's own typed transaction
export type EventHandler<S extends Subject, DB = any> = (
  event: EventEnvelope<EventData<S>>,
  trx: Kysely<DB>,
) => Promise<void>;

/**
 * Handles the new events of a batch together (in stream order, each once), inside the transaction that
 * also marks them handled: a read model written in one statement per table for the whole batch.
 */
// biome-ignore lint/suspicious/noExplicitAny: handlers get the service's own typed transaction
export type BatchHandler<S extends Subject, DB = any> = (
  events: EventEnvelope<EventData<S>>[],
  trx: Kysely<DB>,
) => Promise<void>;

/** A durable consumer: its events handled one at a time (`handle`) or a batch's together (`handleBatch`). */
// biome-ignore lint/suspicious/noExplicitAny: handlers get the service's own typed transaction
export interface ConsumerDefinition<S extends Subject = Subject, DB = any> {
  /** durable name, unique within the consuming service, e.g. `user-read-model` */
  name: string;
  subjects: readonly S[];
  /**
   * Whether an event (checked against its contract already) concerns this consumer at all. An event it
   * answers false for is acknowledged without any database work: no transaction, no handled mark (handling
   * it would change nothing, so doing it once or never is the same). A batch of only such events opens no
   * transaction. Must be a pure check of the event itself.
   */
  relevant?(event: EventEnvelope<EventData<S>>): boolean;
  /**
   * The handler's writes are idempotent: applying an event again leaves the state as it is (a read model
   * written only when the event's version is newer than the stored one, rows keyed by the event's id with
   * `on conflict do nothing`, outbox events only for rows written now). Such a consumer keeps no
   * `handled_event` mark: every kept event goes to the handler (an id twice in one batch once), and a
   * redelivery is the handler's own no-op. Never for a handler that adds rows, counts or moves money on
   * each call. `apply`/`applyAll` then answer true for each event handed to the handler, and `afterCommit`
   * runs for repeats too.
   */
  idempotent?: boolean;
  /** handles one event (exactly one of `handle` and `handleBatch` is given) */
  handle?: EventHandler<S, DB>;
  /** handles a batch's new events together, e.g. a read model in one statement per table */
  handleBatch?: BatchHandler<S, DB>;
  /** runs after the handler's transaction committed (e.g. to drop a cache); never for a repeat */
  afterCommit?: (event: EventEnvelope<EventData<S>>) => void;
  /**
   * Deliveries before an event that keeps failing is set aside in `dead_letter` (default 20: with
   * the backoff, about eight minutes of retries, longer than a server restart takes).
   */
  maxDeliveries?: number;
  /**
   * At most this many waiting events in one transaction (default 64). Handlers see one event at a
   * time either way; a failure in a batch rolls it back and its events are retried one by one.
   */
  maxBatch?: number;
  /**
   * No one watches for this consumer's writes: a copy read when a page or a document next asks for it,
   * never pushed to a live screen. It waits EVENT_UNWATCHED_LINGER_MS (`defaultUnwatchedLingerMs`) for
   * more events instead of EVENT_LINGER_MS (`defaultEventLingerMs`), so a steady trickle of status changes
   * shares its transactions (decision 0111). Not for a consumer whose writes a live screen shows
   * (activity's log, tracking's map) or whose delay a sign-in depends on (the gateway's users).
   */
  unwatched?: boolean;
}

/** Ours: deliveries of a failing event before it is set aside (see ConsumerDefinition). */
export const defaultMaxDeliveries = 20;
/** Ours: events handled in one transaction at most (the pull size, so a full pull is one commit). */
export const defaultMaxBatch = 64;

export interface ConsumerOptions {
  service: string;
  // biome-ignore lint/suspicious/noExplicitAny: any service database that includes the platform tables
  db: Kysely<any>;
  js: JetStreamClient;
  jsm: JetStreamManager;
  namespace: string;
  logger: Logger;
  /**
   * Once an event arrives at an idle consumer, how long to wait for more before the transaction begins
   * (decision 0103; the runtime passes EVENT_LINGER_MS): events that come a few milliseconds apart share
   * one transaction. Events arriving during a transaction are taken by the next one at once.
   */
  lingerMs?: number;
  /** the time a batch took to apply, in seconds (the runtime's histogram) */
  observeHandling?: (seconds: number) => void;
}

/** The trace context the relay put in a message's headers. */
const traceparentOf = (msg: JsMsg): string | null => msg.headers?.get('traceparent') || null;

/** Per event, whether it is the first of its id in the batch (an idempotent consumer's events, once each). */
function firstOfEachId(events: readonly EventEnvelope[]): boolean[] {
  const seen = new Set<string>();
  return events.map((e) => {
    // the same uuid, whichever case it is written in
    const id = e.id.toLowerCase();
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

export class DurableConsumer<S extends Subject = Subject> {
  private readonly loops: { ready: Promise<void>; messages?: ConsumerMessages; done?: Promise<void> }[] = [];
  readonly durableName: string;
  /** the JetStream consumers that make it up: one per subject (the NATS 2.9 servers know one filter) */
  readonly durables: string[];
  handled = 0;
  skipped = 0;
  /** events acknowledged without database work (`relevant` answered false) */
  ignored = 0;
  private stopped = false;
  private readonly definition: ConsumerDefinition<S>;
  private readonly options: ConsumerOptions;

  constructor(definition: ConsumerDefinition<S>, options: ConsumerOptions) {
    if (!definition.handle === !definition.handleBatch)
      throw new Error(`consumer ${definition.name}: give exactly one of handle and handleBatch`);
    this.definition = definition;
    this.options = options;
    this.durableName = `${options.service}_${definition.name}`.replace(/[^A-Za-z0-9_-]/g, '_');
    this.durables = definition.subjects.map((_, index) =>
      definition.subjects.length === 1 ? this.durableName : `${this.durableName}_${index}`,
    );
  }

  /** the subjects this consumer handles */
  get subjects(): readonly S[] {
    return this.definition.subjects;
  }

  /** the consumer's name in handled_event and dead_letter */
  get consumerKey(): string {
    return `${this.options.service}:${this.definition.name}`;
  }

  async start(): Promise<void> {
    const { jsm, js, namespace } = this.options;
    const stream = streamName(namespace);
    // One JetStream consumer per subject: the NATS 2.9 servers of Debian know only a single
    // filter_subject. Together they form this durable consumer.
    this.definition.subjects.forEach((subject, index) => {
      const durable = this.durables[index]!;
      this.loops.push(this.consumeOne(stream, durable, wireSubject(namespace, subject), js, jsm));
    });
    await Promise.all(this.loops.map((l) => l.ready));
  }

  private consumeOne(
    stream: string,
    durable: string,
    filter_subject: string,
    js: JetStreamClient,
    jsm: JetStreamManager,
  ) {
    let markReady: () => void = () => undefined;
    let fail: (e: unknown) => void = () => undefined;
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      fail = reject;
    });
    const state: { ready: Promise<void>; messages?: ConsumerMessages; done?: Promise<void> } = { ready };
    state.done = (async () => {
      try {
        try {
          await jsm.consumers.info(stream, durable);
        } catch {
          await jsm.consumers.add(stream, {
            durable_name: durable,
            ack_policy: AckPolicy.Explicit,
            deliver_policy: DeliverPolicy.All,
            filter_subject,
            ack_wait: nanos(30_000),
            max_deliver: -1,
          });
        }
        const consumer = await js.consumers.get(stream, durable);
        state.messages = await consumer.consume({ max_messages: 64 });
        // Stopped while we were setting up: close at once, or the loop below would never end.
        if (this.stopped) await state.messages.close();
        markReady();
      } catch (error) {
        fail(error);
        return;
      }
      try {
        // The loop reads messages into `waiting`; a handling pass takes what waits (up to maxBatch) into
        // one transaction, again until nothing waits. Reading pauses while a full batch waits.
        const maxBatch = this.definition.maxBatch ?? defaultMaxBatch;
        const waiting: JsMsg[] = [];
        let handling: Promise<void> | undefined;
        const lingerMs = this.options.lingerMs ?? 0;
        // a batch that fills during the linger ends it: its transaction begins at once
        let endLinger: (() => void) | undefined;
        const handleWaiting = async () => {
          try {
            if (lingerMs > 0 && waiting.length < maxBatch) {
              const linger = wait(lingerMs);
              endLinger = linger.end;
              await linger.done;
              endLinger = undefined;
            }
            while (waiting.length > 0) await this.handleBatch(waiting.splice(0, maxBatch), durable);
          } finally {
            handling = undefined;
          }
        };
        for await (const msg of state.messages) {
          waiting.push(msg);
          handling ??= handleWaiting().catch((error) =>
            this.options.logger.error({ err: error }, `consumer ${durable}: handling failed`),
          );
          if (waiting.length >= maxBatch) {
            endLinger?.();
            await handling;
          }
        }
        // stopping: what waits is handled now, not after the linger
        endLinger?.();
        await handling;
      } catch (error) {
        this.options.logger.error({ err: error }, `consumer ${durable} stopped`);
      }
    })();
    return state;
  }

  /**
   * Messages read together: applied in one transaction and acknowledged after its commit. When the
   * batch fails (one bad event, a deadlock), nothing of it stays and each is tried alone.
   */
  private async handleBatch(messages: JsMsg[], durable: string): Promise<void> {
    const started = performance.now();
    try {
      await this.handleBatchTimed(messages, durable);
    } finally {
      this.options.observeHandling?.((performance.now() - started) / 1000);
    }
  }

  private async handleBatchTimed(messages: JsMsg[], durable: string): Promise<void> {
    if (messages.length > 1) {
      try {
        await this.applyAll(
          messages.map((m) => m.json<EventEnvelope<EventData<S>>>()),
          messages.map(traceparentOf),
        );
        for (const msg of messages) msg.ack();
        return;
      } catch (error) {
        this.options.logger.warn(
          { err: error, events: messages.length },
          `consumer ${durable}: a batch failed, handling its events one by one`,
        );
      }
    }
    for (const msg of messages) await this.handleOne(msg, durable);
  }

  private async handleOne(msg: JsMsg, durable: string): Promise<void> {
    try {
      await this.applyAll([msg.json<EventEnvelope<EventData<S>>>()], [traceparentOf(msg)]);
      msg.ack();
    } catch (error) {
      this.options.logger.error({ err: error, subject: msg.subject }, `consumer ${durable} failed`);
      const deliveries = msg.info.deliveryCount;
      if (deliveries >= (this.definition.maxDeliveries ?? defaultMaxDeliveries)) {
        // Failed on every delivery: set aside with its error, and the stream moves on.
        const setAside = await this.setAside(msg.string(), deliveries, error).catch(() => false);
        if (setAside) {
          msg.term();
          return;
        }
      }
      // Not acknowledged: JetStream delivers it again after a growing pause (at most 30 s).
      // Other events go on meanwhile, so read models keep version guards.
      msg.nak(Math.min(30_000, 1000 * 2 ** Math.min(deliveries, 5)));
    }
  }

  /** Applies one event exactly once; exposed so tests can redeliver on purpose. */
  async apply(envelope: EventEnvelope<EventData<S>>): Promise<boolean> {
    const [applied] = await this.applyAll([envelope]);
    return applied!;
  }

  /**
   * Applies events in order in one transaction, each exactly once: their ids go into `handled_event`
   * in one statement, and only the ones new there (once each, even if one came twice) are handled. An
   * idempotent consumer's events all go to the handler (once each per batch), with no mark.
   * Answers, per event, whether it was applied now. Exposed so tests can redeliver on purpose.
   */
  async applyAll(
    envelopes: EventEnvelope<EventData<S>>[],
    /** each event's trace context, from its NATS message (tracing.ts) */
    traceparents: readonly (string | null)[] = [],
  ): Promise<boolean[]> {
    if (envelopes.length === 0) return [];
    for (const envelope of envelopes) assertEventData(envelope.subject, envelope.data);
    // Events the consumer has no use for are done with before any database work.
    const wanted = envelopes.map((e) => this.definition.relevant?.(e) ?? true);
    const kept = envelopes.filter((_, i) => wanted[i]);
    this.ignored += envelopes.length - kept.length;
    if (kept.length === 0) return envelopes.map(() => false);
    const keptTraceparents = traceparents.filter((_, i) => wanted[i]);
    const appliedKept = await (this.options.db as Kysely<PlatformTables>)
      .transaction()
      .execute(async (trx) => {
        const result = this.definition.idempotent ? firstOfEachId(kept) : await this.markHandled(trx, kept);
        const { handle, handleBatch } = this.definition;
        if (handleBatch) {
          const news = kept.filter((_, i) => result[i]);
          if (news.length > 0)
            await inSpan(
              `consume ${news.length === 1 ? news[0]!.subject : `${news.length} events`}`,
              SpanKind.CONSUMER,
              contextOf(keptTraceparents[result.indexOf(true)]),
              { 'loadline.consumer': this.consumerKey, 'loadline.event_id': news[0]!.id },
              () => handleBatch(news, trx),
            );
        } else {
          for (const [i, envelope] of kept.entries())
            if (result[i])
              await inSpan(
                `consume ${envelope.subject}`,
                SpanKind.CONSUMER,
                contextOf(keptTraceparents[i]),
                { 'loadline.consumer': this.consumerKey, 'loadline.event_id': envelope.id },
                () => handle!(envelope, trx),
              );
        }
        return result;
      });
    let k = 0;
    const applied = envelopes.map((_, i) => (wanted[i] ? appliedKept[k++]! : false));
    kept.forEach((envelope, i) => {
      if (appliedKept[i]) {
        this.handled++;
        this.definition.afterCommit?.(envelope);
      } else this.skipped++;
    });
    return applied;
  }

  /**
   * Puts the events' ids into `handled_event` in one statement; answers, per event, whether it was new
   * there (once each, even if one came twice).
   */
  private async markHandled(trx: Kysely<PlatformTables>, events: EventEnvelope[]): Promise<boolean[]> {
    // Arrays, not a row of values per event: one statement text whatever the batch's size.
    const { rows: fresh } = await sql<{
      event_id: string;
    }>`insert into handled_event (consumer, event_id, subject)
    select ${this.consumerKey}, x.event_id, x.subject
    from unnest(${events.map((e) => e.id)}::uuid[], ${events.map((e) => e.subject)}::text[])
      as x(event_id, subject)
    on conflict do nothing
    returning event_id`.execute(trx);
    // PostgreSQL writes a uuid back in lowercase; an event's id may come in capitals (its format takes both)
    const unhandled = new Set(fresh.map((r) => r.event_id));
    return events.map((envelope) => unhandled.delete(envelope.id.toLowerCase()));
  }

  /** Keeps an event that failed on every delivery in `dead_letter`; false when even that failed. */
  private async setAside(raw: string, deliveries: number, error: unknown): Promise<boolean> {
    const envelope = JSON.parse(raw) as EventEnvelope;
    await (this.options.db as Kysely<PlatformTables>)
      .insertInto('dead_letter')
      .values({
        consumer: this.consumerKey,
        event_id: envelope.id,
        subject: envelope.subject,
        envelope: raw,
        deliveries,
        last_error: error instanceof Error ? error.message : String(error),
      })
      .onConflict((oc) =>
        oc.columns(['consumer', 'event_id']).doUpdateSet({ deliveries, failed_at: new Date() }),
      )
      .execute();
    this.options.logger.error(
      { eventId: envelope.id, subject: envelope.subject, deliveries },
      `consumer ${this.consumerKey} set an event aside in dead_letter after ${deliveries} failed deliveries`,
    );
    return true;
  }

  /**
   * Applies this consumer's set-aside events again (after the cause is fixed), oldest first; each
   * that goes through leaves `dead_letter`. Answers how many went through.
   */
  async retryDeadLetters(): Promise<number> {
    const db = this.options.db as Kysely<PlatformTables>;
    const letters = await db
      .selectFrom('dead_letter')
      .select(['event_id', 'envelope'])
      .where('consumer', '=', this.consumerKey)
      .orderBy('failed_at')
      .execute();
    let done = 0;
    for (const letter of letters) {
      try {
        await this.apply(letter.envelope as EventEnvelope<EventData<S>>);
      } catch (error) {
        await db
          .updateTable('dead_letter')
          .set({ last_error: error instanceof Error ? error.message : String(error), failed_at: new Date() })
          .where('consumer', '=', this.consumerKey)
          .where('event_id', '=', letter.event_id)
          .execute();
        continue;
      }
      await db
        .deleteFrom('dead_letter')
        .where('consumer', '=', this.consumerKey)
        .where('event_id', '=', letter.event_id)
        .execute();
      done++;
    }
    return done;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    // Wait for a start still under way, so its message iterator exists and can be closed.
    await Promise.allSettled(this.loops.map((l) => l.ready));
    await Promise.allSettled(this.loops.map((l) => l.messages?.close()));
    await Promise.allSettled(this.loops.map((l) => l.done));
  }
}
