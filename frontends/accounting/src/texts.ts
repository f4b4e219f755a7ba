// The texts of this remote the specification describes without quoting (001 §6: "Back office: advise the
// user, send a statement. Front office: make a payment or contact accounting."), and the few of ours around
// them (docs/decisions/0054). The quoted ones come from the catalogue (`messages`).
import { formatUsd } from '@loadline/contracts';
import type { CreditInfo } from './api/types.ts';

/**
 * What the credit position says (000 §3 credit info): the limit exceeded with the open balance, and what is
 * past due. `who` is the organization's name (back office) or "Your account" (front office).
 */
export function overCreditFacts(credit: CreditInfo, who: string): string {
  const facts: string[] = [];
  if (credit.creditLimitExceeded && credit.creditLimitCents !== null)
    facts.push(
      `${who} is over its credit limit: ${formatUsd(credit.openBalanceCents)} open against a limit of ${formatUsd(credit.creditLimitCents)}.`,
    );
  if (credit.totalPastDueCents > 0) facts.push(`${formatUsd(credit.totalPastDueCents)} is past due.`);
  return facts.join(' ');
}

export const texts = {
  overCredit: {
    title: 'Over credit',
    /** 001 §6, back office: advise the user, send a statement. */
    backOfficeAdvice: 'Advise the customer before booking more freight, and send them a statement.',
    /** 001 §6, front office: make a payment or contact accounting. */
    frontOfficeAdvice: 'Please make a payment or contact accounting.',
    sendStatement: 'Send statement',
    statementSent: (name: string) => `Statement sent to ${name}.`,
    statementFailed: 'Unable to send the statement. Please try again.',
    nothingOpen: 'There are no open invoices to put on a statement.',
    payInvoices: 'Pay invoices',
    openInvoices: 'Open invoices',
  },
} as const;
