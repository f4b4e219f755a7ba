// The attachments schema as Kysely sees it (migrations.ts makes it).
import type { PlatformTables } from '@loadline/platform';
import type { Generated } from 'kysely';

export interface GeneratedFile {
  document: string;
  fileName: string;
  sha256: string;
  sizeBytes: number;
}

export interface AttachmentsTables extends PlatformTables {
  blob: {
    sha256: string;
    size_bytes: number;
    content_type: string;
    created_at: Generated<Date>;
  };
  attachment: {
    attachment_id: string;
    broker_id: string;
    source_type: string;
    source_id: string;
    source_ids: Generated<Record<string, string>>;
    shipment_id: number | null;
    customer_organization_id: string | null;
    attachment_type: number | null;
    attachment_type_code: string | null;
    access_level: number;
    file_name: string;
    title: string | null;
    sha256: string;
    size_bytes: number;
    content_type: string;
    uploaded_by_user_id: string;
    uploaded_by_name: string;
    created_at: Generated<Date>;
    deleted_at: Date | null;
    deleted_by_user_id: string | null;
    purge_after: Date | null;
    version: Generated<number>;
  };
  /** Read model of tms.shipments.shipment.updated.v1 (the whole event in `state`). */
  shipment_view: {
    shipment_id: number;
    broker_id: string;
    customer_organization_id: string;
    status: number;
    shipment_type: number;
    carrier_master_ids: string[];
    state: unknown;
    version: number;
  };
  organization_view: {
    organization_id: string;
    broker_id: string | null;
    name: string;
    organization_type: number;
    active: boolean;
    version: number;
  };
  user_view: {
    user_id: string;
    organization_id: string;
    broker_id: string;
    kind: 'staff' | 'customer';
    email: string;
    first_name: string;
    last_name: string;
    active: boolean;
    version: number;
  };
  /** Read model of tms.carriers.brokercarrier.changed.v1: a broker's carrier in or out of compliance. */
  carrier_compliance: {
    broker_id: string;
    carrier_master_id: string;
    in_compliance: boolean;
    /** the carrier's name and email (tracking status requests go there); null until an event carried them */
    carrier_name: string | null;
    email: string | null;
    version: number;
  };
  /** Read model of tms.carriers.brokercarrier.changed.v1: whose each broker carrier is (never changes). */
  broker_carrier_view: {
    broker_carrier_id: string;
    broker_id: string;
    carrier_master_id: string;
  };
  /** Read model of tms.carriers.insurance.status.changed.v1: whose each insurance certificate is. */
  carrier_insurance_view: {
    broker_carrier_insurance_id: string;
    broker_carrier_id: string;
    broker_id: string;
  };
  /** A broker's content template (002 §3.10 type), e.g. the tracking status request's (317). */
  content_template: {
    broker_id: string;
    /** 'content' (by 002 §3.10 type) or 'customEmail' (organization custom email templates 0–9) */
    kind: Generated<'content' | 'customEmail'>;
    template_type: number;
    name: string | null;
    subject: string;
    body: string;
    updated_by: string | null;
    updated_at: Generated<Date>;
  };
  shipment_charges: {
    shipment_id: number;
    broker_id: string;
    /** ChargeLinesChangedV1['chargeLines'] */
    charge_lines: unknown;
    version: number;
  };
  /** Read model of tms.accounting.invoice.changed.v1 (amounts in cents). */
  invoice_view: {
    invoice_id: string;
    broker_id: string;
    invoice_number: number;
    payer_organization_id: string;
    shipment_id: number | null;
    invoice_date: string;
    due_date: string;
    total_cents: number;
    balance_cents: number;
    version: number;
  };
  /** Read model of tms.directory.mailbox.changed.v1 (decision 0071): the password only sealed. */
  mailbox_view: {
    user_id: string;
    broker_id: string;
    mailbox_type: number;
    username: string | null;
    sealed_password: string | null;
    incoming_mail_server: string | null;
    permissions: number;
    post_processing_action: string;
    is_authorized: boolean;
    outgoing_mail_server: string | null;
    /** sanitized rich text, appended to the mail the staff member sends; '' when none */
    signature: string;
    version: number;
    /** a Gmail or Microsoft mailbox's access token, sealed (decision 0037) */
    sealed_access_token: string | null;
    token_expires_at: Date | null;
    /** the last access token found expired or refused (reported once, not tried again) */
    refused_access_token: Generated<string | null>;
    /** tokens refused one after the other since a sign-in last worked */
    signin_refusals: Generated<number>;
  };
  mailbox_cursor: {
    user_id: string;
    uid_validity: number;
    last_uid: number;
    read_at: Generated<Date>;
  };
  /** A message read from a staff mailbox (decision 0071), once. */
  inbound_email: {
    inbound_id: string;
    message_key: string;
    message_id_header: string | null;
    broker_id: string;
    mailbox_user_id: string;
    from_name: string;
    from_address: string;
    subject: string;
    body: string;
    received_at: Date;
    in_reply_to: string | null;
    automation_type: string;
    shipment_id: number | null;
    status: 'Filed' | 'Unmatched' | 'Dismissed';
    attachment_ids: Generated<string[]>;
    decided_by: string | null;
    decided_at: Date | null;
    created_at: Generated<Date>;
    /** the version of the email's activity entry whose move was last followed (0: none) */
    activity_version: Generated<number>;
  };
  inbound_email_file: {
    inbound_id: string;
    ordinal: number;
    file_name: string;
    content_type: string;
    bytes: Buffer;
  };
  outgoing_message: {
    message_id: string;
    broker_id: string;
    message_type: number;
    shipment_id: number | null;
    organization_id: string | null;
    sender_user_id: string;
    sender_name: string;
    sender_email: string;
    recipients: string[];
    cc: Generated<string[]>;
    bcc: Generated<string[]>;
    subject: string;
    body: string;
    attachment_ids: Generated<string[]>;
    documents: Generated<string[]>;
    generated: Generated<GeneratedFile[]>;
    mark_invoice_delivered: Generated<boolean>;
    private_activity_log: Generated<boolean>;
    status: number;
    attempts: Generated<number>;
    last_error: string | null;
    provider_message_id: string | null;
    /** the Front conversation a message sent through Front started (decision 0037, "Front"); else null */
    front_conversation_id: Generated<string | null>;
    /** the shipments a tracking status request asks about (decision 0072); null for other messages */
    tracking_shipment_ids: Generated<number[] | null>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
    sent_at: Date | null;
  };
}
