// The directory's schema, versioned. Add a new entry for each change; never edit a shipped one.
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migrations: Record<string, Migration> = {
  '0001_organizations_users_alerts_support': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('organization')
        .addColumn('organization_id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('organization_type', 'integer', (c) =>
          c.notNull().check(sql`organization_type in (60, 70, 80)`),
        )
        .addColumn('broker_id', 'text', (c) => c.references('organization.organization_id'))
        .addColumn('payment_preference', 'integer')
        .addColumn('credit_limit', sql`numeric(14,2)`, (c) => c.check(sql`credit_limit >= 0`))
        .addColumn('customer_settings', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('broker_settings', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addCheckConstraint(
          'organization_lsp_has_no_broker',
          sql`(organization_type = 60) = (broker_id is null)`,
        )
        .execute();
      await sql`create index organization_name_search on organization using btree (lower(name) text_pattern_ops)`.execute(
        db,
      );
      await db.schema
        .createTable('app_user')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull().references('organization.organization_id'))
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('staff', 'customer')`))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('permissions', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('customer_settings', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await sql`create unique index app_user_email on app_user (lower(email))`.execute(db);
      await db.schema
        .createTable('feature_flag')
        .addColumn('broker_id', 'text', (c) => c.notNull().references('organization.organization_id'))
        .addColumn('flag', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('feature_flag_pk', ['broker_id', 'flag'])
        .execute();
      await db.schema
        .createTable('system_alert')
        .addColumn('system_alert_id', 'serial', (c) => c.primaryKey())
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('high_priority', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('starts_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('ends_at', 'timestamptz')
        .execute();
      await db.schema
        .createTable('support_request')
        .addColumn('support_request_id', 'text', (c) => c.primaryKey())
        .addColumn('support_request_type', 'integer', (c) => c.notNull())
        .addColumn('current_url', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
  '0002_staff_mailbox_and_signature': {
    async up(db: Kysely<unknown>) {
      // One mailbox per staff member (001 §3); its password sealed with the configured key (decision 0070).
      await db.schema
        .createTable('staff_mailbox')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('broker_id', 'text', (c) => c.notNull())
        .addColumn('mailbox_type', 'integer', (c) => c.notNull().check(sql`mailbox_type between 1 and 5`))
        .addColumn('username', 'text')
        .addColumn('sealed_password', 'text')
        .addColumn('incoming_mail_server', 'text')
        .addColumn('outgoing_mail_server', 'text')
        .addColumn('permissions', 'integer', (c) => c.notNull().check(sql`permissions between 1 and 3`))
        .addColumn('post_processing_action', 'text', (c) =>
          c.notNull().check(sql`post_processing_action in ('Archive', 'MarkAsRead', 'Delete', 'DoNothing')`),
        )
        .addColumn('last_read_date', 'timestamptz')
        .addColumn('is_authorized', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable('staff_signature')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('broker_id', 'text', (c) => c.notNull())
        .addColumn('signature', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
  '0003_mailbox_provider_sign_in': {
    async up(db: Kysely<unknown>) {
      // A Gmail, Microsoft or Front mailbox's tokens, sealed like the password (decision 0036).
      await db.schema
        .alterTable('staff_mailbox')
        .addColumn('sealed_access_token', 'text')
        .addColumn('sealed_refresh_token', 'text')
        .addColumn('token_expires_at', 'timestamptz')
        .addColumn('authorization_problem', 'text')
        .execute();
      await db.schema
        .createIndex('staff_mailbox_token_expiry')
        .on('staff_mailbox')
        .column('token_expires_at')
        .where(sql.ref('sealed_refresh_token'), 'is not', null)
        .execute();
    },
  },
  '0004_feature_flags_before_their_broker': {
    async up(db: Kysely<unknown>) {
      // A broker's organization.changed carries the density scale its flags decide, so seeding writes the
      // flags before the broker in one transaction: the broker is checked at commit.
      await sql`alter table feature_flag alter constraint feature_flag_broker_id_fkey deferrable initially deferred`.execute(
        db,
      );
    },
  },
};
