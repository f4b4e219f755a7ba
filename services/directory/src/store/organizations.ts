// SQL of organizations: reading them within a caller's scope and saving one with its
// organization.changed event in the same transaction.
import { OrganizationType } from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import { type EventWriter, type Kysely, newId, sql } from '@loadline/platform';
import { densityScaleOf, type Organization, type OrganizationTypeValue } from '../domain/organization.ts';
import type { OrganizationScope } from '../domain/visibility.ts';
import type { DirectoryTables } from './tables.ts';

export type Db = Kysely<DirectoryTables>;

const organizationColumns = [
  'organization_id',
  'name',
  'organization_type',
  'broker_id',
  'payment_preference',
  'credit_limit',
  'customer_settings',
  'broker_settings',
  'active',
  'version',
] as const;

interface OrganizationRow {
  organization_id: string;
  name: string;
  organization_type: number;
  broker_id: string | null;
  payment_preference: number | null;
  credit_limit: number | null;
  customer_settings: number;
  broker_settings: number;
  active: boolean;
}

const toOrganization = (row: OrganizationRow): Organization => ({
  organizationId: row.organization_id,
  name: row.name,
  organizationType: row.organization_type as OrganizationTypeValue,
  brokerId: row.broker_id,
  paymentPreference: row.payment_preference,
  creditLimit: row.credit_limit,
  customerSettings: row.customer_settings,
  brokerSettings: row.broker_settings,
  active: row.active,
});

export async function findOrganization(
  db: Db,
  organizationId: string,
  options: { forUpdate?: boolean } = {},
): Promise<Organization | undefined> {
  let query = db
    .selectFrom('organization')
    .select(organizationColumns)
    .where('organization_id', '=', organizationId);
  if (options.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && toOrganization(row);
}

/** The organizations of a scope: a broker with its customers and factors, or one customer. */
export async function listOrganizations(
  db: Db,
  scope: OrganizationScope,
  organizationType?: number,
): Promise<Organization[]> {
  let query = db
    .selectFrom('organization')
    .select(organizationColumns)
    .orderBy('organization_type')
    .orderBy('name');
  if (scope.organizationId) query = query.where('organization_id', '=', scope.organizationId);
  if (scope.brokerId) {
    const brokerId = scope.brokerId;
    query = query.where((eb) =>
      eb.or([eb('broker_id', '=', brokerId), eb('organization_id', '=', brokerId)]),
    );
  }
  if (organizationType) query = query.where('organization_type', '=', organizationType);
  return (await query.execute()).map(toOrganization);
}

/**
 * Inserts or changes an organization and writes `organization.changed` with the new version in the same
 * transaction. An upsert that changes nothing writes no event.
 */
export async function saveOrganization(
  events: EventWriter<DirectoryTables>,
  trx: Db,
  organization: Organization,
  /** `insertOnly`: leave an existing organization as it is (demo seeding never reverts edits) */
  mode: 'upsert' | 'insertOnly' = 'upsert',
): Promise<{ organization: Organization; changed: boolean }> {
  const row = await trx
    .insertInto('organization')
    .values({
      organization_id: organization.organizationId,
      name: organization.name,
      organization_type: organization.organizationType,
      broker_id: organization.brokerId,
      payment_preference: organization.paymentPreference,
      credit_limit: organization.creditLimit,
      customer_settings: organization.customerSettings,
      broker_settings: organization.brokerSettings,
      active: organization.active,
    })
    .onConflict((oc) =>
      mode === 'insertOnly'
        ? oc.column('organization_id').doNothing()
        : oc
            .column('organization_id')
            .doUpdateSet({
              name: (eb) => eb.ref('excluded.name'),
              payment_preference: (eb) => eb.ref('excluded.payment_preference'),
              credit_limit: (eb) => eb.ref('excluded.credit_limit'),
              customer_settings: (eb) => eb.ref('excluded.customer_settings'),
              broker_settings: (eb) => eb.ref('excluded.broker_settings'),
              active: (eb) => eb.ref('excluded.active'),
              version: sql`organization.version + 1`,
              updated_at: sql`now()`,
            })
            // Only a real change bumps the version (and so publishes).
            .where(
              sql<boolean>`(organization.name, organization.payment_preference, organization.credit_limit, organization.customer_settings, organization.broker_settings, organization.active)
            is distinct from (excluded.name, excluded.payment_preference, excluded.credit_limit, excluded.customer_settings, excluded.broker_settings, excluded.active)`,
            ),
    )
    .returning(organizationColumns)
    .executeTakeFirst();
  if (!row) return { organization, changed: false };
  const saved = toOrganization(row);
  const densityScale =
    saved.organizationType === OrganizationType.values.LSP
      ? densityScaleOf(saved.brokerSettings, await featureFlagsOf(trx, saved.organizationId))
      : undefined;
  await events.appendEvent(trx, subjects.organizationChanged, {
    ...saved,
    version: row.version,
    ...(densityScale ? { densityScale } : {}),
  });
  return { organization: saved, changed: true };
}

export const newOrganizationId = () => newId('org');

/** The feature flags switched on for a broker (002 §3.9). */
export async function featureFlagsOf(db: Db, brokerId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('feature_flag')
    .select('flag')
    .where('broker_id', '=', brokerId)
    .orderBy('flag')
    .execute();
  return rows.map((r) => r.flag);
}
