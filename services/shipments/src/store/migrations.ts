// The shipments schema, versioned. Add a new entry for each change; never edit a shipped one.
// Checks take their values from the catalogue, so no spec number is typed here.
import {
  BulkProcessStatus,
  BulkProcessType,
  FreightClass,
  LengthUnit,
  PackingGroup,
  ShipmentAlertTypeRange,
  ShipmentStatus,
  ShipmentStopType,
  ShipmentType,
  TransitLegType,
  WeightUnit,
} from '@loadline/contracts/catalogue';
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

const oneOf = (values: readonly (number | string)[]) => sql.join(values.map((v) => sql.lit(v)));

/** Demo shipments use fixed numbers below this; numbers handed out start here (see store/demo.ts). */
export const firstShipmentNumber = 100001;

export const migrations: Record<string, Migration> = {
  '0001_shipments_legs_stops_references': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('shipment')
        .addColumn('shipment_id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
        .addColumn('broker_id', 'text', (c) => c.notNull())
        .addColumn('customer_organization_id', 'text', (c) => c.notNull())
        .addColumn('shipment_type', 'integer', (c) =>
          c
            .notNull()
            .check(sql`shipment_type > 0 and (shipment_type & ~${sql.lit(ShipmentType.allMask)}) = 0`),
        )
        .addColumn('status', 'integer', (c) =>
          c.notNull().check(sql`status in (${oneOf(ShipmentStatus.valueList)})`),
        )
        .addColumn('transit_days', 'integer', (c) => c.check(sql`transit_days >= 0`))
        .addColumn('weight_unit', 'smallint', (c) =>
          c.notNull().check(sql`weight_unit in (${oneOf(WeightUnit.valueList)})`),
        )
        .addColumn('total_weight', sql`numeric(12,2)`, (c) => c.check(sql`total_weight >= 0`))
        .addColumn('dimension_unit', 'smallint', (c) =>
          c.notNull().check(sql`dimension_unit in (${oneOf(LengthUnit.valueList)})`),
        )
        .addColumn('total_handling_units', 'integer', (c) => c.check(sql`total_handling_units >= 0`))
        .addColumn('origin_base_utc_offset', sql`numeric(4,2)`, (c) =>
          c.check(sql`origin_base_utc_offset between -12 and 14`),
        )
        .addColumn('lockdown_marketplace_buyer', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('no_accounting_invoice', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('lost_quote_at', 'timestamptz')
        .addColumn('consolidation_parent_id', 'bigint', (c) => c.references('shipment.shipment_id'))
        .addColumn('created_by_user_id', 'text', (c) => c.notNull())
        .addColumn('created_by_name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('status_changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addCheckConstraint(
          'shipment_not_its_own_parent',
          sql`consolidation_parent_id is null or consolidation_parent_id <> shipment_id`,
        )
        .execute();
      await sql`alter table shipment alter column shipment_id restart with ${sql.lit(firstShipmentNumber)}`.execute(
        db,
      );
      await sql`create index shipment_broker_status on shipment (broker_id, status, shipment_id desc)`.execute(
        db,
      );
      await sql`create index shipment_broker_customer on shipment (broker_id, customer_organization_id, shipment_id desc)`.execute(
        db,
      );
      await sql`create index shipment_consolidation_parent on shipment (consolidation_parent_id) where consolidation_parent_id is not null`.execute(
        db,
      );

      await db.schema
        .createTable('transit_leg')
        .addColumn('transit_leg_id', 'text', (c) => c.primaryKey())
        .addColumn('shipment_id', 'bigint', (c) =>
          c.notNull().references('shipment.shipment_id').onDelete('cascade'),
        )
        .addColumn('sequence', 'smallint', (c) => c.notNull())
        .addColumn('leg_type', 'smallint', (c) =>
          c.notNull().check(sql`leg_type in (${oneOf(TransitLegType.valueList)})`),
        )
        .addColumn('status', 'integer', (c) =>
          c.notNull().check(sql`status in (${oneOf(ShipmentStatus.valueList)})`),
        )
        .addColumn('active', 'boolean', (c) => c.notNull())
        .addColumn('carrier_master_id', 'text')
        .addColumn('carrier_name', 'text')
        .addColumn('carrier_phone', 'text')
        .addColumn('service_level', 'integer')
        .addColumn('scac', 'text')
        .addColumn('tracking_url', 'text')
        .addColumn('integration_enable_api_tracking', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('tracking_integration_enable_api_tracking', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('tracking_integration_source_id', 'integer')
        .addColumn('integration_source_id', 'integer')
        .addUniqueConstraint('transit_leg_sequence', ['shipment_id', 'sequence'])
        .execute();
      // Exactly one active leg per shipment: the one the edit-status view shows (000 §3).
      await sql`create unique index transit_leg_one_active on transit_leg (shipment_id) where active`.execute(
        db,
      );

      await db.schema
        .createTable('stop')
        .addColumn('stop_id', 'text', (c) => c.primaryKey())
        .addColumn('shipment_id', 'bigint', (c) =>
          c.notNull().references('shipment.shipment_id').onDelete('cascade'),
        )
        .addColumn('sequence', 'smallint', (c) => c.notNull())
        .addColumn('stop_type', 'text', (c) =>
          c.notNull().check(sql`stop_type in (${oneOf(ShipmentStopType.codes)})`),
        )
        .addColumn('company_name', 'text')
        .addColumn('street_address', 'text')
        .addColumn('street_address_two', 'text')
        .addColumn('city', 'text')
        .addColumn('state', 'text')
        .addColumn('zip_code', 'text')
        .addColumn('country', 'text')
        .addColumn('scheduled_ready', 'timestamp')
        .addColumn('scheduled_close', 'timestamp')
        .addColumn('appointment_ready', 'timestamp')
        .addColumn('appointment_end', 'timestamp')
        .addColumn('actual_arrival', 'timestamp')
        .addColumn('actual_departure', 'timestamp')
        .addUniqueConstraint('stop_sequence', ['shipment_id', 'sequence'])
        .execute();
      // One first pick and one last drop per shipment (000 §3: the pickup and delivery cards).
      await sql`create unique index stop_one_first_pick on stop (shipment_id) where stop_type = ${sql.lit(ShipmentStopType.byCode.FirstPick.code)}`.execute(
        db,
      );
      await sql`create unique index stop_one_last_drop on stop (shipment_id) where stop_type = ${sql.lit(ShipmentStopType.byCode.LastDrop.code)}`.execute(
        db,
      );

      await db.schema
        .createTable('reference_number')
        .addColumn('reference_id', 'text', (c) => c.primaryKey())
        .addColumn('shipment_id', 'bigint', (c) =>
          c.notNull().references('shipment.shipment_id').onDelete('cascade'),
        )
        .addColumn('transit_leg_id', 'text', (c) =>
          c.references('transit_leg.transit_leg_id').onDelete('cascade'),
        )
        .addColumn('reference_type_code', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await sql`create index reference_number_shipment on reference_number (shipment_id)`.execute(db);
      await sql`create index reference_number_value on reference_number (lower(value) text_pattern_ops)`.execute(
        db,
      );

      await db.schema
        .createTable('bill_to')
        .addColumn('shipment_id', 'bigint', (c) =>
          c.primaryKey().references('shipment.shipment_id').onDelete('cascade'),
        )
        .addColumn('transit_leg_id', 'text', (c) =>
          c.references('transit_leg.transit_leg_id').onDelete('set null'),
        )
        .addColumn('company_name', 'text')
        .addColumn('street_address', 'text')
        .addColumn('street_address_two', 'text')
        .addColumn('city', 'text')
        .addColumn('state', 'text')
        .addColumn('zip_code', 'text')
        .addColumn('country', 'text')
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();

      await db.schema
        .createTable('shipment_alert')
        .addColumn('alert_id', 'text', (c) => c.primaryKey())
        .addColumn('shipment_id', 'bigint', (c) =>
          c.notNull().references('shipment.shipment_id').onDelete('cascade'),
        )
        .addColumn('alert_type', 'integer', (c) =>
          c
            .notNull()
            .check(
              sql`alert_type between ${sql.lit(ShipmentAlertTypeRange.min)} and ${sql.lit(ShipmentAlertTypeRange.max)}`,
            ),
        )
        .addColumn('resolved', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('resolved_at', 'timestamptz')
        .execute();
      await sql`create unique index shipment_alert_open on shipment_alert (shipment_id, alert_type) where not resolved`.execute(
        db,
      );

      await db.schema
        .createTable('customer_organization')
        .addColumn('organization_id', 'text', (c) => c.primaryKey())
        .addColumn('broker_id', 'text')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('organization_type', 'integer', (c) => c.notNull())
        .addColumn('payment_preference', 'integer')
        .addColumn('credit_limit', sql`numeric(14,2)`)
        .addColumn('active', 'boolean', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
    },
  },
  '0002_grid_tally_column_choice': {
    async up(db: Kysely<unknown>) {
      // The grid's default page: a broker's newest shipments (000 §5 pager, 002 §3.11 grid).
      await sql`create index shipment_broker_newest on shipment (broker_id, shipment_id desc)`.execute(db);

      // How many shipments each customer of each broker has, kept by triggers in the statement that
      // changes them: the pager's total without counting a million rows. Not touched by status
      // updates, so concurrent updates never queue on a tally row.
      await db.schema
        .createTable('shipment_tally')
        .addColumn('broker_id', 'text', (c) => c.notNull())
        .addColumn('customer_organization_id', 'text', (c) => c.notNull())
        .addColumn('shipment_count', 'bigint', (c) => c.notNull().check(sql`shipment_count >= 0`))
        .addPrimaryKeyConstraint('shipment_tally_pk', ['broker_id', 'customer_organization_id'])
        .execute();
      await sql`
        create function shipment_tally_add(delta bigint, broker text, customer text) returns void
        language sql as $$
          insert into shipment_tally as t (broker_id, customer_organization_id, shipment_count)
          values (broker, customer, delta)
          on conflict (broker_id, customer_organization_id)
          do update set shipment_count = t.shipment_count + excluded.shipment_count
        $$`.execute(db);
      await sql`
        create function shipment_tally_inserted() returns trigger language plpgsql as $$
        begin
          insert into shipment_tally as t (broker_id, customer_organization_id, shipment_count)
          select broker_id, customer_organization_id, count(*) from inserted group by 1, 2
          on conflict (broker_id, customer_organization_id)
          do update set shipment_count = t.shipment_count + excluded.shipment_count;
          return null;
        end $$`.execute(db);
      await sql`
        create function shipment_tally_deleted() returns trigger language plpgsql as $$
        begin
          update shipment_tally t set shipment_count = t.shipment_count - d.n
          from (select broker_id, customer_organization_id, count(*) as n from deleted group by 1, 2) d
          where t.broker_id = d.broker_id and t.customer_organization_id = d.customer_organization_id;
          return null;
        end $$`.execute(db);
      await sql`
        create function shipment_tally_moved() returns trigger language plpgsql as $$
        begin
          perform shipment_tally_add(-1, old.broker_id, old.customer_organization_id);
          perform shipment_tally_add(1, new.broker_id, new.customer_organization_id);
          return null;
        end $$`.execute(db);
      await sql`create trigger shipment_tally_on_insert after insert on shipment
        referencing new table as inserted for each statement execute function shipment_tally_inserted()`.execute(
        db,
      );
      await sql`create trigger shipment_tally_on_delete after delete on shipment
        referencing old table as deleted for each statement execute function shipment_tally_deleted()`.execute(
        db,
      );
      // A customer change (ShipmentChangeCustomer) moves the shipment between tallies; a status
      // update does not fire this trigger at all.
      await sql`create trigger shipment_tally_on_move after update of broker_id, customer_organization_id on shipment
        for each row when (old.broker_id is distinct from new.broker_id
          or old.customer_organization_id is distinct from new.customer_organization_id)
        execute function shipment_tally_moved()`.execute(db);
      await sql`insert into shipment_tally (broker_id, customer_organization_id, shipment_count)
        select broker_id, customer_organization_id, count(*) from shipment group by 1, 2`.execute(db);

      // The grid columns each user chose (002 §3.11), by user id.
      await db.schema
        .createTable('grid_column_choice')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('grid', 'text', (c) => c.notNull())
        .addColumn('columns', sql`text[]`, (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('grid_column_choice_pk', ['user_id', 'grid'])
        .execute();
    },
  },
  // A tender owed to a carrier, written in the statement of the status change that owes it and
  // settled when the carrier answered: a crash between the commit and the tender leaves the row
  // pending, and the dispatch-recovery job tenders it again (src/jobs/dispatch-recovery.ts).
  '0003_dispatch_tender': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('dispatch_tender')
        .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
        .addColumn('shipment_id', 'bigint', (c) =>
          c.notNull().references('shipment.shipment_id').onDelete('cascade'),
        )
        .addColumn('request', 'jsonb', (c) => c.notNull())
        .addColumn('requested_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('settled_at', 'timestamptz')
        .addColumn('outcome', 'text')
        .execute();
      await sql`create index dispatch_tender_pending on dispatch_tender (created_at) where settled_at is null`.execute(
        db,
      );
    },
  },
  '0004_carrier_status': {
    async up(db: Kysely<unknown>) {
      // Which carriers each broker has blocked (the carriers service's brokercarrier.changed), for the
      // carrier-blocked alert (002 §3.4, 218); and the legs of a carrier, found when it is blocked.
      await db.schema
        .createTable('carrier_status')
        .addColumn('broker_id', 'text', (c) => c.notNull())
        .addColumn('carrier_master_id', 'text', (c) => c.notNull())
        .addColumn('blocked', 'boolean', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('carrier_status_pk', ['broker_id', 'carrier_master_id'])
        .execute();
      await sql`create index transit_leg_carrier on transit_leg (carrier_master_id) where carrier_master_id is not null`.execute(
        db,
      );
    },
  },
  '0005_customer_credit': {
    async up(db: Kysely<unknown>) {
      // Each customer's credit position as the accounting service publishes it (credit.changed, issue 16):
      // the credit-hold check's open balance and limit, in cents, and whether accounting holds the customer.
      await db.schema
        .createTable('customer_credit')
        .addColumn('organization_id', 'text', (c) => c.primaryKey())
        .addColumn('broker_id', 'text', (c) => c.notNull())
        .addColumn('credit_limit_cents', 'bigint')
        .addColumn('open_balance_cents', 'bigint', (c) => c.notNull())
        .addColumn('credit_limit_exceeded', 'boolean', (c) => c.notNull())
        .addColumn('on_credit_hold', 'boolean', (c) => c.notNull())
        .addColumn('credit_hold_reason', 'text')
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
    },
  },
  '0006_order_entry': {
    async up(db: Kysely<unknown>) {
      // Order entry (issue 17): a shipment's commodities with their hazmat details, its accessorials and
      // special instructions, inserted with the shipment.
      await db.schema
        .alterTable('shipment')
        .addColumn('special_instructions', 'text', (c) => c.check(sql`length(special_instructions) <= 2000`))
        .execute();
      await db.schema
        .createTable('commodity')
        .addColumn('commodity_id', 'text', (c) => c.primaryKey())
        .addColumn('shipment_id', 'bigint', (c) =>
          c.notNull().references('shipment.shipment_id').onDelete('cascade'),
        )
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .addColumn('description', 'text', (c) =>
          c.notNull().check(sql`length(description) between 1 and 500`),
        )
        .addColumn('pieces', 'integer', (c) => c.notNull().check(sql`pieces >= 1`))
        .addColumn('package_type', 'integer')
        .addColumn('handling_units', 'integer', (c) => c.check(sql`handling_units >= 1`))
        .addColumn('handling_unit_type', 'integer')
        .addColumn('weight', sql`numeric(12,2)`, (c) => c.notNull().check(sql`weight > 0`))
        .addColumn('length', sql`numeric(10,2)`, (c) => c.check(sql`length > 0`))
        .addColumn('width', sql`numeric(10,2)`, (c) => c.check(sql`width > 0`))
        .addColumn('height', sql`numeric(10,2)`, (c) => c.check(sql`height > 0`))
        .addColumn('freight_class', 'smallint', (c) =>
          c.check(sql`freight_class in (${oneOf(FreightClass.valueList)})`),
        )
        .addColumn('nmfc', 'text')
        .addColumn('hazardous', 'boolean', (c) => c.notNull())
        .addColumn('un_number', 'text')
        .addColumn('proper_shipping_name', 'text')
        .addColumn('hazard_class', 'text')
        .addColumn('packing_group', 'smallint', (c) =>
          c.check(sql`packing_group in (${oneOf(PackingGroup.valueList)})`),
        )
        .addColumn('emergency_contact_name', 'text')
        .addColumn('emergency_contact_phone', 'text')
        .addUniqueConstraint('commodity_sequence', ['shipment_id', 'sequence'])
        .addCheckConstraint('commodity_hazmat_is_hazardous', sql`un_number is null or hazardous`)
        .execute();
      await db.schema
        .createTable('shipment_accessorial')
        .addColumn('shipment_id', 'bigint', (c) =>
          c.notNull().references('shipment.shipment_id').onDelete('cascade'),
        )
        .addColumn('accessorial_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('shipment_accessorial_pk', ['shipment_id', 'accessorial_id'])
        .execute();
      // The broker's settings (organization.changed): the density scale of a commodity's class.
      await db.schema
        .alterTable('customer_organization')
        .addColumn('broker_settings', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // What each shipment sells for, from accounting's chargelines.changed (the trends widget's spend):
      // the sum of its charge lines' sell, in cents, version-guarded.
      await db.schema
        .createTable('shipment_spend')
        .addColumn('shipment_id', 'bigint', (c) => c.primaryKey())
        .addColumn('broker_id', 'text', (c) => c.notNull())
        .addColumn('sell_cents', 'bigint', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await sql`create index shipment_customer_created on shipment (customer_organization_id, created_at)`.execute(
        db,
      );
    },
  },
  '0007_bulk_import': {
    async up(db: Kysely<unknown>) {
      // The shipment importer (decision 0095): a bulk process per uploaded file, the file itself in pieces
      // (any replica's worker reads it), the review's problems, and one row per imported file row whose key
      // (bulk process, row number) is the idempotency key: a resumed job never creates a shipment twice.
      await db.schema
        .createTable('bulk_process')
        .addColumn('bulk_process_id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
        .addColumn('broker_id', 'text', (c) => c.notNull())
        .addColumn('process_type', 'integer', (c) =>
          c.notNull().check(sql`process_type in (${oneOf(BulkProcessType.valueList)})`),
        )
        .addColumn('status', 'integer', (c) =>
          c.notNull().check(sql`status in (${oneOf(BulkProcessStatus.valueList)})`),
        )
        .addColumn('import_status', 'text', (c) => c.notNull())
        .addColumn('customer_organization_id', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('size_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('trace_log_id', 'text')
        .addColumn('total_rows', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('good_rows', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('bad_rows', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('imported_rows', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('imported_through_row', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('unknown_headers', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
        .addColumn('error', 'text')
        .addColumn('created_by_user_id', 'text', (c) => c.notNull())
        .addColumn('created_by_name', 'text', (c) => c.notNull())
        .addColumn('created_by_email', 'text', (c) => c.notNull())
        .addColumn('created_by_permissions', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await sql`create index bulk_process_broker on bulk_process (broker_id, created_at desc)`.execute(db);
      // A shipment's legs, stops and alerts are read by its id (loadShipment, once per created shipment):
      // without these every read scanned the tables, which made an import slower the more it had written.
      await sql`create index transit_leg_shipment on transit_leg (shipment_id, sequence)`.execute(db);
      await sql`create index stop_shipment on stop (shipment_id, sequence)`.execute(db);
      await sql`create index shipment_alert_shipment on shipment_alert (shipment_id)`.execute(db);
      await db.schema
        .createTable('bulk_process_chunk')
        .addColumn('bulk_process_id', 'bigint', (c) =>
          c.notNull().references('bulk_process.bulk_process_id').onDelete('cascade'),
        )
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .addColumn('bytes', 'bytea', (c) => c.notNull())
        .addPrimaryKeyConstraint('bulk_process_chunk_pk', ['bulk_process_id', 'sequence'])
        .execute();
      await db.schema
        .createTable('bulk_process_problem')
        .addColumn('bulk_process_id', 'bigint', (c) =>
          c.notNull().references('bulk_process.bulk_process_id').onDelete('cascade'),
        )
        .addColumn('row_number', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('column_name', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('bulk_process_problem_pk', ['bulk_process_id', 'row_number', 'position'])
        .execute();
      await db.schema
        .createTable('bulk_process_row')
        .addColumn('bulk_process_id', 'bigint', (c) =>
          c.notNull().references('bulk_process.bulk_process_id').onDelete('cascade'),
        )
        .addColumn('row_number', 'integer', (c) => c.notNull())
        .addColumn('shipment_id', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('bulk_process_row_pk', ['bulk_process_id', 'row_number'])
        .execute();
    },
  },
  '0008_import_column_mapping': {
    async up(db: Kysely<unknown>) {
      // The importer's mapping step (decision 0097): which template column a header of the file holds.
      await sql`alter table bulk_process add column column_mapping jsonb not null default '{}'`.execute(db);
    },
  },
  '0009_broker_carrier': {
    async up(db: Kysely<unknown>) {
      // The read model of the broker's carriers grows from "which are blocked" to what putting one on a
      // leg needs (decision 0117): the name, SCAC and phone the leg copies, the status and the compliance
      // the assignment checks. A new table, filled from the old one, which stays for the replicas still
      // running the release before during a rolling deploy (dropped by a later release). The rows copied
      // have no name until their carrier's next brokercarrier.changed (the carriers service republishes
      // every broker carrier once: its migration 0005).
      await sql`create table broker_carrier (
        broker_id text not null,
        carrier_master_id text not null,
        name text not null default '',
        scac text,
        phone text,
        status smallint not null,
        in_compliance boolean not null default false,
        compliance_reasons text[] not null default '{}',
        version integer not null,
        constraint broker_carrier_pk primary key (broker_id, carrier_master_id)
      )`.execute(db);
      await sql`insert into broker_carrier (broker_id, carrier_master_id, status, version)
        select broker_id, carrier_master_id, case when blocked then 2 else 1 end, version from carrier_status`.execute(
        db,
      );
      // the picker's search by the start of a name among a broker's carriers
      await sql`create index broker_carrier_name on broker_carrier (broker_id, lower(name) text_pattern_ops)`.execute(
        db,
      );
    },
  },
  '0010_broker_density_scale': {
    async up(db: Kysely<unknown>) {
      // The density scale the directory decides for a broker (its settings and feature flags), carried by
      // the broker's organization.changed: the service classes commodities on the pages' scale.
      await sql`alter table customer_organization add column density_scale text`.execute(db);
    },
  },
};
