// The phone, email and recipient rules of 001 §5 that the servers and the screens share (issue 14 item 13).
import { describe, expect, it } from 'vitest';
import { MULTIPLE_EMAILS_ERROR_KEY, splitRecipients } from '../../catalogue/constants.ts';
import { isEmailAddress, multipleEmailsProblem } from '../emails.ts';
import {
  formatPhone,
  isPhoneEmpty,
  isPhoneNumber,
  northAmericanDigits,
  parsePhone,
  phoneCountries,
  phoneProblem,
  splitPhoneList,
} from '../phone.ts';
import { isFaxNumber, recipientProblem, splitRecipientsFor } from '../recipients.ts';
import {
  checksProNumberDuplicates,
  closeFollowing,
  deliveryTimesProblem,
  isYearOld,
  pickupTimesProblem,
} from '../shipments.ts';

describe('phone numbers (001 §5)', () => {
  it('reads a number without a country as a US one, with an extension', () => {
    expect(parsePhone('5550102003x12')).toEqual({
      e164: '+15550102003',
      callingCode: '1',
      nationalNumber: '5550102003',
      extension: '12',
      country: 'US',
    });
    for (const v of [
      '(555) 010-2001',
      '555.010.2001',
      '1-800-555-0100',
      '+1 (416) 555-0199 ext. 7',
      '555-010-2001 #4',
    ])
      expect(isPhoneNumber(v), v).toBe(true);
  });

  it('knows the numbers of other countries', () => {
    expect(parsePhone('+44 20 7946 0958')?.callingCode).toBe('44');
    expect(parsePhone('+44 20 7946 0958')?.country).toBe('GB');
    expect(parsePhone('020 7946 0958', 'GB')?.e164).toBe('+442079460958');
    expect(formatPhone('020 7946 0958', 'GB')).toBe('+44 20 7946 0958');
    expect(isPhoneNumber('+52 55 1234 5678')).toBe(true);
  });

  it('refuses what is not a phone number', () => {
    for (const v of [
      'abc',
      '555-0100',
      '2125550123abc',
      '0123456789',
      '(555) 010-20011111',
      'call me',
      '+999 123',
    ])
      expect(isPhoneNumber(v), v).toBe(false);
    expect(phoneProblem('abc')).toBe(
      'abc is not a valid phone number: write it as (555) 010-2001, or +44 20 7946 0958 abroad, with an optional extension (x12).',
    );
  });

  it('counts an empty value, or only a dial code, as empty (and so not a problem)', () => {
    for (const v of ['', '  ', '+1', '+44 ', null, undefined]) {
      expect(isPhoneEmpty(v)).toBe(true);
      expect(phoneProblem(v)).toBeNull();
    }
    expect(isPhoneEmpty('1')).toBe(false);
  });

  it('shows US and Canadian numbers as (AAA) BBB-CCCC with an optional ext, others internationally', () => {
    expect(formatPhone('5550102003x12')).toBe('(555) 010-2003 ext 12');
    expect(formatPhone('555.010.2001')).toBe('(555) 010-2001');
    expect(formatPhone('+1 416 555 0199')).toBe('(416) 555-0199');
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
    expect(formatPhone(' not a number ')).toBe('not a number');
    expect(formatPhone(null)).toBe('');
  });

  it('offers US and CA first', () => {
    const countries = phoneCountries();
    expect(countries.slice(0, 2)).toEqual(['US', 'CA']);
    expect(countries).toContain('MX');
    expect(new Set(countries).size).toBe(countries.length);
  });

  it('gives the 10 digits a text message can reach, only in North America', () => {
    expect(northAmericanDigits('1 (555) 020-3004')).toBe('5550203004');
    expect(northAmericanDigits('+44 20 7946 0958')).toBeUndefined();
    expect(northAmericanDigits('5550203004 x2')).toBeUndefined();
  });

  it('splits a typed list on spaces only between whole numbers', () => {
    expect(splitPhoneList('(555) 010-2001 ext 12; 5550102002 5550102003')).toEqual([
      '(555) 010-2001 ext 12',
      '5550102002',
      '5550102003',
    ]);
    expect(splitPhoneList('(555) 010-2001, +44 20 7946 0958')).toEqual([
      '(555) 010-2001',
      '+44 20 7946 0958',
    ]);
    expect(splitPhoneList('555-0101')).toEqual(['555-0101']);
  });
});

