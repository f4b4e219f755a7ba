// Mail a staff member sends goes out from their own mailbox when it has one (issue 18 item 5; decision
// 0073), with their signature appended. Pure: no I/O.
import { StaffMailboxConfigType } from '@loadline/contracts/catalogue';
import { isEmailAddress } from '@loadline/contracts/rules/emails';
import { signsInWithToken } from './provider-mailbox.ts';

export interface SendingMailbox {
  mailbox_type: number;
  is_authorized: boolean;
  sealed_password: string | null;
  outgoing_mail_server: string | null;
  username: string | null;
  /** a Gmail or Microsoft mailbox's access token, sealed (decision 0037) */
  sealed_access_token?: string | null;
}

/**
 * Whether mail is sent through the staff member's own SMTP server: an authorized IMAP mailbox with its
 * credentials and outgoing server, or an authorized Gmail or Microsoft mailbox with its access token (sent
 * at its provider's SMTP server with XOAUTH2, decision 0037).
 */
export function sendsFromOwnMailbox(m: SendingMailbox | undefined): boolean {
  if (!m || !m.is_authorized || !m.username) return false;
  if (m.mailbox_type === StaffMailboxConfigType.values.IMAP)
    return m.sealed_password !== null && Boolean(m.outgoing_mail_server);
  return signsInWithToken(m.mailbox_type) && Boolean(m.sealed_access_token);
}

/** The From of mail sent from the mailbox: its username when it is an address, else the staff member's email. */
export const ownAddress = (username: string, staffEmail: string) =>
  isEmailAddress(username) ? username : staffEmail;

const entities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** The signature's words for the plain-text part: line breaks kept, tags dropped, entities decoded. */
export function signatureText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|tr|h[1-6])>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (e) => entities[e] ?? e)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The message with the signature appended: the text part under the usual "-- " separator, and an HTML part
 * (the body escaped, the signature as the staff member wrote it, already sanitized by the directory).
 */
export function withSignature(body: string, signature: string): { text: string; html?: string } {
  const words = signatureText(signature);
  if (!words) return { text: body };
  return {
    text: `${body}\n\n-- \n${words}`,
    html: `<div>${escapeHtml(body).replace(/\n/g, '<br>')}</div><br><div>-- </div>${signature}`,
  };
}
