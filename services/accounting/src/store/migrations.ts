// The accounting schema, versioned. Add a new entry for each change; never edit a shipped one. Amounts are
// `bigint` cents; dates without a time are `date`.
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

const syncColumns = (table: string) => sql`
  alter table ${sql.table(table)}
    add column sync_status text not null default 'None'
      check (sync_status in ('None', 'Complete', 'Failed', 'AlreadySynced', 'Updated')),
    add column sync_date timestamptz,
    add column synced_hash text,
    add column sync_message text`;

export const migrations: Record<string, Migration> = {
  '0001_accounting': {
    async up(db: Kysely<unknown>) {
      await sql`
        create table organization_view (
          organization_id text primary key,
          broker_id text,
          name text not null,
          organization_type integer not null,
          payment_preference integer,
          credit_limit_cents bigint,
          customer_settings bigint not null default 0,
          broker_settings bigint not null default 0,
          active boolean not null default true,
          version integer not null
        );
        create index organization_view_broker on organization_view (broker_id, organization_type);

        create table shipment_view (
          shipment_id integer primary key,
          broker_id text not null,
          customer_organization_id text not null,
          status integer not null,
          shipment_type integer not null,
          no_accounting_invoice boolean not null default false,
          pickup_date date,
          delivery_date date,
          carrier_master_id text,
          carrier_master_name text,
          pro_number text,
          version integer not null
        );

        create table shipment_bill_to (
          shipment_id integer primary key,
          bill_to jsonb,
          version integer not null
        );

        create table customer_account (
          organization_id text primary key,
          broker_id text not null,
          invoicing_automation_method integer not null default 0,
          preferred_invoicing_method integer not null default 0,
          payment_terms_days integer not null check (payment_terms_days between 0 and 365),
          credit_card_fee_basis_points integer not null check (credit_card_fee_basis_points between 0 and 10000),
          enable_past_due_notification boolean not null default true,
          version integer not null default 1,
          updated_at timestamptz not null default now()
        );

        create table charge_line_group (
          group_id text primary key,
          shipment_id integer not null,
          broker_id text not null,
          payer_organization_id text not null,
          transit_organization_type integer not null default 0,
          created_at timestamptz not null default now()
        );
        create index charge_line_group_shipment on charge_line_group (shipment_id);
        create index charge_line_group_payer on charge_line_group (payer_organization_id);

        create table charge_line (
          charge_line_id text primary key,
          group_id text not null references charge_line_group (group_id),
          shipment_id integer not null,
          broker_id text not null,
          charge_line_type text not null,
          description text not null default '',
          buy_cents bigint not null,
          sell_cents bigint not null,
          billing_status text not null default 'NotReady',
          invoice_status integer not null default 3 check (invoice_status in (1, 2, 3)),
          invoice_id text,
          bill_id text,
          carrier_master_id text,
          carrier_master_name text,
          vendor_organization_id text,
          vendor_name text,
          sort integer not null default 0,
          version integer not null default 1,
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now()
        );
        create index charge_line_shipment on charge_line (shipment_id, sort, created_at);
        create index charge_line_group_lines on charge_line (group_id);
        create index charge_line_uninvoiced on charge_line (group_id) where invoice_id is null;

        create table margin_history (
          margin_history_id bigserial primary key,
          shipment_id integer not null,
          charge_line_id text not null,
          charge_line_type text not null,
          change text not null,
          field text not null,
          old_cents bigint,
          new_cents bigint,
          changed_by_user_id text not null,
          changed_by_name text not null,
          changed_at timestamptz not null default now()
        );
        create index margin_history_shipment on margin_history (shipment_id, margin_history_id desc);

        create table number_sequence (
          broker_id text not null,
          kind text not null,
          next_number bigint not null,
          primary key (broker_id, kind)
        );

        create table invoice (
          invoice_id text primary key,
          broker_id text not null,
          invoice_number bigint not null,
          kind text not null check (kind in ('Shipment', 'OpeningBalance')),
          shipment_id integer,
          payer_organization_id text not null,
          customer_organization_id text,
          invoice_date date not null,
          due_date date not null,
          invoice_date_type text not null,
          pro_number text,
          total_cents bigint not null,
          paid_cents bigint not null default 0,
          status integer not null check (status in (1, 2)),
          payment_status integer not null default 0 check (payment_status between 0 and 3),
          approve_bill_with_invoice boolean not null default false,
          created_by_user_id text,
          created_by_name text,
          created_at timestamptz not null default now(),
          version integer not null default 1,
          unique (broker_id, invoice_number)
        ) with (fillfactor = 85);
        create index invoice_shipment on invoice (shipment_id);
        create index invoice_payer_open on invoice (payer_organization_id, due_date) where paid_cents < total_cents;
        create index invoice_payer on invoice (payer_organization_id, invoice_date desc);

        create table invoice_line (
          invoice_id text not null references invoice (invoice_id),
          line_no integer not null,
          charge_line_id text,
          charge_line_type text not null,
          description text not null,
          amount_cents bigint not null,
          primary key (invoice_id, line_no)
        );

        create table bill (
          bill_id text primary key,
          broker_id text not null,
          bill_number bigint not null,
          shipment_id integer not null,
          vendor_id text,
          vendor_name text not null,
          bill_date date not null,
          due_date date not null,
          total_cents bigint not null,
          paid_cents bigint not null default 0,
          payment_status integer not null default 0 check (payment_status between 0 and 3),
          created_by_user_id text,
          created_at timestamptz not null default now(),
          version integer not null default 1,
          unique (broker_id, bill_number)
        ) with (fillfactor = 85);
        create index bill_shipment on bill (shipment_id);

        create table payment (
          payment_id text primary key,
          broker_id text not null,
          direction text not null check (direction in ('invoice', 'bill')),
          organization_id text,
          vendor_name text,
          payment_type text not null,
          processing_status text not null,
          amount_cents bigint not null,
          fee_cents bigint not null default 0,
          total_cents bigint not null,
          idempotency_key text not null,
          gateway text,
          gateway_transaction_id text,
          payment_profile_id text,
          last4 text,
          reference text,
          target_ids text[] not null default '{}',
          messages text[] not null default '{}',
          payment_date date not null,
          created_by_user_id text not null,
          created_by_name text not null,
          created_at timestamptz not null default now(),
          settled_at timestamptz,
          version integer not null default 1,
          unique (broker_id, idempotency_key)
        ) with (fillfactor = 85);

        create table payment_application (
          payment_id text not null references payment (payment_id),
          target_kind text not null check (target_kind in ('invoice', 'bill')),
          target_id text not null,
          applied_cents bigint not null,
          primary key (payment_id, target_id)
        );
        create index payment_application_target on payment_application (target_id);

        create table commission (
          commission_id text primary key,
          shipment_id integer not null,
          broker_id text not null,
          payee_name text not null,
          payee_user_id text,
          calculation_type integer not null,
          rate bigint not null,
          min_cents bigint,
          max_cents bigint,
          amount_cents bigint not null,
          status integer not null default 0,
          version integer not null default 1,
          created_at timestamptz not null default now()
        );
        create index commission_shipment on commission (shipment_id);

        create table credit_position (
          organization_id text primary key,
          broker_id text not null,
          version integer not null default 0,
          position jsonb,
          updated_at timestamptz not null default now()
        );

        create table gateway_customer (
          organization_id text primary key,
          broker_id text not null,
          gateway text not null,
          gateway_profile_id text not null,
          created_at timestamptz not null default now()
        );

        create table sync_run (
          run_id text primary key,
          broker_id text not null,
          trace_log_id text not null,
          sync_type text not null,
          options jsonb not null,
          is_test_run boolean not null,
          status text not null default 'Queued'
            check (status in ('Queued', 'Running', 'Finished', 'Failed')),
          total integer not null default 0,
          last_seq integer not null default 0,
          csv_path text,
          iif_path text,
          csv_bytes bigint not null default 0,
          iif_bytes bigint not null default 0,
          counts jsonb not null default '{}',
          error text,
          created_by_user_id text not null,
          created_by_name text not null,
          created_at timestamptz not null default now(),
          started_at timestamptz,
          finished_at timestamptz
        );
        create unique index sync_run_one_active on sync_run (broker_id) where status in ('Queued', 'Running');

        create table sync_run_item (
          run_id text not null references sync_run (run_id),
          seq integer not null,
          item_kind text not null,
          item_id text not null,
          status text not null default 'None',
          message text,
          primary key (run_id, seq)
        ) with (fillfactor = 50);

        create table test_gateway_customer (
          profile_id text primary key,
          merchant_id text not null,
          customer_ref text not null,
          email text,
          created_at timestamptz not null default now(),
          unique (merchant_id, customer_ref)
        );
        create table test_gateway_payment_profile (
          payment_profile_id text primary key,
          profile_id text not null references test_gateway_customer (profile_id),
          account_type integer not null,
          card_type text,
          last4 text not null check (last4 ~ '^[0-9]{4}$'),
          exp_month integer,
          exp_year integer,
          fingerprint text not null,
          behaviour text not null,
          name_on_account text,
          bank_name text,
          bill_to_zip text,
          created_at timestamptz not null default now(),
          deleted_at timestamptz
        );
        create table test_gateway_transaction (
          transaction_id text primary key,
          merchant_id text not null,
          payment_profile_id text not null,
          amount_cents bigint not null,
          invoice_number text,
          idempotency_key text not null,
          approved boolean not null,
          response_code text not null,
          messages text[] not null,
          created_at timestamptz not null default now(),
          unique (merchant_id, idempotency_key)
        );
        create index test_gateway_transaction_recent on test_gateway_transaction (payment_profile_id, created_at);
      `.execute(db);
      await syncColumns('invoice').execute(db);
      await syncColumns('bill').execute(db);
      await syncColumns('payment').execute(db);
      // No index reads the sync columns: a sync's updates of them stay on the row's page (HOT updates, with
      // the fill factors above), not a new entry in every index of the table for each item synced.
    },
  },
  '0002_charge_line_set': {
    async up(db: Kysely<unknown>) {
      // The version of each shipment's set of charge lines, published whole as chargelines.changed (the
      // attachments service prints the carrier's rate from it); it grows by one with each change.
      await sql`
        create table charge_line_set (
          shipment_id bigint primary key,
          broker_id text not null,
          version integer not null
        )`.execute(db);
    },
  },
  '0003_commission_approval': {
    async up(db: Kysely<unknown>) {
      // The amount a commission was approved at (a later change of the shipment's buy or sell gives it a
      // variance, decision 0057), and who last changed its status, and when.
      await sql`
        alter table commission
          add column approved_cents bigint,
          add column status_changed_by text,
          add column status_changed_at timestamptz`.execute(db);
    },
  },
  '0004_user_view': {
    async up(db: Kysely<unknown>) {
      // Read model of the directory's users (user.changed): a commission's payee is a staff member of the
      // commission's broker (decision 0041).
      await sql`
        create table user_view (
          user_id text primary key,
          broker_id text not null,
          kind text not null,
          active boolean not null,
          version integer not null
        )`.execute(db);
    },
  },
  '0005_accessorial_charges': {
    async up(db: Kysely<unknown>) {
      // The order's accessorials become charge lines, each once (decision 0098): the view keeps the ids the
      // last event named, the claim table which ones were made a line (a line deleted is not made again).
      await sql`alter table shipment_view add column accessorial_ids integer[] not null default '{}'`.execute(
        db,
      );
      await db.schema
        .createTable('accessorial_charge')
        .addColumn('shipment_id', 'bigint', (c) => c.notNull())
        .addColumn('accessorial_id', 'integer', (c) => c.notNull())
        .addColumn('charge_line_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('accessorial_charge_pk', ['shipment_id', 'accessorial_id'])
        .execute();
    },
  },
  '0006_test_gateway_card_saved_once': {
    async up(db: Kysely<unknown>) {
      // The local test gateway keeps a card or bank account once per customer profile, by its keyed
      // fingerprint (decision 0116): saving it again refreshes the one saved. The same number saved twice
      // before is kept once, the latest saved (its expiry and billing details are the newest); the others
      // are removed as Remove removes one, so the payments made with them keep their profile id.
      await sql`
        update test_gateway_payment_profile p
           set deleted_at = now()
         where p.deleted_at is null
           and exists (
             select 1 from test_gateway_payment_profile q
              where q.profile_id = p.profile_id
                and q.fingerprint = p.fingerprint
                and q.deleted_at is null
                and (q.created_at, q.payment_profile_id) > (p.created_at, p.payment_profile_id))`.execute(db);
      await sql`
        create unique index test_gateway_payment_profile_saved_once
          on test_gateway_payment_profile (profile_id, fingerprint)
          where deleted_at is null`.execute(db);
    },
  },
};
