// Who a document goes to (001 §5 "Sending email or fax"): the one implementation the document sender's
// screens and the attachments service share. Pure.
import { FAX_NUMBER_MIN_LENGTH, splitRecipients } from '../catalogue/constants.ts';
import { isEmailAddress, notEmailAddresses } from './emails.ts';
import { isPhoneNumber, PHONE_MAX_LENGTH, splitPhoneList } from './phone.ts';

export type Channel = 'email' | 'fax';

/** 001 §5: a fax number has at least 10 characters; it is a phone number ("(555) 010-2001", "+44 20 7946 0958"). */
export const isFaxNumber = (value: string): boolean =>
  value.length >= FAX_NUMBER_MIN_LENGTH && isPhoneNumber(value);

/** Ours: the field message of a fax number that is not one. */
export const notAFaxNumber = (value: string) =>
  `${value.slice(0, PHONE_MAX_LENGTH)} is not a fax number: a fax number is a phone number of at least ${FAX_NUMBER_MIN_LENGTH} characters, such as (555) 010-2001.`;

/**
 * Addresses typed into one box, split as 001 §5 says (comma, semicolon or space); fax numbers split on
 * spaces only between whole numbers, since "(555) 010-2001" has one.
 */
export function splitRecipientsFor(text: string, channel: Channel): string[] {
  return channel === 'fax' ? splitPhoneList(text) : splitRecipients(text);
}

export const isRecipient = (address: string, channel: Channel): boolean =>
  channel === 'fax' ? isFaxNumber(address) : isEmailAddress(address);

/** The problem with one recipient, or null. */
export function recipientProblem(address: string, channel: Channel): string | null {
  if (isRecipient(address, channel)) return null;
  return channel === 'fax' ? notAFaxNumber(address) : notEmailAddresses([address]);
}

/**
 * 001 §5: the delivery warnings a send may carry (the attachments service decides them from who each address
 * belongs to); the send form names the ones the user dismissed, by these codes.
 */
export const DeliveryWarningCodes = ['carrierConfirmation', 'invoice', 'carrierDocuments'] as const;
export type DeliveryWarningCode = (typeof DeliveryWarningCodes)[number];
