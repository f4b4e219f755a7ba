// Display helpers of the carrier screens; dates are the shared formatter's (`@loadline/ui`). Pure.

/** A coverage amount in dollars, e.g. $1,000,000. */
export function money(amount: number | null | undefined): string {
  if (amount === null || amount === undefined) return '';
  return `$${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}

/**
 * A compliance reason as the details and the list show it: the catalogue's message, then the service's
 * detail when it has one ("The carrier's insurance has expired. Auto Liability expired 11/18/2026.").
 */
export const reasonText = (reason: { message: string; detail?: string }): string =>
  reason.detail ? `${reason.message} ${reason.detail}` : reason.message;
