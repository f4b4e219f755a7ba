// Phone numbers (001 §5 "Inputs and display"): the one implementation the servers and the screens share.
// "An international phone validator, default country US, preferred countries US and CA. A value with only
// the dial code counts as empty. Extensions are allowed." and "Phone display: US numbers as (AAA) BBB-CCCC
// with an optional ext." Pure: no I/O. The numbering plans are libphonenumber-js's (its small metadata),
// bundled instead of the spec's script from a content delivery network (decision 0018).
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';
import { PHONE_DEFAULT_COUNTRY, PHONE_PREFERRED_COUNTRIES } from '../catalogue/constants.ts';

/** Every country a phone input offers: US and CA first (001 §5 preferred countries), then the rest. */
export function phoneCountries(): string[] {
  const rest = getCountries()
    .filter((c) => !PHONE_PREFERRED_COUNTRIES.includes(c))
    .sort();
  return [...PHONE_PREFERRED_COUNTRIES, ...rest];
}

/**
 * What a phone number may be written with: digits and the usual punctuation, a leading +, then an optional
 * extension ("x12", "ext 12", "ext. 12", "extension 12", "#12"). Anything else ("abc", a number followed by
 * words) is not a phone number, however much of it a lenient parser could pick out.
 */
const PHONE_TEXT = /^\+?[\d\s().\-/]+?(?:\s*(?:#|x|ext\.?|extension)\s*\d{1,10})?$/i;

/** The longest phone text the rules look at (E.164 is 15 digits; punctuation and an extension add some). */
export const PHONE_MAX_LENGTH = 40;

/** "A value with only the dial code counts as empty" (001 §5): nothing, or just "+1", "+44"... */
export function isPhoneEmpty(value: string | null | undefined): boolean {
  const text = (value ?? '').replace(/\s+/g, '');
  return text === '' || /^\+\d{1,4}$/.test(text);
}

export interface ParsedPhone {
  /** +15550102003 */
  e164: string;
  /** the country calling code: '1' for the US and Canada (the North American plan) */
  callingCode: string;
  /** the digits after the calling code */
  nationalNumber: string;
  extension: string | null;
  /** the country the number belongs to, when the plan tells (US or CA share +1) */
  country: string | null;
}

/** The phone number written in `value` (default country US), or undefined when it is not one. */
export function parsePhone(
  value: string | null | undefined,
  defaultCountry: string = PHONE_DEFAULT_COUNTRY,
): ParsedPhone | undefined {
  const text = (value ?? '').trim();
  if (text === '' || text.length > PHONE_MAX_LENGTH || !PHONE_TEXT.test(text)) return undefined;
  const parsed = parsePhoneNumberFromString(text, defaultCountry as CountryCode);
  if (!parsed?.isPossible()) return undefined;
  const callingCode = String(parsed.countryCallingCode);
  const nationalNumber = String(parsed.nationalNumber);
  // North American plan: an area code never starts with 0 or 1 (the exchange is not checked, so the
  // fictional 555 numbers of demos and films, "(555) 010-2001", stay usable).
  if (callingCode === '1' && !/^[2-9]\d{9}$/.test(nationalNumber)) return undefined;
  return {
    e164: String(parsed.number),
    callingCode,
    nationalNumber,
    extension: parsed.ext ?? null,
    country: parsed.country ?? null,
  };
}

export const isPhoneNumber = (value: string | null | undefined, defaultCountry?: string): boolean =>
  parsePhone(value, defaultCountry) !== undefined;

/** The calling code of a country ("1" for US and CA, "44" for GB). */
export const callingCodeOf = (country: string): string => getCountryCallingCode(country as CountryCode);

/** Ours: the field message of a value that is not a phone number. */
export const notAPhoneNumber = (value: string, label = 'phone number') =>
  `${value.trim().slice(0, PHONE_MAX_LENGTH)} is not a valid ${label}: write it as (555) 010-2001, or +44 20 7946 0958 abroad, with an optional extension (x12).`;

/**
 * The problem with a phone input, or null: empty (or only a dial code) is fine — a required field says so
 * itself — and so is any phone number, with an extension or not.
 */
export function phoneProblem(
  value: string | null | undefined,
  label?: string,
  defaultCountry?: string,
): string | null {
  if (isPhoneEmpty(value)) return null;
  return isPhoneNumber(value, defaultCountry) ? null : notAPhoneNumber(value ?? '', label);
}

/**
 * A phone number as people read it (001 §5): the North American plan (the US and Canada) as (AAA) BBB-CCCC,
 * other countries in their international form, each with " ext N" when there is one. Text that is not a
 * phone number is shown as it was written.
 */
export function formatPhone(value: string | null | undefined, defaultCountry?: string): string {
  const text = (value ?? '').trim();
  const phone = parsePhone(text, defaultCountry);
  if (!phone) return text;
  const ext = phone.extension ? ` ext ${phone.extension}` : '';
  if (phone.callingCode === '1') {
    const n = phone.nationalNumber;
    return `(${n.slice(0, 3)}) ${n.slice(3, 6)}-${n.slice(6)}${ext}`;
  }
  const international = parsePhoneNumberFromString(phone.e164)?.formatInternational() ?? phone.e164;
  return `${international}${ext}`;
}

/** A number a text message can reach here: the North American plan's 10 digits, without an extension. */
export function northAmericanDigits(value: string | null | undefined): string | undefined {
  const phone = parsePhone(value);
  return phone && phone.callingCode === '1' && !phone.extension ? phone.nationalNumber : undefined;
}

const EXTENSION_START = /^(?:#|x|ext\.?|extension)\d*$/i;

/**
 * Phone numbers in a list typed by hand: split on comma or semicolon, then on spaces only between whole
 * numbers, so "(555) 010-2001 ext 12; 5550102002 5550102003" is three numbers. A part that never makes a
 * number is kept whole, for its check to refuse.
 */
export function splitPhoneList(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(/[,;]+/)) {
    const tokens = part.trim().split(/\s+/).filter(Boolean);
    let current = '';
    tokens.forEach((token, i) => {
      current = current ? `${current} ${token}` : token;
      const next = tokens[i + 1];
      const extensionFollows = next !== undefined && EXTENSION_START.test(next);
      const digitsFollowMarker =
        next !== undefined && /^\d+$/.test(next) && /(?:#|x|ext\.?|extension)$/i.test(token);
      if (next === undefined || (isPhoneNumber(current) && !extensionFollows && !digitsFollowMarker)) {
        out.push(current);
        current = '';
      }
    });
  }
  return out;
}
