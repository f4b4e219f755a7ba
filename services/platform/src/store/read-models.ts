// Read models: a service's copy of another service's data, kept from that service's events. Events may
// arrive late, twice or out of order, so each row carries the version of the entity it copies and a
// write keeps the newest: an older event delivered late never overwrites a newer one.
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import { sentWithTheNext } from '../db.ts';

/** The tables of `DB` that have a `version` column. */
export type VersionedTable<DB> = {
  [T in keyof DB & string]: DB[T] extends { version: unknown } ? T : never;
}[keyof DB & string];

/** How a read-model row's newer version is written over the stored one. */
export interface SaveIfNewerOptions {
  /** a row of the same version replaces the stored one too (a fuller event of the same version wins) */
  sameVersionWins?: boolean;
  /** the only columns an existing row takes from `row` (besides the version); every other one by default */
  update?: readonly string[];
  /** columns whose first value seen stays once set (a later null still clears it: the fact was undone) */
  keepFirst?: readonly string[];
}

/**
 * What an upsert of `table` writes over a stored row: each column's new value (`keepFirst` columns keep
 * their first value unless cleared), and the condition that the incoming version is newer (or the same,
 * with `sameVersionWins`). Shared by `upsertIfNewer` and `saveAllIfNewer`.
 */
function overwriteRules(table: string, options: SaveIfNewerOptions) {
  const keepFirst = new Set(options.keepFirst ?? []);
  const assigned = (c: string) =>
    keepFirst.has(c)
      ? sql`case when ${sql.ref(`excluded.${c}`)} is null then null
          else coalesce(${sql.ref(`${table}.${c}`)}, ${sql.ref(`excluded.${c}`)}) end`
      : sql.ref(`excluded.${c}`);
  const newer = options.sameVersionWins
    ? sql<boolean>`${sql.ref(`${table}.version`)} <= excluded.version`
    : sql<boolean>`${sql.ref(`${table}.version`)} < excluded.version`;
  return { assigned, newer };
}

/**
 * The statement `saveIfNewer` runs, unexecuted, for a caller that sends it with another in one statement:
 * `row` inserted when no row has its key; otherwise the other columns of `row` replace the stored ones only
 * when the stored version is lower than `row.version` (or the same, with `sameVersionWins`).
 */
export function upsertIfNewer<DB, T extends VersionedTable<DB>, K extends keyof DB[T] & string>(
  db: Kysely<DB> | Transaction<DB>,
  table: T,
  key: K | readonly K[],
  row: Insertable<DB[T]> & { version: number },
  options: SaveIfNewerOptions = {},
) {
  const keys: readonly string[] = typeof key === 'string' ? [key] : key;
  const values = row as Record<string, unknown>;
  const columns = (options.update ? [...options.update, 'version'] : Object.keys(values)).filter(
    (c) => values[c] !== undefined && !keys.includes(c),
  );
  const { assigned, newer } = overwriteRules(table, options);
  // Kysely cannot check a query over a table chosen by a type parameter; the signature checks the caller.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  return (db as Kysely<any>)
    .insertInto(table as string)
    .values(values)
    .onConflict((oc) =>
      oc
        .columns(keys)
        .doUpdateSet(Object.fromEntries(columns.map((c) => [c, assigned(c)])))
        .where(newer),
    );
}

/**
 * Writes `row` into a read model: inserted when no row has its key; otherwise every other column of
 * `row` replaces the stored one only when the stored version is lower than `row.version`, and nothing
 * changes when it is the same or higher (see `SaveIfNewerOptions` for the other rules a copy may need).
 * Answers whether the row was written.
 */
export async function saveIfNewer<DB, T extends VersionedTable<DB>, K extends keyof DB[T] & string>(
  db: Kysely<DB> | Transaction<DB>,
  table: T,
  key: K | readonly K[],
  row: Insertable<DB[T]> & { version: number },
  options: SaveIfNewerOptions = {},
): Promise<boolean> {
  const result = await upsertIfNewer(db, table, key, row, options).executeTakeFirst();
  return result.numInsertedOrUpdatedRows !== undefined && result.numInsertedOrUpdatedRows > 0n;
}

/**
 * `saveIfNewer` for many rows in one statement per table (a consumer's batch, `handleBatch`): the rows are
 * sent as one JSON array read with `json_populate_recordset` over the table's own row type, so the text is
 * the same whatever their number (decision 0008). Applied as `saveIfNewer` would apply them one after
 * another: a key that comes more than once goes in further statements, its first row in the first, its
 * second in the next, and so on (usually there is one statement). Columns of type json or jsonb take
 * their value as it is (an object, not its text); every row carries the same columns. Answers the rows
 * written, when known: inside a transaction the statements wait to go with its next statement or its COMMIT
 * (decision 0106), and the answer is undefined.
 */
export async function saveAllIfNewer<DB, T extends VersionedTable<DB>, K extends keyof DB[T] & string>(
  db: Kysely<DB> | Transaction<DB>,
  table: T,
  key: K | readonly K[],
  rows: readonly (Insertable<DB[T]> & { version: number })[],
  options: SaveIfNewerOptions = {},
): Promise<number | undefined> {
  const keys: readonly string[] = typeof key === 'string' ? [key] : key;
  // Rounds of distinct keys, in the rows' order: PostgreSQL cannot update one row twice in a statement.
  const rounds: Record<string, unknown>[][] = [];
  const seen = new Map<string, number>();
  for (const row of rows as unknown as readonly Record<string, unknown>[]) {
    const k = JSON.stringify(keys.map((c) => row[c]));
    const n = seen.get(k) ?? 0;
    seen.set(k, n + 1);
    const round = rounds[n] ?? [];
    round.push(row);
    rounds[n] = round;
  }
  let written = 0;
  let known = true;
  for (const round of rounds) {
    const names = [...new Set(round.flatMap((r) => Object.keys(r).filter((c) => r[c] !== undefined)))];
    const columns = (options.update ? [...options.update, 'version'] : names).filter(
      (c) => names.includes(c) && !keys.includes(c),
    );
    const { assigned, newer } = overwriteRules(table, options);
    const list = sql.join(names.map((c) => sql.ref(c)));
    // nobody reads its answer: in a transaction it goes with the next statement or the COMMIT (decision 0106)
    const result = await sql`${sql.raw(sentWithTheNext)}insert into ${sql.table(table)} (${list})
      select ${list} from json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(round)}::json)
      on conflict (${sql.join(keys.map((c) => sql.ref(c)))}) do update
      set ${sql.join(columns.map((c) => sql`${sql.ref(c)} = ${assigned(c)}`))}
      where ${newer}`.execute(db);
    if (result.numAffectedRows === undefined) known = false;
    written += Number(result.numAffectedRows ?? 0n);
  }
  return known ? written : undefined;
}
