// A staff member's mailbox (001 §3, 002 §3.8): its model and the rules of changing it. Pure: no I/O.
// The IMAP rule and its words are 001 §5's; the rest (server form, what reading needs, how a connection
// is secured) is written down in decision 0070.
import {
  DEFAULT_POST_PROCESSING_ACTION,
  messages,
  type PostProcessingAction,
  StaffMailboxConfigType,
  StaffMailboxPermission,
} from '@loadline/contracts/catalogue';
import { parseServer, type ServerAddress } from '@loadline/platform/mail-servers';
import { type FieldProblem, problem } from '@loadline/platform/problems';
import { signsInAtProvider } from './mailbox-sign-in.ts';

export { connectionSecurity, parseServer, type ServerAddress } from '@loadline/platform/mail-servers';

export const MailboxType = StaffMailboxConfigType.values;
export const MailboxPermission = StaffMailboxPermission.values;
export type PostProcessing = (typeof PostProcessingAction.codes)[number];

/** A mailbox as stored, its password sealed (secrets.ts); never sent out as it is. */
export interface Mailbox {
  userId: string;
  brokerId: string;
  mailboxType: number;
  username: string | null;
  /** the password sealed with the configured key, or null */
  sealedPassword: string | null;
  incomingMailServer: string | null;
  outgoingMailServer: string | null;
  permissions: number;
  postProcessingAction: PostProcessing;
  lastReadDate: Date | null;
  isAuthorized: boolean;
  /** a Gmail, Microsoft or Front mailbox's tokens, sealed like the password (decision 0036), or null */
  sealedAccessToken: string | null;
  sealedRefreshToken: string | null;
  /** when the access token expires: the renewal job renews it before then */
  tokenExpiresAt: Date | null;
  /** why a signed-in mailbox stopped being authorized (its provider refused a renewal), for the page */
  authorizationProblem: string | null;
}

/** What a staff member sends to change their mailbox; a password left out keeps the stored one. */
export interface MailboxChange {
  mailboxType: number;
  username?: string | null;
  password?: string | null;
  incomingMailServer?: string | null;
  outgoingMailServer?: string | null;
  permissions?: number;
  postProcessingAction?: PostProcessing;
}

/** A mailbox without a provider sign-in. */
export const noTokens = {
  sealedAccessToken: null,
  sealedRefreshToken: null,
  tokenExpiresAt: null,
  authorizationProblem: null,
} as const;

/** The mailbox a staff member has before configuring one: the product sends for them (Default). */
export const defaultMailbox = (userId: string, brokerId: string): Mailbox => ({
  userId,
  brokerId,
  mailboxType: MailboxType.Default,
  username: null,
  sealedPassword: null,
  incomingMailServer: null,
  outgoingMailServer: null,
  permissions: MailboxPermission.SendOnly,
  postProcessingAction: DEFAULT_POST_PROCESSING_ACTION,
  lastReadDate: null,
  isAuthorized: false,
  ...noTokens,
});

export const serverFormMessage = 'Enter the server as host:port, for example mail.example.com:993.';

const blank = (value: string | null | undefined) =>
  value === undefined || value === null || value.trim() === '';

/** Whether a permission reads mail (and so needs the incoming server). */
export const reads = (permissions: number) => permissions !== MailboxPermission.SendOnly;

/**
 * The field problems of a change, given whether a password is stored already. IMAP needs username,
 * password and outgoing server (001 §5), and the incoming server when it is to read mail; each missing
 * one is reported with 001 §5's words, under its field.
 */
export function mailboxChangeProblems(change: MailboxChange, hasStoredPassword: boolean): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!StaffMailboxConfigType.valueList.includes(change.mailboxType as never)) {
    problems.push(problem('mailboxType', 'Choose a mailbox type.'));
  }
  if (
    change.permissions !== undefined &&
    !StaffMailboxPermission.valueList.includes(change.permissions as never)
  ) {
    problems.push(problem('permissions', 'Choose the mailbox permissions.'));
  }
  if (change.mailboxType === MailboxType.IMAP) {
    const required = messages.mailbox.allFieldsRequired;
    if (blank(change.username)) problems.push(problem('username', required));
    if (blank(change.password) && !hasStoredPassword) problems.push(problem('password', required));
    if (blank(change.outgoingMailServer)) problems.push(problem('outgoingMailServer', required));
    if (reads(change.permissions ?? MailboxPermission.SendOnly) && blank(change.incomingMailServer)) {
      problems.push(problem('incomingMailServer', required));
    }
    for (const field of ['incomingMailServer', 'outgoingMailServer'] as const) {
      const value = change[field];
      if (!blank(value) && !parseServer(value!)) problems.push(problem(field, serverFormMessage));
    }
  }
  return problems;
}

