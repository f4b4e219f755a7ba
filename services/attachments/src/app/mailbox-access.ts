// Signing in to a staff member's own mail servers (decisions 0071, 0073, 0037): the credentials opened only
// for the connection about to be made — an IMAP mailbox's password, a Gmail or Microsoft mailbox's access
// token — and a token found expired or refused reported once to the directory (tms.attachments.mailbox.
// signin.refused.v1), which renews the sign-in or unauthorizes the mailbox. A token already reported is not
// tried again: the reader and the sender wait for the directory's new one, so nothing loops on a refusal.
import { subjects } from '@loadline/contracts/events';
import { openSecret } from '@loadline/platform';
import { type MailAccess, refusalReason, tokenUse } from '../domain/provider-mailbox.ts';
import type { AttachmentsDeps } from '../service.ts';
import { clearTokenRefusals, type MailboxRow, recordTokenRefused } from '../store/inbound-mail.ts';

export type Opened =
  | { ok: true; secret: { password: string } | { accessToken: string } }
  /** no-key: sealed with another key; expired: reported now; awaiting-renewal: reported before */
  | { ok: false; why: 'no-key' | 'expired' | 'awaiting-renewal' };

/**
 * The clear credentials of a mailbox for one connection, or why there are none now. A token past its expiry
 * is reported (reason expired) instead of being tried.
 */
export async function openCredentials(
  deps: AttachmentsDeps,
  mailbox: MailboxRow,
  access: MailAccess,
  protocol: 'imap' | 'smtp',
  now = new Date(),
): Promise<Opened> {
  const key = deps.settings.mailboxSecretKey;
  if (!key) return { ok: false, why: 'no-key' };
  const { credentials } = access;
  if (credentials.kind === 'token') {
    const use = tokenUse(mailbox, credentials.expiresAt, now);
    if (use === 'awaiting-renewal') return { ok: false, why: use };
    if (use === 'expired') {
      await reportRefusal(deps, mailbox, credentials.sealed, 'expired', protocol);
      return { ok: false, why: use };
    }
  }
  try {
    const clear = openSecret(key, mailbox.user_id, credentials.sealed);
    return { ok: true, secret: credentials.kind === 'token' ? { accessToken: clear } : { password: clear } };
  } catch {
    // Sealed with another key (decision 0070): the staff member has to enter it, or sign in, again.
    deps.runtime.logger.warn(
      { userId: mailbox.user_id, kind: credentials.kind },
      'mailbox credentials could not be opened; the mailbox is not used',
    );
    return { ok: false, why: 'no-key' };
  }
}

/** The server refused a token: reported, as expired when it had passed its expiry anyway, else refused. */
export async function tokenRefusedByServer(
  deps: AttachmentsDeps,
  mailbox: MailboxRow,
  access: MailAccess,
  protocol: 'imap' | 'smtp',
): Promise<void> {
  if (access.credentials.kind !== 'token') return;
  const reason = refusalReason(access.credentials.expiresAt, new Date());
  await reportRefusal(deps, mailbox, access.credentials.sealed, reason, protocol);
}

/** A sign-in with the token worked: the refusals in a row are forgotten. */
export async function tokenWorked(deps: AttachmentsDeps, mailbox: MailboxRow, access: MailAccess) {
  if (access.credentials.kind === 'token' && mailbox.signin_refusals > 0)
    await clearTokenRefusals(deps.runtime.db, mailbox.user_id);
}

/** Once per token: recorded and the event appended in one transaction (the outbox), or nothing. */
async function reportRefusal(
  deps: AttachmentsDeps,
  mailbox: MailboxRow,
  sealedAccessToken: string,
  reason: 'expired' | 'refused',
  protocol: 'imap' | 'smtp',
): Promise<void> {
  const reported = await deps.runtime.db.transaction().execute(async (trx) => {
    const refusals = await recordTokenRefused(trx, mailbox.user_id, sealedAccessToken, reason === 'refused');
    if (refusals === undefined) return false;
    await deps.runtime.appendEvent(trx, subjects.mailboxSignInRefused, {
      userId: mailbox.user_id,
      brokerId: mailbox.broker_id,
      mailboxType: mailbox.mailbox_type,
      sealedAccessToken,
      reason,
      protocol,
      refusals,
      refusedAt: new Date().toISOString(),
    });
    return true;
  });
  if (reported)
    deps.runtime.logger.info(
      { userId: mailbox.user_id, reason, protocol },
      'a mailbox access token could not be used; the directory renews the sign-in',
    );
}
