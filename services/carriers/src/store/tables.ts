// The carriers schema as Kysely sees it.
import type { PlatformTables } from '@loadline/platform';
import type { ColumnType, Generated } from 'kysely';

/** A `date` column: written as 'YYYY-MM-DD' and read as text (`::text`), never as a Date. */
type DateText = ColumnType<string, string, string>;

export interface CarriersTables extends PlatformTables {
  /** Carrier master: the registry facts of a carrier, shared by every broker. */
  carrier_master: {
    carrier_master_id: string;
    name: string;
    scac: string | null;
    phone: string | null;
    email: string | null;
    mc_number: string | null;
    dot_number: string | null;
    authority: number;
    dot_status: number;
    tsa_compliance: number;
    carrier_rating: string;
    city: string | null;
    state: string | null;
    zip_code: string | null;
    updated_at: Generated<Date>;
  };
  /** A broker's relation to a carrier master. */
  broker_carrier: {
    broker_carrier_id: string;
    broker_id: string;
    carrier_master_id: string;
    status: number;
    inherited: boolean;
    favorite: boolean;
    portal_link: string | null;
    /** the insurance status and compliance last published (brokercarrier.changed) */
    insurance_status: string;
    in_compliance: boolean;
    version: number;
    /** the brokercarrier.changed shape it was last published in (app/republish.ts) */
    event_shape: Generated<number>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  carrier_insurance: {
    broker_carrier_insurance_id: string;
    broker_carrier_id: string;
    insurance_type: string;
    insurer_name: string | null;
    policy_number: string | null;
    coverage_amount: number | null;
    source_type: number;
    expiration_date: DateText;
    /** the status last published (insurance.status.changed), worked out for `status_as_of` */
    insurance_status: string;
    status_as_of: DateText;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  carrier_contact: {
    contact_id: string;
    broker_carrier_id: string;
    sequence: number;
    contact_type: string;
    name: string;
    phone: string | null;
    email: string | null;
  };
  preferred_region: {
    broker_carrier_id: string;
    region: number;
    type: number;
  };
  carrier_terminal: {
    terminal_id: string;
    carrier_master_id: string;
    code: string;
    name: string;
    street_address: string;
    city: string;
    state: string;
    zip_code: string;
    phone: string;
    contact_name: string;
    served_zip_prefixes: string[];
  };
  /** The current audit of a leg per category (a new one replaces it). */
  carrier_audit: {
    audit_id: string;
    broker_id: string;
    carrier_master_id: string;
    shipment_id: number;
    transit_leg_id: string;
    category: string;
    answers: unknown;
    points: number;
    max_points: number;
    recorded_by_user_id: string;
    recorded_by_name: string;
    recorded_at: Generated<Date>;
  };
  /** Running sums of a broker's audits of a carrier: the score without reading the audits. */
  carrier_score: {
    broker_id: string;
    carrier_master_id: string;
    pickup_count: number;
    pickup_points: number;
    pickup_max_points: number;
    delivery_count: number;
    delivery_points: number;
    delivery_max_points: number;
  };
  /** Read model of the shipments service's shipments (shipment.updated): what the calls need. */
  shipment_ref: {
    shipment_id: number;
    broker_id: string;
    customer_organization_id: string;
    status: number;
    weight_unit: number;
    origin_zip: string | null;
    origin_country: string | null;
    destination_zip: string | null;
    destination_country: string | null;
    version: number;
  };
  shipment_leg: {
    transit_leg_id: string;
    shipment_id: number;
    sequence: number;
    transit_type: number;
    status: number;
    active: boolean;
    carrier_master_id: string | null;
    carrier_name: string | null;
    scac: string | null;
    service_level: number | null;
  };
}
