// Who may set another user's password: staff of the same broker holding the permission that
// grants that kind of user (spec 002 §6.2: TMS Site Admin grants access; Customer Add/Edit
// manages customers). Pure rule.
import { StaffPermission } from '@loadline/contracts/catalogue';

export function mayManageCredentials(
  caller: { kind: 'staff' | 'customer'; permissions: number; brokerId: string },
  target: { kind: 'staff' | 'customer'; brokerId: string },
): boolean {
  if (caller.kind !== 'staff' || caller.brokerId !== target.brokerId) return false;
  return StaffPermission.has(
    caller.permissions,
    target.kind === 'staff' ? 'TMSSiteAdmin' : 'CustomerAddEdit',
  );
}