describe('multiple emails (001 §5)', () => {
  it('accepts an empty value and a comma-separated list of addresses', () => {
    expect(multipleEmailsProblem('')).toBeNull();
    expect(multipleEmailsProblem(null)).toBeNull();
    expect(multipleEmailsProblem('a@x.test, b@y.test')).toBeNull();
  });

  it('names every item that is not an address, under the error key multipleEmails', () => {
    expect(multipleEmailsProblem('a@x.test, dock@acme, nope')).toEqual({
      key: MULTIPLE_EMAILS_ERROR_KEY,
      invalid: ['dock@acme', 'nope'],
      message: 'dock@acme, nope are not valid email addresses.',
    });
    expect(MULTIPLE_EMAILS_ERROR_KEY).toBe('multipleEmails');
    expect(multipleEmailsProblem('a@x.test; b@y.test', splitRecipients)).toBeNull();
    expect(multipleEmailsProblem('a@x.test; b@y.test')?.invalid).toEqual(['a@x.test; b@y.test']);
  });

  it('keeps its message short for long lists', () => {
    const many = Array.from({ length: 50 }, (_, i) => `bad${i}`).join(',');
    expect(multipleEmailsProblem(many)?.message).toBe(
      'bad0, bad1, bad2, bad3, bad4 and 45 more are not valid email addresses.',
    );
  });

  it('uses the browser’s email pattern', () => {
    expect(isEmailAddress('ops@demo.test')).toBe(true);
    expect(isEmailAddress('ops@demo')).toBe(false);
  });
});

describe('recipients (001 §5)', () => {
  it('takes fax numbers in the usual format', () => {
    expect(splitRecipientsFor('(555) 010-2001', 'fax')).toEqual(['(555) 010-2001']);
    expect(isFaxNumber('(555) 010-2001')).toBe(true);
    expect(recipientProblem('(555) 010-2001', 'fax')).toBeNull();
  });

  it('refuses a fax number shorter than 10 characters or not a phone number', () => {
    expect(recipientProblem('555-0101', 'fax')).toBe(
      '555-0101 is not a fax number: a fax number is a phone number of at least 10 characters, such as (555) 010-2001.',
    );
    expect(recipientProblem('abcdefghijk', 'fax')).not.toBeNull();
  });

  it('splits emails on comma, semicolon or space', () => {
    expect(splitRecipientsFor('a@x.test;b@x.test c@x.test', 'email')).toEqual([
      'a@x.test',
      'b@x.test',
      'c@x.test',
    ]);
    expect(recipientProblem('a@x', 'email')).toBe('a@x is not a valid email address.');
  });
});

describe('shipment rules a form applies before it calls (000 §4, §5, §9)', () => {
  it('checks a pro number for duplicates only with a carrier and at least 6 characters', () => {
    expect(checksProNumberDuplicates('car_1', 'ABC123')).toBe(true);
    expect(checksProNumberDuplicates('car_1', '  ABC12  ')).toBe(false);
    expect(checksProNumberDuplicates(null, 'ABC123')).toBe(false);
    expect(checksProNumberDuplicates('  ', 'ABC123')).toBe(false);
    expect(checksProNumberDuplicates('car_1', undefined)).toBe(false);
  });

  it('a shipment is year-old once its first anniversary has come', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(isYearOld('2025-11-23T12:00:00Z', now)).toBe(true);
    expect(isYearOld(new Date('2025-11-23T12:00:01Z'), now)).toBe(false);
    // 29 February: the anniversary is 1 March.
    expect(isYearOld('2024-02-29T00:00:00Z', new Date('2025-02-28T23:59:59Z'))).toBe(false);
    expect(isYearOld('2024-02-29T00:00:00Z', new Date('2025-03-01T00:00:00Z'))).toBe(true);
    // A year ago from 29 February is not yet a year: created 1 March, a year later is 1 March.
    expect(isYearOld('2027-03-01T00:00:00Z', new Date('2028-02-29T12:00:00Z'))).toBe(false);
  });

  it('pickup: ready not after close, ready required once there is a close', () => {
    expect(pickupTimesProblem('2026-11-24T08:00:00', '2026-11-24T16:00:00')).toBeNull();
    expect(pickupTimesProblem('2026-11-24T16:00:00', '2026-11-24T16:00:00')).toBeNull();
    expect(pickupTimesProblem('2026-11-24T17:00:00', '2026-11-24T16:00:00')).toBe('pickupTime');
    expect(pickupTimesProblem(null, '2026-11-24T16:00:00')).toBe('pickupReadyRequired');
    expect(pickupTimesProblem('2026-11-24T08:00:00', null)).toBeNull();
    expect(pickupTimesProblem(null, null)).toBeNull();
  });

  it('delivery: estimated on or before close', () => {
    expect(deliveryTimesProblem('2026-11-25T08:00:00', '2026-11-25T08:00:00')).toBeNull();
    expect(deliveryTimesProblem('2026-11-25T17:00:00', '2026-11-25T16:00:00')).toBe('deliveryTime');
    expect(deliveryTimesProblem(null, '2026-11-25T16:00:00')).toBeNull();
  });

  it('a ready or estimate moved after its close takes the close to its date, keeping the close time', () => {
    expect(closeFollowing('2026-11-26T08:00:00', '2026-11-24T16:00:00')).toBe('2026-11-26T16:00:00');
    expect(closeFollowing('2026-11-24T17:00:00', '2026-11-24T16:00:00')).toBe('2026-11-24T16:00:00');
    expect(closeFollowing('2026-11-24T08:00:00', '2026-11-24T16:00:00')).toBe('2026-11-24T16:00:00');
    expect(closeFollowing(null, '2026-11-24T16:00:00')).toBe('2026-11-24T16:00:00');
    expect(closeFollowing('2026-11-26T08:00:00', null)).toBeNull();
  });
});
