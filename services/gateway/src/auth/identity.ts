// Builds the identity the gateway signs for services, from its read model of the directory.
import type { Identity, Kysely } from '@loadline/platform';
import type { GatewayTables } from '../store/tables.ts';

export interface Me {
  userId: string;
  kind: 'staff' | 'customer';
  email: string;
  displayName: string;
  firstName: string;
  lastName: string;
  organizationId: string;
  organizationName: string;
  organizationType: number;
  brokerId: string;
  permissions: number;
  customerSettings: number;
}

/** Short cache: permission changes reach a signed-in user within this time. */
const cacheMilliseconds = 2000;

export class IdentityDirectory {
  private readonly cache = new Map<string, { me: Me | null; at: number }>();
  private readonly db: Kysely<GatewayTables>;
  constructor(db: Kysely<GatewayTables>) {
    this.db = db;
  }

  forgetAll(): void {
    this.cache.clear();
  }

  forget(userId: string): void {
    this.cache.delete(userId);
  }

  async me(userId: string): Promise<Me | null> {
    const hit = this.cache.get(userId);
    if (hit && Date.now() - hit.at < cacheMilliseconds) return hit.me;
    const row = await this.db
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
    const me =
      row?.active && row.organization_active !== false
        ? {
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
          }
        : null;
    this.cache.set(userId, { me, at: Date.now() });
    if (this.cache.size > 10_000) this.cache.clear();
    return me;
  }
}

export const identityOf = (me: Me, sessionId: string): Identity => ({
  userId: me.userId,
  kind: me.kind,
  email: me.email,
  displayName: me.displayName,
  organizationId: me.organizationId,
  organizationType: me.organizationType,
  brokerId: me.brokerId,
  permissions: me.permissions,
  customerSettings: me.customerSettings,
  sessionId,
});
