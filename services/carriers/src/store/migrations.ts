// The carriers schema, versioned. Add a new entry for each change; never edit a shipped one.
// Checks take their values from the catalogue, so no spec number is typed here.
import {
  AuditCategory,
  BrokerCarrierStatus,
  CarrierAuthority,
  CarrierInsuranceStatus,
  CarrierRating,
  ContactType,
  DotStatus,
  PreferredRegionType,
  Region,
  TsaCompliance,
} from '@loadline/contracts/catalogue';
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

const oneOf = (values: readonly (number | string)[]) => sql.join(values.map((v) => sql.lit(v)));

export const migrations: Record<string, Migration> = {
  '0001_carriers_insurances_audits_read_model': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('carrier_master')
        .addColumn('carrier_master_id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('scac', 'text', (c) => c.check(sql`scac ~ '^[A-Z]{2,4}$'`))
        .addColumn('phone', 'text')
        .addColumn('email', 'text')
        .addColumn('mc_number', 'text')
        .addColumn('dot_number', 'text')
        .addColumn('authority', 'smallint', (c) =>
          c.notNull().check(sql`authority in (${oneOf(CarrierAuthority.valueList)})`),
        )
        .addColumn('dot_status', 'smallint', (c) =>
          c.notNull().check(sql`dot_status in (${oneOf(DotStatus.valueList)})`),
        )
        .addColumn('tsa_compliance', 'smallint', (c) =>
          c.notNull().check(sql`tsa_compliance in (${oneOf(TsaCompliance.valueList)})`),
        )
        .addColumn('carrier_rating', 'text', (c) =>
          c.notNull().check(sql`carrier_rating in (${oneOf(CarrierRating.codes)})`),
        )
        .addColumn('city', 'text')
        .addColumn('state', 'text')
        .addColumn('zip_code', 'text')
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await sql`create index carrier_master_scac on carrier_master (scac)`.execute(db);

      await db.schema
        .createTable('broker_carrier')
        .addColumn('broker_carrier_id', 'text', (c) => c.primaryKey())
        .addColumn('broker_id', 'text', (c) => c.notNull())
        .addColumn('carrier_master_id', 'text', (c) =>
          c.notNull().references('carrier_master.carrier_master_id'),
        )
        .addColumn('status', 'smallint', (c) =>
          c.notNull().check(sql`status in (${oneOf(BrokerCarrierStatus.valueList)})`),
        )
        .addColumn('inherited', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('favorite', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('portal_link', 'text')
        .addColumn('insurance_status', 'text', (c) =>
          c.notNull().check(sql`insurance_status in (${oneOf(CarrierInsuranceStatus.codes)})`),
        )
        .addColumn('in_compliance', 'boolean', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addUniqueConstraint('broker_carrier_one_per_broker', ['broker_id', 'carrier_master_id'])
        .addCheckConstraint('broker_carrier_inherited_not_favorite', sql`not (inherited and favorite)`)
        .execute();

      await db.schema
        .createTable('carrier_insurance')
        .addColumn('broker_carrier_insurance_id', 'text', (c) => c.primaryKey())
        .addColumn('broker_carrier_id', 'text', (c) =>
          c.notNull().references('broker_carrier.broker_carrier_id').onDelete('cascade'),
        )
        .addColumn('insurance_type', 'text', (c) => c.notNull())
        .addColumn('insurer_name', 'text')
        .addColumn('policy_number', 'text')
        .addColumn('coverage_amount', sql`numeric(14,2)`, (c) => c.check(sql`coverage_amount >= 0`))
        .addColumn('source_type', 'smallint', (c) => c.notNull().defaultTo(1))
        .addColumn('expiration_date', 'date', (c) => c.notNull())
        .addColumn('insurance_status', 'text', (c) =>
          c.notNull().check(sql`insurance_status in (${oneOf(CarrierInsuranceStatus.codes)})`),
        )
        .addColumn('status_as_of', 'date', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await sql`create index carrier_insurance_broker_carrier on carrier_insurance (broker_carrier_id)`.execute(
        db,
      );
      // The daily watch looks only at insurances that can still move (Expired is final).
      await sql`create index carrier_insurance_watch on carrier_insurance (expiration_date) where insurance_status <> 'Expired'`.execute(
        db,
      );

      await db.schema
        .createTable('carrier_contact')
        .addColumn('contact_id', 'text', (c) => c.primaryKey())
        .addColumn('broker_carrier_id', 'text', (c) =>
          c.notNull().references('broker_carrier.broker_carrier_id').onDelete('cascade'),
        )
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .addColumn('contact_type', 'text', (c) =>
          c.notNull().check(sql`contact_type in (${oneOf(ContactType.codes)})`),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('phone', 'text')
        .addColumn('email', 'text')
        .execute();
      await sql`create index carrier_contact_broker_carrier on carrier_contact (broker_carrier_id, sequence)`.execute(
        db,
      );

      await db.schema
        .createTable('preferred_region')
        .addColumn('broker_carrier_id', 'text', (c) =>
          c.notNull().references('broker_carrier.broker_carrier_id').onDelete('cascade'),
        )
        .addColumn('region', 'integer', (c) => c.notNull().check(sql`region in (${oneOf(Region.valueList)})`))
        .addColumn('type', 'smallint', (c) =>
          c.notNull().check(sql`type in (${oneOf(PreferredRegionType.valueList)})`),
        )
        .addPrimaryKeyConstraint('preferred_region_pk', ['broker_carrier_id', 'region'])
        .execute();

      await db.schema
        .createTable('carrier_terminal')
        .addColumn('terminal_id', 'text', (c) => c.primaryKey())
        .addColumn('carrier_master_id', 'text', (c) =>
          c.notNull().references('carrier_master.carrier_master_id').onDelete('cascade'),
        )
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('street_address', 'text', (c) => c.notNull())
        .addColumn('city', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('zip_code', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('contact_name', 'text', (c) => c.notNull())
        .addColumn('served_zip_prefixes', sql`text[]`, (c) => c.notNull())
        .execute();
      await sql`create index carrier_terminal_carrier on carrier_terminal (carrier_master_id)`.execute(db);

      await db.schema
        .createTable('carrier_audit')
        .addColumn('audit_id', 'text', (c) => c.primaryKey())
        .addColumn('broker_id', 'text', (c) => c.notNull())
        .addColumn('carrier_master_id', 'text', (c) => c.notNull())
        .addColumn('shipment_id', 'bigint', (c) => c.notNull())
        .addColumn('transit_leg_id', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) =>
          c.notNull().check(sql`category in (${oneOf(AuditCategory.codes)})`),
        )
        .addColumn('answers', 'jsonb', (c) => c.notNull())
        .addColumn('points', 'integer', (c) => c.notNull().check(sql`points >= 0`))
        .addColumn('max_points', 'integer', (c) =>
          c.notNull().check(sql`max_points > 0 and points <= max_points`),
        )
        .addColumn('recorded_by_user_id', 'text', (c) => c.notNull())
        .addColumn('recorded_by_name', 'text', (c) => c.notNull())
        .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addUniqueConstraint('carrier_audit_one_per_leg', ['broker_id', 'transit_leg_id', 'category'])
        .execute();
      await sql`create index carrier_audit_shipment on carrier_audit (broker_id, shipment_id)`.execute(db);
      await sql`create index carrier_audit_carrier on carrier_audit (broker_id, carrier_master_id)`.execute(
        db,
      );

      await db.schema
        .createTable('carrier_score')
        .addColumn('broker_id', 'text', (c) => c.notNull())
        .addColumn('carrier_master_id', 'text', (c) => c.notNull())
        .addColumn('pickup_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`pickup_count >= 0`))
        .addColumn('pickup_points', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('pickup_max_points', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('delivery_count', 'integer', (c) =>
          c.notNull().defaultTo(0).check(sql`delivery_count >= 0`),
        )
        .addColumn('delivery_points', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('delivery_max_points', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('carrier_score_pk', ['broker_id', 'carrier_master_id'])
        .execute();

      await db.schema
        .createTable('shipment_ref')
        .addColumn('shipment_id', 'bigint', (c) => c.primaryKey())
        .addColumn('broker_id', 'text', (c) => c.notNull())
        .addColumn('customer_organization_id', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('weight_unit', 'smallint', (c) => c.notNull())
        .addColumn('origin_zip', 'text')
        .addColumn('origin_country', 'text')
        .addColumn('destination_zip', 'text')
        .addColumn('destination_country', 'text')
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('shipment_leg')
        .addColumn('transit_leg_id', 'text', (c) => c.primaryKey())
        .addColumn('shipment_id', 'bigint', (c) =>
          c.notNull().references('shipment_ref.shipment_id').onDelete('cascade'),
        )
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .addColumn('transit_type', 'integer', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('active', 'boolean', (c) => c.notNull())
        .addColumn('carrier_master_id', 'text')
        .addColumn('carrier_name', 'text')
        .addColumn('scac', 'text')
        .addColumn('service_level', 'integer')
        .execute();
      await sql`create index shipment_leg_shipment on shipment_leg (shipment_id, sequence)`.execute(db);
    },
  },
  '0002_broker_carrier_event_shape': {
    async up(db: Kysely<unknown>) {
      // brokercarrier.changed gained the carrier's phone and its compliance reasons (decision 0117). Each
      // broker carrier published before is published once more at the service's start (app/republish.ts):
      // rows kept so far are at shape 0, rows written from now on are born at the current shape.
      await sql`alter table broker_carrier add column event_shape smallint not null default 0`.execute(db);
      await sql`alter table broker_carrier alter column event_shape set default 1`.execute(db);
    },
  },
};
