// The directory's customers as this service keeps them (organization.changed, read model
// `customer_organization`).
import type { Db } from './shipments.ts';

/** The organization's type and whether it is active, if it belongs to the broker. */
export async function organizationOfBroker(
  db: Db,
  organizationId: string,
  brokerId: string,
): Promise<{ organizationType: number; active: boolean } | undefined> {
  const row = await db
    .selectFrom('customer_organization')
    .select(['organization_type', 'active'])
    .where('organization_id', '=', organizationId)
    .where('broker_id', '=', brokerId)
    .executeTakeFirst();
  return row && { organizationType: row.organization_type, active: row.active };
}

/**
 * A broker's settings (002 §6.4 bits; 0 before organization.changed told them) and the density scale the
 * directory decided for it, if an event carried it.
 */
export async function brokerSettingsOf(
  db: Db,
  brokerId: string,
): Promise<{ brokerSettings: number; densityScale: string | null }> {
  const row = await db
    .selectFrom('customer_organization')
    .select(['broker_settings', 'density_scale'])
    .where('organization_id', '=', brokerId)
    .executeTakeFirst();
  return { brokerSettings: row?.broker_settings ?? 0, densityScale: row?.density_scale ?? null };
}
