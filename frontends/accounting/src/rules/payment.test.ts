// The payment forms' rules: every one comes from the shared payment-rules module; these check the form's use of
// it (the type as typed, each field's first problem, the fee only on cards, the amount against what is owed).
import { describe, expect, it } from 'vitest';
import {
  amountToPay,
  bankFieldProblems,
  cardFieldProblems,
  chargeOf,
  typedCardType,
  typedCvvLength,
} from './payment.ts';

const now = new Date('2026-11-25T12:00:00Z');

describe('payment form rules', () => {
  it('shows the card type from the first digits, and the CVV length that goes with it', () => {
    expect(typedCardType('4')?.name).toBe('Visa');
    expect(typedCardType('37')?.name).toBe('American Express');
    expect(typedCardType('2221')?.name).toBe('MasterCard');
    expect(typedCardType('6011')).toBeNull();
    expect(typedCvvLength('3782')).toBe(4);
    expect(typedCvvLength('4111')).toBe(3);
  });

  it('names each card field’s problem, and none for a good card', () => {
    expect(
      cardFieldProblems(
        { cardNumber: '4111 1111 1111 1112', expMonth: '10', expYear: '2026', cardCode: '12' },
        now,
      ),
    ).toEqual({
      cardNumber: 'This card number is not valid: check the digits.',
      expMonth: 'This card has expired.',
      cardCode: 'Enter the 3-digit security code (CVV).',
    });
    expect(
      cardFieldProblems(
        { cardNumber: '4111 1111 1111 1111', expMonth: '12', expYear: '2030', cardCode: '123' },
        now,
      ),
    ).toEqual({});
    expect(
      cardFieldProblems(
        { cardNumber: '378282246310005', expMonth: '1', expYear: '2048', cardCode: '123' },
        now,
      ),
    ).toEqual({
      expYear: 'Choose an expiry year within the next 21 years.',
      cardCode: 'Enter the 4-digit security code (CVV).',
    });
  });

  it('checks the routing number’s checksum', () => {
    const good = {
      routingNumber: '011000015',
      accountNumber: '123456789',
      nameOnAccount: 'Globex',
      bankName: 'First',
    };
    expect(bankFieldProblems(good)).toEqual({});
    expect(Object.keys(bankFieldProblems({ ...good, routingNumber: '011000016' }))).toEqual([
      'routingNumber',
    ]);
  });

  it('adds the fee to cards only, rounded to the cent', () => {
    expect(chargeOf(123_450, 300, 'card')).toEqual({
      amountCents: 123_450,
      feeCents: 3_704,
      totalCents: 127_154,
    });
    expect(chargeOf(123_450, 300, 'bank')).toEqual({
      amountCents: 123_450,
      feeCents: 0,
      totalCents: 123_450,
    });
  });

  it('takes an amount up to what is owed', () => {
    expect(amountToPay('1,234.50', 123_450)).toEqual({ cents: 123_450 });
    expect(amountToPay('1234.51', 123_450)).toEqual({
      problem: 'The amount cannot be more than the selected invoices’ balance.',
    });
    expect(amountToPay('0', 100)).toEqual({ problem: 'Enter an amount above $0.00.' });
    expect(amountToPay('ten', 100)).toEqual({ problem: 'Enter the amount to pay in dollars and cents.' });
  });
});
