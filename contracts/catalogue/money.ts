// Money as integer cents, everywhere (issue 16): storage, events, arithmetic and the API carry whole
// cents; no floating-point number ever holds an amount. Text in and out ("1,234.50") is parsed and
// written digit by digit; a percentage is kept in basis points (1/100 of a percent) and applied with
// integer arithmetic (BigInt), rounding half away from zero to the cent. Pure: usable by services and
// by the browser.

/** The largest single amount accepted ($99,999,999.99): room for any freight charge, far inside 2^53. */
export const MAX_AMOUNT_CENTS = 9_999_999_999;

/** Basis points in one whole (100%). */
export const BASIS_POINTS_PER_WHOLE = 10_000;

/** A whole number of cents within ±MAX_AMOUNT_CENTS. */
export const isCents = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && Math.abs(value) <= MAX_AMOUNT_CENTS;

/** The sum of amounts in cents (safe integers stay exact; a sum beyond 2^53 throws rather than drifts). */
export function sumCents(amounts: Iterable<number>): number {
  let total = 0n;
  for (const amount of amounts) total += BigInt(amount);
  const sum = Number(total);
  if (!Number.isSafeInteger(sum)) throw new RangeError('sum of amounts is too large');
  return sum;
}

/** Divides `numerator` by `denominator` (both BigInt, denominator > 0), rounding half away from zero. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (magnitude * 2n + denominator) / (denominator * 2n);
  return negative ? -rounded : rounded;
}

/** `basisPoints` of `cents` (350 bp of 10000 ¢ is 350 ¢), to the cent, half away from zero. */
export function percentOfCents(cents: number, basisPoints: number): number {
  assertInteger(cents, 'cents');
  assertInteger(basisPoints, 'basisPoints');
  return Number(divideRounded(BigInt(cents) * BigInt(basisPoints), BigInt(BASIS_POINTS_PER_WHOLE)));
}

/** `part` as basis points of `whole` (a margin percentage), half away from zero; null when whole is 0. */
export function basisPointsOf(part: number, whole: number): number | null {
  assertInteger(part, 'part');
  assertInteger(whole, 'whole');
  if (whole === 0) return null;
  const negative = part < 0 !== whole < 0;
  const value = divideRounded(
    BigInt(Math.abs(part)) * BigInt(BASIS_POINTS_PER_WHOLE),
    BigInt(Math.abs(whole)),
  );
  return Number(negative ? -value : value);
}

function assertInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a whole number, got ${value}`);
}

const moneyPattern = /^(-)?\$?\s*(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d{0,2}))?$/;

/**
 * Parses an amount typed as text ("1234.5", "$1,234.50", "-12", ".75") into cents; undefined when it is
 * not an amount with at most two decimals. Digit by digit: "0.1" is exactly 10 cents.
 */
export function parseMoney(text: string): number | undefined {
  const match = moneyPattern.exec(text.trim());
  if (!match) return undefined;
  const [, minus, whole, fraction] = match;
  if (whole === undefined && (fraction === undefined || fraction === '')) return undefined;
  const dollars = BigInt((whole ?? '0').replaceAll(',', ''));
  const cents = BigInt((fraction ?? '').padEnd(2, '0'));
  const total = dollars * 100n + cents;
  const value = Number(minus ? -total : total);
  return isCents(value) ? value : undefined;
}

/** Cents as a plain decimal with two places: 123450 → "1234.50", -5 → "-0.05" (files, exports). */
export function formatMoney(cents: number): string {
  assertInteger(cents, 'cents');
  const negative = cents < 0;
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Cents as US dollars for people: 123450 → "$1,234.50", -5 → "-$0.05". */
export function formatUsd(cents: number): string {
  const plain = formatMoney(cents);
  const negative = plain.startsWith('-');
  const [whole, fraction] = (negative ? plain.slice(1) : plain).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}$${grouped}.${fraction}`;
}

const percentPattern = /^(\d{1,3})(?:\.(\d{0,2}))?\s*%?$/;

/** "3.5" or "3.5%" → 350 basis points; undefined for anything else or above 100%. */
export function parsePercent(text: string): number | undefined {
  const match = percentPattern.exec(text.trim());
  if (!match) return undefined;
  const value = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return value <= BASIS_POINTS_PER_WHOLE ? value : undefined;
}

/** 350 basis points → "3.50" (percent with two decimals). */
export const formatPercent = (basisPoints: number): string => formatMoney(basisPoints);

/**
 * A decimal amount of dollars as another service states it in JSON (the directory's credit limit,
 * `numeric(14,2)`), to cents without floating-point arithmetic: its shortest text form is read digit by
 * digit. Undefined for a value with more than two decimals, or not finite.
 */
export function dollarsToCents(dollars: number): number | undefined {
  if (!Number.isFinite(dollars)) return undefined;
  const text = String(dollars);
  if (/e/i.test(text)) return undefined;
  return parseMoney(text);
}
