// SQL for attachments and their blobs. A change and its event are written in one transaction (outbox).
import { AttachmentType, AttachmentTypeList } from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import { type Kysely, type ServiceRuntime, sentWithTheNext, sql } from '@loadline/platform';
import type { Selectable } from 'kysely';
import type { AttachmentsTables } from './tables.ts';

type Db = Kysely<AttachmentsTables>;
type Runtime = ServiceRuntime<AttachmentsTables>;
export type AttachmentRow = Selectable<AttachmentsTables['attachment']>;

export interface Actor {
  userId: string;
  name: string;
}

export interface NewAttachment {
  attachmentId: string;
  brokerId: string;
  sourceType: string;
  sourceId: string;
  sourceIds: Record<string, string>;
  shipmentId: number | null;
  customerOrganizationId: string | null;
  attachmentType: number | null;
  attachmentTypeCode: string | null;
  accessLevel: 0 | 1;
  fileName: string;
  title: string | null;
  sha256: string;
  sizeBytes: number;
  contentType: string;
  uploadedBy: Actor;
  createdAt?: Date;
}

/** The API shape of an attachment (001 §3: attachmentId, attachmentType, fileName, accessLevel, ...). */
export function toApi(row: AttachmentRow) {
  const code = row.attachment_type_code;
  return {
    attachmentId: row.attachment_id,
    attachmentType: row.attachment_type,
    attachmentTypeCode: code,
    attachmentTypeName: code
      ? (AttachmentTypeList.nameOf(code) ?? code)
      : row.attachment_type !== null
        ? (AttachmentType.nameOf(row.attachment_type) ?? `Type ${row.attachment_type}`)
        : 'Document',
    accessLevel: row.access_level,
    fileName: row.file_name,
    title: row.title,
    contentType: row.content_type,
    sizeBytes: Number(row.size_bytes),
    sourceType: row.source_type,
    sourceId: row.source_id,
    shipmentId: row.shipment_id === null ? null : Number(row.shipment_id),
    uploadedBy: row.uploaded_by_name,
    createdDate: row.created_at.toISOString(),
    isExternalAttachment: false,
  };
}
export type AttachmentApi = ReturnType<typeof toApi>;

/** Records a stored blob (once per content). */
export async function insertBlob(
  db: Db,
  sha256: string,
  sizeBytes: number,
  contentType: string,
): Promise<void> {
  await db
    .insertInto('blob')
    .values({ sha256, size_bytes: sizeBytes, content_type: contentType })
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
}

