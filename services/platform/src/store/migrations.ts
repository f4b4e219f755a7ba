// Tables every service gets from the platform: the transactional outbox it publishes
// from, and the ids of the events its consumers have already handled.
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const platformMigrations: Record<string, Migration> = {
  '0001_outbox_and_handled_events': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('outbox')
        .addColumn('position', 'bigserial', (c) => c.primaryKey())
        .addColumn('event_id', 'uuid', (c) => c.notNull().unique())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('envelope', 'jsonb', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('published_at', 'timestamptz')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .execute();
      await sql`create index outbox_unpublished on outbox (position) where published_at is null`.execute(db);
      await db.schema
        .createTable('handled_event')
        .addColumn('consumer', 'text', (c) => c.notNull())
        .addColumn('event_id', 'uuid', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('handled_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('handled_event_pk', ['consumer', 'event_id'])
        .execute();
    },
  },
  // The relay woke on NOTIFY, sent by a statement-level trigger with each insert; dropped by 0006.
  '0002_outbox_notify_trigger': {
    async up(db: Kysely<unknown>) {
      await sql`create function outbox_notify() returns trigger language plpgsql as $$
        begin
          perform pg_notify('outbox_' || tg_table_schema, '');
          return null;
        end $$`.execute(db);
      await sql`create trigger outbox_notify after insert on outbox
        for each statement execute function outbox_notify()`.execute(db);
    },
  },
  // Events a consumer failed on every delivery: kept with the last error instead of being
  // delivered for ever, so the stream moves on and someone can look, fix and retry.
  '0003_dead_letter': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('dead_letter')
        .addColumn('consumer', 'text', (c) => c.notNull())
        .addColumn('event_id', 'uuid', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('envelope', 'jsonb', (c) => c.notNull())
        .addColumn('deliveries', 'integer', (c) => c.notNull())
        .addColumn('last_error', 'text', (c) => c.notNull())
        .addColumn('failed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('dead_letter_pk', ['consumer', 'event_id'])
        .execute();
    },
  },
  // The outbox is written once and read once, as text, by the relay: `json` keeps the text as written
  // (checked, not re-encoded), where `jsonb` parsed and encoded every envelope on the way in and out, and
  // the unique index on event_id cost every insert and every publish mark. Event ids are generated
  // (UUID v7) and deduplicated by JetStream (Nats-Msg-Id) and by each consumer's handled_event.
  // Measured on 500-row batches: inserts 43–47k → 97–103k rows/s, the relay's pass 54–58k → 97k rows/s.
  '0004_outbox_envelope_as_json': {
    async up(db: Kysely<unknown>) {
      // The type change rewrites the table under an exclusive lock: published rows (kept only to look
      // into) go first, so the rewrite holds only what still waits for the relay.
      await sql`delete from outbox where published_at is not null`.execute(db);
      await sql`alter table outbox drop constraint if exists outbox_event_id_key`.execute(db);
      await sql`alter table outbox alter column envelope type json using envelope::json`.execute(db);
      // A set-aside envelope is the outbox's text again: json takes whatever the outbox took (jsonb
      // refuses a \u0000 escape, and the event could then never be set aside).
      await sql`alter table dead_letter alter column envelope type json using envelope::json`.execute(db);
    },
  },
  // The trace context of the change that wrote the event (tracing.ts): the relay sends it on in the NATS
  // message's headers, so the consumers' work joins the request's trace.
  '0005_outbox_traceparent': {
    async up(db: Kysely<unknown>) {
      await sql`alter table outbox add column traceparent text`.execute(db);
    },
  },
  // The relay no longer wakes on NOTIFY (decision 0102): PostgreSQL takes one lock for every transaction
  // that sent one and holds it through the commit's flush, so each outbox write's commit waited for every
  // other's. The connection that wrote the rows wakes its own process's relay when it is released.
  '0006_outbox_without_notify': {
    async up(db: Kysely<unknown>) {
      await sql`drop trigger if exists outbox_notify on outbox`.execute(db);
      await sql`drop function if exists outbox_notify()`.execute(db);
    },
  },
  // The relay marks the rows its process published as written by their event ids (decision 0107): found
  // among the unpublished rows alone, a handful, however long the table grows with published ones.
  '0007_outbox_unpublished_event_id': {
    async up(db: Kysely<unknown>) {
      await sql`create index outbox_unpublished_event on outbox (event_id) where published_at is null`.execute(
        db,
      );
    },
  },
  // An envelope over about 2 kB (a batch of check calls' is 30–50 kB) is compressed as it is stored: with
  // PostgreSQL's own method that was a sixth of PostgreSQL's CPU during a check-call burst; lz4 does it for
  // an eighth of that, to about the same size. A server built without lz4 keeps its own method.
  '0008_outbox_envelope_lz4': {
    async up(db: Kysely<unknown>) {
      await sql`do $$ begin
          alter table outbox alter column envelope set compression lz4;
        exception when feature_not_supported then null;
        end $$`.execute(db);
    },
  },
};

export interface PlatformTables {
  outbox: {
    position: import('kysely').Generated<number>;
    event_id: string;
    subject: string;
    envelope: unknown;
    created_at: import('kysely').Generated<Date>;
    published_at: Date | null;
    attempts: import('kysely').Generated<number>;
    last_error: string | null;
    traceparent: string | null;
  };
  handled_event: {
    consumer: string;
    event_id: string;
    subject: string;
    handled_at: import('kysely').Generated<Date>;
  };
  dead_letter: {
    consumer: string;
    event_id: string;
    subject: string;
    envelope: unknown;
    deliveries: number;
    last_error: string;
    failed_at: import('kysely').Generated<Date>;
  };
}
