import type { PlatformTables } from '@loadline/platform';
import type { Generated } from 'kysely';

export interface GatewayTables extends PlatformTables {
  credential: { user_id: string; password_hash: string; updated_at: Generated<Date> };
  directory_user: {
    user_id: string;
    version: number;
    organization_id: string;
    organization_type: number;
    broker_id: string;
    kind: 'staff' | 'customer';
    email: string;
    first_name: string;
    last_name: string;
    permissions: number;
    customer_settings: number;
    active: boolean;
  };
  directory_organization: {
    organization_id: string;
    version: number;
    name: string;
    organization_type: number;
    broker_id: string | null;
    active: boolean;
  };
}
