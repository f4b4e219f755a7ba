// The relay publishes the rows its own process committed as they were written, without reading them back
// (decision 0107, issue 19): one round trip, the mark, where the read and the mark took two. What it must
// never do is publish a row that did not commit: a transaction rolled back, one whose COMMIT the server
// answered with ROLLBACK, rows rolled back to a savepoint, a statement that inserted fewer rows than it was
// given. For those it reads the table, as before. Real PostgreSQL and NATS.
import { setTimeout as sleep } from 'node:timers/promises';
import { subjects } from '@loadline/contracts/events';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { takeOutboxWrite } from '../src/db.ts';
import { OutboxRelay, outboxRecordset, outboxRows, type PlatformTables, streamName } from '../src/index.ts';
import { createTestRuntime, eventually, type TestRuntime } from '../src/testing/index.ts';
import { relayThatNeverPolls, userChanged } from './fixtures.ts';

let t: TestRuntime<PlatformTables>;

beforeAll(async () => {
  // Not started: the runtime's own relay would publish the rows itself.
  t = await createTestRuntime<PlatformTables>({ service: 'relayaswritten', migrations: {} });
});

afterAll(async () => {
  await t?.cleanup();
});

/** The user ids of the events on the test's stream, in stream order. */
async function userIdsOnTheStream(): Promise<string[]> {
  const name = streamName(t.runtime.config.eventNamespace);
  const { state } = await t.runtime.jsm.streams.info(name);
  const ids: string[] = [];
  for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq++) {
    const msg = await t.runtime.jsm.streams.getMessage(name, { seq }).catch(() => null);
    if (msg) ids.push((msg.json() as { data: { userId: string } }).data.userId);
  }
  return ids;
}

const committed = (userId: string) =>
  t.runtime.db
    .transaction()
    .execute((trx) => t.runtime.appendEvent(trx, subjects.userChanged, userChanged({ userId })));

/** The outbox row of an event once it is marked published (waits up to 5 s for it). */
const published = (eventId: string) =>
  eventually(async () => {
    const row = await t.runtime.db
      .selectFrom('outbox')
      .select(['published_at', 'envelope'])
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow();
    return row.published_at === null ? undefined : row;
  }, 5_000);

/** A relay that only a released write wakes, with the number of times it read the table. */
async function startedRelay() {
  const relay = relayThatNeverPolls(t);
  const reads = { count: 0 };
  const publishBatch = relay.publishBatch.bind(relay);
  relay.publishBatch = async () => {
    reads.count++;
    return publishBatch();
  };
  await relay.start();
  await relay.flush();
  // the loop's first read is done and it waits on its 60 s poll
  await sleep(300);
  reads.count = 0;
  return { relay, reads };
}

it('publishes a committed change as it was written, without reading the table, and marks its row', async () => {
  const { relay, reads } = await startedRelay();
  try {
    const id = await committed('usr_as_written');
    const row = await published(id);
    expect(reads.count).toBe(0);
    expect(relay.publishedAsWritten).toBe(1);
    // the message is the row's envelope, as the table keeps it
    const name = streamName(t.runtime.config.eventNamespace);
    const msg = await t.runtime.jsm.streams.getMessage(name, {
      last_by_subj: `${t.runtime.config.eventNamespace}.${subjects.userChanged}`,
    });
    expect(msg?.json()).toEqual(row.envelope);
    expect(msg?.header.get('Nats-Msg-Id')).toBe(id);
  } finally {
    await relay.stop();
  }
});