/** Records the blob and the attachment, with its added event, in the caller's transaction. */
export async function insertAttachment(runtime: Runtime, trx: Db, a: NewAttachment): Promise<AttachmentRow> {
  await insertBlob(trx, a.sha256, a.sizeBytes, a.contentType);
  const row = await trx
    .insertInto('attachment')
    .values({
      attachment_id: a.attachmentId,
      broker_id: a.brokerId,
      source_type: a.sourceType,
      source_id: a.sourceId,
      source_ids: JSON.stringify(a.sourceIds) as never,
      shipment_id: a.shipmentId,
      customer_organization_id: a.customerOrganizationId,
      attachment_type: a.attachmentType,
      attachment_type_code: a.attachmentTypeCode,
      access_level: a.accessLevel,
      file_name: a.fileName,
      title: a.title,
      sha256: a.sha256,
      size_bytes: a.sizeBytes,
      content_type: a.contentType,
      uploaded_by_user_id: a.uploadedBy.userId,
      uploaded_by_name: a.uploadedBy.name,
      ...(a.createdAt ? { created_at: a.createdAt } : {}),
      deleted_at: null,
      deleted_by_user_id: null,
      purge_after: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await runtime.appendEvent(trx, subjects.attachmentAdded, {
    attachmentId: row.attachment_id,
    brokerId: row.broker_id,
    sourceType: a.sourceType as never,
    sourceId: row.source_id,
    shipmentId: a.shipmentId,
    customerOrganizationId: a.customerOrganizationId,
    attachmentType: a.attachmentType,
    attachmentTypeCode: a.attachmentTypeCode,
    accessLevel: a.accessLevel,
    fileName: a.fileName,
    contentType: a.contentType,
    sizeBytes: a.sizeBytes,
    sha256: a.sha256,
    uploadedBy: a.uploadedBy,
    createdDate: row.created_at.toISOString(),
  });
  return row;
}

/** A live (not deleted) attachment of the broker, locked for a change when `forUpdate`. */
export async function findAttachment(
  db: Db,
  attachmentId: string,
  brokerId: string,
  forUpdate = false,
): Promise<AttachmentRow | undefined> {
  let query = db
    .selectFrom('attachment')
    .selectAll()
    .where('attachment_id', '=', attachmentId)
    .where('broker_id', '=', brokerId)
    .where('deleted_at', 'is', null);
  if (forUpdate) query = query.forUpdate();
  return await query.executeTakeFirst();
}

export async function listAttachments(
  db: Db,
  where: { brokerId: string; sourceType: string; sourceId: string; accessLevels: number[] },
): Promise<AttachmentRow[]> {
  return await db
    .selectFrom('attachment')
    .selectAll()
    .where('broker_id', '=', where.brokerId)
    .where('source_type', '=', where.sourceType)
    .where('source_id', '=', where.sourceId)
    .where('deleted_at', 'is', null)
    .where('access_level', 'in', where.accessLevels)
    .orderBy('created_at', 'desc')
    .orderBy('attachment_id', 'desc')
    .execute();
}

export async function attachmentsByIds(
  db: Db,
  brokerId: string,
  ids: readonly string[],
): Promise<AttachmentRow[]> {
  if (ids.length === 0) return [];
  return await db
    .selectFrom('attachment')
    .selectAll()
    .where('broker_id', '=', brokerId)
    .where('attachment_id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
}

async function changed(runtime: Runtime, trx: Db, row: AttachmentRow, actor: Actor): Promise<void> {
  await runtime.appendEvent(trx, subjects.attachmentChanged, {
    attachmentId: row.attachment_id,
    version: row.version,
    brokerId: row.broker_id,
    sourceType: row.source_type as never,
    sourceId: row.source_id,
    shipmentId: row.shipment_id === null ? null : Number(row.shipment_id),
    customerOrganizationId: row.customer_organization_id,
    accessLevel: row.access_level as 0 | 1,
    deleted: row.deleted_at !== null,
    changedBy: actor,
  });
}

export async function setAccessLevel(
  runtime: Runtime,
  trx: Db,
  attachmentId: string,
  accessLevel: number,
  actor: Actor,
): Promise<AttachmentRow> {
  const row = await trx
    .updateTable('attachment')
    .set({ access_level: accessLevel, version: sql`version + 1` })
    .where('attachment_id', '=', attachmentId)
    .returningAll()
    .executeTakeFirstOrThrow();
  await changed(runtime, trx, row, actor);
  return row;
}

/**
 * Moves a broker's shipment attachments to another shipment (an email's files follow its activity entry,
 * decision 0039), each with its attachment.changed event; the rows moved.
 */
export async function moveToShipment(
  runtime: Runtime,
  trx: Db,
  brokerId: string,
  attachmentIds: readonly string[],
  shipment: { shipmentId: number; customerOrganizationId: string },
  actor: Actor,
): Promise<AttachmentRow[]> {
  if (attachmentIds.length === 0) return [];
  const sourceId = String(shipment.shipmentId);
  const rows = await trx
    .updateTable('attachment')
    .set({
      shipment_id: shipment.shipmentId,
      source_id: sourceId,
      source_ids: JSON.stringify({ shipmentId: sourceId }) as never,
      customer_organization_id: shipment.customerOrganizationId,
      version: sql`version + 1`,
    })
    .where('broker_id', '=', brokerId)
    .where('source_type', '=', 'shipment')
    .where('attachment_id', 'in', attachmentIds)
    .where('shipment_id', 'is distinct from', shipment.shipmentId)
    .returningAll()
    .execute();
  for (const row of rows) await changed(runtime, trx, row, actor);
  return rows;
}

/** Soft delete: the record and its file stay until `purgeAfter` (the retention period), then the purge job removes them. */
export async function softDelete(
  runtime: Runtime,
  trx: Db,
  attachmentId: string,
  actor: Actor,
  purgeAfter: Date,
): Promise<AttachmentRow> {
  const row = await trx
    .updateTable('attachment')
    .set({
      deleted_at: sql`now()`,
      deleted_by_user_id: actor.userId,
      purge_after: purgeAfter,
      version: sql`version + 1`,
    })
    .where('attachment_id', '=', attachmentId)
    .returningAll()
    .executeTakeFirstOrThrow();
  await changed(runtime, trx, row, actor);
  return row;
}

/** 000 §3 invoice delivery: the attachment count of a shipment (what the caller may see). */
export async function countForShipment(
  db: Db,
  brokerId: string,
  shipmentId: number,
  accessLevels: number[],
): Promise<number> {
  const row = await db
    .selectFrom('attachment')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('broker_id', '=', brokerId)
    .where('shipment_id', '=', shipmentId)
    .where('source_type', '=', 'shipment')
    .where('deleted_at', 'is', null)
    .where('access_level', 'in', accessLevels)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The newest live attachment of a type on a source (GET /Files/Download). */
export async function newestOfType(
  db: Db,
  where: {
    brokerId: string;
    sourceType: string;
    sourceId: string;
    attachmentType: number;
    accessLevels: number[];
  },
): Promise<AttachmentRow | undefined> {
  return await db
    .selectFrom('attachment')
    .selectAll()
    .where('broker_id', '=', where.brokerId)
    .where('source_type', '=', where.sourceType)
    .where('source_id', '=', where.sourceId)
    .where('attachment_type', '=', where.attachmentType)
    .where('deleted_at', 'is', null)
    .where('access_level', 'in', where.accessLevels)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------------------
// Purge

/** Removes the records of attachments deleted longer ago than their retention; answers their blobs. */
export async function purgeExpiredRecords(db: Db, now: Date, limit = 500): Promise<string[]> {
  const rows = await db
    .deleteFrom('attachment')
    .where(
      'attachment_id',
      'in',
      db.selectFrom('attachment').select('attachment_id').where('purge_after', '<=', now).limit(limit),
    )
    .returning('sha256')
    .execute();
  return [...new Set(rows.map((r) => r.sha256))];
}

/**
 * Serialises everything done to one blob (an upload storing it, the purge removing it) for the rest of the
 * caller's transaction: an upload of the same bytes never commits a record whose file a purge is removing.
 */
export async function lockBlob(db: Db, sha256: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${sha256}, 0))`.execute(db);
}

/**
 * Deletes the blob row (caller holds lockBlob) when no attachment, live or in retention, and no message
 * uses it; says whether the file may go.
 */
export async function releaseBlob(db: Db, sha256: string): Promise<boolean> {
  const used = await sql<{ used: boolean }>`
    select exists (select 1 from attachment a where a.sha256 = ${sha256})
        or exists (select 1 from outgoing_message m, jsonb_array_elements(m.generated) g where g->>'sha256' = ${sha256})
       as used`.execute(db);
  if (used.rows[0]?.used) return false;
  await db.deleteFrom('blob').where('sha256', '=', sha256).execute();
  return true;
}

export async function blobKnown(db: Db, sha256: string): Promise<boolean> {
  return Boolean(
    await db.selectFrom('blob').select('sha256').where('sha256', '=', sha256).executeTakeFirst(),
  );
}

/** Whether an attachment with this id was ever recorded (deleted ones included). */
export async function attachmentExists(
  db: Kysely<AttachmentsTables>,
  attachmentId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('attachment')
    .select('attachment_id')
    .where('attachment_id', '=', attachmentId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Shipments' files take their customer along (their front-office scope), each when the shipment copy just
 * saved is the version given (an older event changes nothing): a consumer's batch in one statement.
 */
export async function followShipmentCustomers(
  trx: Kysely<AttachmentsTables>,
  shipments: readonly { shipmentId: number; customerOrganizationId: string; version: number }[],
): Promise<void> {
  // nobody reads its answer: in the consumer's transaction it goes with the COMMIT (decision 0106)
  await sql`${sql.raw(sentWithTheNext)}update attachment a set customer_organization_id = x."customerOrganizationId"
    from json_to_recordset(${JSON.stringify(shipments)}::json)
      as x("shipmentId" bigint, "customerOrganizationId" text, version int)
    where a.shipment_id = x."shipmentId" and a.source_type = 'shipment'
      and a.customer_organization_id is distinct from x."customerOrganizationId"
      and (select v.version from shipment_view v where v.shipment_id = x."shipmentId") = x.version`.execute(
    trx,
  );
}
