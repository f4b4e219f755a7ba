// Use cases of a staff member's mailbox and signature (001 §2, §3, §5, §7; issue 18 items 1 and 6). A staff
// member reads and changes only their own mailbox; the address and signature of another staff member are
// read only within the same broker. Passwords are sealed before they are stored and never leave in an answer.

import { messages } from '@loadline/contracts/catalogue';
import { permissionsAllowed, replyOnlyRefusal } from '@loadline/contracts/rules/mailbox';
import { forbidden, type Identity, notFound, problemsError, rejectProblems } from '@loadline/platform';
import {
  applyMailboxChange,
  connectionMessage,
  defaultMailbox,
  type Mailbox,
  type MailboxChange,
  MailboxType,
  mailboxChangeProblems,
  parseServer,
  sendingAddress,
  unauthorized,
} from '../domain/mailbox.ts';
import { openSecret, sealSecret } from '../domain/secrets.ts';
import { sanitizeSignature } from '../domain/signature.ts';
import type { DirectoryDeps } from '../service.ts';
import {
  deleteMailbox,
  findMailbox,
  findSignature,
  publishMailbox,
  saveMailbox,
  saveSignature,
} from '../store/mailboxes.ts';
import { type Db, featureFlagsOf } from '../store/organizations.ts';
import { findUser } from '../store/users.ts';
import { revokeAtProvider } from './revoke-sign-in.ts';

export function requireStaffCaller(caller: Identity): void {
  if (caller.kind !== 'staff') throw forbidden('Only broker staff have a mailbox.');
}

/** 001 §6: under the reply-only flag a mailbox reads only replies (the modal offers by the same rule). */
export async function requirePermissionsAllowed(
  db: Db,
  caller: Identity,
  current: Mailbox,
  permissions: number | undefined | null,
): Promise<void> {
  if (
    permissions !== undefined &&
    permissions !== null &&
    !permissionsAllowed(await featureFlagsOf(db, caller.brokerId), current.permissions).some(
      (p) => p.value === permissions,
    )
  )
    throw problemsError([{ field: 'permissions', message: replyOnlyRefusal }]);
}

const hasStoredPassword = (mailbox: Mailbox) =>
  mailbox.mailboxType === MailboxType.IMAP && mailbox.sealedPassword !== null;

async function currentMailbox(deps: DirectoryDeps, caller: Identity): Promise<Mailbox> {
  return (
    (await findMailbox(deps.runtime.db, caller.userId)) ?? defaultMailbox(caller.userId, caller.brokerId)
  );
}

export async function getMailbox(deps: DirectoryDeps, caller: Identity): Promise<Mailbox> {
  requireStaffCaller(caller);
  return currentMailbox(deps, caller);
}

export async function changeMailbox(
  deps: DirectoryDeps,
  caller: Identity,
  change: MailboxChange,
): Promise<Mailbox> {
  requireStaffCaller(caller);
  const { runtime, settings } = deps;
  const { current, next } = await runtime.db.transaction().execute(async (trx) => {
    const current =
      (await findMailbox(trx, caller.userId, 'forUpdate')) ?? defaultMailbox(caller.userId, caller.brokerId);
    rejectProblems(mailboxChangeProblems(change, hasStoredPassword(current)));
    await requirePermissionsAllowed(trx, caller, current, change.permissions);
    const password = change.password?.trim() ? change.password : null;
    const sealed =
      change.mailboxType === MailboxType.IMAP && password
        ? sealSecret(settings.mailboxSecretKey, caller.userId, password)
        : null;
    const next = applyMailboxChange({ ...current, brokerId: caller.brokerId }, change, sealed);
    await saveMailbox(trx, next);
    await publishMailbox(runtime, trx, caller.userId, caller.brokerId, next);
    return { current, next };
  });
  // Another type forgets a provider sign-in: revoked there too.
  if (next.sealedRefreshToken !== current.sealedRefreshToken) await revokeAtProvider(deps, current);
  return next;
}

export interface ServerCheck {
  ok: boolean;
  message: string;
}

export interface ConnectionTest {
  ok: boolean;
  /** the incoming server's check, when one was given */
  imap: ServerCheck | null;
  smtp: ServerCheck;
}

/**
 * The stored password in clear, for a connection only. One sealed with another key (MAILBOX_SECRET_KEY
 * changed) cannot be opened: the staff member is asked for it again, as when none is stored.
 */
function storedPassword(deps: DirectoryDeps, mailbox: Mailbox): string {
  try {
    return openSecret(deps.settings.mailboxSecretKey, mailbox.userId, mailbox.sealedPassword!);
  } catch {
    throw problemsError([{ field: 'password', message: messages.mailbox.allFieldsRequired }]);
  }
}

/**
 * Signs in to the servers of an IMAP configuration as entered (a password left out: the stored one) and
 * says, for each, whether it worked and what failed. Nothing is saved.
 */
