// Display helpers (000 §5, 000 §9: dates MM/DD/YYYY). Pure.

/** 'YYYY-MM-DD' → 'MM/DD/YYYY'. */
export function usDate(date: string): string {
  const [y, m, d] = date.split('-');
  return y && m && d ? `${m}/${d}/${y}` : date;
}

/** A coverage amount in dollars, e.g. $1,000,000. */
export function money(amount: number | null | undefined): string {
  if (amount === null || amount === undefined) return '';
  return `$${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}
