// SQL of the directory's lookups: universal search over organizations and staff (001 §5) and the staff
// typeahead (000 §7), each within one broker.
import { sql } from '@loadline/platform';
import type { Db } from './organizations.ts';

export interface OrganizationHit {
  organizationId: string;
  name: string;
  organizationType: number;
}

export async function searchOrganizations(
  db: Db,
  criteria: {
    brokerId: string;
    pattern: string;
    types: readonly number[];
    organizationType?: number;
    limit: number;
  },
): Promise<OrganizationHit[]> {
  let q = db
    .selectFrom('organization')
    .select(['organization_id', 'name', 'organization_type'])
    .where(sql`lower(name)`, 'like', criteria.pattern)
    .where((eb) =>
      eb.or([eb('broker_id', '=', criteria.brokerId), eb('organization_id', '=', criteria.brokerId)]),
    )
    .where('organization_type', 'in', criteria.types as number[])
    .orderBy('name')
    .limit(criteria.limit);
  if (criteria.organizationType) q = q.where('organization_type', '=', criteria.organizationType);
  return (await q.execute()).map((r) => ({
    organizationId: r.organization_id,
    name: r.name,
    organizationType: r.organization_type,
  }));
}

export interface StaffHit {
  userId: string;
  kind: 'staff' | 'customer';
  firstName: string;
  lastName: string;
  email: string;
  organizationId: string;
  organizationName: string;
}

/** Users of a broker and its customers whose name or email matches. */
export async function searchUsers(
  db: Db,
  criteria: { brokerId: string; pattern: string; limit: number },
): Promise<StaffHit[]> {
  const rows = await db
    .selectFrom('app_user as u')
    .innerJoin('organization as o', 'o.organization_id', 'u.organization_id')
    .select(['u.user_id', 'u.kind', 'u.first_name', 'u.last_name', 'u.email', 'o.organization_id', 'o.name'])
    .where((eb) =>
      eb.or([eb('o.broker_id', '=', criteria.brokerId), eb('o.organization_id', '=', criteria.brokerId)]),
    )
    .where((eb) =>
      eb.or([
        eb(sql`lower(u.first_name || ' ' || u.last_name)`, 'like', criteria.pattern),
        eb(sql`lower(u.email)`, 'like', criteria.pattern),
      ]),
    )
    .orderBy('u.first_name')
    .limit(criteria.limit)
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    kind: r.kind,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    organizationId: r.organization_id,
    organizationName: r.name,
  }));
}

/** Active staff of a broker whose name or email matches, by name. */
export async function staffTypeahead(
  db: Db,
  criteria: { brokerId: string; pattern: string; limit: number },
): Promise<{ userId: string; firstName: string; lastName: string; email: string }[]> {
  const rows = await db
    .selectFrom('app_user')
    .select(['user_id', 'first_name', 'last_name', 'email'])
    .where('kind', '=', 'staff')
    .where('active', '=', true)
    .where('organization_id', '=', criteria.brokerId)
    .where((eb) =>
      eb.or([
        eb(sql`lower(first_name || ' ' || last_name)`, 'like', criteria.pattern),
        eb(sql`lower(email)`, 'like', criteria.pattern),
      ]),
    )
    .orderBy('first_name')
    .orderBy('last_name')
    .limit(criteria.limit)
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
  }));
}
