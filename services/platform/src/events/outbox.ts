// The transactional outbox: a state change and its event are written in the same
// database transaction, so neither exists without the other. The relay publishes later.
import type { EventData, Subject } from '@loadline/contracts/events';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type InsertedAll, OutboxEnvelopeParameter, type OutboxRowWritten, sentWithTheNext } from '../db.ts';
import { activeTraceparent } from '../tracing.ts';
import { createEnvelope } from './envelope.ts';

// biome-ignore lint/suspicious/noExplicitAny: any service database that includes the platform tables
type AnyDb = Kysely<any>;

/** Ours: four parameters a row, well under PostgreSQL's 65,535 parameters of a statement. */
export const outboxRowsPerStatement = 2000;

/** One event for `appendEvents`: its subject and payload. */
export type OutboxEvent<S extends Subject = Subject> = { [K in S]: { subject: K; data: EventData<K> } }[S];

/**
 * Records an event inside the caller's transaction. Validates it against its contract first,
 * so an event that does not match never reaches the stream. Returns the event id. Once the transaction
 * has committed, the relay of this process publishes it as it was written, as soon as the connection that
 * wrote it goes back to its pool (db.ts `takeOutboxWrite`, decisions 0102 and 0107).
 */
export async function appendEvent<S extends Subject>(
  trx: AnyDb,
  source: string,
  subject: S,
  data: EventData<S>,
): Promise<string> {
  const [id] = await appendEvents(trx, source, [{ subject, data } as OutboxEvent]);
  return id!;
}

/** Records several events of one change in one statement (one round trip), in their order. */
export async function appendEvents(
  trx: AnyDb,
  source: string,
  events: readonly OutboxEvent[],
): Promise<string[]> {
  if (events.length === 0) return [];
  const rows = outboxRows(source, events);
  // the text holds db.ts's `outboxInsert`, which is what wakes the relay; nobody reads its answer, so in a
  // transaction it goes with the next statement or the COMMIT (decision 0106). It inserts every row or
  // fails, so the connection keeps the rows for the relay as they are.
  for (let i = 0; i < rows.length; i += outboxRowsPerStatement)
    await sql`${sql.raw(sentWithTheNext)}insert into outbox (event_id, subject, envelope, traceparent)
      select x.event_id, x.subject, x.envelope, x.traceparent
      from ${outboxRecordset(rows.slice(i, i + outboxRowsPerStatement), true)}`.execute(trx);
  return rows.map((row) => row.event_id);
}

/**
 * The outbox rows as a record set for an `insert into outbox (event_id, subject, envelope, traceparent)
 * select …`, named `x`, the columns defined here once: a row of parameters per event, so PostgreSQL reads
 * each envelope once, as the column's JSON. One JSON parameter for all the rows was read three times (as
 * the parameter, as the record set, as the column): a tenth of PostgreSQL's CPU during a check-call burst.
 * The envelope parameters carry the rows to the connection, which hands them to the relay to publish once
 * committed (decision 0107). So the statement says whether it inserts them all: `true` only for one that
 * inserts every row or fails; one with a condition or a conflict clause says how its answer tells. A wrong
 * `true` publishes events that are not in the table. At most `outboxRowsPerStatement` rows.
 */
export const outboxRecordset = (
  rows: readonly OutboxRowWritten[],
  insertedAll: InsertedAll,
): RawBuilder<unknown> => {
  if (rows.length > outboxRowsPerStatement)
    throw new Error(`${rows.length} outbox rows in one statement: at most ${outboxRowsPerStatement}`);
  if (rows.length === 0)
    return sql`(select null::uuid, null::text, null::json, null::text where false) as x(event_id, subject, envelope, traceparent)`;
  const values = rows.map(
    (r) =>
      sql`(${r.event_id}::uuid, ${r.subject}::text, ${new OutboxEnvelopeParameter(r, insertedAll)}::json, ${r.traceparent}::text)`,
  );
  return sql`(values ${sql.join(values)}) as x(event_id, subject, envelope, traceparent)`;
};

/**
 * The outbox rows of `events`, each checked against its contract: for a service that writes them
 * inside a larger statement of its own (e.g. with the state change, in one round trip).
 */
export function outboxRows(source: string, events: readonly OutboxEvent[]): OutboxRowWritten[] {
  // the trace of the request or job writing them (tracing.ts)
  const traceparent = activeTraceparent();
  return events.map((e) => {
    const envelope = createEnvelope(source, e.subject, e.data as EventData<typeof e.subject>);
    return {
      event_id: envelope.id,
      subject: envelope.subject,
      traceparent,
      // written once: the outbox's json column keeps this text, and the relay publishes it as it is
      envelopeText: JSON.stringify(envelope),
    };
  });
}
