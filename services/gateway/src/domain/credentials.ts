// Who may set another user's password: staff of the same broker holding the permission that
// grants that kind of user (spec 002 §6.2: TMS Site Admin grants access; Customer Add/Edit
// manages customers), and outranking the target (decision 0009: a TMS Site Admin never sets an
// IT support admin's password). Pure rule.
import { StaffPermission } from '@loadline/contracts/catalogue';
import { outranks } from '@loadline/platform/user-authority';

/**
 * Whether the caller may know of the target user at all: staff see their broker's users, a customer user
 * only its own organization's (as the directory shows them, decision 0005). Anyone else's answers 404
 * like a user that does not exist, so ids cannot be probed (decision 0013).
 */
export function canSeeUser(
  caller: { kind: 'staff' | 'customer'; brokerId: string; organizationId: string },
  target: { brokerId: string; organizationId: string },
): boolean {
  if (caller.brokerId !== target.brokerId) return false;
  return caller.kind === 'staff' || caller.organizationId === target.organizationId;
}

export function mayManageCredentials(
  caller: { kind: 'staff' | 'customer'; permissions: number; brokerId: string },
  target: { kind: 'staff' | 'customer'; permissions: number; brokerId: string },
): boolean {
  if (caller.kind !== 'staff' || caller.brokerId !== target.brokerId) return false;
  return (
    StaffPermission.has(caller.permissions, target.kind === 'staff' ? 'TMSSiteAdmin' : 'CustomerAddEdit') &&
    outranks(caller, target)
  );
}

/** Whether a user's change ends its sessions: disabled, or a permission taken away (decision 0009). */
export function sessionsMustEnd(
  before: { permissions: number; active: boolean },
  after: { permissions: number; active: boolean },
): boolean {
  const removed = before.permissions & ~after.permissions;
  return (before.active && !after.active) || removed !== 0;
}