/**
 * The mailbox after a valid change. IMAP keeps the credentials given (a new sealed password, or the stored
 * one) and counts as authorized: the staff member has just entered them. Default forgets every server and
 * credential. Gmail, Microsoft and Front keep only type, permissions and post-processing: their sign-in at
 * the provider (mailbox-sign-in.ts) authorizes them, and a change that keeps the type keeps it.
 */
export function applyMailboxChange(current: Mailbox, change: MailboxChange, sealed: string | null): Mailbox {
  const base = {
    ...current,
    mailboxType: change.mailboxType,
    permissions: change.permissions ?? current.permissions,
    postProcessingAction: change.postProcessingAction ?? current.postProcessingAction,
  };
  if (change.mailboxType === MailboxType.IMAP) {
    return {
      ...base,
      username: change.username!.trim(),
      sealedPassword: sealed ?? current.sealedPassword,
      incomingMailServer: blank(change.incomingMailServer) ? null : change.incomingMailServer!.trim(),
      outgoingMailServer: change.outgoingMailServer!.trim(),
      isAuthorized: true,
      ...noTokens,
    };
  }
  // Gmail, Microsoft, Front: changing permissions or post-processing keeps the sign-in (decision 0036).
  if (change.mailboxType === current.mailboxType && signsInAtProvider(change.mailboxType)) return base;
  return {
    ...base,
    username: null,
    sealedPassword: null,
    incomingMailServer: null,
    outgoingMailServer: null,
    isAuthorized: false,
    ...noTokens,
    lastReadDate: change.mailboxType === current.mailboxType ? current.lastReadDate : null,
  };
}

/** Unauthorizing forgets the credentials (password, tokens) and keeps the rest of the settings. */
export const unauthorized = (mailbox: Mailbox, problem: string | null = null): Mailbox => ({
  ...mailbox,
  sealedPassword: null,
  isAuthorized: false,
  ...noTokens,
  authorizationProblem: problem,
});

/** The address mail from a staff member goes out from: their IMAP account's when it is an address. */
export function sendingAddress(staffEmail: string, mailbox: Mailbox): string {
  if (
    mailbox.mailboxType === MailboxType.IMAP &&
    mailbox.username &&
    /^[^@\s]+@[^@\s]+$/.test(mailbox.username)
  ) {
    return mailbox.username;
  }
  return staffEmail;
}

export type ConnectionProblem = 'wrongPassword' | 'unreachable' | 'tls' | 'timeout' | 'refused';

/** What a connection test says of one server, naming the part that failed (001 §7 imapconfig/test). */
export function connectionMessage(
  protocol: 'imap' | 'smtp',
  server: ServerAddress,
  problem: ConnectionProblem | null,
): string {
  const part = protocol === 'imap' ? 'incoming (IMAP) server' : 'outgoing (SMTP) server';
  const where = `${server.host}:${server.port}`;
  switch (problem) {
    case null:
      return `Signed in to the ${part} ${where}.`;
    case 'wrongPassword':
      return `The ${part} ${where} refused the sign-in: wrong username or password.`;
    case 'unreachable':
      return `The ${part} ${where} cannot be reached. Check the server name and port.`;
    case 'timeout':
      return `The ${part} ${where} did not answer in time.`;
    case 'tls':
      return `A secure (TLS) connection to the ${part} ${where} could not be set up.`;
    case 'refused':
      return `The ${part} ${where} refused the connection.`;
  }
}

/** Tokens of a provider sign-in, sealed (secrets.ts). */
export interface SealedTokens {
  sealedAccessToken: string;
  sealedRefreshToken: string;
  tokenExpiresAt: Date;
}

/**
 * The mailbox after a sign-in at its provider (decision 0036): the provider's type, the signed-in account
 * as its username, the tokens, authorized; no password or servers (the provider's are known); the
 * permissions and post-processing chosen with the sign-in, else those kept.
 */
export function signedIn(
  current: Mailbox,
  mailboxType: number,
  account: string,
  tokens: SealedTokens,
  chosen: { permissions: number | null; postProcessingAction: PostProcessing | null },
): Mailbox {
  return {
    ...current,
    mailboxType,
    username: account,
    sealedPassword: null,
    incomingMailServer: null,
    outgoingMailServer: null,
    permissions: chosen.permissions ?? current.permissions,
    postProcessingAction: chosen.postProcessingAction ?? current.postProcessingAction,
    lastReadDate: mailboxType === current.mailboxType ? current.lastReadDate : null,
    isAuthorized: true,
    ...tokens,
    authorizationProblem: null,
  };
}
