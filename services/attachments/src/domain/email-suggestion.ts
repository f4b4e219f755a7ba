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
  if (isMachineSender(email.fromAddress) || machineSubject.test(email.subject))
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

/** What the service found out about the shipment an email concerns, each way it looks. */
export interface ShipmentFindings {
  /** the shipment its subject or body names (the mailbox reader's rule) */
  named: number | null;
  /** for a reply to the broker's mail: the shipments of the tracking status requests it answers */
  askedAbout: readonly number[];
  /** the shipment of the last mail filed from the same sender */
  lastFiledFromSender: number | null;
}

export interface ShipmentSuggestion {
  shipmentId: number | null;
  /** which rule decided, in words */
  shipmentReason: string;
}

/** Whether a person could have written mail from this address (not a bounce, an auto-reply, a no-reply). */
export const isMachineSender = (fromAddress: string) =>
  machineSender.test(fromAddress.trim().split('@')[0] ?? '');

/**
 * The shipment, first rule that holds: the one the email names; else, for a reply to a tracking status
 * request about one shipment, that one; else the sender rule: the shipment the last mail filed from the
 * same sender is on (a dispatcher keeps writing about the load they wrote about last), unless a machine sent
 * it (one no-reply address writes about every load); else none.
 */
export function suggestShipment(fromAddress: string, found: ShipmentFindings): ShipmentSuggestion {
  if (found.named !== null)
    return { shipmentId: found.named, shipmentReason: `It names shipment ${found.named}.` };
  if (found.askedAbout.length === 1) {
    const asked = found.askedAbout[0]!;
    return {
      shipmentId: asked,
      shipmentReason: `It answers the tracking status request about shipment ${asked}.`,
    };
  }
  const sender = fromAddress.trim();
  if (found.lastFiledFromSender !== null && sender && !isMachineSender(sender))
    return {
      shipmentId: found.lastFiledFromSender,
      shipmentReason: `The last email from ${sender} was filed on shipment ${found.lastFiledFromSender}.`,
    };
  return { shipmentId: null, shipmentReason: 'It names none of your shipments.' };
}
