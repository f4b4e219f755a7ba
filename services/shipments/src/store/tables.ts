// The shipments schema as Kysely sees it. Stop date-times are wall-clock times at the stop
// (`timestamp` without zone, 000 §5): they are read back as text by `localDateTime` in shipments.ts.
import type { PlatformTables } from '@loadline/platform';
import type { ColumnType, Generated } from 'kysely';

export interface ShipmentsTables extends PlatformTables {
  bulk_process: {
    bulk_process_id: Generated<number>;
    broker_id: string;
    process_type: number;
    status: number;
    import_status: string;
    customer_organization_id: string;
    file_name: string;
    size_bytes: Generated<number>;
    trace_log_id: string | null;
    total_rows: Generated<number>;
    good_rows: Generated<number>;
    bad_rows: Generated<number>;
    imported_rows: Generated<number>;
    imported_through_row: Generated<number>;
    unknown_headers: Generated<string[]>;
    // jsonb: read as an object, written as its JSON text
    column_mapping: ColumnType<Record<string, string>, string | undefined, string>;
    error: string | null;
    created_by_user_id: string;
    created_by_name: string;
    created_by_email: string;
    created_by_permissions: number;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  bulk_process_chunk: { bulk_process_id: number; sequence: number; bytes: Buffer };
  bulk_process_problem: {
    bulk_process_id: number;
    row_number: number;
    position: number;
    column_name: string;
    reason: string;
  };
  bulk_process_row: { bulk_process_id: number; row_number: number; shipment_id: number };
  shipment: {
    shipment_id: Generated<number>;
    broker_id: string;
    customer_organization_id: string;
    shipment_type: number;
    status: number;
    transit_days: number | null;
    weight_unit: number;
    total_weight: number | null;
    dimension_unit: number;
    total_handling_units: number | null;
    origin_base_utc_offset: number | null;
    lockdown_marketplace_buyer: Generated<boolean>;
    no_accounting_invoice: Generated<boolean>;
    lost_quote_at: Date | null;
    consolidation_parent_id: number | null;
    created_by_user_id: string;
    created_by_name: string;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
    status_changed_at: Generated<Date>;
    version: Generated<number>;
    special_instructions: string | null;
  };
  /** A shipment's line items (migration 0006), with the hazmat details of a hazardous one. */
  commodity: {
    commodity_id: string;
    shipment_id: number;
    sequence: number;
    description: string;
    pieces: number;
    package_type: number | null;
    handling_units: number | null;
    handling_unit_type: number | null;
    weight: number;
    length: number | null;
    width: number | null;
    height: number | null;
    freight_class: number | null;
    nmfc: string | null;
    hazardous: boolean;
    un_number: string | null;
    proper_shipping_name: string | null;
    hazard_class: string | null;
    packing_group: number | null;
    emergency_contact_name: string | null;
    emergency_contact_phone: string | null;
  };
  /** A shipment's accessorials (002 §3.5; migration 0006). */
  shipment_accessorial: {
    shipment_id: number;
    accessorial_id: number;
    name: string;
  };
  /** Read model of accounting's chargelines.changed: what a shipment sells for, in cents. */
  shipment_spend: {
    shipment_id: number;
    broker_id: string;
    sell_cents: number;
    version: number;
  };
  transit_leg: {
    transit_leg_id: string;
    shipment_id: number;
    sequence: number;
    leg_type: number;
    status: number;
    active: boolean;
    carrier_master_id: string | null;
    carrier_name: string | null;
    carrier_phone: string | null;
    service_level: number | null;
    scac: string | null;
    tracking_url: string | null;
    integration_enable_api_tracking: Generated<boolean>;
    tracking_integration_enable_api_tracking: Generated<boolean>;
    tracking_integration_source_id: number | null;
    integration_source_id: number | null;
  };
  stop: {
    stop_id: string;
    shipment_id: number;
    sequence: number;
    stop_type: string;
    company_name: string | null;
    street_address: string | null;
    street_address_two: string | null;
    city: string | null;
    state: string | null;
    zip_code: string | null;
    country: string | null;
    /** wall-clock date-times: written as 'YYYY-MM-DDTHH:mm:ss', read through localDateTime() */
    scheduled_ready: string | null;
    scheduled_close: string | null;
    appointment_ready: string | null;
    appointment_end: string | null;
    actual_arrival: string | null;
    actual_departure: string | null;
  };
  reference_number: {
    reference_id: string;
    shipment_id: number;
    transit_leg_id: string | null;
    reference_type_code: string;
    value: string;
    created_at: Generated<Date>;
  };
  bill_to: {
    shipment_id: number;
    transit_leg_id: string | null;
    company_name: string | null;
    street_address: string | null;
    street_address_two: string | null;
    city: string | null;
    state: string | null;
    zip_code: string | null;
    country: string | null;
    updated_at: Generated<Date>;
  };
  shipment_alert: {
    alert_id: string;
    shipment_id: number;
    alert_type: number;
    resolved: Generated<boolean>;
    created_at: Generated<Date>;
    resolved_at: Date | null;
  };
  /** Read model of the directory's customer organizations (from organization.changed). */
  /** read model of tms.accounting.credit.changed.v1 (amounts in cents) */
  customer_credit: {
    organization_id: string;
    broker_id: string;
    credit_limit_cents: number | null;
    open_balance_cents: number;
    credit_limit_exceeded: boolean;
    on_credit_hold: boolean;
    credit_hold_reason: string | null;
    version: number;
  };
  customer_organization: {
    organization_id: string;
    broker_id: string | null;
    name: string;
    organization_type: number;
    payment_preference: number | null;
    credit_limit: number | null;
    active: boolean;
    version: number;
    /** 002 §6.4 bits (a broker's own row); 0 until organization.changed tells */
    broker_settings: Generated<number>;
    /** a broker's density scale as the directory decides it; null until an organization.changed carries it */
    density_scale: string | null;
  };
  /** Shipments per broker and customer, kept by triggers (migration 0002): the grid pager's total. */
  shipment_tally: {
    broker_id: string;
    customer_organization_id: string;
    shipment_count: number;
  };
  /**
   * Read model of the carriers service's broker carriers (brokercarrier.changed): which are blocked (the
   * carrier-blocked alert), and what a leg takes from a carrier put on it (decision 0117).
   */
  broker_carrier: {
    broker_id: string;
    carrier_master_id: string;
    name: string;
    scac: string | null;
    phone: string | null;
    /** broker carrier status, 002 §3.7 */
    status: number;
    in_compliance: boolean;
    /** the carriers service's compliance reason codes (CarrierComplianceReason) */
    compliance_reasons: string[];
    version: number;
  };
  /** The grid columns a user chose (002 §3.11). */
  grid_column_choice: {
    user_id: string;
    grid: string;
    columns: string[];
    updated_at: Generated<Date>;
  };
  /** Tenders owed to carriers (migration 0003): pending until the carrier answered. */
  dispatch_tender: {
    idempotency_key: string;
    shipment_id: number;
    request: unknown;
    requested_by: string;
    created_at: Generated<Date>;
    settled_at: Date | null;
    /** dispatched, refused, or skipped (the leg had moved on before a recovered tender) */
    outcome: 'dispatched' | 'refused' | 'skipped' | null;
  };
}
