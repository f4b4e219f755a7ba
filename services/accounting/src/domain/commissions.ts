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
