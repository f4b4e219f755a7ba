// Use cases of organizations (002 §1): list and read within the caller's scope, add a customer or
// factoring company to the caller's broker, change one. Each checks access first and owns its transaction.
import { StaffPermission } from '@loadline/contracts/catalogue';
import { forbidden, hasPermission, type Identity, notFound, rejectProblems } from '@loadline/platform';
import type { Organization, OrganizationTypeValue } from '../domain/organization.ts';
import { organizationChangeProblems, permissionToChange } from '../domain/organization-rules.ts';
import { canSeeOrganization, organizationScope } from '../domain/visibility.ts';
import type { DirectoryDeps } from '../service.ts';
import {
  findOrganization,
  listOrganizations as listInScope,
  newOrganizationId,
  saveOrganization,
} from '../store/organizations.ts';

/** Not found and not yours answer alike, so ids of other brokers' customers leak nothing. */
const organizationNotFound = (organizationId: string) =>
  notFound(`Organization ${organizationId} was not found.`);

export function listOrganizations(
  deps: DirectoryDeps,
  caller: Identity,
  filter: { organizationType?: number },
): Promise<Organization[]> {
  return listInScope(deps.runtime.db, organizationScope(caller), filter.organizationType);
}

export async function getOrganization(
  deps: DirectoryDeps,
  caller: Identity,
  organizationId: string,
): Promise<Organization> {
  const organization = await findOrganization(deps.runtime.db, organizationId);
  if (!organization || !canSeeOrganization(caller, organization)) throw organizationNotFound(organizationId);
  return organization;
}

export interface NewOrganization {
  name: string;
  organizationType: 70 | 80;
  paymentPreference?: number | null;
  creditLimit?: number | null;
  customerSettings?: number;
}

export async function addOrganization(
  deps: DirectoryDeps,
  caller: Identity,
  input: NewOrganization,
): Promise<Organization> {
  if (!hasPermission(caller, StaffPermission.values.CustomerAddEdit)) {
    throw forbidden('You need the Customer Add/Edit permission to add organizations.');
  }
  rejectProblems(organizationChangeProblems(input));
  const { runtime } = deps;
  const saved = await runtime.db.transaction().execute((trx) =>
    saveOrganization(runtime, trx, {
      organizationId: newOrganizationId(),
      name: input.name.trim(),
      organizationType: input.organizationType,
      brokerId: caller.brokerId,
      paymentPreference: input.paymentPreference ?? null,
      creditLimit: input.creditLimit ?? null,
      customerSettings: input.customerSettings ?? 0,
      brokerSettings: 0,
      active: true,
    }),
  );
  return saved.organization;
}

export interface OrganizationChangeInput {
  name?: string;
  paymentPreference?: number | null;
  creditLimit?: number | null;
  customerSettings?: number;
  brokerSettings?: number;
  active?: boolean;
}

export async function changeOrganization(
  deps: DirectoryDeps,
  caller: Identity,
  organizationId: string,
  change: OrganizationChangeInput,
): Promise<Organization> {
  const { runtime } = deps;
  return runtime.db.transaction().execute(async (trx) => {
    const current = await findOrganization(trx, organizationId, { forUpdate: true });
    if (!current || !canSeeOrganization(caller, current)) throw organizationNotFound(organizationId);
    const needed = permissionToChange(current.organizationType);
    if (!hasPermission(caller, StaffPermission.values[needed])) {
      throw forbidden(
        `You need the ${StaffPermission.byCode[needed].name} permission to change this organization.`,
      );
    }
    rejectProblems(organizationChangeProblems({ ...change, organizationType: current.organizationType }));
    const given = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
    const saved = await saveOrganization(runtime, trx, {
      ...current,
      ...given,
      organizationType: current.organizationType as OrganizationTypeValue,
      name: (change.name ?? current.name).trim(),
    });
    return saved.organization;
  });
}
