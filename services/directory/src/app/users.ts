// Use cases of users (002 §6): list and read within the caller's scope, add a staff user to the caller's
// broker or a user to one of its customers, change one. Who may change whom is the domain's rule
// (user-rules.ts, decision 0009); each use case checks access first and owns its transaction.
import {
  conflict,
  forbidden,
  type Identity,
  newId,
  notFound,
  problemsError,
  refusalError,
} from '@loadline/platform';
import type { User, UserOfBroker } from '../domain/organization.ts';
import {
  type Changeable,
  changeableBy,
  rolesOf,
  type UserProblem,
  userChangeProblems,
} from '../domain/user-rules.ts';
import { canSeeOrganization, organizationScope } from '../domain/visibility.ts';
import type { DirectoryDeps } from '../service.ts';
import { findOrganization } from '../store/organizations.ts';
import { findUser, isDuplicateEmail, listUsers as listInScope, saveUser } from '../store/users.ts';

const userNotFound = (userId: string) => notFound(`User ${userId} was not found.`);

/** A refusal (403) before field problems (400), as the rules report them. */
function reject(problems: UserProblem[]): void {
  const refusal = problems.find((p) => p.status === 403);
  if (refusal) throw refusalError({ status: 403, message: refusal.message });
  if (problems.length > 0)
    throw problemsError(problems.map((p) => ({ field: p.field ?? 'user', message: p.message })));
}

const visible = (caller: Identity, user: UserOfBroker | undefined): user is UserOfBroker =>
  user !== undefined &&
  canSeeOrganization(caller, { organizationId: user.organizationId, brokerId: user.brokerId });

/** A user as its pages show it: with the TMS roles (002 §6.1) its permission bits make. */
export type UserWithRoles = UserOfBroker & { roles: string[] };

const withRoles = (user: UserOfBroker): UserWithRoles => ({ ...user, roles: rolesOf(user) });

export async function listUsers(
  deps: DirectoryDeps,
  caller: Identity,
  filter: { organizationId?: string },
): Promise<UserWithRoles[]> {
  return (await listInScope(deps.runtime.db, organizationScope(caller), filter.organizationId)).map(
    withRoles,
  );
}

export async function getUser(deps: DirectoryDeps, caller: Identity, userId: string): Promise<UserOfBroker> {
  const user = await findUser(deps.runtime.db, userId);
  if (!visible(caller, user)) throw userNotFound(userId);
  return user;
}

/** One user as its pages show it (001 §2 staff details and edit), with what the caller may change of it. */
export async function getUserDetails(
  deps: DirectoryDeps,
  caller: Identity,
  userId: string,
): Promise<{ user: UserWithRoles; changeable: Changeable }> {
  const user = await getUser(deps, caller, userId);
  return { user: withRoles(user), changeable: changeableBy(caller, user) };
}

export interface NewUser {
  organizationId: string;
  email: string;
  firstName: string;
  lastName: string;
  permissions?: number;
}

export async function addUser(deps: DirectoryDeps, caller: Identity, input: NewUser): Promise<UserWithRoles> {
  if (caller.kind !== 'staff') throw forbidden('Only broker staff can add or change users.');
  const { runtime } = deps;
  const organization = await findOrganization(runtime.db, input.organizationId);
  if (!organization || !canSeeOrganization(caller, organization)) {
    throw notFound(`Organization ${input.organizationId} was not found.`);
  }
  const kind = organization.organizationId === caller.brokerId ? 'staff' : 'customer';
  reject(userChangeProblems(caller, { kind, permissions: input.permissions }));
  const userId = newId('usr');
  await saveOrSayDuplicate(input.email, () =>
    runtime.db.transaction().execute((trx) =>
      saveUser(runtime, trx, {
        userId,
        organizationId: organization.organizationId,
        kind,
        email: input.email,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        permissions: input.permissions ?? 0,
        customerSettings: 0,
        active: true,
      }),
    ),
  );
  return withRoles(await getUser(deps, caller, userId));
}

export interface UserChange {
  email?: string;
  firstName?: string;
  lastName?: string;
  permissions?: number;
  active?: boolean;
}

export async function changeUser(
  deps: DirectoryDeps,
  caller: Identity,
  userId: string,
  change: UserChange,
): Promise<UserWithRoles> {
  if (caller.kind !== 'staff') throw forbidden('Only broker staff can add or change users.');
  const { runtime } = deps;
  const current = await findUser(runtime.db, userId);
  if (!visible(caller, current)) throw userNotFound(userId);
  reject(
    userChangeProblems(caller, {
      kind: current.kind,
      permissions: change.permissions ?? current.permissions,
      current: { userId: current.userId, permissions: current.permissions, active: current.active },
      changesRole:
        (change.permissions !== undefined && change.permissions !== current.permissions) ||
        (change.active !== undefined && change.active !== current.active),
    }),
  );
  const next: User = {
    userId: current.userId,
    organizationId: current.organizationId,
    kind: current.kind,
    email: change.email ?? current.email,
    firstName: change.firstName?.trim() ?? current.firstName,
    lastName: change.lastName?.trim() ?? current.lastName,
    permissions: change.permissions ?? current.permissions,
    customerSettings: current.customerSettings,
    active: change.active ?? current.active,
  };
  await saveOrSayDuplicate(next.email, () =>
    runtime.db.transaction().execute((trx) => saveUser(runtime, trx, next)),
  );
  return withRoles(await getUser(deps, caller, userId));
}

async function saveOrSayDuplicate(email: string, save: () => Promise<unknown>): Promise<void> {
  try {
    await save();
  } catch (error) {
    if (isDuplicateEmail(error)) throw conflict(`A user with the email ${email} already exists.`);
    throw error;
  }
}
