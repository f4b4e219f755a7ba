// Email addresses (001 §5): the one implementation the servers and the screens share. Pure.
import { MULTIPLE_EMAILS_ERROR_KEY } from '../catalogue/constants.ts';

/** The pattern the browser's own email inputs use (WHATWG), so what a form accepts the server accepts. */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** The longest address SMTP carries. */
export const EMAIL_MAX_LENGTH = 254;

export const isEmailAddress = (value: string): boolean =>
  value.length <= EMAIL_MAX_LENGTH && EMAIL.test(value);

/** Ours: the message of addresses that are not email addresses (at most 5 named, so it stays short). */
export function notEmailAddresses(invalid: readonly string[]): string {
  const shown = invalid.slice(0, 5).map((v) => v.slice(0, 60));
  const more = invalid.length > shown.length ? ` and ${invalid.length - shown.length} more` : '';
  return invalid.length === 1
    ? `${shown[0]} is not a valid email address.`
    : `${shown.join(', ')}${more} are not valid email addresses.`;
}

export interface MultipleEmailsProblem {
  /** 001 §5: the error key of the multiple-emails validator */
  key: typeof MULTIPLE_EMAILS_ERROR_KEY;
  invalid: string[];
  message: string;
}

/** 001 §5: "a comma-separated list", each item trimmed. */
export const splitOnCommas = (value: string): string[] =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');

/**
 * The multiple-emails check (001 §5): each item of the list must be an email address; an empty value is
 * valid. The list is split on commas unless the caller's field splits otherwise (the document sender's
 * copies split on comma, semicolon or space, 001 §5). Null when valid.
 */
export function multipleEmailsProblem(
  value: string | readonly string[] | null | undefined,
  split: (text: string) => string[] = splitOnCommas,
): MultipleEmailsProblem | null {
  const items = (typeof value === 'string' ? [value] : (value ?? [])).flatMap((v) => split(v));
  const invalid = items.filter((v) => !isEmailAddress(v));
  if (invalid.length === 0) return null;
  return { key: MULTIPLE_EMAILS_ERROR_KEY, invalid, message: notEmailAddresses(invalid) };
}
