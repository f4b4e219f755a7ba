// The transactional outbox: a state change and its event are written in the same
// database transaction, so neither exists without the other. The relay publishes later.
import type { EventData, Subject } from '@loadline/contracts/events';
import { type Kysely, sql } from 'kysely';
import type { PlatformTables } from '../store/migrations.ts';
import { createEnvelope } from './envelope.ts';

// biome-ignore lint/suspicious/noExplicitAny: any service database that includes the platform tables
type AnyDb = Kysely<any>;

/** Transactions that already asked for the relay to wake. */
const notified = new WeakSet<object>();

/**
 * Records an event inside the caller's transaction. Validates it against its contract first,
 * so an event that does not match never reaches the stream. Returns the event id.
 */
export async function appendEvent<S extends Subject>(
  trx: AnyDb,
  source: string,
  subject: S,
  data: EventData<S>,
): Promise<string> {
  const envelope = createEnvelope(source, subject, data);
  await (trx as Kysely<PlatformTables>)
    .insertInto('outbox')
    .values({ event_id: envelope.id, subject, envelope: JSON.stringify(envelope), published_at: null })
    .execute();
  // Wakes the relay when the transaction commits (NOTIFY is transactional); once per transaction.
  if (!notified.has(trx)) {
    notified.add(trx);
    await sql`select pg_notify('outbox_' || current_schema(), '')`.execute(trx);
  }
  return envelope.id;
}

/**
 * Records several events of one subject in the caller's transaction with one insert and one
 * wake-up (a batch of check calls writes hundreds at once). Each is validated like appendEvent's.
 * Returns the event ids in order.
 */
export async function appendEvents<S extends Subject>(
  trx: AnyDb,
  source: string,
  subject: S,
  data: readonly EventData<S>[],
): Promise<string[]> {
  if (data.length === 0) return [];
  const envelopes = data.map((d) => createEnvelope(source, subject, d));
  await (trx as Kysely<PlatformTables>)
    .insertInto('outbox')
    .values(
      envelopes.map((envelope) => ({
        event_id: envelope.id,
        subject,
        envelope: JSON.stringify(envelope),
        published_at: null,
      })),
    )
    .execute();
  if (!notified.has(trx)) {
    notified.add(trx);
    await sql`select pg_notify('outbox_' || current_schema(), '')`.execute(trx);
  }
  return envelopes.map((e) => e.id);
}
