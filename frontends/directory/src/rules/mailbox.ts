// The mailbox configuration form (001 §3, §5, §6): what it holds, what it sends, when it holds unsaved data.
// The service decides (decision 0070); these rules only decide what the modal offers and sends.
import {
  DEFAULT_POST_PROCESSING_ACTION,
  messages,
  StaffMailboxConfigType,
  StaffMailboxPermission,
} from '@loadline/contracts';
import { permissionsAllowed } from '@loadline/contracts/rules/mailbox';
import type { ConnectionTest, Mailbox, MailboxChange, SignInProvider } from '../api/mailbox.ts';

export const MailboxType = StaffMailboxConfigType.values;
export const MailboxPermission = StaffMailboxPermission.values;

export interface MailboxForm {
  mailboxType: Mailbox['mailboxType'];
  username: string;
  /** empty: the stored password is kept */
  password: string;
  incomingMailServer: string;
  outgoingMailServer: string;
  permissions: Mailbox['permissions'];
  postProcessingAction: Mailbox['postProcessingAction'];
}

export const formOf = (m: Mailbox): MailboxForm => ({
  mailboxType: m.mailboxType,
  username: m.username ?? '',
  password: '',
  incomingMailServer: m.incomingMailServer ?? '',
  outgoingMailServer: m.outgoingMailServer ?? '',
  permissions: m.permissions,
  postProcessingAction: m.postProcessingAction ?? DEFAULT_POST_PROCESSING_ACTION,
});

export const isDirty = (m: Mailbox, form: MailboxForm) => JSON.stringify(formOf(m)) !== JSON.stringify(form);

export const isImap = (form: Pick<MailboxForm, 'mailboxType'>) => form.mailboxType === MailboxType.IMAP;

/** Gmail, Microsoft and Front sign in at the provider (001 §2's popups), not with a password. */
export const signsInAtProvider = (form: Pick<MailboxForm, 'mailboxType'>) =>
  form.mailboxType === MailboxType.Gmail ||
  form.mailboxType === MailboxType.Microsoft ||
  form.mailboxType === MailboxType.Front;

/** Whether the mailbox is read (SendAndRead, SendAndReadReplies): then the post-processing action applies. */
export const reads = (permissions: number) => permissions !== MailboxPermission.SendOnly;

/**
 * What the modal sends: IMAP its credentials and servers (a password left empty keeps the stored one), the
 * provider types their permissions and post-processing, Default nothing else (the service forgets the rest).
 */
export function changeOf(form: MailboxForm): MailboxChange {
  if (form.mailboxType === MailboxType.Default) return { mailboxType: form.mailboxType };
  const settings = { permissions: form.permissions, postProcessingAction: form.postProcessingAction };
  if (!isImap(form)) return { mailboxType: form.mailboxType, ...settings };
  return {
    mailboxType: form.mailboxType,
    username: form.username.trim(),
    ...(form.password ? { password: form.password } : {}),
    incomingMailServer: form.incomingMailServer.trim() || null,
    outgoingMailServer: form.outgoingMailServer.trim(),
    ...settings,
  };
}

/** 001 §6, decision 0074: the permissions offered under the broker's flags, by the rule the service refuses by. */
export const permissionsOffered = permissionsAllowed;

/**
 * A field's own message beside it; 001 §5's 'All fields are required…' is said once above the form, so a
 * field it names is only marked.
 */
export function fieldError(problems: Record<string, string[]>, field: string): string | boolean {
  const own = (problems[field] ?? []).filter((m) => m !== messages.mailbox.allFieldsRequired);
  if (own.length > 0) return own.join(' ');
  return (problems[field]?.length ?? 0) > 0;
}

/** The connection test's answer as lines, incoming (IMAP) first: each names its part and whether it signed in. */
export function testLines(test: ConnectionTest): { ok: boolean; message: string }[] {
  return [...(test.imap ? [test.imap] : []), test.smtp];
}

/** 001 §7: the provider path a mailbox type signs in at (Gmail 3 google, Microsoft 4 microsoft, Front 5 front). */
export function signInProviderOf(mailboxType: number): SignInProvider | null {
  if (mailboxType === MailboxType.Gmail) return 'google';
  if (mailboxType === MailboxType.Microsoft) return 'microsoft';
  if (mailboxType === MailboxType.Front) return 'front';
  return null;
}

export const signInProviderName: Record<SignInProvider, string> = {
  google: 'Google',
  microsoft: 'Microsoft',
  front: 'Front',
};
