// SQL of mail read from staff mailboxes (decision 0071): the mailboxes as the directory publishes them, how
// far each INBOX is read, and each message read once.
import { type Kysely, sql } from '@loadline/platform';
import type { Selectable } from 'kysely';
import type { InboundEmail, ShipmentCandidate } from '../domain/inbound-mail.ts';
import type { AttachmentsTables } from './tables.ts';

type Db = Kysely<AttachmentsTables>;
export type MailboxRow = Selectable<AttachmentsTables['mailbox_view']>;
/** A mailbox as the directory publishes it: without what this service keeps of its refused tokens. */
export type PublishedMailbox = Omit<MailboxRow, 'refused_access_token' | 'signin_refusals'>;
type InboundRow = Selectable<AttachmentsTables['inbound_email']>;

export async function findMailboxView(db: Db, userId: string): Promise<MailboxRow | undefined> {
  return db.selectFrom('mailbox_view').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function mailboxViews(db: Db): Promise<MailboxRow[]> {
  return db.selectFrom('mailbox_view').selectAll().execute();
}

/**
 * Records that a mailbox's access token expired or was refused, once per token: the mailbox's refusals in a
 * row (counting only refusals of a token that was not yet expired), or undefined when this token was
 * recorded already or is no longer the mailbox's (a newer one came meanwhile).
 */
export async function recordTokenRefused(
  db: Db,
  userId: string,
  sealedAccessToken: string,
  counts: boolean,
): Promise<number | undefined> {
  const row = await db
    .updateTable('mailbox_view')
    .set((eb) => ({
      refused_access_token: sealedAccessToken,
      signin_refusals: counts ? eb('signin_refusals', '+', 1) : eb.ref('signin_refusals'),
    }))
    .where('user_id', '=', userId)
    .where('sealed_access_token', '=', sealedAccessToken)
    .where((eb) =>
      eb.or([eb('refused_access_token', 'is', null), eb('refused_access_token', '!=', sealedAccessToken)]),
    )
    .returning('signin_refusals')
    .executeTakeFirst();
  return row?.signin_refusals;
}

/** A sign-in with the mailbox's token worked: its refusals in a row start again from none. */
export async function clearTokenRefusals(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('mailbox_view')
    .set({ signin_refusals: 0 })
    .where('user_id', '=', userId)
    .where('signin_refusals', '>', 0)
    .execute();
}

/** The advisory lock class of "a mailbox is being read" (two-key form: apart from the blob locks' keys). */
const MAILBOX_READING_LOCK_CLASS = 71;

/**
 * Runs `read` while holding the mailbox's reading lock, or answers undefined at once when another run holds
 * it. A session lock on one connection kept for the whole read: it ends with the connection, so a reader
 * that dies (SIGKILL) leaves no lock behind. Advisory locks are the database's, not the schema's: the key
 * names this service's schema too, or another system in the same database (`npm start` beside the tests, with
 * the same demo users) reading a mailbox of the same user id would keep this one from reading.
 */
export async function whileReading<T>(
  db: Db,
  userId: string,
  read: () => Promise<T>,
): Promise<T | undefined> {
  const key = sql`hashtext(current_schema() || ':' || ${userId})`;
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ got: boolean }>`
      select pg_try_advisory_lock(${MAILBOX_READING_LOCK_CLASS}, ${key}) as got`.execute(connection);
    if (!rows[0]?.got) return undefined;
    try {
      return await read();
    } finally {
      await sql`select pg_advisory_unlock(${MAILBOX_READING_LOCK_CLASS}, ${key})`.execute(connection);
    }
  });
}

/** Which of these message keys were recorded already (a Front message listed again). */
export async function knownMessageKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('inbound_email')
    .select('message_key')
    .where('message_key', 'in', keys)
    .execute();
  return new Set(rows.map((r) => r.message_key));
}

