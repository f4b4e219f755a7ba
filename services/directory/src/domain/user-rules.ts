// Who may add and change users, what they may grant, and the roles a user's permission bits
// amount to (spec 002 §6.1, §6.2). Pure rules.
import { StaffPermission, TmsRole } from '@loadline/contracts/catalogue';
import { outranks } from '@loadline/platform/user-authority';

export interface Caller {
  userId: string;
  kind: 'staff' | 'customer';
  permissions: number;
}

export interface UserProblem {
  status: 400 | 403;
  field?: string;
  message: string;
}

/**
 * Staff users are granted access by a TMS site admin ("grant access", 002 §6.2); customer users
 * are added with Customer Add/Edit. Only an IT support admin grants IT support admin. A user's role
 * and permissions (and whether it is active) are changed only by someone who outranks it, never by
 * itself (`outranks`, decision 0009); a user of equal or higher rank is not changed at all.
 */
export function userChangeProblems(
  caller: Caller,
  target: {
    kind: 'staff' | 'customer';
    /** the permissions asked for (a new user's, or the change's) */
    permissions?: number;
    /** the user as it is now; absent when adding one */
    current?: { userId: string; permissions: number; active: boolean };
    /** whether the change touches permissions or active */
    changesRole?: boolean;
  },
): UserProblem[] {
  if (caller.kind !== 'staff')
    return [{ status: 403, message: 'Only broker staff can add or change users.' }];
  // Your own name and email you may change without an admin's permission (decision 0009): the "Edit my
  // email address" link of the document sender (001 §2) is for every staff member.
  if (target.current?.userId === caller.userId && !target.changesRole) return [];
  const needed = target.kind === 'staff' ? 'TMSSiteAdmin' : 'CustomerAddEdit';
  if (!StaffPermission.has(caller.permissions, needed)) {
    return [
      { status: 403, message: `You need the ${StaffPermission.byCode[needed].name} permission to do this.` },
    ];
  }
  const current = target.current;
  if (current) {
    const self = current.userId === caller.userId;
    if (self && target.changesRole) {
      return [{ status: 403, message: 'You cannot change your own permissions or deactivate yourself.' }];
    }
    if (!self && !outranks(caller, { kind: target.kind, permissions: current.permissions })) {
      return [
        { status: 403, message: 'You cannot change a user whose role is equal to or higher than yours.' },
      ];
    }
  }
  const problems: UserProblem[] = [];
  const permissions = target.permissions ?? 0;
  if (target.kind === 'customer' && permissions !== 0) {
    problems.push({
      status: 400,
      field: 'permissions',
      message: 'Customer users have no staff permissions.',
    });
  }
  if (StaffPermission.unknownBits(permissions) !== 0) {
    problems.push({
      status: 400,
      field: 'permissions',
      message: 'permissions holds a permission that does not exist.',
    });
  }
  if (
    StaffPermission.has(permissions, 'ITSupportAdmin') &&
    !StaffPermission.has(caller.permissions, 'ITSupportAdmin')
  ) {
    problems.push({ status: 403, message: 'Only an IT support admin can grant IT support admin.' });
  }
  return problems;
}

/** The TMS roles (002 §6.1) a user holds: Broker or Customer, then one per permission bit. */
export function rolesOf(user: { kind: 'staff' | 'customer'; permissions: number }): string[] {
  const base = user.kind === 'staff' ? TmsRole.values.Broker : TmsRole.values.Customer;
  const granted = StaffPermission.list(user.permissions)
    .map((p) => TmsRole.fromCode(p.code)?.code)
    .filter((code): code is NonNullable<typeof code> => code !== undefined);
  return [TmsRole.codeOf(base)!, ...granted];
}

/** What a caller may change of a user: what the user's pages offer (the server decides, 002 §6.2, decision 0009). */
export interface Changeable {
  /** first and last name */
  names: boolean;
  email: boolean;
  /** the staff permission bits (customer users have none) */
  permissions: boolean;
  /** active or not */
  active: boolean;
  /** the permission bits the caller may grant (0 when permissions cannot be changed) */
  grantablePermissions: number;
}

export function changeableBy(
  caller: Caller,
  user: { userId: string; kind: 'staff' | 'customer'; permissions: number; active: boolean },
): Changeable {
  const current = { userId: user.userId, permissions: user.permissions, active: user.active };
  const allowed = (changesRole: boolean) =>
    !userChangeProblems(caller, {
      kind: user.kind,
      permissions: user.permissions,
      current,
      changesRole,
    }).some((p) => p.status === 403);
  const profile = allowed(false);
  const role = allowed(true);
  // Every permission, but IT support admin only from an IT support admin (bits above 2^31: the catalogue's
  // exact arithmetic).
  const grantable =
    role && user.kind === 'staff'
      ? StaffPermission.has(caller.permissions, 'ITSupportAdmin')
        ? StaffPermission.allMask
        : StaffPermission.remove(StaffPermission.allMask, 'ITSupportAdmin')
      : 0;
  return {
    names: profile,
    email: profile,
    permissions: role && user.kind === 'staff',
    active: role,
    grantablePermissions: grantable,
  };
}
