// Who may change whom (issue 14, decision 0009): a user's password, role (active or not) and permissions
// are changed only by someone of a higher rank. The ranks, highest first: IT support admin ("full
// application", 002 §6.2), TMS Site Admin ("grant access"), other broker staff, customer users. An IT support
// admin may also manage another IT support admin, so the top rank is never out of everyone's reach; anyone
// else needs a rank above the target's. Nobody changes their own role or permissions (a slip would lock the
// only admin out, and a rule that lets you raise yourself is no rule). Pure: its own entry,
// `@loadline/platform/user-authority`, so domain/ code and the gateway may use it.
import { StaffPermission } from '@loadline/contracts/catalogue';

export interface RankedUser {
  kind: 'staff' | 'customer';
  permissions: number;
}

export const userRanks = { customer: 0, staff: 1, tmsSiteAdmin: 2, itSupportAdmin: 3 } as const;

export function rankOf(user: RankedUser): number {
  if (user.kind !== 'staff') return userRanks.customer;
  if (StaffPermission.has(user.permissions, 'ITSupportAdmin')) return userRanks.itSupportAdmin;
  if (StaffPermission.has(user.permissions, 'TMSSiteAdmin')) return userRanks.tmsSiteAdmin;
  return userRanks.staff;
}

/** Whether the caller outranks the target enough to set its password, role or permissions. */
export function outranks(caller: RankedUser, target: RankedUser): boolean {
  const mine = rankOf(caller);
  const theirs = rankOf(target);
  return mine > theirs || (mine === userRanks.itSupportAdmin && theirs === userRanks.itSupportAdmin);
}