export async function findCursor(db: Db, userId: string) {
  return db.selectFrom('mailbox_cursor').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Moves the cursor forward only (two readers of one mailbox never move it back). */
export async function saveCursor(
  db: Db,
  userId: string,
  uidValidity: bigint,
  lastUid: number,
): Promise<void> {
  await sql`insert into mailbox_cursor (user_id, uid_validity, last_uid, read_at)
    values (${userId}, ${String(uidValidity)}, ${lastUid}, now())
    on conflict (user_id) do update set uid_validity = excluded.uid_validity, last_uid = excluded.last_uid,
      read_at = now()
    where mailbox_cursor.uid_validity <> excluded.uid_validity or mailbox_cursor.last_uid < excluded.last_uid`.execute(
    db,
  );
}

/** Whether some of these are messages the broker's document sender sent (a reply names one of them). */
export async function sentByBroker(
  db: Db,
  brokerId: string,
  messageIds: readonly string[],
): Promise<boolean> {
  if (messageIds.length === 0) return false;
  const row = await db
    .selectFrom('outgoing_message')
    .select('message_id')
    .where('broker_id', '=', brokerId)
    .where('message_id', 'in', messageIds)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The messages the broker sent through Front that started these Front conversations (decision 0037,
 * "Front"): a message received in one of them is a reply to them. By conversation id, oldest first.
 */
export async function sentInFrontConversations(
  db: Db,
  brokerId: string,
  conversationIds: readonly string[],
): Promise<Map<string, string[]>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('outgoing_message')
    .select(['message_id', 'front_conversation_id'])
    .where('broker_id', '=', brokerId)
    .where('front_conversation_id', 'in', [...new Set(conversationIds)])
    .orderBy('created_at')
    .execute();
  const sent = new Map<string, string[]>();
  for (const r of rows)
    sent.set(r.front_conversation_id!, [...(sent.get(r.front_conversation_id!) ?? []), r.message_id]);
  return sent;
}

/** The broker's shipments whose id, pro or reference number is among the tokens. */
export async function shipmentCandidates(
  db: Db,
  brokerId: string,
  ids: readonly number[],
  tokens: readonly string[],
): Promise<(ShipmentCandidate & { customerOrganizationId: string })[]> {
  if (tokens.length === 0) return [];
  const { rows } = await sql<{ shipment_id: number; customer_organization_id: string; refs: string[] }>`
    select s.shipment_id, s.customer_organization_id,
      coalesce((select array_agg(r->>'value') from jsonb_array_elements(s.state->'referenceNumbers') r), '{}') as refs
    from shipment_view s
    where s.broker_id = ${brokerId}
      and (s.shipment_id = any(${ids.length ? [...ids] : [0]}::integer[])
        or exists (select 1 from jsonb_array_elements(s.state->'referenceNumbers') r
                   where lower(r->>'value') = any(${[...tokens]}::text[])))
    limit 50`.execute(db);
  return rows.map((r) => ({
    shipmentId: Number(r.shipment_id),
    customerOrganizationId: r.customer_organization_id,
    referenceValues: r.refs,
  }));
}

/**
 * The shipment of the last mail from this address that is filed with the broker (the reader's filing, or
 * staff's: whichever happened last), if any.
 */
export async function lastFiledFrom(
  db: Db,
  brokerId: string,
  fromAddress: string,
): Promise<number | undefined> {
  if (!fromAddress.trim()) return undefined;
  const { rows } = await sql<{ shipment_id: number }>`
    select shipment_id from inbound_email
    where broker_id = ${brokerId} and lower(from_address) = lower(${fromAddress.trim()})
      and status = 'Filed' and shipment_id is not null
    order by coalesce(decided_at, created_at) desc, inbound_id desc
    limit 1`.execute(db);
  return rows[0] ? Number(rows[0].shipment_id) : undefined;
}

export async function shipmentOfBroker(db: Db, brokerId: string, shipmentId: number) {
  return db
    .selectFrom('shipment_view')
    .select(['shipment_id', 'customer_organization_id'])
    .where('broker_id', '=', brokerId)
    .where('shipment_id', '=', shipmentId)
    .executeTakeFirst();
}

/** Records a message once: false when its key or Message-ID was read before (nothing is written then). */
export async function insertInbound(
  db: Db,
  row: Omit<InboundRow, 'attachment_ids' | 'created_at' | 'decided_by' | 'decided_at' | 'activity_version'>,
): Promise<boolean> {
  const { rows } = await sql<{ inbound_id: string }>`
    insert into inbound_email (inbound_id, message_key, message_id_header, broker_id, mailbox_user_id, from_name,
      from_address, subject, body, received_at, in_reply_to, automation_type, shipment_id, status)
    values (${row.inbound_id}, ${row.message_key}, ${row.message_id_header}, ${row.broker_id},
      ${row.mailbox_user_id}, ${row.from_name}, ${row.from_address}, ${row.subject}, ${row.body},
      ${row.received_at}, ${row.in_reply_to}, ${row.automation_type}, ${row.shipment_id}, ${row.status})
    on conflict do nothing
    returning inbound_id`.execute(db);
  return rows.length === 1;
}

export async function updateInbound(
  db: Db,
  inboundId: string,
  change: Partial<Pick<InboundRow, 'shipment_id' | 'status' | 'decided_by' | 'decided_at'>> & {
    attachment_ids?: string[];
  },
): Promise<void> {
  await db.updateTable('inbound_email').set(change).where('inbound_id', '=', inboundId).execute();
}

/** A filed email's record, locked, with the version of its activity entry last followed. */
export async function findInboundToMove(db: Db, inboundId: string) {
  return db
    .selectFrom('inbound_email')
    .select(['inbound_id', 'broker_id', 'status', 'shipment_id', 'attachment_ids', 'activity_version'])
    .where('inbound_id', '=', inboundId)
    .forUpdate()
    .executeTakeFirst();
}

/** The email now belongs to this shipment, as of its activity entry's `version`. */
export async function moveInbound(
  db: Db,
  inboundId: string,
  shipmentId: number,
  version: number,
  movedAt: Date,
): Promise<void> {
  await db
    .updateTable('inbound_email')
    // The sender rule reads the latest filing (decided_at): a move is staff's filing.
    .set({ shipment_id: shipmentId, activity_version: version, decided_at: movedAt })
    .where('inbound_id', '=', inboundId)
    .execute();
}

const toInboundEmail = (r: InboundRow): InboundEmail => ({
  inboundId: r.inbound_id,
  brokerId: r.broker_id,
  mailboxUserId: r.mailbox_user_id,
  fromName: r.from_name,
  fromAddress: r.from_address,
  subject: r.subject,
  body: r.body,
  receivedAt: r.received_at,
  inReplyTo: r.in_reply_to,
  automationType: r.automation_type,
  shipmentId: r.shipment_id,
  status: r.status,
  attachmentIds: r.attachment_ids,
});

export async function findInbound(
  db: Db,
  inboundId: string,
  forUpdate = false,
): Promise<InboundEmail | undefined> {
  let query = db.selectFrom('inbound_email').selectAll().where('inbound_id', '=', inboundId);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && toInboundEmail(row);
}

export async function unmatchedOf(db: Db, brokerId: string, limit: number): Promise<InboundEmail[]> {
  const rows = await db
    .selectFrom('inbound_email')
    .selectAll()
    .where('broker_id', '=', brokerId)
    .where('status', '=', 'Unmatched')
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toInboundEmail);
}

