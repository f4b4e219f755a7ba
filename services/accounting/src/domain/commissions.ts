// Commissions (001 §3 accounting summary: rate, amounts, min, max; 002 §3.6 calculation types and
// statuses). The amount follows from the shipment's buy and sell, integer cents throughout. What each
// type computes is ours where the names leave it open (decision 0050):
//   Flat 0                    the rate, in cents
//   PercentageMargin 1        rate % of the margin (sell − buy)
//   PercentageOfBuy 2         rate % of the buy
//   PercentageOfSell 3        rate % of the sell
//   PercentageMarginOfSell 4  the margin above rate % of the sell (the house keeps rate % of the sell)
//   PercentageMarginOfBuy 5   the margin above rate % of the buy (the house keeps a rate % markup)
//   TransactionFee 10         the rate, in cents, per shipment
// A negative result is 0 (no one pays commission back), then the minimum and the maximum apply.
import {
  CommissionCalculationType,
  CommissionStatus,
  isCents,
  percentOfCents,
} from '@loadline/contracts/catalogue';
import { type FieldProblem, problem } from '@loadline/platform/problems';

const T = CommissionCalculationType.values;

const centsTypes: readonly number[] = [T.Flat, T.TransactionFee];
export const rateIsCents = (calculationType: number): boolean => centsTypes.includes(calculationType);

export function commissionAmount(
  commission: { calculationType: number; rate: number; minCents: number | null; maxCents: number | null },
  totals: { buyCents: number; sellCents: number },
): number {
  const { buyCents, sellCents } = totals;
  const margin = sellCents - buyCents;
  const { rate } = commission;
  let amount: number;
  switch (commission.calculationType) {
    case T.Flat:
    case T.TransactionFee:
      amount = rate;
      break;
    case T.PercentageMargin:
      amount = percentOfCents(margin, rate);
      break;
    case T.PercentageOfBuy:
      amount = percentOfCents(buyCents, rate);
      break;
    case T.PercentageOfSell:
      amount = percentOfCents(sellCents, rate);
      break;
    case T.PercentageMarginOfSell:
      amount = margin - percentOfCents(sellCents, rate);
      break;
    case T.PercentageMarginOfBuy:
      amount = margin - percentOfCents(buyCents, rate);
      break;
    default:
      throw new RangeError(`unknown commission calculation type ${commission.calculationType}`);
  }
  amount = Math.max(0, amount);
  if (commission.minCents !== null) amount = Math.max(amount, commission.minCents);
  if (commission.maxCents !== null) amount = Math.min(amount, commission.maxCents);
  return amount;
}

export interface CommissionInput {
  payeeName: string;
  calculationType: number;
  rate: number;
  minCents?: number | null;
  maxCents?: number | null;
  status?: number;
}

export function commissionProblems(input: CommissionInput): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (input.payeeName.trim() === '') problems.push(problem('payeeName', 'Name who earns the commission.'));
  if (!CommissionCalculationType.has(input.calculationType))
    problems.push(
      problem(
        'calculationType',
        `Choose a calculation type: ${CommissionCalculationType.entries.map((e) => `${e.name} ${e.value}`).join(', ')}.`,
      ),
    );
  else if (rateIsCents(input.calculationType)) {
    if (!isCents(input.rate) || input.rate < 0)
      problems.push(
        problem('rate', 'For a flat amount or a transaction fee, the rate is whole cents, 0 or more.'),
      );
  } else if (!Number.isInteger(input.rate) || input.rate < 0 || input.rate > 10_000)
    problems.push(problem('rate', 'For a percentage, the rate is basis points from 0 to 10000 (100%).'));
  for (const field of ['minCents', 'maxCents'] as const) {
    const value = input[field];
    if (value !== undefined && value !== null && (!isCents(value) || value < 0))
      problems.push(problem(field, 'Enter whole cents, 0 or more.'));
  }
  if (
    input.minCents !== undefined &&
    input.minCents !== null &&
    input.maxCents !== undefined &&
    input.maxCents !== null &&
    input.minCents > input.maxCents
  )
    problems.push(problem('maxCents', 'The maximum is below the minimum.'));
  if (input.status !== undefined && !CommissionStatus.has(input.status))
    problems.push(
      problem(
        'status',
        `Choose a status: ${CommissionStatus.entries.map((e) => `${e.name} ${e.value}`).join(', ')}.`,
      ),
    );
  return problems;
}

