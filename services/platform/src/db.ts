// PostgreSQL access: one pool per service, pinned to the schema that service owns alone
// (search_path), a typed query layer (Kysely), and versioned migrations.
import { Kysely, PostgresDialect, sql } from 'kysely';
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
}

export interface Database<DB> {
  db: Kysely<DB>;
  pool: pg.Pool;
  schema: string;
  close(): Promise<void>;
}

export async function openDatabase<DB>(options: DatabaseOptions): Promise<Database<DB>> {
  if (!schemaName.test(options.schema)) throw new Error(`Invalid schema name "${options.schema}"`);
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
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    options: `-c search_path="${options.schema}"`,
  });
  // Without a listener, an idle connection killed by the server would crash the process.
  pool.on('error', (error) => options.onIdleError?.(error));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
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
    let { error, results } = await migrator.migrateToLatest();
    // Kysely looks for its table among every schema's tables; another schema dropped during that
    // read (parallel test files on one server) fails it with 3F000. Nothing was applied: try again.
    for (let retry = 0; retry < 3 && (error as { code?: string } | undefined)?.code === '3F000'; retry++) {
      ({ error, results } = await migrator.migrateToLatest());
    }
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) {
      throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
    }
  }
}

export async function ping(db: Kysely<unknown>): Promise<void> {
  await sql`select 1`.execute(db);
}
