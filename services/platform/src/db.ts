// PostgreSQL access: one pool per service, pinned to the schema that service owns alone
// (search_path), a typed query layer (Kysely), and versioned migrations.
import {
  type DatabaseIntrospector,
  Kysely,
  PostgresDialect,
  type PostgresDialectConfig,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import pg from 'pg';
import { platformMigrations } from './store/migrations.ts';

export type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
export { sql } from 'kysely';
export type { Migration } from 'kysely/migration';

// BIGINT and NUMERIC come back as numbers (ids and amounts here fit a double).
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

const schemaName = /^[a-z_][a-z0-9_]{0,62}$/;

export interface DatabaseOptions {
  url: string;
  schema: string;
  maxConnections?: number;
  /** told when an idle connection dies (server restart, failover); the pool replaces it */
  onIdleError?: (error: Error) => void;
  /**
   * Create the schema first (default). Off for a database that is never queried (an HTTP app built
   * without servers, for its contract): then nothing connects until the first query.
   */
  createSchema?: boolean;
}

export interface Database<DB> {
  db: Kysely<DB>;
  pool: pg.Pool;
  schema: string;
  close(): Promise<void>;
}

/**
 * What Kysely's introspection (and so its migrator) sees: the service's own schema only. The stock
 * introspector reads every table of every schema, which is slow beside hundreds of test schemas and
 * fails outright when another test drops its schema in the middle of the scan.
 */
class OwnSchemaIntrospector implements DatabaseIntrospector {
  // biome-ignore lint/suspicious/noExplicitAny: introspection runs outside the typed tables
  private readonly db: Kysely<any>;
  private readonly schema: string;
  // biome-ignore lint/suspicious/noExplicitAny: introspection runs outside the typed tables
  constructor(db: Kysely<any>, schema: string) {
    this.db = db;
    this.schema = schema;
  }
  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace
      where nspname = ${this.schema}`.execute(this.db);
    return rows;
  }
  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; is_view: boolean; is_foreign: boolean }>`select
        c.relname as name, c.relkind = 'v' as is_view, c.relkind = 'f' as is_foreign
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${this.schema} and c.relkind in ('r', 'v', 'p', 'f')`.execute(this.db);
    return rows.map((r) => ({
      name: r.name,
      isView: r.is_view,
      isForeign: r.is_foreign,
      schema: this.schema,
      columns: [],
    }));
  }
  async getMetadata(): Promise<{ tables: TableMetadata[] }> {
    return { tables: await this.getTables() };
  }
}

class OwnSchemaDialect extends PostgresDialect {
  private readonly schema: string;
  constructor(config: PostgresDialectConfig, schema: string) {
    super(config);
    this.schema = schema;
  }
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's own signature
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db, this.schema);
  }
}

/**
 * A write that begins with this waits, inside a transaction, for the transaction's next statement or its
 * COMMIT, and goes in the same write to the server (decision 0106): for a write whose answer nobody reads
 * (no rows, no count), such as the outbox's insert. It is answered at once with nothing; its error fails
 * the statement or the COMMIT it went with, so the transaction stays all or nothing. Outside a
 * transaction, and on its first run on a connection, it goes at once.
 */
export const sentWithTheNext = '/* sent with the next statement */ ';

/** Every statement that writes outbox rows says this (the platform's appendEvents, a service's one-statement save). */
export const outboxInsert = 'insert into outbox';

/** An outbox row as the relay publishes it: the envelope's text as it went into the table. */
export interface OutboxRowWritten {
  event_id: string;
  subject: string;
  traceparent: string | null;
  envelopeText: string;
}

/**
 * Whether a statement inserted every outbox row it was given: `true` for one that inserts them all or fails
 * (a plain `insert … select` from the rows), or how its answer tells (a statement with a condition or a
 * conflict clause). A wrong `true` would publish events that are not in the table.
 */
export type InsertedAll = true | ((answer: pg.QueryResult) => boolean);

/**
 * One row of an outbox insert, as the statement's parameter for its envelope (pg sends `toPostgres`'s text,
 * the envelope as it was written, which PostgreSQL reads once, as the column's JSON). The platform's
 * connection keeps the rows of a statement's envelope parameters, so that once their transaction has
 * committed, the relay of this process publishes them as they were written instead of reading them back
 * (decision 0107). `insertedAll` is the statement's, the same on each of its rows.
 */
export class OutboxEnvelopeParameter {
  readonly row: OutboxRowWritten;
  readonly insertedAll: InsertedAll;
  constructor(row: OutboxRowWritten, insertedAll: InsertedAll) {
    this.row = row;
    this.insertedAll = insertedAll;
  }
  toPostgres(): string {
    return this.row.envelopeText;
  }
}

/**
 * What the connection, back in its pool, wrote to the outbox since the last time it was asked (and forgets
 * it): the pool's `release` comes after the transaction ended. `undefined` when it wrote no outbox rows;
 * the rows its transactions committed, in their order (none when they rolled back); or `'read'` when it
 * cannot vouch for them (rows written without `OutboxEnvelopeParameter`, after a savepoint, outside a
 * transaction it saw begin, or a statement or COMMIT that failed), and the relay reads the table instead.
 * The outbox relay of the same process acts on it at once (decisions 0102, 0107).
 */
export function takeOutboxWrite(client: pg.PoolClient): readonly OutboxRowWritten[] | 'read' | undefined {
  const c = client as unknown as Partial<PreparingClient>;
  if (!c.wroteOutbox) return undefined;
  return c.takeOutboxRows!();
}

/** Ours: distinct statement texts a connection keeps prepared (beyond it, statements run unnamed). */
export const preparedStatementsPerConnection = 500;

/** How Kysely (and our own code) opens a transaction: `begin`, or `start transaction` with its settings. */
const transactionStart = /^(begin|start transaction(?: [a-z ]+)?)$/i;
const transactionEnd = /^(commit|rollback)$/i;
/**
 * Statements after which the outbox rows of the open transaction may not be what it commits (decision
 * 0107): a savepoint and its rollback, ends other than COMMIT and ROLLBACK as Kysely sends them.
 */
const unseenEnd =
  /savepoint|^\s*(rollback\b(?!$)|abort\b|end\b|prepare\s+transaction\b|commit\b(?!$))|^\s+(begin|commit|rollback)/i;

/** The answer a transaction statement that was never sent stands for (Kysely reads `command`). */
const answered = (command: string) => ({ command, rowCount: null, oid: 0, rows: [], fields: [] });

interface WireConnection {
  stream: { cork?: () => void; uncork?: () => void; destroy(error?: Error): void };
  parsedStatements: Record<string, string | undefined>;
  parse(query: { text: string; name: string; types: unknown[] }): void;
  bind(config: { portal: string; statement: string; values: unknown[] }): void;
  execute(config: { portal: string; rows: number }): void;
}
interface QueryOnTheWire {
  submit(connection: WireConnection): Error | null;
  handleCommandComplete(message: unknown, connection: WireConnection): void;
  handleError(error: Error, connection: WireConnection): void;
  handleRowDescription(message: unknown): void;
  handleDataRow(message: unknown): void;
}
/** how pg turns a parameter into its text (dates, arrays, objects), as for its own statements */
const prepareValue = (pg as unknown as { utils: { prepareValue(value: unknown, index: number): unknown } })
  .utils.prepareValue;
type Answered = (error: Error | null, result: pg.QueryResult) => void;
const WireQuery = pg.Query as unknown as new (
  config: { name: string; text: string; values: unknown[]; queryMode?: 'extended' },
  values: undefined,
  callback: Answered,
) => QueryOnTheWire;

/** What goes ahead of a statement in one write: a held BEGIN (text), or a statement sent later (prepared). */
type Ahead = { text: string } | { name: string; text: string; values: unknown[] };

/**
 * What waited, then a statement, in one write and one answer (the extended protocol's messages for each,
 * then one Sync): a held BEGIN goes as an unnamed statement (decision 0105), statements sent later as the
 * prepared ones they are on this connection (decision 0106), the last as itself — a prepared statement,
 * or an unnamed COMMIT. Only statements already parsed here go prepared, so the Parse this connection
 * sees complete is an unnamed one and pg's record of parsed statements stays true. The server stops at
 * the first error and skips the rest up to the Sync; `completed` says how far it got.
 */
class Pipeline extends WireQuery {
  private readonly ahead: readonly Ahead[];
  /** statements ahead that completed: an error with all of them done is the last statement's own */
  completed = 0;
  private readonly closeOnRefusedBegin: boolean;
  constructor(
    ahead: readonly Ahead[],
    config: { name: string; text: string; values: unknown[]; queryMode?: 'extended' },
    callback: Answered,
    /** close the connection when the server refuses the BEGIN ahead: statements are queued behind */
    closeOnRefusedBegin = false,
  ) {
    super(config, undefined, callback);
    this.ahead = ahead;
    this.closeOnRefusedBegin = closeOnRefusedBegin;
  }
  override handleError(error: Error, connection: WireConnection): void {
    const failed = this.failedAt();
    if (this.closeOnRefusedBegin && failed !== undefined && !('name' in failed))
      connection.stream.destroy(error);
    super.handleError(error, connection);
  }
  override submit(connection: WireConnection): Error | null {
    connection.stream.cork?.();
    try {
      for (const step of this.ahead) {
        if ('name' in step) {
          // its values were turned into text when it was asked for
          connection.bind({ portal: '', statement: step.name, values: step.values });
        } else {
          connection.parse({ text: step.text, name: '', types: [] });
          connection.bind({ portal: '', statement: '', values: [] });
        }
        connection.execute({ portal: '', rows: 0 });
      }
      return super.submit(connection);
    } finally {
      connection.stream.uncork?.();
    }
  }
  // rows of a write that went ahead (one with `returning`) are nobody's: only the last statement's are kept
  override handleRowDescription(message: unknown): void {
    if (this.completed >= this.ahead.length) super.handleRowDescription(message);
  }
  override handleDataRow(message: unknown): void {
    if (this.completed >= this.ahead.length) super.handleDataRow(message);
  }
  override handleCommandComplete(message: unknown, connection: WireConnection): void {
    // the completions of what went ahead are not the last statement's result
    if (this.completed < this.ahead.length) this.completed++;
    else super.handleCommandComplete(message, connection);
  }
  /** the statement the server's error belongs to */
  failedAt(): Ahead | undefined {
    return this.ahead[this.completed];
  }
}

/**
 * A held BEGIN sent on its own, ahead of a statement that cannot go with it. Should the server refuse it
 * (an isolation level it does not know, a writing transaction on a standby), the connection is closed
 * with that error at once: the statements queued behind it fail with it, instead of each running and
 * committing on its own.
 */
class BeginAlone extends WireQuery {
  constructor(begin: string) {
    super({ name: '', text: begin, values: [] }, undefined, () => undefined);
  }
  override handleError(error: Error, connection: WireConnection): void {
    connection.stream.destroy(error);
    super.handleError(error, connection);
  }
}

/**
 * A connection that prepares each parameterised statement once, under a name derived from its text,
 * and then only binds and executes it: PostgreSQL parses and analyses it once per connection and, from
 * the sixth run on, keeps a generic plan when that plans no worse. Planning the shipment aggregate
 * alone took longer than running it (decision 0008). Statements without parameters (DDL, COMMIT) go as
 * they are, and so do new texts once a connection holds `preparedStatementsPerConnection`. A transaction's
 * BEGIN waits to go with its first statement (decision 0105), and a write marked `sentWithTheNext` waits
 * to go with the statement or the COMMIT after it (decision 0106).
 */
class PreparingClient extends pg.Client {
  private readonly prepared = new Map<string, string>();
  private named = 0;
  /** a statement inserted outbox rows since the connection was handed out (`takeOutboxWrite`) */
  wroteOutbox = false;
  /** outbox rows of the open transaction, committed with it */
  private outboxPending: OutboxRowWritten[] = [];
  /** outbox rows whose transaction committed, for the relay */
  private outboxCommitted: OutboxRowWritten[] = [];
  /** an outbox write this connection cannot vouch for: the relay reads the table */
  private outboxUnknown = false;
  /** a transaction was opened here and nothing sent since: its BEGIN goes with the next statement */
  private pendingBegin: string | undefined;
  /** writes of the open transaction, answered already, that go with its next statement (decision 0106) */
  private later: { name: string; text: string; values: unknown[] }[] = [];
  /**
   * The open transaction set a savepoint: its writes go at once, since a caller that recovers from a failed
   * statement by rolling back to the savepoint must see a failed write as the write's own failure.
   */
  private savepointSet = false;

  /** The pool took the connection back: a BEGIN still held opened nothing on the server. */
  forgetHeldBegin(): void {
    this.pendingBegin = undefined;
    this.later = [];
    this.savepointSet = false;
    // rows of a transaction that ended in a way not seen here: the relay reads
    if (this.outboxPending.length > 0) this.outboxUnknown = true;
    this.outboxPending = [];
  }

  /**
   * The pool hands the connection out again: rows of its last use that no relay took (a process that runs
   * no relay, one stopped) are forgotten, and wait in the table for a relay's read.
   */
  forgetOutboxRows(): void {
    this.wroteOutbox = false;
    this.outboxUnknown = false;
    this.outboxCommitted = [];
    this.outboxPending = [];
  }

  /** `takeOutboxWrite`'s answer, forgotten here. */
  takeOutboxRows(): readonly OutboxRowWritten[] | 'read' {
    const taken = this.outboxUnknown ? 'read' : this.outboxCommitted;
    this.wroteOutbox = false;
    this.outboxUnknown = false;
    this.outboxCommitted = [];
    return taken;
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads, passed through unchanged
  override query(config: any, values?: any, callback?: any): any {
    const text = typeof config === 'string' ? config : undefined;
    const awaited = callback === undefined && typeof values !== 'function';
    if (text?.includes(outboxInsert)) {
      this.wroteOutbox = true;
      if (awaited) return this.outboxWrite(text, values);
      this.outboxUnknown = true;
    } else if (text === undefined || !awaited || unseenEnd.test(text)) {
      // a statement that may undo or end the transaction in a way not followed here (a savepoint's rollback,
      // ABORT, END, a callback's or a config object's statement): its rows are not vouched for
      if (this.outboxPending.length > 0) this.outboxUnknown = true;
      if (text !== undefined && /^begin\b|^start transaction\b/i.test(text)) this.outboxPending = [];
    } else if (transactionStart.test(text) && this.outboxPending.length > 0) {
      // a transaction begins while rows of one not seen to end wait: they are not vouched for
      this.outboxUnknown = true;
      this.outboxPending = [];
    } else if (transactionEnd.test(text)) {
      // a rollback, or a COMMIT the server answers with ROLLBACK (the transaction had failed), keeps nothing
      if (/^rollback$/i.test(text)) this.outboxPending = [];
      return (this.send(text, values) as Promise<pg.QueryResult>).then(
        (answer) => {
          if (answer.command === 'COMMIT') this.outboxCommitted.push(...this.outboxPending);
          this.outboxPending = [];
          return answer;
        },
        (error: unknown) => {
          // a COMMIT that failed on the way may still have committed: the relay reads
          if (this.outboxPending.length > 0) this.outboxUnknown = true;
          this.outboxPending = [];
          throw error;
        },
      );
    }
    return this.send(config, values, callback);
  }

  /**
   * An outbox insert: its rows kept for the relay when the connection knows what becomes of them — given
   * as `OutboxEnvelopeParameter`s, in a transaction it saw open (before any savepoint) or on their own,
   * committed as the statement answers.
   */
  private outboxWrite(text: string, values: unknown): Promise<pg.QueryResult> {
    const envelopes = Array.isArray(values)
      ? (values.filter((v) => v instanceof OutboxEnvelopeParameter) as OutboxEnvelopeParameter[])
      : [];
    const given =
      envelopes.length === 0
        ? undefined
        : { rows: envelopes.map((e) => e.row), insertedAll: envelopes[0]!.insertedAll };
    const inTransaction = this.pendingBegin !== undefined || (this.quiet() && this.transactionStatus === 'T');
    const alone = !inTransaction && this.quiet() && this.transactionStatus === 'I';
    const sent = this.send(text, values) as Promise<pg.QueryResult>;
    if (given === undefined || this.savepointSet || this.outboxUnknown || !(inTransaction || alone)) {
      this.outboxUnknown = true;
      return sent;
    }
    // kept before the answer: a write sent with the next statement is answered before it is sent
    if (inTransaction) this.outboxPending.push(...given.rows);
    return sent.then(
      (answer) => {
        // a write sent later answers nothing, so a statement that must say how many it inserted goes to the read
        if (given.insertedAll !== true && !given.insertedAll(answer)) this.outboxUnknown = true;
        else if (alone) this.outboxCommitted.push(...given.rows);
        return answer;
      },
      (error: unknown) => {
        this.outboxUnknown = true;
        throw error;
      },
    );
  }

  private get transactionStatus(): string | null {
    return (this as unknown as { getTransactionStatus(): string | null }).getTransactionStatus();
  }

  /** Nothing sent and not answered, nothing waiting: the server's last word on the transaction is current. */
  private quiet(): boolean {
    const client = this as unknown as {
      _queryQueue: unknown[];
      _getActiveQuery(): unknown;
      readyForQuery: boolean;
    };
    // pg hands an error to its caller before the server's ReadyForQuery says what became of the transaction
    return client.readyForQuery === true && client._queryQueue.length === 0 && !client._getActiveQuery();
  }

  /** The name `text` is prepared under on this connection, when the server has parsed it here. */
  private parsedName(text: string): string | undefined {
    const name = this.prepared.get(text);
    const parsed = (this.connection as unknown as WireConnection).parsedStatements;
    return name !== undefined && parsed[name] === text ? name : undefined;
  }

  /** A statement to the server: prepared, held or sent with others (decisions 0008, 0105, 0106). */
  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads, passed through unchanged
  private send(config: any, values?: any, callback?: any): any {
    const text = typeof config === 'string' ? config : undefined;
    const parameterised = Array.isArray(values) && values.length > 0;
    // a promise is asked for: no callback, in either of pg's places for one
    const awaited = callback === undefined && typeof values !== 'function';
    if (text !== undefined && !parameterised && awaited) {
      // BEGIN waits for the statement it opens the transaction for (decision 0105); a transaction that
      // sent nothing ends without a word to the server.
      if (
        this.pendingBegin === undefined &&
        transactionStart.test(text) &&
        this.quiet() &&
        this.transactionStatus === 'I'
      ) {
        this.pendingBegin = text;
        return Promise.resolve(answered('BEGIN'));
      }
      // a rollback takes back what waited to be sent, unsent
      if (/^rollback$/i.test(text)) this.later = [];
      if (transactionEnd.test(text)) this.savepointSet = false;
      else if (/^savepoint\b/i.test(text)) this.savepointSet = true;
      if (this.pendingBegin !== undefined && this.later.length === 0 && transactionEnd.test(text)) {
        this.pendingBegin = undefined;
        return Promise.resolve(answered(text.toUpperCase()));
      }
      if (this.later.length > 0 && /^commit$/i.test(text)) return this.sendTogether(undefined, text);
    }
    // A write whose answer nobody reads waits, inside a transaction, for the next statement (decision
    // 0106). Only one prepared here already: its first run goes at once and prepares it.
    if (text?.startsWith(sentWithTheNext) && parameterised && awaited && !this.savepointSet) {
      // in a transaction the server has opened, or one whose BEGIN is held: never after a COMMIT not yet
      // answered, when the write would wait for a statement that may not come
      const inTransaction =
        this.pendingBegin !== undefined || (this.quiet() && this.transactionStatus === 'T');
      const name = inTransaction ? this.parsedName(text) : undefined;
      if (name !== undefined) {
        // turned into text now, as pg would on sending it: a value it cannot send fails this call, and one
        // changed by the caller afterwards is sent as it was
        let sent: unknown[];
        try {
          sent = values.map((value: unknown, index: number) => prepareValue(value, index));
        } catch (error) {
          return Promise.reject(error);
        }
        this.later.push({ name, text, values: sent });
        return Promise.resolve(answered(''));
      }
    }
    if (this.pendingBegin !== undefined || this.later.length > 0) {
      const name = text !== undefined && parameterised && awaited ? this.parsedName(text) : undefined;
      if (name !== undefined) return this.sendTogether(name, text!, values);
      // The first run of a statement on this connection, or a caller of pg's other kinds (a callback, a
      // cursor): what waited goes first on its own, in its order, and the statement after it.
      // Queued now, so statements keep the order they were asked in; a promise caller's fails with the
      // error of what went ahead, if that failed.
      const ahead = this.sendAhead();
      const statement = this.send(config, values, callback);
      if (!awaited || text === undefined) return statement;
      return ahead.then(
        () => statement,
        (error: unknown) => {
          (statement as Promise<unknown>).catch(() => undefined);
          throw error;
        },
      );
    }
    if (text !== undefined && parameterised) {
      let name = this.prepared.get(text);
      if (name === undefined && this.prepared.size < preparedStatementsPerConnection) {
        name = `q${this.named++}`;
        this.prepared.set(text, name);
      }
      if (name !== undefined) {
        const prepared = { name, text: config, values };
        if (typeof callback === 'function') {
          return super.query(prepared, (error: Error | null, result: unknown) => {
            if (error) this.forgetIfStale(config, error);
            callback(error, result);
          });
        }
        return (super.query(prepared) as Promise<unknown>).catch((error: unknown) => {
          this.forgetIfStale(config, error);
          throw error;
        });
      }
    }
    return super.query(config, values, callback);
  }

  /**
   * The held BEGIN and the writes that waited, then the statement named `name` (or, without one, the
   * COMMIT `text`), in one write. An error of anything ahead is the statement's: the transaction is
   * aborted, and the caller's rollback ends it.
   */
  private sendTogether(
    name: string | undefined,
    text: string,
    values: unknown[] = [],
  ): Promise<pg.QueryResult> {
    const config =
      name === undefined
        ? { name: '', text, values: [], queryMode: 'extended' as const }
        : { name, text, values };
    return this.submitPipeline(this.takeWaiting(), config, false);
  }

  /**
   * What waited, sent ahead of a statement that cannot go with it (a first run, one without parameters,
   * a callback, a cursor), in one write: the held BEGIN and the waiting writes, the last of them as the
   * pipeline's own statement. Settles when they are answered, failing with their error. A refused BEGIN
   * closes the connection (as `BeginAlone` does), so that what is queued behind runs nowhere.
   */
  private sendAhead(): Promise<void> {
    if (this.later.length === 0) {
      if (this.pendingBegin !== undefined)
        super.query(new BeginAlone(this.pendingBegin) as unknown as pg.Submittable);
      this.pendingBegin = undefined;
      return Promise.resolve();
    }
    const ahead = this.takeWaiting();
    const last = ahead.pop() as { name: string; text: string; values: unknown[] };
    const settled = this.submitPipeline(ahead, last, true).then(() => undefined);
    // a caller that does not wait (a callback, a cursor) learns of a failure from its own statement
    settled.catch(() => undefined);
    return settled;
  }

  /** The held BEGIN and the waiting writes, in their order, taken off the connection. */
  private takeWaiting(): Ahead[] {
    const ahead: Ahead[] = [
      ...(this.pendingBegin === undefined ? [] : [{ text: this.pendingBegin }]),
      ...this.later,
    ];
    this.pendingBegin = undefined;
    this.later = [];
    return ahead;
  }

  private submitPipeline(
    ahead: Ahead[],
    config: { name: string; text: string; values: unknown[]; queryMode?: 'extended' },
    closeOnRefusedBegin: boolean,
  ): Promise<pg.QueryResult> {
    return new Promise((resolve, reject) => {
      const query: Pipeline = new Pipeline(
        ahead,
        config,
        (error, result) => {
          if (!error) return resolve(result);
          // a refused BEGIN says nothing about the statements, which the server then skipped
          const failed = query.failedAt() ?? config;
          if ('name' in failed && failed.name) this.forgetIfStale(failed.text, error);
          reject(error);
        },
        closeOnRefusedBegin,
      );
      super.query(query as unknown as pg.Submittable);
    });
  }

  /**
   * A statement prepared before another process changed the schema (a column added to a `select *`)
   * fails with 0A000 "cached plan must not change result type"; one that pg closed after a bad value
   * fails with 26000. Either way the text is forgotten, so its next run prepares it anew under a new
   * name: one failure per connection, not one on every run until the connection dies.
   */
  private forgetIfStale(text: string, error: unknown): void {
    const code = (error as { code?: string }).code;
    if (code === '0A000' || code === '26000') this.prepared.delete(text);
  }
}

/**
 * Whether PostgreSQL refused a statement for the data it carries: a data exception (SQLSTATE class 22, such as
 * a value too long), a check (23514) or a missing value (23502). The same data is refused again, so a job that
 * retries it only waits longer before it fails. A duplicate key or a missing referenced row is not counted: a
 * concurrent writer can cause those, and a retry may then find the work done. Nor is a lost connection or a
 * deadlock.
 */
export function isRefusedForItsData(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (/^22[0-9A-Z]{3}$/.test(code) || code === '23514' || code === '23502');
}

export async function openDatabase<DB>(options: DatabaseOptions): Promise<Database<DB>> {
  if (!schemaName.test(options.schema)) throw new Error(`Invalid schema name "${options.schema}"`);
  if (options.createSchema !== false) {
    const admin = new pg.Client({ connectionString: options.url });
    await admin.connect();
    try {
      await admin.query(`create schema if not exists "${options.schema}"`);
    } catch (error) {
      // Two processes creating the same schema at once: the loser sees a unique violation.
      if ((error as { code?: string }).code !== '23505') throw error;
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    options: `-c search_path="${options.schema}"`,
    Client: PreparingClient,
  });
  // Without a listener, an idle connection killed by the server would crash the process.
  pool.on('error', (error) => options.onIdleError?.(error));
  // So would one that dies while checked out between two queries (a transaction awaiting a publish when
  // the server restarts): the pool listens only to the idle ones. Its next query fails, which the holder
  // sees, and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  // A transaction opened and left without a statement or an end (decision 0105) leaves nothing to undo.
  pool.on('release', (_error, client) => (client as unknown as PreparingClient).forgetHeldBegin());
  // Outbox rows no relay took at the release (decision 0107) are not kept past it.
  pool.on('acquire', (client) => (client as unknown as PreparingClient).forgetOutboxRows());
  const db = new Kysely<DB>({ dialect: new OwnSchemaDialect({ pool }, options.schema) });
  return { db, pool, schema: options.schema, close: () => db.destroy() };
}

/**
 * Applies the platform's own tables (outbox, handled events) and then the service's
 * migrations, each set tracked in its own table so their names never interleave.
 */
export async function migrate(
  db: Kysely<unknown>,
  schema: string,
  serviceMigrations: Record<string, Migration>,
): Promise<void> {
  for (const [table, migrations] of [
    ['platform_migration', platformMigrations],
    ['service_migration', serviceMigrations],
  ] as const) {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      migrationTableName: table,
      migrationLockTableName: `${table}_lock`,
      // Named, or Kysely finds another schema's table of the same name and skips creating ours.
      migrationTableSchema: schema,
    });
    // Kysely's migrator looks for its table through `db.introspection`, which sees this schema only
    // (OwnSchemaIntrospector), so other schemas coming and going never disturb it.
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) {
      throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
    }
  }
}

export async function ping(db: Kysely<unknown>): Promise<void> {
  await sql`select 1`.execute(db);
}
