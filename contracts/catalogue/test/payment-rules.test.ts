// The money rules of issue 16 and the card and bank rules of 001 §5: integer cents, rounding, the fee,
// card patterns, Luhn, CVV length, expiry, the ACH routing checksum.
import { describe, expect, it } from 'vitest';
import {
  basisPointsOf,
  dollarsToCents,
  formatMoney,
  formatPercent,
  formatUsd,
  isCents,
  MAX_AMOUNT_CENTS,
  parseMoney,
  parsePercent,
  percentOfCents,
  sumCents,
} from '../money.ts';
import {
  bankAccountProblems,
  cardProblems,
  cardTypeFromPrefix,
  cardTypeOf,
  cvvLengthOf,
  expiryYearChoices,
  isCardExpired,
  lastFour,
  luhnValid,
  paymentTotal,
  processingFeeCents,
  routingNumberValid,
} from '../payment-rules.ts';

const now = new Date('2026-11-25T12:00:00Z');

describe('money is integer cents', () => {
  it('parses typed amounts digit by digit, never through a float', () => {
    expect(parseMoney('1234.5')).toBe(123450);
    expect(parseMoney('$1,234.50')).toBe(123450);
    expect(parseMoney('0.1')).toBe(10);
    expect(parseMoney('0.29')).toBe(29); // 0.29 * 100 is 28.999999999999996 in floating point
    expect(parseMoney('.75')).toBe(75);
    expect(parseMoney('-12')).toBe(-1200);
    expect(parseMoney('12.')).toBe(1200);
    for (const bad of ['', '.', '1.234', 'abc', '1,23', '12,34.00', '1e3', '--1'])
      expect(parseMoney(bad)).toBeUndefined();
    expect(parseMoney('99999999.99')).toBe(MAX_AMOUNT_CENTS);
    expect(parseMoney('100000000.00')).toBeUndefined();
  });

  it('formats cents for files and for people', () => {
    expect(formatMoney(123450)).toBe('1234.50');
    expect(formatMoney(5)).toBe('0.05');
    expect(formatMoney(-5)).toBe('-0.05');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatUsd(123456789)).toBe('$1,234,567.89');
    expect(formatUsd(-100)).toBe('-$1.00');
    expect(() => formatMoney(1.5)).toThrow(RangeError);
  });

  it('applies basis points with half-away-from-zero rounding to the cent', () => {
    expect(percentOfCents(10000, 350)).toBe(350);
    expect(percentOfCents(1, 5000)).toBe(1); // half a cent rounds up
    expect(percentOfCents(-1, 5000)).toBe(-1); // and away from zero below it
    expect(percentOfCents(3333, 300)).toBe(100); // 99.99 → 100
    expect(percentOfCents(MAX_AMOUNT_CENTS, 10000)).toBe(MAX_AMOUNT_CENTS);
    expect(basisPointsOf(250, 1000)).toBe(2500);
    expect(basisPointsOf(-1, 3)).toBe(-3333);
    expect(basisPointsOf(5, 0)).toBeNull();
  });

  it('sums exactly and refuses a sum beyond 2^53', () => {
    expect(sumCents([10, 20, 30])).toBe(60);
    expect(() => sumCents([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
    expect(isCents(12)).toBe(true);
    expect(isCents(1.5)).toBe(false);
    expect(isCents(MAX_AMOUNT_CENTS + 1)).toBe(false);
  });

  it('reads percents as basis points', () => {
    expect(parsePercent('3.5')).toBe(350);
    expect(parsePercent('3.5%')).toBe(350);
    expect(parsePercent('100')).toBe(10000);
    expect(parsePercent('100.01')).toBeUndefined();
    expect(parsePercent('3.555')).toBeUndefined();
    expect(formatPercent(350)).toBe('3.50');
  });

  it("turns another service's decimal dollars into cents without float arithmetic", () => {
    expect(dollarsToCents(10000)).toBe(1000000);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents(12345.67)).toBe(1234567);
    expect(dollarsToCents(0.001)).toBeUndefined();
    expect(dollarsToCents(Number.NaN)).toBeUndefined();
  });
});

describe('cards (001 §5)', () => {
  it('recognises Visa, MasterCard and American Express by their patterns', () => {
    expect(cardTypeOf('4111 1111 1111 1111')).toBe('Visa');
    expect(cardTypeOf('4222222222222')).toBe('Visa'); // 13 digits
    expect(cardTypeOf('5424-0000-0000-0015')).toBe('MasterCard');
    expect(cardTypeOf('2223000048400011')).toBe('MasterCard'); // the 2-series
    expect(cardTypeOf('370000000000002')).toBe('AmericanExpress');
    expect(cardTypeOf('6011111111111117')).toBeNull(); // Discover: not accepted
    expect(cardTypeOf('3530111333300000')).toBeNull(); // JCB
    expect(cardTypeOf('41111111111111')).toBeNull(); // 14 digits
    expect(cardTypeOf('2721000000000000')).toBeNull(); // past the 2-series
  });

  it('shows the type as the number is typed', () => {
    expect(cardTypeFromPrefix('4')).toBe('Visa');
    expect(cardTypeFromPrefix('37')).toBe('AmericanExpress');
    expect(cardTypeFromPrefix('3')).toBeNull();
    expect(cardTypeFromPrefix('55')).toBe('MasterCard');
    expect(cardTypeFromPrefix('2221')).toBe('MasterCard');
    expect(cardTypeFromPrefix('2720')).toBe('MasterCard');
    expect(cardTypeFromPrefix('2721')).toBeNull();
    expect(cardTypeFromPrefix('6011')).toBeNull();
  });

  it('checks the Luhn digit', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('370000000000002')).toBe(true);
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('abc')).toBe(false);
  });

  it('asks 3 CVV digits, 4 for American Express', () => {
    expect(cvvLengthOf('Visa')).toBe(3);
    expect(cvvLengthOf('MasterCard')).toBe(3);
    expect(cvvLengthOf('AmericanExpress')).toBe(4);
  });

  it('offers 21 expiry years from now and refuses a card past its month', () => {
    const years = expiryYearChoices(now);
    expect(years).toHaveLength(21);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(2046);
    expect(isCardExpired(11, 2026, now)).toBe(false); // good through the end of November
    expect(isCardExpired(10, 2026, now)).toBe(true);
    expect(isCardExpired(1, 2027, now)).toBe(false);
  });

  it('lists every problem of a card, by field', () => {
    expect(
      cardProblems({ cardNumber: '4111111111111111', expMonth: 12, expYear: 2029, cardCode: '123' }, now),
    ).toEqual([]);
    const bad = cardProblems(
      { cardNumber: '4111111111111112', expMonth: 13, expYear: 2050, cardCode: '12' },
      now,
    );
    expect(bad.map((p) => p.field)).toEqual([
      'creditCard.cardNumber',
      'creditCard.expMonth',
      'creditCard.expYear',
      'creditCard.cardCode',
    ]);
    expect(bad[3]!.message).toBe('Enter the 3-digit security code (CVV).');
    const amex = cardProblems(
      { cardNumber: '370000000000002', expMonth: 1, expYear: 2027, cardCode: '123' },
      now,
    );
    expect(amex).toEqual([
      { field: 'creditCard.cardCode', message: 'Enter the 4-digit security code (CVV).' },
    ]);
    const expired = cardProblems(
      { cardNumber: '5424000000000015', expMonth: 1, expYear: 2026, cardCode: '999' },
      now,
    );
    expect(expired).toEqual([{ field: 'creditCard.expMonth', message: 'This card has expired.' }]);
    expect(
      cardProblems({ cardNumber: '6011111111111117', expMonth: 1, expYear: 2027, cardCode: '123' }, now)[0],
    ).toEqual({
      field: 'creditCard.cardNumber',
      message: 'Enter a Visa, MasterCard or American Express card number.',
    });
  });

  it('keeps only the last four digits', () => {
    expect(lastFour('4111 1111 1111 1111')).toBe('1111');
  });
});

