// SQL of staff mailboxes and signatures: one row each per staff member, keyed by the user id.
import { subjects } from '@loadline/contracts/events';
import { type EventWriter, sql } from '@loadline/platform';
import { defaultMailbox, type Mailbox, type PostProcessing } from '../domain/mailbox.ts';
import type { Db } from './organizations.ts';
import type { DirectoryTables } from './tables.ts';

/**
 * Tells the attachments service (it reads the mail and sends it, decisions 0071, 0073) what a staff member's
 * mailbox and signature now are, in the transaction of the change; `null` when the mailbox was reset. The password and
 * a provider's access token go only as stored: sealed (decisions 0071, 0037). The version is the
 * change's time in milliseconds, which keeps growing across a reset (the row, and its counter, are deleted).
 */
export async function publishMailbox(
  events: EventWriter<DirectoryTables>,
  trx: Db,
  userId: string,
  brokerId: string,
  mailbox: Mailbox | null,
): Promise<void> {
  const m = mailbox ?? defaultMailbox(userId, brokerId);
  await events.appendEvent(trx, subjects.mailboxChanged, {
    userId,
    brokerId,
    version: Date.now(),
    mailboxType: m.mailboxType,
    username: m.username,
    sealedPassword: m.sealedPassword,
    incomingMailServer: m.incomingMailServer,
    permissions: m.permissions,
    postProcessingAction: m.postProcessingAction,
    isAuthorized: m.isAuthorized,
    outgoingMailServer: m.outgoingMailServer,
    signature: (await findSignature(trx, userId)) ?? '',
    // Sealed as stored: the attachments service reads and sends with it (XOAUTH2, decision 0037).
    sealedAccessToken: m.sealedAccessToken,
    tokenExpiresAt: m.tokenExpiresAt?.toISOString() ?? null,
  });
}

export async function findMailbox(
  db: Db,
  userId: string,
  lock: 'forUpdate' | 'skipLocked' | null = null,
): Promise<Mailbox | undefined> {
  let query = db.selectFrom('staff_mailbox').selectAll().where('user_id', '=', userId);
  if (lock) query = query.forUpdate();
  if (lock === 'skipLocked') query = query.skipLocked();
  const row = await query.executeTakeFirst();
  return (
    row && {
      userId: row.user_id,
      brokerId: row.broker_id,
      mailboxType: row.mailbox_type,
      username: row.username,
      sealedPassword: row.sealed_password,
      incomingMailServer: row.incoming_mail_server,
      outgoingMailServer: row.outgoing_mail_server,
      permissions: row.permissions,
      postProcessingAction: row.post_processing_action as PostProcessing,
      lastReadDate: row.last_read_date,
      isAuthorized: row.is_authorized,
      sealedAccessToken: row.sealed_access_token,
      sealedRefreshToken: row.sealed_refresh_token,
      tokenExpiresAt: row.token_expires_at,
      authorizationProblem: row.authorization_problem,
    }
  );
}

export async function saveMailbox(db: Db, mailbox: Mailbox): Promise<void> {
  const values = {
    broker_id: mailbox.brokerId,
    mailbox_type: mailbox.mailboxType,
    username: mailbox.username,
    sealed_password: mailbox.sealedPassword,
    incoming_mail_server: mailbox.incomingMailServer,
    outgoing_mail_server: mailbox.outgoingMailServer,
    permissions: mailbox.permissions,
    post_processing_action: mailbox.postProcessingAction,
    last_read_date: mailbox.lastReadDate,
    is_authorized: mailbox.isAuthorized,
    sealed_access_token: mailbox.sealedAccessToken,
    sealed_refresh_token: mailbox.sealedRefreshToken,
    token_expires_at: mailbox.tokenExpiresAt,
    authorization_problem: mailbox.authorizationProblem,
  };
  await db
    .insertInto('staff_mailbox')
    .values({ user_id: mailbox.userId, ...values })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        ...values,
        version: sql`staff_mailbox.version + 1`,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

export async function deleteMailbox(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('staff_mailbox').where('user_id', '=', userId).execute();
}

export async function findSignature(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('staff_signature')
    .select('signature')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.signature;
}

export async function saveSignature(
  db: Db,
  userId: string,
  brokerId: string,
  signature: string,
): Promise<void> {
  await db
    .insertInto('staff_signature')
    .values({ user_id: userId, broker_id: brokerId, signature })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ signature, broker_id: brokerId, updated_at: sql`now()` }),
    )
    .execute();
}

/**
 * Signed-in mailboxes (Gmail, Microsoft, Front) whose access token expires before `before`: the renewal
 * job's work list (decision 0036).
 */
export async function mailboxesDueForRenewal(db: Db, types: number[], before: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('staff_mailbox')
    .select('user_id')
    .where('mailbox_type', 'in', types)
    .where('is_authorized', '=', true)
    .where('sealed_refresh_token', 'is not', null)
    .where('token_expires_at', '<=', before)
    .orderBy('token_expires_at')
    .limit(500)
    .execute();
  return rows.map((r) => r.user_id);
}
