// The attachments schema, versioned. Add a new entry for each change; never edit a shipped one.
// Checks take their values from the catalogue, so no spec number is typed here.
import {
  AccessLevel,
  AttachmentSourceTypes,
  MailSendStatus,
  OutgoingMessageType,
} from '@loadline/contracts/catalogue';
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

const oneOf = (values: readonly (number | string)[]) => sql.join(values.map((v) => sql.lit(v)));
/** 001 §3: an attachment is Public or Private (Admin is for notes only). */
const attachmentAccessLevels = [AccessLevel.values.Public, AccessLevel.values.Private];

export const migrations: Record<string, Migration> = {
  '0001_blobs_attachments_read_models_messages': {
    async up(db: Kysely<unknown>) {
      // The stored bytes, addressed by their SHA-256: the same file uploaded twice is kept once.
      await db.schema
        .createTable('blob')
        .addColumn('sha256', 'text', (c) => c.primaryKey().check(sql`sha256 ~ '^[0-9a-f]{64}$'`))
        .addColumn('size_bytes', 'bigint', (c) => c.notNull().check(sql`size_bytes >= 0`))
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();

      await db.schema
        .createTable('attachment')
        .addColumn('attachment_id', 'text', (c) => c.primaryKey())
        .addColumn('broker_id', 'text', (c) => c.notNull())
        .addColumn('source_type', 'text', (c) =>
          c.notNull().check(sql`source_type in (${oneOf(AttachmentSourceTypes)})`),
        )
        .addColumn('source_id', 'text', (c) => c.notNull())
        // the other ids an upload carries (carrierMasterId, carrierId), 000 §3
        .addColumn('source_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('shipment_id', 'bigint')
        // the customer whose shipment (or organization) this is: the front office's scope
        .addColumn('customer_organization_id', 'text')
        .addColumn('attachment_type', 'integer')
        .addColumn('attachment_type_code', 'text')
        .addColumn('access_level', 'smallint', (c) =>
          c.notNull().check(sql`access_level in (${oneOf(attachmentAccessLevels)})`),
        )
        .addColumn('file_name', 'text', (c) => c.notNull().check(sql`length(file_name) between 1 and 255`))
        .addColumn('title', 'text')
        .addColumn('sha256', 'text', (c) => c.notNull().references('blob.sha256'))
        .addColumn('size_bytes', 'bigint', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('uploaded_by_user_id', 'text', (c) => c.notNull())
        .addColumn('uploaded_by_name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('deleted_at', 'timestamptz')
        .addColumn('deleted_by_user_id', 'text')
        .addColumn('purge_after', 'timestamptz')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addCheckConstraint(
          'attachment_has_a_type',
          sql`attachment_type is not null or attachment_type_code is not null`,
        )
        .addCheckConstraint(
          'attachment_deleted_with_purge_date',
          sql`(deleted_at is null) = (purge_after is null)`,
        )
        .execute();
      await sql`create index attachment_by_source on attachment (broker_id, source_type, source_id, created_at desc) where deleted_at is null`.execute(
        db,
      );
      await sql`create index attachment_by_shipment on attachment (shipment_id) where deleted_at is null and shipment_id is not null`.execute(
        db,
      );
      await sql`create index attachment_purge on attachment (purge_after) where purge_after is not null`.execute(
        db,
      );
      await sql`create index attachment_sha256 on attachment (sha256)`.execute(db);

      // Read model of the shipments service's shipments (shipment.updated): who may see a shipment's
      // files, and what the generated documents print.
      await db.schema
        .createTable('shipment_view')
        .addColumn('shipment_id', 'bigint', (c) => c.primaryKey())
        .addColumn('broker_id', 'text', (c) => c.notNull())
        .addColumn('customer_organization_id', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('shipment_type', 'integer', (c) => c.notNull())
        .addColumn('carrier_master_ids', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
        .addColumn('state', 'jsonb', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();

      // Read models of the directory's organizations and users (organization.changed, user.changed).
      await db.schema
        .createTable('organization_view')
        .addColumn('organization_id', 'text', (c) => c.primaryKey())
        .addColumn('broker_id', 'text')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('organization_type', 'integer', (c) => c.notNull())
        .addColumn('active', 'boolean', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('user_view')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('broker_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('staff', 'customer')`))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('active', 'boolean', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await sql`create index user_view_by_organization on user_view (organization_id) where active`.execute(
        db,
      );

      // Email and fax sent by the document sender, with the 002 §3.8 mail send status of each.
      await db.schema
        .createTable('outgoing_message')
        .addColumn('message_id', 'text', (c) => c.primaryKey())
        .addColumn('broker_id', 'text', (c) => c.notNull())
        .addColumn('message_type', 'smallint', (c) =>
          c.notNull().check(sql`message_type in (${oneOf(OutgoingMessageType.valueList)})`),
        )
        .addColumn('shipment_id', 'bigint')
        .addColumn('organization_id', 'text')
        .addColumn('sender_user_id', 'text', (c) => c.notNull())
        .addColumn('sender_name', 'text', (c) => c.notNull())
        .addColumn('sender_email', 'text', (c) => c.notNull())
        .addColumn('recipients', sql`text[]`, (c) => c.notNull())
        .addColumn('cc', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
        .addColumn('bcc', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('attachment_ids', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
        .addColumn('documents', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
        // the generated documents once made: [{ document, fileName, sha256, sizeBytes }]
        .addColumn('generated', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('mark_invoice_delivered', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('private_activity_log', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('status', 'integer', (c) =>
          c.notNull().check(sql`status in (${oneOf(MailSendStatus.valueList)})`),
        )
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('provider_message_id', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('sent_at', 'timestamptz')
        .execute();
      await sql`create index outgoing_message_by_shipment on outgoing_message (shipment_id, created_at desc) where shipment_id is not null`.execute(
        db,
      );
      await sql`create index outgoing_message_by_status on outgoing_message (status, updated_at)`.execute(db);
    },
  },
  '0002_carrier_compliance': {
    async up(db: Kysely<unknown>) {
      // Read model of the carriers service's broker carriers (brokercarrier.changed): whether a broker's
      // carrier is in compliance, for the carrier confirmation sheet (001 §5).
      await db.schema
        .createTable('carrier_compliance')
        .addColumn('broker_id', 'text', (c) => c.notNull())
        .addColumn('carrier_master_id', 'text', (c) => c.notNull())
        .addColumn('in_compliance', 'boolean', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('carrier_compliance_pk', ['broker_id', 'carrier_master_id'])
        .execute();
    },
  },
  '0003_shipment_charges': {
    async up(db: Kysely<unknown>) {
      // Read model of accounting's charge lines (chargelines.changed): the whole set per shipment, for the
      // carrier confirmation's rate and the rate quote sheet's charges. Money in integer cents.
      await db.schema
        .createTable('shipment_charges')
        .addColumn('shipment_id', 'bigint', (c) => c.primaryKey())
        .addColumn('broker_id', 'text', (c) => c.notNull())
        .addColumn('charge_lines', 'jsonb', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
    },
  },
  '0004_invoice_view': {
    async up(db: Kysely<unknown>) {
      // Read model of the accounting service's invoices (invoice.changed, issue 16): the invoice
      // notification checks that each invoice exists and is the organization's.
      await sql`
        create table invoice_view (
          invoice_id text primary key,
          broker_id text not null,
          invoice_number bigint not null,
          payer_organization_id text not null,
          shipment_id integer,
          invoice_date date not null,
          due_date date not null,
          total_cents bigint not null,
          balance_cents bigint not null,
          version integer not null
        );
        create index invoice_view_number on invoice_view (broker_id, invoice_number);`.execute(db);
    },
  },
  '0005_mail_reading': {
    async up(db: Kysely<unknown>) {
      // Staff mailboxes as the directory publishes them (mailbox.changed, decision 0071): the password sealed.
      await sql`
        create table mailbox_view (
          user_id text primary key,
          broker_id text not null,
          mailbox_type smallint not null,
          username text,
          sealed_password text,
          incoming_mail_server text,
          permissions smallint not null,
          post_processing_action text not null,
          is_authorized boolean not null,
          version bigint not null
        );
        -- How far a mailbox's INBOX has been read and post-processed (its UIDVALIDITY and the last UID).
        create table mailbox_cursor (
          user_id text primary key,
          uid_validity bigint not null,
          last_uid bigint not null,
          read_at timestamptz not null default now()
        );
        -- Each message read once: its key (mailbox, UIDVALIDITY, UID) and its Message-ID are unique, and the
        -- row, its attachments and its email.received event are written in one transaction.
        create table inbound_email (
          inbound_id text primary key,
          message_key text not null unique,
          message_id_header text,
          broker_id text not null,
          mailbox_user_id text not null,
          from_name text not null,
          from_address text not null,
          subject text not null,
          body text not null,
          received_at timestamptz not null,
          in_reply_to text,
          automation_type text not null,
          shipment_id integer,
          status text not null check (status in ('Filed', 'Unmatched', 'Dismissed')),
          attachment_ids text[] not null default '{}',
          decided_by text,
          decided_at timestamptz,
          created_at timestamptz not null default now()
        );
        create unique index inbound_email_message_id on inbound_email (mailbox_user_id, message_id_header)
          where message_id_header is not null;
        create index inbound_email_unmatched on inbound_email (broker_id, created_at desc) where status = 'Unmatched';
        -- The files of a message no shipment was found for, kept until staff assign it (then they become the
        -- shipment's attachments) or dismiss it.
        create table inbound_email_file (
          inbound_id text not null references inbound_email (inbound_id) on delete cascade,
          ordinal integer not null,
          file_name text not null,
          content_type text not null,
          bytes bytea not null,
          primary key (inbound_id, ordinal)
        );`.execute(db);
    },
  },
  '0006_tracking_status_requests': {
    async up(db: Kysely<unknown>) {
      await sql`
        -- Where a carrier's tracking status requests go (brokercarrier.changed's email, decision 0072).
        alter table carrier_compliance add column carrier_name text, add column email text;
        -- A tracking status request names the shipments it asks about: a reply is read back onto them.
        alter table outgoing_message add column tracking_shipment_ids integer[];
        -- A broker's content templates (002 §3.10 types); the tracking status request's is 317.
        create table content_template (
          broker_id text not null,
          template_type integer not null,
          subject text not null check (length(subject) between 1 and 500),
          body text not null check (length(body) between 1 and 20000),
          updated_at timestamptz not null default now(),
          primary key (broker_id, template_type)
        );`.execute(db);
    },
  },
  '0007_sending_from_staff_mailboxes': {
    async up(db: Kysely<unknown>) {
      // Mail a staff member sends goes out through their own mailbox's SMTP server, signed (decision 0073).
      await sql`alter table mailbox_view add column outgoing_mail_server text,
        add column signature text not null default ''`.execute(db);
    },
  },
  '0008_carrier_records': {
    async up(db: Kysely<unknown>) {
      await sql`
        -- Whose each broker carrier and insurance certificate is (the carriers service's brokercarrier.changed
        -- and insurance.status.changed): an upload to one, or a read of its files, is checked against them
        -- as a shipment's is against shipment_view (decision 0041). Who owns a record never changes.
        create table broker_carrier_view (
          broker_carrier_id text primary key,
          broker_id text not null,
          carrier_master_id text not null
        );
        create table carrier_insurance_view (
          broker_carrier_insurance_id text primary key,
          broker_carrier_id text not null,
          broker_id text not null
        );`.execute(db);
    },
  },
  '0009_content_templates': {
    async up(db: Kysely<unknown>) {
      await sql`
        -- One table keeps every template of a broker (decision 0075): by content template type (kind
        -- 'content', 0 to 355) or the organization custom email templates (kind 'customEmail', 0 to 9, named).
        alter table content_template add column kind text not null default 'content'
          check (kind in ('content', 'customEmail')),
          add column name text check (length(name) <= 100),
          add column updated_by text;
        alter table content_template drop constraint content_template_pkey;
        alter table content_template add primary key (broker_id, kind, template_type);`.execute(db);
    },
  },
  '0010_provider_mailbox_tokens': {
    async up(db: Kysely<unknown>) {
      await sql`
        -- A Gmail or Microsoft mailbox reads and sends with its access token (XOAUTH2, decision 0037): the
        -- token sealed as the directory publishes it, and its expiry.
        alter table mailbox_view add column sealed_access_token text,
          add column token_expires_at timestamptz,
          -- The last access token found expired or refused: reported once, never tried again.
          add column refused_access_token text,
          -- Tokens refused one after the other since a sign-in last worked (a renewed one refused too: stop).
          add column signin_refusals integer not null default 0;`.execute(db);
    },
  },
  '0011_inbound_email_by_sender': {
    async up(db: Kysely<unknown>) {
      // The sender rule of the email suggestions (decision 0076): the shipment of the last mail filed from
      // the same sender, looked up by broker and address among the filed mail.
      await sql`create index inbound_email_filed_sender on inbound_email (broker_id, lower(from_address))
        where status = 'Filed'`.execute(db);
    },
  },
  '0012_inbound_email_follows_its_activity': {
    async up(db: Kysely<unknown>) {
      // Staff move a filed email's activity to another shipment (decision 0039): its record and files follow
      // the activity's reassigned events, the newest version of the entry only (they may come out of order).
      await sql`alter table inbound_email add column activity_version integer not null default 0`.execute(db);
    },
  },
  '0013_front_conversation_of_sent_mail': {
    async up(db: Kysely<unknown>) {
      // Mail sent through Front carries Front's Message-ID, not ours (decision 0037, "Front"): the conversation
      // Front put it in is kept, and a message received in that conversation is a reply to it.
      await sql`alter table outgoing_message add column front_conversation_id text`.execute(db);
      await sql`create index outgoing_message_front_conversation on outgoing_message
        (broker_id, front_conversation_id) where front_conversation_id is not null`.execute(db);
    },
  },
};
