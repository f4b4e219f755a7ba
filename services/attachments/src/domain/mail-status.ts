// The mail send status of an outgoing email or fax (002 §3.8): where a message is and why it failed.
//
// A message starts at GeneratePDFs (9) when documents must be made first, else ReadyToSend (10). A failure
// the receiving server may get over (a refused connection, a time-out, a 4xx answer, a locked file) is
// tried again: Retry 1 (11), Retry 2 (12), then Retry Timeout (103) — 002 §4's two retries. A failure that
// trying again cannot mend ends at once with its reason. Success is 90. A fax goes through Fax send
// requested (201) to Success, Fax failed (205) or Quota Exceeded (206).
import { MAIL_MAX_RETRIES, MailSendStatus, type MailSendStatusValue } from '@loadline/contracts/catalogue';

const S = MailSendStatus.values;

/** Statuses from which a message may still be sent. */
export const inFlightStatuses: readonly MailSendStatusValue[] = [
  S.GeneratePDFs,
  S.ReadyToSend,
  S.Retry1,
  S.Retry2,
  S.AttachmentLocked,
  S.FaxSendRequested,
];

export const isFinal = (status: number): boolean => !inFlightStatuses.includes(status as MailSendStatusValue);

/** Sending attempts: the first try and 002 §4's two retries. */
export const MAIL_ATTEMPTS = 1 + MAIL_MAX_RETRIES;

/** What went wrong, as the sending code saw it (an SMTP error from nodemailer, a storage error, a fax error). */
export interface SendFailure {
  /** nodemailer's code (ECONNECTION, ETIMEDOUT, EENVELOPE, EMESSAGE, EAUTH...) or a file system code */
  code?: string | undefined;
  /** the SMTP reply code, e.g. 550 */
  responseCode?: number | undefined;
  /** the SMTP command that failed, e.g. 'RCPT TO' or 'MAIL FROM' */
  command?: string | undefined;
  /** our own reasons */
  reason?:
    | 'missing-attachment'
    | 'invalid-address'
    | 'quota'
    | 'fax-failed'
    | 'invalid-sender'
    /** a Gmail or Microsoft mailbox's access token expired or was refused: renewed meanwhile (decision 0037) */
    | 'sign-in-renewing'
    | undefined;
}

export interface FailureOutcome {
  status: MailSendStatusValue;
  /** try again later (BullMQ's backoff) */
  retry: boolean;
}

const transientCodes = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
]);

/**
 * The status after a failed attempt number `attempt` (1 for the first try). Permanent failures end at once
 * with their reason; transient ones move through Retry 1 and Retry 2 to Retry Timeout.
 */
export function afterFailure(failure: SendFailure, attempt: number): FailureOutcome {
  const permanent = permanentReason(failure);
  if (permanent) return { status: permanent, retry: false };
  // The directory renews the sign-in meanwhile: tried again with the new token; still none at the last
  // attempt, the sender's mailbox is what fails (decision 0037).
  if (failure.reason === 'sign-in-renewing') {
    if (attempt >= MAIL_ATTEMPTS) return { status: S.InvalidSender, retry: false };
    return { status: attempt === 1 ? S.Retry1 : S.Retry2, retry: true };
  }
  const transient =
    failure.code === 'EBUSY' ||
    failure.code === 'EAGAIN' ||
    (failure.code !== undefined && transientCodes.has(failure.code)) ||
    (failure.responseCode !== undefined && failure.responseCode >= 400 && failure.responseCode < 500);
  if (!transient) return { status: S.UnspecifiedError, retry: false };
  if (attempt >= MAIL_ATTEMPTS) return { status: S.RetryTimeout, retry: false };
  if (failure.code === 'EBUSY' || failure.code === 'EAGAIN')
    return { status: S.AttachmentLocked, retry: true };
  return { status: attempt === 1 ? S.Retry1 : S.Retry2, retry: true };
}

function permanentReason(failure: SendFailure): MailSendStatusValue | null {
  switch (failure.reason) {
    case 'missing-attachment':
      return S.MissingAttachment;
    case 'invalid-address':
      return S.InvalidEmailAddressFormat;
    case 'quota':
      return S.QuotaExceeded;
    case 'fax-failed':
      return S.FaxFailed;
    // The sender's own SMTP server refused their sign-in (decision 0073): the sender is wrong, not the message.
    case 'invalid-sender':
      return S.InvalidSender;
  }
  if (failure.code === 'ENOENT') return S.MissingAttachment;
  const code = failure.responseCode;
  if (code === undefined || code < 500) return null;
  const command = (failure.command ?? '').toUpperCase();
  if (command.startsWith('MAIL')) return S.InvalidSender;
  if (command.startsWith('RCPT'))
    return code === 553 || code === 501 ? S.InvalidEmailAddressFormat : S.InvalidRecipient;
  // 552: too large for the mailbox; 554 and the rest: refused after the data
  return S.Undeliverable;
}