describe('bank accounts (ACH)', () => {
  it('checks the ABA routing checksum and prefix', () => {
    expect(routingNumberValid('011000015')).toBe(true); // Federal Reserve Bank of Boston
    expect(routingNumberValid('021000021')).toBe(true); // JPMorgan Chase
    expect(routingNumberValid('121000358')).toBe(true); // Bank of America (California)
    expect(routingNumberValid('021000022')).toBe(false); // one digit off
    expect(routingNumberValid('12345678')).toBe(false);
    expect(routingNumberValid('500000005')).toBe(false); // checksum fine, no such prefix
  });

  it('lists every problem of a bank account', () => {
    expect(
      bankAccountProblems({
        accountNumber: '000123456789',
        routingNumber: '021000021',
        nameOnAccount: 'Globex Foods',
        bankName: 'Chase',
      }),
    ).toEqual([]);
    const bad = bankAccountProblems({
      accountNumber: '12',
      routingNumber: '021000022',
      nameOnAccount: ' ',
      bankName: '',
    });
    expect(bad.map((p) => p.field)).toEqual([
      'bankAccount.routingNumber',
      'bankAccount.accountNumber',
      'bankAccount.nameOnAccount',
      'bankAccount.bankName',
    ]);
  });
});

describe('the processing fee and total (001 §5)', () => {
  it("applies the customer's fee percent and rounds the total to the cent", () => {
    expect(processingFeeCents(100000, 300)).toBe(3000);
    expect(paymentTotal(123456, 350)).toEqual({ amountCents: 123456, feeCents: 4321, totalCents: 127777 });
    // 3.5% of $352.71 is 1,234.485 cents: rounded to 1,234
    expect(paymentTotal(35271, 350)).toEqual({ amountCents: 35271, feeCents: 1234, totalCents: 36505 });
    expect(paymentTotal(5000, 0)).toEqual({ amountCents: 5000, feeCents: 0, totalCents: 5000 });
  });
});
