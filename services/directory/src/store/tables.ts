import type { PlatformTables } from '@loadline/platform';
import type { Generated } from 'kysely';

export interface DirectoryTables extends PlatformTables {
  organization: {
    organization_id: string;
    name: string;
    organization_type: number;
    broker_id: string | null;
    payment_preference: number | null;
    credit_limit: number | null;
    customer_settings: Generated<number>;
    broker_settings: Generated<number>;
    active: Generated<boolean>;
    version: Generated<number>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  app_user: {
    user_id: string;
    organization_id: string;
    kind: 'staff' | 'customer';
    email: string;
    first_name: string;
    last_name: string;
    permissions: Generated<number>;
    customer_settings: Generated<number>;
    active: Generated<boolean>;
    version: Generated<number>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  feature_flag: { broker_id: string; flag: string };
  system_alert: {
    system_alert_id: Generated<number>;
    area: string;
    title: string;
    body: string;
    high_priority: Generated<boolean>;
    starts_at: Generated<Date>;
    ends_at: Date | null;
  };
  support_request: {
    support_request_id: string;
    support_request_type: number;
    current_url: string;
    description: Generated<string>;
    user_id: string;
    organization_id: string;
    created_at: Generated<Date>;
  };
  staff_mailbox: {
    user_id: string;
    broker_id: string;
    mailbox_type: number;
    username: string | null;
    sealed_password: string | null;
    incoming_mail_server: string | null;
    outgoing_mail_server: string | null;
    permissions: number;
    post_processing_action: string;
    last_read_date: Date | null;
    is_authorized: boolean;
    sealed_access_token: string | null;
    sealed_refresh_token: string | null;
    token_expires_at: Date | null;
    authorization_problem: string | null;
    version: Generated<number>;
    updated_at: Generated<Date>;
  };
  staff_signature: {
    user_id: string;
    broker_id: string;
    signature: string;
    updated_at: Generated<Date>;
  };
}
