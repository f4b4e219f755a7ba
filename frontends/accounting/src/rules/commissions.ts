// "Add commission" on the accounting summary as pure rules (001 §3 commissions: rate, amounts, min, max;
// 002 §3.6 calculation types): the draft as typed, what is wrong with it, the POST body. The rate is a
// percent for the percentage types (to basis points) and dollars for Flat and Transaction Fee (to cents),
// as the service takes it (decision 0050). Amounts are integer cents.
import { CommissionCalculationType, parseMoney, parsePercent } from '@loadline/contracts';
import type { NewCommission } from '../api/types.ts';

const T = CommissionCalculationType.values;

/** Flat 0 and TransactionFee 10 pay the rate in dollars; the others a percent (decision 0050). */
export const rateIsDollars = (calculationType: number): boolean =>
  calculationType === T.Flat || calculationType === T.TransactionFee;

export interface CommissionDraft {
  payeeName: string;
  /** '' until chosen */
  calculationType: string;
  rate: string;
  min: string;
  max: string;
}

export const emptyCommission: CommissionDraft = {
  payeeName: '',
  calculationType: '',
  rate: '',
  min: '',
  max: '',
};

export const commissionMessages = {
  payeeName: 'Name who earns the commission.',
  calculationType: 'Choose a calculation type.',
  rateDollars: 'Enter the amount in dollars and cents, e.g. 50.00.',
  ratePercent: 'Enter a percent from 0 to 100 with at most two decimals, e.g. 12.5.',
  limit: 'Enter dollars and cents, 0 or more, or leave it empty.',
  maxBelowMin: 'The maximum is below the minimum.',
} as const;

const limitOf = (text: string): number | null | undefined => {
  if (text.trim() === '') return null;
  const cents = parseMoney(text);
  return cents === undefined || cents < 0 ? undefined : cents;
};

/** What is wrong with the draft, by field; empty when it can be added. */
export function commissionDraftProblems(
  draft: CommissionDraft,
): Partial<Record<keyof CommissionDraft, string>> {
  const problems: Partial<Record<keyof CommissionDraft, string>> = {};
  if (draft.payeeName.trim() === '') problems.payeeName = commissionMessages.payeeName;
  const type = draft.calculationType === '' ? undefined : Number(draft.calculationType);
  if (type === undefined || !CommissionCalculationType.has(type))
    problems.calculationType = commissionMessages.calculationType;
  else if (rateIsDollars(type)) {
    const cents = parseMoney(draft.rate);
    if (cents === undefined || cents < 0) problems.rate = commissionMessages.rateDollars;
  } else if (parsePercent(draft.rate) === undefined) problems.rate = commissionMessages.ratePercent;
  const min = limitOf(draft.min);
  const max = limitOf(draft.max);
  if (min === undefined) problems.min = commissionMessages.limit;
  if (max === undefined) problems.max = commissionMessages.limit;
  else if (max !== null && min !== undefined && min !== null && max < min)
    problems.max = commissionMessages.maxBelowMin;
  return problems;
}

/** The POST /api/accountingSummary/commission body (call only when the draft has no problems). */
export function commissionBody(shipmentId: number, draft: CommissionDraft): NewCommission {
  const calculationType = Number(draft.calculationType) as NewCommission['calculationType'];
  return {
    shipmentId,
    payeeName: draft.payeeName.trim(),
    calculationType,
    rate: (rateIsDollars(calculationType) ? parseMoney(draft.rate) : parsePercent(draft.rate)) ?? 0,
    minCents: limitOf(draft.min) ?? null,
    maxCents: limitOf(draft.max) ?? null,
  };
}