export async function keepFiles(
  db: Db,
  inboundId: string,
  files: readonly { fileName: string; contentType: string; bytes: Buffer }[],
): Promise<void> {
  if (files.length === 0) return;
  await db
    .insertInto('inbound_email_file')
    .values(
      files.map((f, ordinal) => ({
        inbound_id: inboundId,
        ordinal,
        file_name: f.fileName,
        content_type: f.contentType,
        bytes: f.bytes,
      })),
    )
    .execute();
}

export async function keptFiles(db: Db, inboundId: string) {
  return db
    .selectFrom('inbound_email_file')
    .selectAll()
    .where('inbound_id', '=', inboundId)
    .orderBy('ordinal')
    .execute();
}

export async function dropFiles(db: Db, inboundId: string): Promise<void> {
  await db.deleteFrom('inbound_email_file').where('inbound_id', '=', inboundId).execute();
}

/**
 * The files kept with the broker's unmatched mail (external documents, decision 0076), newest mail first,
 * without their bytes.
 */
export async function externalDocumentsOf(db: Db, brokerId: string, limit: number) {
  return db
    .selectFrom('inbound_email_file as f')
    .innerJoin('inbound_email as e', 'e.inbound_id', 'f.inbound_id')
    .select([
      'f.inbound_id',
      'f.ordinal',
      'f.file_name',
      'f.content_type',
      sql<number>`octet_length(f.bytes)`.as('size_bytes'),
      'e.from_name',
      'e.from_address',
      'e.subject',
      'e.received_at',
      'e.mailbox_user_id',
    ])
    .where('e.broker_id', '=', brokerId)
    .where('e.status', '=', 'Unmatched')
    .orderBy('e.created_at', 'desc')
    .orderBy('f.ordinal')
    .limit(limit)
    .execute();
}

export async function keptFile(db: Db, inboundId: string, ordinal: number) {
  return db
    .selectFrom('inbound_email_file')
    .selectAll()
    .where('inbound_id', '=', inboundId)
    .where('ordinal', '=', ordinal)
    .forUpdate()
    .executeTakeFirst();
}

export async function dropFile(db: Db, inboundId: string, ordinal: number): Promise<void> {
  await db
    .deleteFrom('inbound_email_file')
    .where('inbound_id', '=', inboundId)
    .where('ordinal', '=', ordinal)
    .execute();
}

/** Mail read from one staff member's mailbox, newest first. */
export async function emailsOfMailbox(db: Db, brokerId: string, userId: string, limit: number) {
  return db
    .selectFrom('inbound_email')
    .selectAll()
    .where('broker_id', '=', brokerId)
    .where('mailbox_user_id', '=', userId)
    .orderBy('received_at', 'desc')
    .limit(limit)
    .execute();
}

export async function staffOfBroker(db: Db, brokerId: string, userId: string) {
  return db
    .selectFrom('user_view')
    .select(['user_id', 'email'])
    .where('broker_id', '=', brokerId)
    .where('user_id', '=', userId)
    .where('kind', '=', 'staff')
    .executeTakeFirst();
}
