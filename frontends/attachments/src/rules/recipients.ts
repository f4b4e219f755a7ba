// Building the recipient list of the document sender (001 §5): typed addresses split on comma, semicolon
// or space; contacts picked from the list, refused without an email (or fax) and when already chosen.
import { FAX_NUMBER_MIN_LENGTH, messages, splitRecipients } from '@loadline/contracts';
import type { Contact } from '../api/types.ts';

export type Channel = 'email' | 'fax';

export interface Recipient {
  address: string;
  /** who the recipient is, when picked from the contacts (drives the delivery warnings) */
  kind: Contact['kind'] | null;
  name: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type AddOutcome = { ok: true; recipients: Recipient[] } | { ok: false; message: string };

/** Ours: the spec refuses duplicates without quoting a text. */
export const alreadyChosen = (address: string) => `${address} is already a recipient.`;
export const notAnAddress = (address: string, channel: Channel) =>
  channel === 'fax'
    ? `${address} is not a fax number: a fax number has at least ${FAX_NUMBER_MIN_LENGTH} characters.`
    : `${address} is not a valid email address.`;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function addContact(current: Recipient[], contact: Contact, channel: Channel): AddOutcome {
  const address = channel === 'fax' ? contact.fax : contact.email;
  if (!address) return { ok: false, message: messages.email.contactWithoutEmail };
  if (current.some((r) => same(r.address, address))) return { ok: false, message: alreadyChosen(address) };
  return { ok: true, recipients: [...current, { address, kind: contact.kind, name: contact.name }] };
}

export function addTyped(current: Recipient[], text: string, channel: Channel): AddOutcome {
  const next = [...current];
  for (const address of splitRecipients(text)) {
    const valid =
      channel === 'fax'
        ? address.length >= FAX_NUMBER_MIN_LENGTH && /^\+?[0-9().-]+$/.test(address)
        : EMAIL.test(address);
    if (!valid) return { ok: false, message: notAnAddress(address, channel) };
    if (next.some((r) => same(r.address, address))) return { ok: false, message: alreadyChosen(address) };
    next.push({ address, kind: null, name: null });
  }
  return { ok: true, recipients: next };
}
