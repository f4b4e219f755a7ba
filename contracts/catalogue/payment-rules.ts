// Card and bank-account rules of 001 §5, one pure module for both sides: the payment forms validate as the
// user types with it, and the accounting service (and its test gateway) refuses with the same words.
//   - The card number must match the Visa, MasterCard or American Express patterns (and pass the Luhn
//     check, ours: every real card number does). CVV is 3 digits, 4 for American Express.
//   - Expiry years cover 21 years from now (CARD_EXPIRY_YEAR_CHOICES); a card past its month is refused.
//   - The processing fee percent comes from the customer; the total is rounded to 2 decimals, i.e. to the
//     cent (PAYMENT_TOTAL_DECIMALS): amounts are integer cents (money.ts), the fee half away from zero.
//   - Bank accounts (ACH, 002 §3.6 account type 1): a 9-digit routing number with the ABA checksum
//     (3·d1 + 7·d2 + d3 + 3·d4 + 7·d5 + d6 + 3·d7 + 7·d8 + d9 ≡ 0 mod 10) and a Federal Reserve prefix
//     (00–12, 21–32, 61–72, 80); an account number of 4 to 17 digits. Ours, as US banks number them.
// The messages are ours (the spec quotes none for these fields).
import { AMERICAN_EXPRESS_CVV_LENGTH, CARD_CVV_LENGTH, CARD_EXPIRY_YEAR_CHOICES } from './constants.ts';
import { percentOfCents, sumCents } from './money.ts';

export type CardTypeCode = 'Visa' | 'MasterCard' | 'AmericanExpress';

/** One thing wrong with one field (the shape of the platform's FieldProblem). */
export interface PaymentProblem {
  field: string;
  message: string;
}

/** Spaces and dashes people type between groups are not part of the number. */
export const digitsOnly = (value: string): string => value.replace(/[\s-]/g, '');

const fullPatterns: readonly [CardTypeCode, RegExp][] = [
  ['Visa', /^4(?:\d{12}|\d{15}|\d{18})$/],
  ['MasterCard', /^(?:5[1-5]\d{14}|2(?:22[1-9]|2[3-9]\d|[3-6]\d{2}|7[01]\d|720)\d{12})$/],
  ['AmericanExpress', /^3[47]\d{13}$/],
];

/** The card type whose full pattern the number matches (001 §5), or null. */
export function cardTypeOf(cardNumber: string): CardTypeCode | null {
  const digits = digitsOnly(cardNumber);
  return fullPatterns.find(([, pattern]) => pattern.test(digits))?.[0] ?? null;
}

/** The card type as it is typed, from the first digits (the form shows it before the number is complete). */
export function cardTypeFromPrefix(partial: string): CardTypeCode | null {
  const digits = digitsOnly(partial);
  if (/^4/.test(digits)) return 'Visa';
  if (/^3[47]/.test(digits)) return 'AmericanExpress';
  if (/^5[1-5]/.test(digits)) return 'MasterCard';
  const four = Number(digits.slice(0, 4).padEnd(4, '0'));
  if (digits.length >= 2 && /^2[2-7]/.test(digits) && four >= 2221 && four <= 2720) return 'MasterCard';
  return null;
}

