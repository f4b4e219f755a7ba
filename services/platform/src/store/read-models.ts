// Read models: a service's copy of another service's data, kept from that service's events. Events may
// arrive late, twice or out of order, so each row carries the version of the entity it copies and a
// write keeps the newest: an older event delivered late never overwrites a newer one.
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';

/** The tables of `DB` that have a `version` column. */
export type VersionedTable<DB> = {
  [T in keyof DB & string]: DB[T] extends { version: unknown } ? T : never;
}[keyof DB & string];

/**
 * Writes `row` into a read model: inserted when no row has its key; otherwise every other column of
 * `row` replaces the stored one only when the stored version is lower than `row.version`, and nothing
 * changes when it is the same or higher. Answers whether the row was written.
 */
export async function saveIfNewer<DB, T extends VersionedTable<DB>, K extends keyof DB[T] & string>(
  db: Kysely<DB> | Transaction<DB>,
  table: T,
  key: K | readonly K[],
  row: Insertable<DB[T]> & { version: number },
): Promise<boolean> {
  const keys: readonly string[] = typeof key === 'string' ? [key] : key;
  const values = row as Record<string, unknown>;
  const columns = Object.keys(values).filter((c) => values[c] !== undefined && !keys.includes(c));
  // Kysely cannot check a query over a table chosen by a type parameter; the signature checks the caller.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  const result = await (db as Kysely<any>)
    .insertInto(table as string)
    .values(values)
    .onConflict((oc) =>
      oc
        .columns(keys)
        .doUpdateSet(Object.fromEntries(columns.map((c) => [c, sql.ref(`excluded.${c}`)])))
        .where(sql<boolean>`${sql.ref(`${table}.version`)} < excluded.version`),
    )
    .executeTakeFirst();
  return result.numInsertedOrUpdatedRows !== undefined && result.numInsertedOrUpdatedRows > 0n;
}
