// Building the recipient list of the document sender (001 §5): typed addresses split on comma, semicolon
// or space (a fax number keeps its own spaces); contacts picked from the list, refused without an email (or
// fax) and when already chosen. What counts as an address is the shared rule the server applies too
// (@loadline/contracts/rules/recipients).
import { messages } from '@loadline/contracts';
import { type Channel, recipientProblem, splitRecipientsFor } from '@loadline/contracts/rules/recipients';
import type { Contact } from '../api/types.ts';

export type { Channel };

export interface Recipient {
  address: string;
  /** who the recipient is, when picked from the contacts (drives the delivery warnings) */
  kind: Contact['kind'] | null;
  name: string | null;
}

export type AddOutcome = { ok: true; recipients: Recipient[] } | { ok: false; message: string };

/** Ours: the spec refuses duplicates without quoting a text. */
export const alreadyChosen = (address: string) => `${address} is already a recipient.`;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function addContact(current: Recipient[], contact: Contact, channel: Channel): AddOutcome {
  const address = channel === 'fax' ? contact.fax : contact.email;
  if (!address) return { ok: false, message: messages.email.contactWithoutEmail };
  if (current.some((r) => same(r.address, address))) return { ok: false, message: alreadyChosen(address) };
  return { ok: true, recipients: [...current, { address, kind: contact.kind, name: contact.name }] };
}

export function addTyped(current: Recipient[], text: string, channel: Channel): AddOutcome {
  const next = [...current];
  for (const address of splitRecipientsFor(text, channel)) {
    const problem = recipientProblem(address, channel);
    if (problem) return { ok: false, message: problem };
    if (next.some((r) => same(r.address, address))) return { ok: false, message: alreadyChosen(address) };
    next.push({ address, kind: null, name: null });
  }
  return { ok: true, recipients: next };
}