/** The Luhn check digit test (ISO/IEC 7812). */
export function luhnValid(number: string): boolean {
  const digits = digitsOnly(number);
  if (!/^\d{2,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** 001 §5: CVV length is 3, or 4 for American Express. */
export const cvvLengthOf = (type: CardTypeCode | null): number =>
  type === 'AmericanExpress' ? AMERICAN_EXPRESS_CVV_LENGTH : CARD_CVV_LENGTH;

/** 001 §5: the expiry year choices, this year and the 20 after it (21 years). */
export function expiryYearChoices(now: Date = new Date()): number[] {
  const year = now.getUTCFullYear();
  return Array.from({ length: CARD_EXPIRY_YEAR_CHOICES }, (_, i) => year + i);
}

/** A card is good through the last day of its expiry month. */
export function isCardExpired(expMonth: number, expYear: number, now: Date = new Date()): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
}

/** The last four digits, the only part of a card or account number anything keeps. */
export const lastFour = (number: string): string => digitsOnly(number).slice(-4);

export interface CardInput {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cardCode: string;
}

export const cardMessages = {
  cardNumber: 'Enter a Visa, MasterCard or American Express card number.',
  luhn: 'This card number is not valid: check the digits.',
  expMonth: 'Choose the expiry month (1 to 12).',
  expYear: 'Choose an expiry year within the next 21 years.',
  expired: 'This card has expired.',
  cardCode: (length: number) => `Enter the ${length}-digit security code (CVV).`,
} as const;

/** Everything wrong with a card as entered (001 §5), fields named as the payment's creditCard fields. */
export function cardProblems(
  card: CardInput,
  now: Date = new Date(),
  prefix = 'creditCard.',
): PaymentProblem[] {
  const problems: PaymentProblem[] = [];
  const type = cardTypeOf(card.cardNumber);
  if (!type) problems.push({ field: `${prefix}cardNumber`, message: cardMessages.cardNumber });
  else if (!luhnValid(card.cardNumber))
    problems.push({ field: `${prefix}cardNumber`, message: cardMessages.luhn });
  const monthOk = Number.isInteger(card.expMonth) && card.expMonth >= 1 && card.expMonth <= 12;
  if (!monthOk) problems.push({ field: `${prefix}expMonth`, message: cardMessages.expMonth });
  const years = expiryYearChoices(now);
  const yearOk = Number.isInteger(card.expYear) && card.expYear >= years[0]! && card.expYear <= years.at(-1)!;
  if (!yearOk) problems.push({ field: `${prefix}expYear`, message: cardMessages.expYear });
  if (monthOk && yearOk && isCardExpired(card.expMonth, card.expYear, now))
    problems.push({ field: `${prefix}expMonth`, message: cardMessages.expired });
  const cvv = cvvLengthOf(type ?? cardTypeFromPrefix(card.cardNumber));
  if (!new RegExp(`^\\d{${cvv}}$`).test(card.cardCode))
    problems.push({ field: `${prefix}cardCode`, message: cardMessages.cardCode(cvv) });
  return problems;
}

/** The ABA routing-number checksum and Federal Reserve prefix. */
export function routingNumberValid(routingNumber: string): boolean {
  if (!/^\d{9}$/.test(routingNumber)) return false;
  const prefix = Number(routingNumber.slice(0, 2));
  const knownPrefix =
    prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
  if (!knownPrefix) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (routingNumber.charCodeAt(i) - 48) * weights[i]!;
  return sum % 10 === 0;
}

export interface BankAccountInput {
  accountNumber: string;
  routingNumber: string;
  nameOnAccount: string;
  bankName: string;
}

export const bankAccountMessages = {
  routingNumber: 'Enter the bank’s 9-digit routing number: this one does not check out.',
  accountNumber: 'Enter the account number (4 to 17 digits).',
  nameOnAccount: 'Enter the name on the account.',
  bankName: 'Enter the bank’s name.',
} as const;

export function bankAccountProblems(account: BankAccountInput, prefix = 'bankAccount.'): PaymentProblem[] {
  const problems: PaymentProblem[] = [];
  if (!routingNumberValid(digitsOnly(account.routingNumber)))
    problems.push({ field: `${prefix}routingNumber`, message: bankAccountMessages.routingNumber });
  if (!/^\d{4,17}$/.test(digitsOnly(account.accountNumber)))
    problems.push({ field: `${prefix}accountNumber`, message: bankAccountMessages.accountNumber });
  if (account.nameOnAccount.trim() === '')
    problems.push({ field: `${prefix}nameOnAccount`, message: bankAccountMessages.nameOnAccount });
  if (account.bankName.trim() === '')
    problems.push({ field: `${prefix}bankName`, message: bankAccountMessages.bankName });
  return problems;
}

/** 001 §5: the card processing fee, the customer's percent (basis points) of the amount, to the cent. */
export const processingFeeCents = (amountCents: number, feeBasisPoints: number): number =>
  percentOfCents(amountCents, feeBasisPoints);

/** 001 §5: the amount, the fee and the total the customer is charged (rounded to 2 decimals: whole cents). */
export function paymentTotal(
  amountCents: number,
  feeBasisPoints: number,
): { amountCents: number; feeCents: number; totalCents: number } {
  const feeCents = processingFeeCents(amountCents, feeBasisPoints);
  return { amountCents, feeCents, totalCents: sumCents([amountCents, feeCents]) };
}
