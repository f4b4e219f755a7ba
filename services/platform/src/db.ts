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

/** Every statement that writes outbox rows says this (the platform's appendEvents, a service's one-statement save). */
export const outboxInsert = 'insert into outbox';

/**
 * Whether the connection, back in its pool, inserted outbox rows since the last time it was asked (and
 * forgets it): the pool's `release` comes after the transaction ended, so the rows are committed (or rolled
 * back) by then. The outbox relay of the same process reads at once on it (decision 0102).
 */
export function tookOutboxWrite(client: pg.PoolClient): boolean {
  const c = client as unknown as Partial<PreparingClient>;
  if (!c.wroteOutbox) return false;
  c.wroteOutbox = false;
  return true;
}

/** Ours: distinct statement texts a connection keeps prepared (beyond it, statements run unnamed). */
export const preparedStatementsPerConnection = 500;

/** How Kysely (and our own code) opens a transaction: `begin`, or `start transaction` with its settings. */
const transactionStart = /^(begin|start transaction(?: [a-z ]+)?)$/i;
const transactionEnd = /^(commit|rollback)$/i;

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
}
type Answered = (error: Error | null, result: pg.QueryResult) => void;
const WireQuery = pg.Query as unknown as new (
  config: { name: string; text: string; values: unknown[] },
  values: undefined,
  callback: Answered,
) => QueryOnTheWire;

/**
 * A transaction's BEGIN and its first statement in one write and one answer (the extended protocol's
 * messages for both, then one Sync): BEGIN goes as an unnamed statement, the statement as the prepared
 * one it already is on this connection. Only for a statement already parsed here, so the Parse this
 * connection sees complete is BEGIN's alone and pg's record of parsed statements stays true.
 */
class BeginThenStatement extends WireQuery {
  private readonly begin: string;
  /** BEGIN completed: an error from here on is the statement's own */
  began = false;
  constructor(begin: string, config: { name: string; text: string; values: unknown[] }, callback: Answered) {
    super(config, undefined, callback);
    this.begin = begin;
  }
  override submit(connection: WireConnection): Error | null {
    connection.stream.cork?.();
    try {
      connection.parse({ text: this.begin, name: '', types: [] });
      connection.bind({ portal: '', statement: '', values: [] });
      connection.execute({ portal: '', rows: 0 });
      return super.submit(connection);
    } finally {
      connection.stream.uncork?.();
    }
  }
  override handleCommandComplete(message: unknown, connection: WireConnection): void {
    // BEGIN's completion is not a result of the statement's
    if (!this.began) this.began = true;
    else super.handleCommandComplete(message, connection);
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
 * they are, and so do new texts once a connection holds `preparedStatementsPerConnection`; a transaction's
 * BEGIN waits to go with its first statement (decision 0105).
 */
class PreparingClient extends pg.Client {
  private readonly prepared = new Map<string, string>();
  private named = 0;
  /** a statement of the connection's current use inserted outbox rows (`tookOutboxWrite`) */
  wroteOutbox = false;
  /** a transaction was opened here and nothing sent since: its BEGIN goes with the next statement */
  private pendingBegin: string | undefined;

  /** The pool took the connection back: a BEGIN still held opened nothing on the server. */
  forgetHeldBegin(): void {
    this.pendingBegin = undefined;
  }

  /** Nothing sent or waiting, and the server outside any transaction: the only state a BEGIN is held in. */
  private idle(): boolean {
    const client = this as unknown as {
      _queryQueue: unknown[];
      _getActiveQuery(): unknown;
      getTransactionStatus(): string | null;
    };
    return (
      client.getTransactionStatus() === 'I' && client._queryQueue.length === 0 && !client._getActiveQuery()
    );
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads, passed through unchanged
  override query(config: any, values?: any, callback?: any): any {
    const text = typeof config === 'string' ? config : undefined;
    const parameterised = Array.isArray(values) && values.length > 0;
    if (text?.includes(outboxInsert)) this.wroteOutbox = true;
    // a promise is asked for: no callback, in either of pg's places for one
    const awaited = callback === undefined && typeof values !== 'function';
    if (text !== undefined && !parameterised && awaited) {
      // BEGIN waits for the statement it opens the transaction for (decision 0105); a transaction that
      // sent nothing ends without a word to the server.
      if (this.pendingBegin === undefined && transactionStart.test(text) && this.idle()) {
        this.pendingBegin = text;
        return Promise.resolve(answered('BEGIN'));
      }
      if (this.pendingBegin !== undefined && transactionEnd.test(text)) {
        this.pendingBegin = undefined;
        return Promise.resolve(answered(text.toUpperCase()));
      }
    }
    const begin = this.pendingBegin;
    if (begin !== undefined) {
      this.pendingBegin = undefined;
      const name = text !== undefined && parameterised ? this.prepared.get(text) : undefined;
      const parsed =
        name !== undefined && (this.connection as unknown as WireConnection).parsedStatements[name] === text;
      if (!parsed || name === undefined || text === undefined || !awaited) {
        // The first run of a statement on this connection, or a caller of pg's other kinds (a callback, a
        // cursor): BEGIN goes first on its own. pg sends queued statements in order, so the statement
        // follows it whatever its kind, and fails with it if the server refuses it.
        super.query(new BeginAlone(begin) as unknown as pg.Submittable);
        return this.query(config, values, callback);
      }
      return new Promise((resolve, reject) => {
        const query: BeginThenStatement = new BeginThenStatement(
          begin,
          { name, text, values },
          (error, result) => {
            if (!error) return resolve(result);
            // a refused BEGIN says nothing about the statement, which the server then skipped
            if (query.began) this.forgetIfStale(text, error);
            reject(error);
          },
        );
        super.query(query as unknown as pg.Submittable);
      });
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
