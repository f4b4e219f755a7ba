// Sign-in credentials: only a password hash per user id (who the user is, by email, is the directory's).
import type { Kysely } from '@loadline/platform';
import type { GatewayTables } from './tables.ts';

type Db = Kysely<GatewayTables>;

/** The user who signs in with this email (the directory's, lower-cased) and its password hash. */
export function credentialByEmail(db: Db, email: string) {
  return db
    .selectFrom('directory_user as u')
    .innerJoin('credential as c', 'c.user_id', 'u.user_id')
    .select(['u.user_id', 'c.password_hash'])
    .where((eb) => eb(eb.fn('lower', ['u.email']), '=', email))
    .executeTakeFirst();
}

export async function passwordHashOf(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('credential')
    .select('password_hash')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.password_hash;
}

export async function savePasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db
    .insertInto('credential')
    .values({ user_id: userId, password_hash: passwordHash })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ password_hash: (eb) => eb.ref('excluded.password_hash'), updated_at: new Date() }),
    )
    .execute();
}

/** Replaces a hash only if it is still `current`: a password changed meanwhile stays. */
export async function replacePasswordHash(
  db: Db,
  userId: string,
  current: string,
  next: string,
): Promise<void> {
  await db
    .updateTable('credential')
    .set({ password_hash: next, updated_at: new Date() })
    .where('user_id', '=', userId)
    .where('password_hash', '=', current)
    .execute();
}

/** Inserts credentials for users that have none; existing ones are kept. */
export async function addMissingCredentials(
  db: Db,
  credentials: { userId: string; passwordHash: () => Promise<string> }[],
): Promise<void> {
  const existing = new Set(
    (await db.selectFrom('credential').select('user_id').execute()).map((r) => r.user_id),
  );
  for (const c of credentials) {
    if (existing.has(c.userId)) continue;
    await db
      .insertInto('credential')
      .values({ user_id: c.userId, password_hash: await c.passwordHash() })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }
}