// ---------------------------------------------------------------------------------------------------------
// Statuses (002 §3.6: NotApproved 0, HasVariance 2, Declined 3, Approved 5). The catalogue lists them and
// says the allowed transitions are not shown (002 §4); ours (decision 0057):
//   NotApproved → Approve → Approved, or Decline → Declined
//   Approved    → Reopen → NotApproved (to change its terms; nothing is paid out before that)
//   Declined    → Reopen → NotApproved
//   HasVariance → Approve (the new amount) → Approved, Decline → Declined, Reopen → NotApproved
// HasVariance is the service's, never chosen: an approved commission whose amount moved with the shipment's
// buy or sell (it goes back to Approved if the amount comes back to what was approved). Approving records
// the approved amount. Terms change only while NotApproved or Declined; Approved and HasVariance commissions
// are not deleted. Who: terms, adding and deleting need Commissions Admin; every status change needs
// Commissions Approve, and no one approves, declines or reopens a commission paid to themselves.

const S = CommissionStatus.values;

export type CommissionAction = 'Approve' | 'Decline' | 'Reopen';
export const actionStatus: Record<CommissionAction, number> = {
  Approve: S.Approved,
  Decline: S.Declined,
  Reopen: S.NotApproved,
};
const movesFrom: Record<number, readonly CommissionAction[]> = {
  [S.NotApproved]: ['Approve', 'Decline'],
  [S.Approved]: ['Reopen'],
  [S.Declined]: ['Reopen'],
  [S.HasVariance]: ['Approve', 'Decline', 'Reopen'],
};

export const commissionReasons = {
  admin: 'You need the Commissions Admin permission to add, change or delete commissions.',
  approve: 'You need the Commissions Approve permission to approve, decline or reopen commissions.',
  ownCommission: 'You cannot approve, decline or reopen a commission paid to you.',
  termsApproved: 'This commission is approved: reopen it to change its terms.',
  deleteApproved: 'This commission is approved: it cannot be deleted.',
  variance:
    'Has Variance is set by the service when an approved commission’s amount changes; approve, decline or reopen it.',
} as const;

const statusName = (status: number) => CommissionStatus.nameOf(status) ?? String(status);
const approvedish = (status: number) => status === S.Approved || status === S.HasVariance;

/** Why a commission may not go from one status to another (null: it may). Permissions aside. */
export function statusChangeRefusal(from: number, to: number): string | null {
  if (from === to) return null;
  if (to === S.HasVariance) return commissionReasons.variance;
  const allowed = (movesFrom[from] ?? []).some((a) => actionStatus[a] === to);
  return allowed ? null : `A commission ${statusName(from)} cannot become ${statusName(to)}.`;
}

/** What the caller may do to commissions: the permissions it holds, and who it is. */
export interface CommissionCaller {
  userId: string;
  mayEdit: boolean;
  mayApprove: boolean;
}

/** Why the caller may not change this commission's status at all (null: it may, along the moves above). */
export function approvalRefusal(
  caller: CommissionCaller,
  commission: { payeeUserId: string | null },
): string | null {
  if (!caller.mayApprove) return commissionReasons.approve;
  if (commission.payeeUserId !== null && commission.payeeUserId === caller.userId)
    return commissionReasons.ownCommission;
  return null;
}

/**
 * What of a commission the caller may change, decided here and sent with every commission (as charge lines
 * carry their `locks`): `terms` and `delete` are null when allowed, else why not; `actions` are the status
 * changes the caller may make now, each with the status it leads to.
 */
export interface CommissionLocks {
  terms: string | null;
  delete: string | null;
  actions: { action: CommissionAction; status: number }[];
}

export function commissionLocks(
  commission: { status: number; payeeUserId: string | null },
  caller: CommissionCaller,
): CommissionLocks {
  const locked = approvedish(commission.status);
  const terms = !caller.mayEdit ? commissionReasons.admin : locked ? commissionReasons.termsApproved : null;
  const del = !caller.mayEdit ? commissionReasons.admin : locked ? commissionReasons.deleteApproved : null;
  const actions =
    approvalRefusal(caller, commission) === null
      ? (movesFrom[commission.status] ?? []).map((action) => ({ action, status: actionStatus[action] }))
      : [];
  return { terms, delete: del, actions };
}

/** Why adding a commission is refused to this caller (null: it may). */
export const addCommissionRefusal = (caller: CommissionCaller): string | null =>
  caller.mayEdit ? null : commissionReasons.admin;

/**
 * After the shipment's buy or sell moved: the commission's new amount and status. An approved commission
 * whose amount is no longer the one approved has a variance; one whose amount came back is approved again.
 */
export function followTotals<
  C extends {
    calculationType: number;
    rate: number;
    minCents: number | null;
    maxCents: number | null;
    status: number;
    approvedCents: number | null;
  },
>(commission: C, totals: { buyCents: number; sellCents: number }): { amountCents: number; status: number } {
  const amountCents = commissionAmount(commission, totals);
  let { status } = commission;
  if (status === S.Approved && amountCents !== commission.approvedCents) status = S.HasVariance;
  else if (status === S.HasVariance && amountCents === commission.approvedCents) status = S.Approved;
  return { amountCents, status };
}