it('publishes nothing of a transaction rolled back, nor of one whose COMMIT the server answered with ROLLBACK', async () => {
  const { relay } = await startedRelay();
  try {
    const before = await userIdsOnTheStream();
    await t.runtime.db
      .transaction()
      .execute(async (trx) => {
        await t.runtime.appendEvent(trx, subjects.userChanged, userChanged({ userId: 'usr_rolled_back' }));
        throw new Error('the change fails');
      })
      .catch(() => undefined);
    // The insert waits for the next statement (decision 0106); that one fails, which the caller swallows,
    // so Kysely sends COMMIT, the server answers ROLLBACK and Kysely says so.
    const aborted = await t.runtime.db
      .transaction()
      .execute(async (trx) => {
        await t.runtime.appendEvent(trx, subjects.userChanged, userChanged({ userId: 'usr_aborted' }));
        await sql`select 1 / 0`.execute(trx).catch(() => undefined);
      })
      .then(
        () => 'committed',
        (error: Error) => error.name,
      );
    expect(aborted).toBe('AbortedTransactionError');
    await committed('usr_after_them');
    await eventually(
      async () => ((await userIdsOnTheStream()).length > before.length ? true : undefined),
      5_000,
    );
    await relay.flush();
    expect((await userIdsOnTheStream()).slice(before.length)).toEqual(['usr_after_them']);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from outbox
      where envelope->'data'->>'userId' in ('usr_rolled_back', 'usr_aborted')`.execute(t.runtime.db);
    expect(rows[0]!.n).toBe(0);
  } finally {
    await relay.stop();
  }
});

it('reads the table for rows it cannot vouch for: rolled back to a savepoint, or fewer inserted than given', async () => {
  const { relay, reads } = await startedRelay();
  try {
    const before = await userIdsOnTheStream();
    await t.runtime.db.transaction().execute(async (trx) => {
      await sql`savepoint before_it`.execute(trx);
      await t.runtime.appendEvent(trx, subjects.userChanged, userChanged({ userId: 'usr_undone' }));
      await sql`rollback to savepoint before_it`.execute(trx);
      await t.runtime.appendEvent(trx, subjects.userChanged, userChanged({ userId: 'usr_kept' }));
    });
    // the same in a form the connection does not take for a savepoint's start: its rollback is still seen
    await t.runtime.db.transaction().execute(async (trx) => {
      await sql`/* ours */ savepoint before_it`.execute(trx);
      await t.runtime.appendEvent(trx, subjects.userChanged, userChanged({ userId: 'usr_undone_too' }));
      await sql`/* ours */ rollback to savepoint before_it`.execute(trx);
    });
    // a statement given two rows that inserts none, and says by its answer that it did not insert them all
    const rows = outboxRows('relayaswritten', [
      { subject: subjects.userChanged, data: userChanged({ userId: 'usr_never_a' }) },
      { subject: subjects.userChanged, data: userChanged({ userId: 'usr_never_b' }) },
    ]);
    await sql`insert into outbox (event_id, subject, envelope, traceparent)
      select x.event_id, x.subject, x.envelope, x.traceparent
      from ${outboxRecordset(rows, (answer) => answer.rowCount === rows.length)} where false`.execute(
      t.runtime.db,
    );
    await eventually(
      async () => ((await userIdsOnTheStream()).length > before.length ? true : undefined),
      5_000,
    );
    // whatever is left to publish, as written or read, goes out now
    await relay.flush();
    expect((await userIdsOnTheStream()).slice(before.length)).toEqual(['usr_kept']);
    expect(reads.count).toBeGreaterThan(0);
    expect(relay.publishedAsWritten).toBe(0);
  } finally {
    await relay.stop();
  }
});

it('publishes a change written outside a transaction as written too', async () => {
  const { relay, reads } = await startedRelay();
  try {
    const id = await t.runtime.appendEvent(
      t.runtime.db,
      subjects.userChanged,
      userChanged({ userId: 'usr_on_its_own' }),
    );
    await published(id);
    expect(reads.count).toBe(0);
    expect(relay.publishedAsWritten).toBe(1);
  } finally {
    await relay.stop();
  }
});

it('still reads, once per poll, the rows another process wrote while its own commits keep it busy', async () => {
  const relay = new OutboxRelay({
    db: t.runtime.db,
    pool: t.runtime.database.pool,
    js: t.runtime.js,
    namespace: t.runtime.config.eventNamespace,
    logger: t.runtime.logger,
    pollIntervalMs: 300,
  });
  await relay.start();
  // another process: its own connection, so no release of this pool tells the relay
  const other = new pg.Client({ connectionString: t.runtime.config.databaseUrl });
  await other.connect();
  let writing = true;
  const ownWrites = (async () => {
    for (let i = 0; writing; i++) {
      await committed(`usr_busy_${i}`);
      await sleep(20);
    }
  })();
  try {
    await sleep(500);
    const [row] = outboxRows('relayaswritten', [
      { subject: subjects.userChanged, data: userChanged({ userId: 'usr_from_elsewhere' }) },
    ]);
    await other.query(
      `insert into "${t.runtime.config.databaseSchema}".outbox (event_id, subject, envelope) values ($1, $2, $3)`,
      [row!.event_id, row!.subject, row!.envelopeText],
    );
    const seenAt = Date.now();
    await published(row!.event_id);
    // within about one poll, although the relay never went idle for one
    expect(Date.now() - seenAt).toBeLessThan(1_500);
    expect(relay.publishedAsWritten).toBeGreaterThan(10);
  } finally {
    writing = false;
    await ownWrites;
    await other.end();
    await relay.stop();
  }
});

it('keeps no rows on a connection of a process that runs no relay', async () => {
  // no relay listens to this runtime's pool: nobody takes the rows at the release
  for (let i = 0; i < 3; i++) await committed(`usr_no_relay_${i}`);
  const client = await t.runtime.database.pool.connect();
  try {
    // the connection just used (the pool hands out the last one back first) forgot them when handed out
    expect(takeOutboxWrite(client)).toBeUndefined();
  } finally {
    client.release();
  }
  await relayThatNeverPolls(t).flush();
});

it('leaves to its as-written round a row a read finds waiting there, so NATS hears it once', async () => {
  // the linger holds the row in the as-written queue long enough for a read to run meanwhile
  const relay = relayThatNeverPolls(t, { lingerMs: 1_500 });
  await relay.start();
  await relay.flush();
  await sleep(300);
  // the gateway's live hub hears every publish on the subject, JetStream's dropped copies included
  const heard: string[] = [];
  const subscription = t.runtime.nats.subscribe(
    `${t.runtime.config.eventNamespace}.${subjects.userChanged}`,
    {
      callback: (_error, msg) => {
        heard.push(msg.json<{ data: { userId: string } }>().data.userId);
      },
    },
  );
  try {
    const id = await committed('usr_heard_once');
    expect(await relay.publishBatch()).toBe(0);
    await published(id);
    await sleep(200);
    expect(heard).toEqual(['usr_heard_once']);
    expect(relay.publishedAsWritten).toBe(1);
  } finally {
    subscription.unsubscribe();
    await relay.stop();
  }
});
