// The grid columns each user chose (002 §3.11), kept by user id.
import { sql } from 'kysely';
import type { Db } from './shipments.ts';

export async function savedColumns(db: Db, userId: string, grid: string): Promise<string[] | undefined> {
  const row = await db
    .selectFrom('grid_column_choice')
    .select('columns')
    .where('user_id', '=', userId)
    .where('grid', '=', grid)
    .executeTakeFirst();
  return row?.columns;
}

export async function saveColumns(db: Db, userId: string, grid: string, columns: readonly string[]) {
  await db
    .insertInto('grid_column_choice')
    .values({ user_id: userId, grid, columns: [...columns] })
    .onConflict((oc) =>
      oc.columns(['user_id', 'grid']).doUpdateSet({ columns: [...columns], updated_at: sql`now()` }),
    )
    .execute();
}

export async function forgetColumns(db: Db, userId: string, grid: string): Promise<void> {
  await db.deleteFrom('grid_column_choice').where('user_id', '=', userId).where('grid', '=', grid).execute();
}
