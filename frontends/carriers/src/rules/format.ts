// Display helpers of the carrier screens; dates are the shared formatter's (`@loadline/ui`). Pure.

/** A coverage amount in dollars, e.g. $1,000,000. */
export function money(amount: number | null | undefined): string {
  if (amount === null || amount === undefined) return '';
  return `$${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}
