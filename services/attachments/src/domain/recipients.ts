// Sending email or fax (001 §5): who it goes to and what may be faxed.
import {
  EmailMessageContactType,
  FAX_ALLOWED_EXTENSIONS,
  FAX_NUMBER_MIN_LENGTH,
  messages,
  splitRecipients,
} from '@loadline/contracts/catalogue';
import type { FieldProblem } from './uploads.ts';
import { extensionOf } from './uploads.ts';

export const CONTACT_EMAIL = EmailMessageContactType.values.Email;
export const CONTACT_FAX = EmailMessageContactType.values.Fax;

/** The same pattern the browser's email inputs use (WHATWG), so what the form accepts the server accepts. */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
const FAX = /^\+?[0-9().-]+$/;

export const isEmailAddress = (value: string): boolean => value.length <= 254 && EMAIL.test(value);

/** A fax number has at least 10 characters (001 §5), digits and the usual punctuation only (ours). */
export const isFaxNumber = (value: string): boolean =>
  value.length >= FAX_NUMBER_MIN_LENGTH &&
  value.length <= 40 &&
  FAX.test(value) &&
  /\d{7,}/.test(value.replace(/\D/g, ''));

/** Every entry split on comma, semicolon or space (001 §5); repeats dropped, first spelling kept. */
export function recipientList(values: readonly string[] | string | undefined | null): string[] {
  const all = (typeof values === 'string' ? [values] : (values ?? [])).flatMap((v) => splitRecipients(v));
  const seen = new Set<string>();
  return all.filter((r) => {
    const key = r.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export interface RecipientsIn {
  contactType: number;
  recipients: readonly string[] | string | undefined | null;
  cc?: readonly string[] | string | null;
  bcc?: readonly string[] | string | null;
}

export interface RecipientsOut {
  recipients: string[];
  cc: string[];
  bcc: string[];
}

/**
 * At least one recipient ('Please enter a valid email or fax or select a valid contact.'); each one an
 * email address for an email, a fax number of at least 10 characters for a fax. Copies are emails only.
 */
export function checkRecipients(
  input: RecipientsIn,
): { ok: true; value: RecipientsOut } | { ok: false; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const recipients = recipientList(input.recipients);
  const fax = input.contactType === CONTACT_FAX;
  if (recipients.length === 0) {
    problems.push({ field: 'recipients', message: messages.email.recipientRequired });
  }
  for (const r of recipients) {
    if (fax ? !isFaxNumber(r) : !isEmailAddress(r)) {
      problems.push({
        field: 'recipients',
        message: fax
          ? `${r} is not a fax number: a fax number has at least ${FAX_NUMBER_MIN_LENGTH} characters, digits only.`
          : `${r} is not a valid email address.`,
      });
    }
  }
  const copies = (field: 'cc' | 'bcc') => {
    const list = recipientList(input[field]);
    if (list.length > 0 && fax) problems.push({ field, message: `A fax has no ${field} recipients.` });
    for (const r of list) {
      if (!isEmailAddress(r)) problems.push({ field, message: `${r} is not a valid email address.` });
    }
    return list;
  };
  const cc = copies('cc');
  const bcc = copies('bcc');
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: { recipients, cc, bcc } };
}

/** 001 §5: the file types a fax can carry (pdf, txt, doc, jpg, png, tif). */
export function isFaxable(fileName: string): boolean {
  return FAX_ALLOWED_EXTENSIONS.includes(extensionOf(fileName));
}

export function faxRefusal(fileNames: readonly string[]): FieldProblem | null {
  const refused = fileNames.filter((n) => !isFaxable(n));
  if (refused.length === 0) return null;
  return {
    field: 'attachmentIds',
    message: `${refused.join(', ')} cannot be faxed: only ${FAX_ALLOWED_EXTENSIONS.join(', ')} files can be faxed.`,
  };
}
