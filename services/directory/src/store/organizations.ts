// Organizations and users, with their change events written in the same transaction.
import { subjects } from '@loadline/contracts/events';
import { type Kysely, newId, type ServiceRuntime, sql } from '@loadline/platform';
import type { DirectoryTables } from './tables.ts';

type Db = Kysely<DirectoryTables>;
type OrganizationRow = DirectoryTables['organization'];

export interface OrganizationRecord {
  organizationId: string;
  name: string;
  organizationType: 60 | 70 | 80;
  brokerId: string | null;
  paymentPreference: number | null;
  creditLimit: number | null;
  customerSettings: number;
  brokerSettings: number;
  active: boolean;
}

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

type SelectedOrganization = Pick<
  {
    [K in keyof OrganizationRow]: OrganizationRow[K] extends import('kysely').Generated<infer V>
      ? V
      : OrganizationRow[K];
  },
  (typeof organizationColumns)[number]
>;

export const toOrganization = (row: SelectedOrganization): OrganizationRecord => ({
  organizationId: row.organization_id,
  name: row.name,
  organizationType: row.organization_type as 60 | 70 | 80,
  brokerId: row.broker_id,
  paymentPreference: row.payment_preference,
  creditLimit: row.credit_limit,
  customerSettings: row.customer_settings,
  brokerSettings: row.broker_settings,
  active: row.active,
});

export function selectOrganizations(db: Db) {
  return db.selectFrom('organization').select(organizationColumns);
}

/**
 * Inserts or changes an organization and writes `organization.changed` with the new version
 * in the same transaction. An upsert that changes nothing writes no event.
 */
export async function saveOrganization(
  runtime: ServiceRuntime<DirectoryTables>,
  trx: Db,
  organization: OrganizationRecord,
  /** `insertOnly`: leave an existing organization as it is (demo seeding never reverts edits) */
  mode: 'upsert' | 'insertOnly' = 'upsert',
): Promise<{ organization: OrganizationRecord; changed: boolean }> {
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
  await runtime.appendEvent(trx, subjects.organizationChanged, { ...saved, version: row.version });
  return { organization: saved, changed: true };
}

export interface UserRecord {
  userId: string;
  organizationId: string;
  kind: 'staff' | 'customer';
  email: string;
  firstName: string;
  lastName: string;
  permissions: number;
  customerSettings: number;
  active: boolean;
}

/** Inserts or changes a user and writes `user.changed` in the same transaction. */
export async function saveUser(
  runtime: ServiceRuntime<DirectoryTables>,
  trx: Db,
  user: UserRecord,
  mode: 'upsert' | 'insertOnly' = 'upsert',
): Promise<{ changed: boolean }> {
  const row = await trx
    .insertInto('app_user')
    .values({
      user_id: user.userId,
      organization_id: user.organizationId,
      kind: user.kind,
      email: user.email.toLowerCase(),
      first_name: user.firstName,
      last_name: user.lastName,
      permissions: user.permissions,
      customer_settings: user.customerSettings,
      active: user.active,
    })
    .onConflict((oc) =>
      mode === 'insertOnly'
        ? oc.column('user_id').doNothing()
        : oc
            .column('user_id')
            .doUpdateSet({
              email: (eb) => eb.ref('excluded.email'),
              first_name: (eb) => eb.ref('excluded.first_name'),
              last_name: (eb) => eb.ref('excluded.last_name'),
              permissions: (eb) => eb.ref('excluded.permissions'),
              customer_settings: (eb) => eb.ref('excluded.customer_settings'),
              active: (eb) => eb.ref('excluded.active'),
              version: sql`app_user.version + 1`,
              updated_at: sql`now()`,
            })
            .where(
              sql<boolean>`(app_user.email, app_user.first_name, app_user.last_name, app_user.permissions, app_user.customer_settings, app_user.active)
            is distinct from (excluded.email, excluded.first_name, excluded.last_name, excluded.permissions, excluded.customer_settings, excluded.active)`,
            ),
    )
    .returning(['version'])
    .executeTakeFirst();
  if (!row) return { changed: false };
  const organization = await trx
    .selectFrom('organization')
    .select(['organization_type', 'broker_id', 'organization_id'])
    .where('organization_id', '=', user.organizationId)
    .executeTakeFirstOrThrow();
  await runtime.appendEvent(trx, subjects.userChanged, {
    ...user,
    email: user.email.toLowerCase(),
    version: row.version,
    organizationType: organization.organization_type as 60 | 70 | 80,
    brokerId: organization.broker_id ?? organization.organization_id,
  });
  return { changed: true };
}

export const newOrganizationId = () => newId('org');
