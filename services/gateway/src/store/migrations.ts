// The gateway's schema: sign-in credentials (the gateway owns authentication) and its read
// model of the directory's users and organizations, kept from the directory's events.
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migrations: Record<string, Migration> = {
  '0001_credentials_and_directory_read_model': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('credential')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await sql`create unique index credential_email on credential (lower(email))`.execute(db);
      await db.schema
        .createTable('directory_user')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('organization_type', 'integer', (c) => c.notNull())
        .addColumn('broker_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('permissions', 'bigint', (c) => c.notNull())
        .addColumn('customer_settings', 'bigint', (c) => c.notNull())
        .addColumn('active', 'boolean', (c) => c.notNull())
        .execute();
      await sql`create index directory_user_email on directory_user (lower(email))`.execute(db);
      await db.schema
        .createTable('directory_organization')
        .addColumn('organization_id', 'text', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('organization_type', 'integer', (c) => c.notNull())
        .addColumn('broker_id', 'text')
        .addColumn('active', 'boolean', (c) => c.notNull())
        .execute();
    },
  },
  '0002_credentials_by_user_id': {
    // Sign-in finds the user by the directory's email (read model); a credential is only a hash.
    async up(db: Kysely<unknown>) {
      await sql`drop index if exists credential_email`.execute(db);
      await db.schema.alterTable('credential').dropColumn('email').execute();
    },
  },
};