export async function testMailboxConnection(
  deps: DirectoryDeps,
  caller: Identity,
  input: Omit<MailboxChange, 'mailboxType'>,
): Promise<ConnectionTest> {
  requireStaffCaller(caller);
  const change: MailboxChange = { ...input, mailboxType: MailboxType.IMAP };
  const current = await currentMailbox(deps, caller);
  rejectProblems(mailboxChangeProblems(change, hasStoredPassword(current)));
  const password = change.password?.trim() ? change.password : storedPassword(deps, current);
  const username = change.username!.trim();
  const { mailServers } = deps.adapters;
  const outgoing = parseServer(change.outgoingMailServer!)!;
  const incoming = change.incomingMailServer?.trim() ? parseServer(change.incomingMailServer)! : null;
  const [imap, smtp] = await Promise.all([
    incoming ? mailServers.checkImap({ server: incoming, username, password }) : null,
    mailServers.checkSmtp({ server: outgoing, username, password }),
  ]);
  const imapCheck =
    incoming && imap
      ? { ok: imap.ok, message: connectionMessage('imap', incoming, imap.ok ? null : imap.problem) }
      : null;
  const smtpCheck = {
    ok: smtp.ok,
    message: connectionMessage('smtp', outgoing, smtp.ok ? null : smtp.problem),
  };
  return { ok: smtp.ok && (imapCheck?.ok ?? true), imap: imapCheck, smtp: smtpCheck };
}

/** Forgets the mailbox's credentials; its other settings stay (001 §7 mailbox/unauthorize). */
export async function unauthorizeMailbox(deps: DirectoryDeps, caller: Identity): Promise<Mailbox> {
  requireStaffCaller(caller);
  const { forgotten, next } = await deps.runtime.db.transaction().execute(async (trx) => {
    const current = await findMailbox(trx, caller.userId, 'forUpdate');
    if (!current) return { forgotten: undefined, next: defaultMailbox(caller.userId, caller.brokerId) };
    const next = unauthorized(current);
    await saveMailbox(trx, next);
    await publishMailbox(deps.runtime, trx, caller.userId, caller.brokerId, next);
    return { forgotten: current, next };
  });
  await revokeAtProvider(deps, forgotten);
  return next;
}

/** Back to the Default mailbox: the configuration and its credentials are deleted (001 §7 mailbox/reset). */
export async function resetMailbox(deps: DirectoryDeps, caller: Identity): Promise<Mailbox> {
  requireStaffCaller(caller);
  const forgotten = await deps.runtime.db.transaction().execute(async (trx) => {
    const current = await findMailbox(trx, caller.userId, 'forUpdate');
    await deleteMailbox(trx, caller.userId);
    await publishMailbox(deps.runtime, trx, caller.userId, caller.brokerId, null);
    return current;
  });
  await revokeAtProvider(deps, forgotten);
  return defaultMailbox(caller.userId, caller.brokerId);
}

/** A staff member of the caller's broker, or the 404 with the given words. */
async function staffOfCallersBroker(deps: DirectoryDeps, caller: Identity, staffId: string, missing: string) {
  const user = await findUser(deps.runtime.db, staffId);
  if (!user || user.kind !== 'staff' || user.organizationId !== caller.brokerId) throw notFound(missing);
  return user;
}

/** The address mail from a staff member of the caller's broker goes out from (001 §7 email/address). */
export async function emailAddressOf(
  deps: DirectoryDeps,
  caller: Identity,
  staffId: string,
): Promise<{ staffId: string; emailAddress: string; mailboxType: number }> {
  requireStaffCaller(caller);
  const user = await staffOfCallersBroker(deps, caller, staffId, `User ${staffId} was not found.`);
  const mailbox = (await findMailbox(deps.runtime.db, staffId)) ?? defaultMailbox(staffId, caller.brokerId);
  return { staffId, emailAddress: sendingAddress(user.email, mailbox), mailboxType: mailbox.mailboxType };
}

/** A staff member's signature: the caller's own, or another's of the same broker ('' when none is set). */
export async function getSignature(
  deps: DirectoryDeps,
  caller: Identity,
  staffId?: string,
): Promise<{ staffId: string; signature: string }> {
  requireStaffCaller(caller);
  const id = staffId ?? caller.userId;
  if (id !== caller.userId) await staffOfCallersBroker(deps, caller, id, messages.email.signatureLoadFailed);
  return { staffId: id, signature: (await findSignature(deps.runtime.db, id)) ?? '' };
}

export async function changeSignature(
  deps: DirectoryDeps,
  caller: Identity,
  signature: string,
): Promise<{ staffId: string; signature: string }> {
  requireStaffCaller(caller);
  const clean = sanitizeSignature(signature);
  await deps.runtime.db.transaction().execute(async (trx) => {
    await saveSignature(trx, caller.userId, caller.brokerId, clean);
    // The attachments service appends it to the mail the staff member sends (decision 0073).
    await publishMailbox(
      deps.runtime,
      trx,
      caller.userId,
      caller.brokerId,
      (await findMailbox(trx, caller.userId)) ?? null,
    );
  });
  return { staffId: caller.userId, signature: clean };
}
