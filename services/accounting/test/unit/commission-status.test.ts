// The commission statuses (002 §3.6) and what a caller may do to a commission (decision 0057): the moves
// between statuses, who may make them, the locks the summary sends, the variance of an approved amount.
import { describe, expect, it } from 'vitest';
import {
  addCommissionRefusal,
  approvalRefusal,
  type CommissionCaller,
  commissionLocks,
  commissionReasons,
  followTotals,
  statusChangeRefusal,
} from '../../src/domain/commissions.ts';

const NotApproved = 0;
const HasVariance = 2;
const Declined = 3;
const Approved = 5;

const admin: CommissionCaller = { userId: 'usr_admin', mayEdit: true, mayApprove: false };
const approver: CommissionCaller = { userId: 'usr_approver', mayEdit: false, mayApprove: true };
const both: CommissionCaller = { userId: 'usr_both', mayEdit: true, mayApprove: true };
const neither: CommissionCaller = { userId: 'usr_ops', mayEdit: false, mayApprove: false };

describe('commission status moves (decision 0057)', () => {
  it('approves or declines what is not approved, reopens what is approved or declined', () => {
    expect(statusChangeRefusal(NotApproved, Approved)).toBeNull();
    expect(statusChangeRefusal(NotApproved, Declined)).toBeNull();
    expect(statusChangeRefusal(Approved, NotApproved)).toBeNull();
    expect(statusChangeRefusal(Declined, NotApproved)).toBeNull();
    expect(statusChangeRefusal(HasVariance, Approved)).toBeNull();
    expect(statusChangeRefusal(HasVariance, Declined)).toBeNull();
    expect(statusChangeRefusal(HasVariance, NotApproved)).toBeNull();
    expect(statusChangeRefusal(Approved, Approved)).toBeNull();
  });
  it('refuses the rest in words, and Has Variance is never chosen', () => {
    expect(statusChangeRefusal(Declined, Approved)).toBe('A commission Declined cannot become Approved.');
    expect(statusChangeRefusal(Approved, Declined)).toBe('A commission Approved cannot become Declined.');
    expect(statusChangeRefusal(NotApproved, HasVariance)).toBe(commissionReasons.variance);
    expect(statusChangeRefusal(Approved, HasVariance)).toBe(commissionReasons.variance);
  });
});

describe('who may do what to a commission', () => {
  it('needs Commissions Approve to change a status, and nobody approves their own commission', () => {
    expect(approvalRefusal(admin, { payeeUserId: null })).toBe(commissionReasons.approve);
    expect(approvalRefusal(approver, { payeeUserId: null })).toBeNull();
    expect(approvalRefusal(approver, { payeeUserId: 'usr_approver' })).toBe(commissionReasons.ownCommission);
    expect(approvalRefusal(approver, { payeeUserId: 'usr_admin' })).toBeNull();
  });
  it('needs Commissions Admin to add', () => {
    expect(addCommissionRefusal(admin)).toBeNull();
    expect(addCommissionRefusal(approver)).toBe(commissionReasons.admin);
  });
  it('sends locks: terms and delete for admins while not approved, the moves for approvers', () => {
    const open = { status: NotApproved, payeeUserId: null };
    expect(commissionLocks(open, admin)).toEqual({ terms: null, delete: null, actions: [] });
    expect(commissionLocks(open, approver)).toEqual({
      terms: commissionReasons.admin,
      delete: commissionReasons.admin,
      actions: [
        { action: 'Approve', status: Approved },
        { action: 'Decline', status: Declined },
      ],
    });
    expect(commissionLocks({ status: Approved, payeeUserId: null }, both)).toEqual({
      terms: commissionReasons.termsApproved,
      delete: commissionReasons.deleteApproved,
      actions: [{ action: 'Reopen', status: NotApproved }],
    });
    expect(
      commissionLocks({ status: HasVariance, payeeUserId: null }, both).actions.map((a) => a.action),
    ).toEqual(['Approve', 'Decline', 'Reopen']);
    expect(commissionLocks({ status: Declined, payeeUserId: null }, both)).toMatchObject({
      terms: null,
      delete: null,
      actions: [{ action: 'Reopen', status: NotApproved }],
    });
    expect(commissionLocks({ status: NotApproved, payeeUserId: 'usr_both' }, both).actions).toEqual([]);
    expect(commissionLocks(open, neither).actions).toEqual([]);
  });
});

describe('an approved amount that moves (Has Variance)', () => {
  const tenPercentOfMargin = { calculationType: 1, rate: 1000, minCents: null, maxCents: null };
  it('follows the totals while not approved', () => {
    expect(
      followTotals(
        { ...tenPercentOfMargin, status: NotApproved, approvedCents: null },
        { buyCents: 800, sellCents: 1000 },
      ),
    ).toEqual({ amountCents: 20, status: NotApproved });
  });
  it('turns an approved commission to Has Variance when its amount changes, and back when it returns', () => {
    const approved = { ...tenPercentOfMargin, status: Approved, approvedCents: 2000 };
    expect(followTotals(approved, { buyCents: 80000, sellCents: 100000 })).toEqual({
      amountCents: 2000,
      status: Approved,
    });
    expect(followTotals(approved, { buyCents: 80000, sellCents: 110000 })).toEqual({
      amountCents: 3000,
      status: HasVariance,
    });
    expect(
      followTotals({ ...approved, status: HasVariance }, { buyCents: 80000, sellCents: 100000 }),
    ).toEqual({ amountCents: 2000, status: Approved });
  });
  it('leaves a declined commission declined', () => {
    expect(
      followTotals(
        { ...tenPercentOfMargin, status: Declined, approvedCents: null },
        { buyCents: 0, sellCents: 1000 },
      ),
    ).toEqual({ amountCents: 100, status: Declined });
  });
});
