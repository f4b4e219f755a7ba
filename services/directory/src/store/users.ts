// SQL of users: reading them with their organization's broker, and saving one with its user.changed
// event in the same transaction.
import { subjects } from '@loadline/contracts/events';
import { type EventWriter, sql } from '@loadline/platform';
import type { User, UserOfBroker } from '../domain/organization.ts';
import type { OrganizationScope } from '../domain/visibility.ts';
import type { Db } from './organizations.ts';
import type { DirectoryTables } from './tables.ts';

const selectUsers = (db: Db) =>
  db
    .selectFrom('app_user as u')
    .innerJoin('organization as o', 'o.organization_id', 'u.organization_id')
    .select([
      'u.user_id',
      'u.organization_id',
      'u.kind',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.permissions',
      'u.customer_settings',
      'u.active',
      'o.broker_id',
      'o.name as organization_name',
      'o.organization_type',
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof selectUsers>['executeTakeFirstOrThrow']>>;
const toUser = (r: Row): UserOfBroker => ({
  userId: r.user_id,
  organizationId: r.organization_id,
  kind: r.kind,
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  permissions: r.permissions,
  customerSettings: r.customer_settings,
  active: r.active,
  brokerId: r.broker_id,
  organizationName: r.organization_name,
  organizationType: r.organization_type,
});

export async function findUser(db: Db, userId: string): Promise<UserOfBroker | undefined> {
  const row = await selectUsers(db).where('u.user_id', '=', userId).executeTakeFirst();
  return row && toUser(row);
}

/** The users of a scope (a broker's staff and its customers' users, or one customer's), by name. */
export async function listUsers(
  db: Db,
  scope: OrganizationScope,
  organizationId?: string,
): Promise<UserOfBroker[]> {
  let q = selectUsers(db).orderBy('u.last_name').orderBy('u.first_name');
  if (scope.organizationId) q = q.where('u.organization_id', '=', scope.organizationId);
  if (scope.brokerId) {
    const brokerId = scope.brokerId;
    q = q.where((eb) => eb.or([eb('o.broker_id', '=', brokerId), eb('o.organization_id', '=', brokerId)]));
  }
  if (organizationId) q = q.where('u.organization_id', '=', organizationId);
  return (await q.execute()).map(toUser);
}

/** Whether a failed save was the unique email index. */
export const isDuplicateEmail = (error: unknown) => (error as { code?: string }).code === '23505';

/** Inserts or changes a user and writes `user.changed` in the same transaction. */
export async function saveUser(
  events: EventWriter<DirectoryTables>,
  trx: Db,
  user: User,
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
  await events.appendEvent(trx, subjects.userChanged, {
    ...user,
    email: user.email.toLowerCase(),
    version: row.version,
    organizationType: organization.organization_type as 60 | 70 | 80,
    brokerId: organization.broker_id ?? organization.organization_id,
  });
  return { changed: true };
}
