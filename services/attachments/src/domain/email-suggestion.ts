// Suggestions for an email (001 §7 POST /api/emailai/getsuggestion; issue 18 item 9; decision 0076): the
// email automation type (002 §3.8: Quote, Operations, Attachment, Other, Reply) and the shipment it concerns,
// by deterministic rules over its text and sender — the same rules the mailbox reader files mail by
// (inbound-mail.ts), with one more for mail no person wrote. Pure: no I/O.
import { automationType } from './inbound-mail.ts';

/** Senders that are machines: bounces, auto-replies, no-reply addresses. */
const machineSender =
  /^(mailer-daemon|postmaster|no-?reply|do-?not-?reply|donotreply|auto-?reply|bounces?)([+.@-]|$)/i;
/** Subjects of mail no person wrote: out-of-office and delivery reports. */
const machineSubject =
  /^\s*(out of (the )?office|automatic reply|auto(matic)?[- ]?reply|undeliverable|undelivered mail|delivery status notification|mail delivery (failed|failure)|returned mail)\b/i;

export interface EmailToSuggest {
  subject: string;
  body: string;
  fromAddress: string;
  fileCount: number;
  /** it answers mail the broker's product sent (its In-Reply-To/References name one) */
  isReply: boolean;
}

export interface TypeSuggestion {
  emailAutomationType: 'Quote' | 'Operations' | 'Attachment' | 'Other' | 'Reply';
  /** which rule decided, in words */
  reason: string;
}

/**
 * The type, first rule that holds: Reply (answers the product's mail); Other (a machine sent it: bounce,
 * auto-reply, no-reply sender); Quote (the subject says quote); Attachment (it carries files); Operations.
 */
export function suggestType(email: EmailToSuggest): TypeSuggestion {
  if (email.isReply)
    return { emailAutomationType: 'Reply', reason: 'It answers an email sent from Loadline.' };
  const local = email.fromAddress.trim().split('@')[0] ?? '';
  if (machineSender.test(local) || machineSubject.test(email.subject))
    return {
      emailAutomationType: 'Other',
      reason: 'No person wrote it (an automatic reply or a delivery report).',
    };
  const type = automationType({ isReply: false, subject: email.subject, fileCount: email.fileCount });
  const reasons: Record<string, string> = {
    Quote: 'Its subject asks about a quote.',
    Attachment: 'It carries files.',
    Operations: 'It is about a load and carries no files.',
  };
  return { emailAutomationType: type as TypeSuggestion['emailAutomationType'], reason: reasons[type]! };
}
