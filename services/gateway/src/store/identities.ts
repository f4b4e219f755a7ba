// The gateway's read model of the directory: who a user is (for the identity it signs) and who signs in
// with an email, and the writes that keep it from the directory's events.
import type { OrganizationChangedV1, UserChangedV1 } from '@loadline/contracts/events';
import { type Kysely, saveIfNewer } from '@loadline/platform';
import type { Me } from '../domain/identity.ts';
import type { GatewayTables } from './tables.ts';

type Db = Kysely<GatewayTables>;

/** The user as the gateway signs for it; null when unknown, disabled, or of a disabled organization. */
export async function loadMe(db: Db, userId: string): Promise<Me | null> {
  const row = await db
    .selectFrom('directory_user as u')
    .leftJoin('directory_organization as o', 'o.organization_id', 'u.organization_id')
    .select([
      'u.user_id',
      'u.kind',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.organization_id',
      'u.organization_type',
      'u.broker_id',
      'u.permissions',
      'u.customer_settings',
      'u.active',
      'o.name as organization_name',
      'o.active as organization_active',
    ])
    .where('u.user_id', '=', userId)
    .executeTakeFirst();
  if (!row?.active || row.organization_active === false) return null;
  return {
    userId: row.user_id,
    kind: row.kind,
    email: row.email,
    displayName: `${row.first_name} ${row.last_name}`.trim(),
    firstName: row.first_name,
    lastName: row.last_name,
    organizationId: row.organization_id,
    organizationName: row.organization_name ?? '',
    organizationType: row.organization_type,
    brokerId: row.broker_id,
    permissions: row.permissions,
    customerSettings: row.customer_settings,
  };
}

/** A user's permissions and whether active, before a change is saved (to tell whether sessions end). */
export function loadAccess(trx: Db, userId: string) {
  return trx
    .selectFrom('directory_user')
    .select(['permissions', 'active'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function saveDirectoryUser(trx: Db, u: UserChangedV1): Promise<boolean> {
  return saveIfNewer(trx, 'directory_user', 'user_id', {
    user_id: u.userId,
    version: u.version,
    organization_id: u.organizationId,
    organization_type: u.organizationType,
    broker_id: u.brokerId,
    kind: u.kind,
    email: u.email.toLowerCase(),
    first_name: u.firstName,
    last_name: u.lastName,
    permissions: u.permissions,
    customer_settings: u.customerSettings,
    active: u.active,
  });
}

export function saveDirectoryOrganization(trx: Db, o: OrganizationChangedV1): Promise<boolean> {
  return saveIfNewer(trx, 'directory_organization', 'organization_id', {
    organization_id: o.organizationId,
    version: o.version,
    name: o.name,
    organization_type: o.organizationType,
    broker_id: o.brokerId,
    active: o.active,
  });
}
