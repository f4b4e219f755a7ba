// The payment forms' state as pure rules (001 §5), every rule from the one shared module
// (@loadline/contracts' payment-rules.ts, which the service and its test gateway refuse with too): the card type
// as typed, each field's problem, the fee and the total rounded to the cent. Nothing here restates a rule.
import {
  type BankAccountInput,
  bankAccountProblems,
  type CardInput,
  type CardTypeCode,
  CreditCardType,
  cardProblems,
  cardTypeFromPrefix,
  cvvLengthOf,
  digitsOnly,
  parseMoney,
  paymentTotal,
} from '@loadline/contracts';

export interface CardDraft {
  cardNumber: string;
  expMonth: string;
  expYear: string;
  cardCode: string;
}

export type CardField = keyof CardDraft;
export type BankField = keyof BankAccountInput;

export const emptyCard: CardDraft = { cardNumber: '', expMonth: '', expYear: '', cardCode: '' };
export const emptyBankAccount: BankAccountInput = {
  accountNumber: '',
  routingNumber: '',
  nameOnAccount: '',
  bankName: '',
};

export const cardInputOf = (draft: CardDraft): CardInput => ({
  cardNumber: digitsOnly(draft.cardNumber),
  expMonth: Number(draft.expMonth || Number.NaN),
  expYear: Number(draft.expYear || Number.NaN),
  cardCode: draft.cardCode.trim(),
});

/** The card type shown as the number is typed (from its first digits), with its display name. */
export function typedCardType(cardNumber: string): { code: CardTypeCode; name: string } | null {
  const code = cardTypeFromPrefix(cardNumber);
  return code ? { code, name: CreditCardType.nameOf(code) ?? code } : null;
}

/** The security code's length for the card as typed (001 §5: 3, or 4 for American Express). */
export const typedCvvLength = (cardNumber: string): number => cvvLengthOf(cardTypeFromPrefix(cardNumber));

/** The first problem of each card field (001 §5), keyed by the field. */
export function cardFieldProblems(
  draft: CardDraft,
  now: Date = new Date(),
): Partial<Record<CardField, string>> {
  const out: Partial<Record<CardField, string>> = {};
  for (const p of cardProblems(cardInputOf(draft), now, '')) {
    const field = p.field as CardField;
    out[field] ??= p.message;
  }
  return out;
}

/** The first problem of each bank-account field (the ABA routing checksum, 4 to 17 digits, names). */
export function bankFieldProblems(account: BankAccountInput): Partial<Record<BankField, string>> {
  const out: Partial<Record<BankField, string>> = {};
  for (const p of bankAccountProblems(account, '')) {
    const field = p.field as BankField;
    out[field] ??= p.message;
  }
  return out;
}

export type PaymentMethod = 'card' | 'bank';

/**
 * What the customer is charged (001 §5): the amount, the card fee (the customer's percent, cards only) and
 * the total, whole cents.
 */
export function chargeOf(
  amountCents: number,
  feeBasisPoints: number,
  method: PaymentMethod,
): { amountCents: number; feeCents: number; totalCents: number } {
  return paymentTotal(amountCents, method === 'card' ? feeBasisPoints : 0);
}

export const amountProblem = {
  notAnAmount: 'Enter the amount to pay in dollars and cents.',
  nothing: 'Enter an amount above $0.00.',
  tooMuch: 'The amount cannot be more than the selected invoices’ balance.',
} as const;

/** The amount typed, in cents, or what is wrong with it (an online payment may not exceed what is owed). */
export function amountToPay(text: string, owedCents: number): { cents: number } | { problem: string } {
  const cents = parseMoney(text);
  if (cents === undefined) return { problem: amountProblem.notAnAmount };
  if (cents <= 0) return { problem: amountProblem.nothing };
  if (cents > owedCents) return { problem: amountProblem.tooMuch };
  return { cents };
}
