// Sending email or fax (001 §5): who it goes to and what may be faxed. The address rules are the ones the
// document sender's screens use (@loadline/contracts/rules): one implementation.
import { EmailMessageContactType, FAX_ALLOWED_EXTENSIONS, messages } from '@loadline/contracts/catalogue';
import { isEmailAddress, multipleEmailsProblem } from '@loadline/contracts/rules/emails';
import { type Channel, recipientProblem, splitRecipientsFor } from '@loadline/contracts/rules/recipients';
import type { FieldProblem } from '@loadline/platform/problems';
import { extensionOf } from './uploads.ts';

export { isEmailAddress };

export const CONTACT_EMAIL = EmailMessageContactType.values.Email;
export const CONTACT_FAX = EmailMessageContactType.values.Fax;

/**
 * Every entry split as 001 §5 says (comma, semicolon or space; a fax number keeps its own spaces);
 * repeats dropped, first spelling kept.
 */
export function recipientList(
  values: readonly string[] | string | undefined | null,
  channel: Channel = 'email',
): string[] {
  const all = (typeof values === 'string' ? [values] : (values ?? [])).flatMap((v) =>
    splitRecipientsFor(v, channel),
  );
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
  const fax = input.contactType === CONTACT_FAX;
  const channel: Channel = fax ? 'fax' : 'email';
  const recipients = recipientList(input.recipients, channel);
  if (recipients.length === 0) {
    problems.push({ field: 'recipients', message: messages.email.recipientRequired });
  }
  // At most a few named: a message lists what is wrong, not the whole of a pasted list.
  for (const r of recipients.filter((r) => recipientProblem(r, channel) !== null).slice(0, 5)) {
    problems.push({ field: 'recipients', message: recipientProblem(r, channel)! });
  }
  const copies = (field: 'cc' | 'bcc') => {
    const list = recipientList(input[field]);
    if (list.length > 0 && fax) problems.push({ field, message: `A fax has no ${field} recipients.` });
    // 001 §5: the multiple-emails check, the one the sender's CC field runs.
    const invalid = multipleEmailsProblem(list);
    if (invalid) problems.push({ field, message: invalid.message });
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
