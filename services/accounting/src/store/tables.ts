// The accounting schema as Kysely sees it (migrations.ts makes it). Every amount column is `bigint` cents,
// read back as a JavaScript number (the `pg` type parser of the platform; amounts stay far inside 2^53).
import type { PlatformTables } from '@loadline/platform';
import type { Generated } from 'kysely';

type Timestamp = Generated<Date>;

export interface AccountingTables extends PlatformTables {
  /** read model of tms.directory.organization.changed.v1 (the credit limit in cents) */
  organization_view: {
    organization_id: string;
    broker_id: string | null;
    name: string;
    organization_type: number;
    payment_preference: number | null;
    credit_limit_cents: number | null;
    customer_settings: number;
    broker_settings: number;
    active: boolean;
    version: number;
  };
  /** read model of tms.directory.user.changed.v1: whose staff each user is (a commission's payee) */
  user_view: {
    user_id: string;
    broker_id: string;
    kind: 'staff' | 'customer';
    active: boolean;
    version: number;
  };
  /** read model of tms.shipments.shipment.updated.v1: what invoicing and credit need */
  shipment_view: {
    shipment_id: number;
    broker_id: string;
    customer_organization_id: string;
    status: number;
    shipment_type: number;
    no_accounting_invoice: boolean;
    pickup_date: string | null;
    delivery_date: string | null;
    carrier_master_id: string | null;
    carrier_master_name: string | null;
    pro_number: string | null;
    accessorial_ids: Generated<number[]>;
    version: number;
  };
  /** the accessorials of a shipment that have been made a charge line (decision 0098): each once */
  accessorial_charge: { shipment_id: number; accessorial_id: number; charge_line_id: string };
  /** read model of tms.shipments.billto.changed.v1: printed on the invoice */
  shipment_bill_to: {
    shipment_id: number;
    bill_to: unknown;
    version: number;
  };
  customer_account: {
    organization_id: string;
    broker_id: string;
    invoicing_automation_method: Generated<number>;
    preferred_invoicing_method: Generated<number>;
    payment_terms_days: number;
    credit_card_fee_basis_points: number;
    enable_past_due_notification: Generated<boolean>;
    version: Generated<number>;
    updated_at: Timestamp;
  };
  charge_line_group: {
    group_id: string;
    shipment_id: number;
    broker_id: string;
    payer_organization_id: string;
    transit_organization_type: Generated<number>;
    created_at: Timestamp;
  };
  charge_line_set: { shipment_id: number; broker_id: string; version: number };
  charge_line: {
    charge_line_id: string;
    group_id: string;
    shipment_id: number;
    broker_id: string;
    charge_line_type: string;
    description: Generated<string>;
    buy_cents: number;
    sell_cents: number;
    billing_status: Generated<string>;
    invoice_status: Generated<number>;
    invoice_id: string | null;
    bill_id: string | null;
    carrier_master_id: string | null;
    carrier_master_name: string | null;
    vendor_organization_id: string | null;
    vendor_name: string | null;
    sort: Generated<number>;
    version: Generated<number>;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  margin_history: {
    margin_history_id: Generated<number>;
    shipment_id: number;
    charge_line_id: string;
    charge_line_type: string;
    change: string;
    field: string;
    old_cents: number | null;
    new_cents: number | null;
    changed_by_user_id: string;
    changed_by_name: string;
    changed_at: Timestamp;
  };
  number_sequence: {
    broker_id: string;
    kind: string;
    next_number: number;
  };
  invoice: {
    invoice_id: string;
    broker_id: string;
    invoice_number: number;
    kind: string;
    shipment_id: number | null;
    payer_organization_id: string;
    customer_organization_id: string | null;
    invoice_date: string;
    due_date: string;
    invoice_date_type: string;
    pro_number: string | null;
    total_cents: number;
    paid_cents: Generated<number>;
    status: number;
    payment_status: Generated<number>;
    approve_bill_with_invoice: Generated<boolean>;
    created_by_user_id: string | null;
    created_by_name: string | null;
    created_at: Timestamp;
    version: Generated<number>;
    sync_status: Generated<string>;
    sync_date: Date | null;
    synced_hash: string | null;
    sync_message: string | null;
  };
  invoice_line: {
    invoice_id: string;
    line_no: number;
    charge_line_id: string | null;
    charge_line_type: string;
    description: string;
    amount_cents: number;
  };
  bill: {
    bill_id: string;
    broker_id: string;
    bill_number: number;
    shipment_id: number;
    vendor_id: string | null;
    vendor_name: string;
    bill_date: string;
    due_date: string;
    total_cents: number;
    paid_cents: Generated<number>;
    payment_status: Generated<number>;
    created_by_user_id: string | null;
    created_at: Timestamp;
    version: Generated<number>;
    sync_status: Generated<string>;
    sync_date: Date | null;
    synced_hash: string | null;
    sync_message: string | null;
  };
  payment: {
    payment_id: string;
    broker_id: string;
    direction: string;
    organization_id: string | null;
    vendor_name: string | null;
    payment_type: string;
    processing_status: string;
    amount_cents: number;
    fee_cents: Generated<number>;
    total_cents: number;
    idempotency_key: string;
    gateway: string | null;
    gateway_transaction_id: string | null;
    payment_profile_id: string | null;
    last4: string | null;
    reference: string | null;
    target_ids: Generated<string[]>;
    messages: Generated<string[]>;
    payment_date: string;
    created_by_user_id: string;
    created_by_name: string;
    created_at: Timestamp;
    settled_at: Date | null;
    version: Generated<number>;
    sync_status: Generated<string>;
    sync_date: Date | null;
    synced_hash: string | null;
    sync_message: string | null;
  };
  payment_application: {
    payment_id: string;
    target_kind: string;
    target_id: string;
    applied_cents: number;
  };
  commission: {
    commission_id: string;
    shipment_id: number;
    broker_id: string;
    payee_name: string;
    payee_user_id: string | null;
    calculation_type: number;
    rate: number;
    min_cents: number | null;
    max_cents: number | null;
    amount_cents: number;
    status: Generated<number>;
    approved_cents: number | null;
    status_changed_by: string | null;
    status_changed_at: Date | null;
    version: Generated<number>;
    created_at: Timestamp;
  };
  credit_position: {
    organization_id: string;
    broker_id: string;
    version: Generated<number>;
    position: unknown;
    updated_at: Timestamp;
  };
  /** a payer's profile at the payment gateway (only the gateway's ids) */
  gateway_customer: {
    organization_id: string;
    broker_id: string;
    gateway: string;
    gateway_profile_id: string;
    created_at: Timestamp;
  };
  sync_run: {
    run_id: string;
    broker_id: string;
    trace_log_id: string;
    sync_type: string;
    options: unknown;
    is_test_run: boolean;
    status: Generated<string>;
    total: Generated<number>;
    last_seq: Generated<number>;
    csv_path: string | null;
    iif_path: string | null;
    csv_bytes: Generated<number>;
    iif_bytes: Generated<number>;
    counts: Generated<unknown>;
    error: string | null;
    created_by_user_id: string;
    created_by_name: string;
    created_at: Timestamp;
    started_at: Date | null;
    finished_at: Date | null;
  };
  sync_run_item: {
    run_id: string;
    seq: number;
    item_kind: string;
    item_id: string;
    status: Generated<string>;
    message: string | null;
  };
  // The local test payment gateway's own tables (adapters/local-test-gateway.ts): what a real gateway keeps
  // on its side. Never a card number or a security code: a keyed fingerprint and the last four digits.
  test_gateway_customer: {
    profile_id: string;
    merchant_id: string;
    customer_ref: string;
    email: string | null;
    created_at: Timestamp;
  };
  test_gateway_payment_profile: {
    payment_profile_id: string;
    profile_id: string;
    account_type: number;
    card_type: string | null;
    last4: string;
    exp_month: number | null;
    exp_year: number | null;
    fingerprint: string;
    behaviour: string;
    name_on_account: string | null;
    bank_name: string | null;
    bill_to_zip: string | null;
    created_at: Timestamp;
    deleted_at: Date | null;
  };
  test_gateway_transaction: {
    transaction_id: string;
    merchant_id: string;
    payment_profile_id: string;
    amount_cents: number;
    invoice_number: string | null;
    idempotency_key: string;
    approved: boolean;
    response_code: string;
    messages: string[];
    created_at: Timestamp;
  };
}
