// The reply-only feature flag (001 §6, decision 0074): the one rule the directory service refuses by and the
// mailbox configuration modal offers by. Pure.
import { FeatureFlag, StaffMailboxPermission } from '../catalogue/index.ts';

export const REPLY_ONLY_FLAG = FeatureFlag.byCode.MailIntegrationReplyOnly.code;

const SendAndRead = StaffMailboxPermission.values.SendAndRead;

/**
 * The mailbox permissions a staff member may choose under the broker's flags: with MailIntegrationReplyOnly a
 * mailbox reads only replies, so Send And Read is not offered (unless it is already the saved one).
 */
export function permissionsAllowed(flags: readonly string[], current: number) {
  const replyOnly = flags.includes(REPLY_ONLY_FLAG);
  return StaffMailboxPermission.entries.filter(
    (p) => !replyOnly || p.value !== SendAndRead || p.value === current,
  );
}

export const replyOnlyRefusal =
  'Your broker reads only replies to mail sent from Loadline: choose Send And Read Replies or Send Only.';

/** Ours (decision 0070): a mail signature holds at most this many characters, as the editor and the service check. */
export const SIGNATURE_MAX_LENGTH = 20_000;

/** The providers a mailbox signs in with (decision 0036): the `{provider}` segment of the sign-in calls. */
export const MAILBOX_SIGN_IN_PROVIDERS = ['google', 'microsoft', 'front'] as const;
