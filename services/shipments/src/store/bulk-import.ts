// The shipment importer in SQL: bulk processes, the uploaded file in pieces (read back in order by any
// replica), the review's problems, and the imported rows whose key is the idempotency key of a row.
import { sql } from '@loadline/platform';
import type { ImportProblem, ImportStatus } from '../domain/bulk-import.ts';
import { bulkStatusOf } from '../domain/bulk-import.ts';
import type { Db } from './shipments.ts';

export interface BulkProcessRow {
  bulkProcessId: number;
  brokerId: string;
  processType: number;
  status: number;
  importStatus: ImportStatus;
  customerOrganizationId: string;
  fileName: string;
  sizeBytes: number;
  traceLogId: string | null;
  totalRows: number;
  goodRows: number;
  badRows: number;
  importedRows: number;
  importedThroughRow: number;
  unknownHeaders: string[];
  /** the mapping step's choices: a file header → the template column it holds ('' left out) */
  columnMapping: Record<string, string>;
  error: string | null;
  createdBy: { userId: string; name: string; email: string; permissions: number };
  createdAt: string;
  updatedAt: string;
}

const columns = [
  'bulk_process_id',
  'broker_id',
  'process_type',
  'status',
  'import_status',
  'customer_organization_id',
  'file_name',
  'size_bytes',
  'trace_log_id',
  'total_rows',
  'good_rows',
  'bad_rows',
  'imported_rows',
  'imported_through_row',
  'unknown_headers',
  'column_mapping',
  'error',
  'created_by_user_id',
  'created_by_name',
  'created_by_email',
  'created_by_permissions',
  'created_at',
  'updated_at',
] as const;

type Raw = Record<(typeof columns)[number], unknown>;
const toRow = (r: Raw): BulkProcessRow => ({
  bulkProcessId: Number(r.bulk_process_id),
  brokerId: r.broker_id as string,
  processType: r.process_type as number,
  status: r.status as number,
  importStatus: r.import_status as ImportStatus,
  customerOrganizationId: r.customer_organization_id as string,
  fileName: r.file_name as string,
  sizeBytes: Number(r.size_bytes),
  traceLogId: r.trace_log_id as string | null,
  totalRows: r.total_rows as number,
  goodRows: r.good_rows as number,
  badRows: r.bad_rows as number,
  importedRows: r.imported_rows as number,
  importedThroughRow: r.imported_through_row as number,
  unknownHeaders: r.unknown_headers as string[],
  columnMapping: (r.column_mapping ?? {}) as Record<string, string>,
  error: r.error as string | null,
  createdBy: {
    userId: r.created_by_user_id as string,
    name: r.created_by_name as string,
    email: r.created_by_email as string,
    permissions: Number(r.created_by_permissions),
  },
  createdAt: new Date(r.created_at as Date).toISOString(),
  updatedAt: new Date(r.updated_at as Date).toISOString(),
});

export async function insertBulkProcess(
  db: Db,
  p: {
    brokerId: string;
    processType: number;
    customerOrganizationId: string;
    fileName: string;
    createdBy: BulkProcessRow['createdBy'];
  },
): Promise<number> {
  const row = await db
    .insertInto('bulk_process')
    .values({
      broker_id: p.brokerId,
      process_type: p.processType,
      // 001 §4: the upload is waiting to be confirmed; nothing runs yet
      status: bulkStatusOf('uploaded'),
      import_status: 'uploaded',
      customer_organization_id: p.customerOrganizationId,
      file_name: p.fileName,
      created_by_user_id: p.createdBy.userId,
      created_by_name: p.createdBy.name,
      created_by_email: p.createdBy.email,
      created_by_permissions: p.createdBy.permissions,
    })
    .returning('bulk_process_id')
    .executeTakeFirstOrThrow();
  return Number(row.bulk_process_id);
}

export async function insertChunk(db: Db, bulkProcessId: number, sequence: number, bytes: Buffer) {
  await db
    .insertInto('bulk_process_chunk')
    .values({ bulk_process_id: bulkProcessId, sequence, bytes })
    .execute();
}

/** The file's pieces in order, one at a time (a piece is at most IMPORT_CHUNK_BYTES). */
export async function* readChunks(db: Db, bulkProcessId: number): AsyncGenerator<Buffer> {
  let next = 0;
  for (;;) {
    const row = await db
      .selectFrom('bulk_process_chunk')
      .select(['bytes', 'sequence'])
      .where('bulk_process_id', '=', bulkProcessId)
      .where('sequence', '>=', next)
      .orderBy('sequence')
      .limit(1)
      .executeTakeFirst();
    if (!row) return;
    next = row.sequence + 1;
    yield row.bytes;
  }
}

export async function deleteChunks(db: Db, bulkProcessId: number) {
  await db.deleteFrom('bulk_process_chunk').where('bulk_process_id', '=', bulkProcessId).execute();
}

/** A bulk process of the broker (another broker's is not found). */
export async function findBulkProcess(
  db: Db,
  bulkProcessId: number,
  brokerId?: string,
  forUpdate = false,
): Promise<BulkProcessRow | undefined> {
  let q = db.selectFrom('bulk_process').select(columns).where('bulk_process_id', '=', bulkProcessId);
  if (brokerId !== undefined) q = q.where('broker_id', '=', brokerId);
  if (forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row ? toRow(row as Raw) : undefined;
}

export async function listBulkProcesses(db: Db, brokerId: string, limit: number): Promise<BulkProcessRow[]> {
  const rows = await db
    .selectFrom('bulk_process')
    .select(columns)
    .where('broker_id', '=', brokerId)
    .orderBy('created_at', 'desc')
    .orderBy('bulk_process_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => toRow(r as Raw));
}

export interface BulkProcessChange {
  importStatus?: ImportStatus;
  sizeBytes?: number;
  traceLogId?: string | null;
  totalRows?: number;
  goodRows?: number;
  badRows?: number;
  importedRows?: number;
  importedThroughRow?: number;
  unknownHeaders?: string[];
  columnMapping?: Record<string, string>;
  error?: string | null;
}

export async function updateBulkProcess(db: Db, bulkProcessId: number, change: BulkProcessChange) {
  await db
    .updateTable('bulk_process')
    .set({
      ...(change.importStatus !== undefined
        ? { import_status: change.importStatus, status: bulkStatusOf(change.importStatus) }
        : {}),
      ...(change.sizeBytes !== undefined ? { size_bytes: change.sizeBytes } : {}),
      ...(change.traceLogId !== undefined ? { trace_log_id: change.traceLogId } : {}),
      ...(change.totalRows !== undefined ? { total_rows: change.totalRows } : {}),
      ...(change.goodRows !== undefined ? { good_rows: change.goodRows } : {}),
      ...(change.badRows !== undefined ? { bad_rows: change.badRows } : {}),
      ...(change.importedRows !== undefined ? { imported_rows: change.importedRows } : {}),
      ...(change.importedThroughRow !== undefined ? { imported_through_row: change.importedThroughRow } : {}),
      ...(change.unknownHeaders !== undefined ? { unknown_headers: change.unknownHeaders } : {}),
      ...(change.columnMapping !== undefined ? { column_mapping: JSON.stringify(change.columnMapping) } : {}),
      ...(change.error !== undefined ? { error: change.error } : {}),
      updated_at: new Date(),
    })
    .where('bulk_process_id', '=', bulkProcessId)
    .execute();
}

export async function clearProblems(db: Db, bulkProcessId: number) {
  await db.deleteFrom('bulk_process_problem').where('bulk_process_id', '=', bulkProcessId).execute();
}

export async function insertProblems(db: Db, bulkProcessId: number, problems: readonly ImportProblem[]) {
  if (problems.length === 0) return;
  await db
    .insertInto('bulk_process_problem')
    .values(
      problems.map((p, position) => ({
        bulk_process_id: bulkProcessId,
        row_number: p.rowNumber,
        position,
        column_name: p.column,
        reason: p.reason,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The review's problems, a page at a time, in row order. */
export async function problemsPage(
  db: Db,
  bulkProcessId: number,
  afterRow: number,
  limit: number,
): Promise<ImportProblem[]> {
  const rows = await db
    .selectFrom('bulk_process_problem')
    .select(['row_number', 'column_name', 'reason'])
    .where('bulk_process_id', '=', bulkProcessId)
    .where('row_number', '>', afterRow)
    .orderBy('row_number')
    .orderBy('position')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ rowNumber: r.row_number, column: r.column_name, reason: r.reason }));
}

/** Every problem in row order, streamed (for the emailed CSV of rejected rows). */
export async function* allProblems(db: Db, bulkProcessId: number): AsyncGenerator<ImportProblem> {
  let after = 0;
  for (;;) {
    const page = await problemsPage(db, bulkProcessId, after, 1000);
    if (page.length === 0) return;
    // a row's problems are never split across pages: the last row of a page is read again whole
    const lastRow = page[page.length - 1]!.rowNumber;
    const whole = page.length === 1000 ? page.filter((p) => p.rowNumber < lastRow) : page;
    if (whole.length === 0) {
      yield* page;
      after = lastRow;
      continue;
    }
    yield* whole;
    after = whole[whole.length - 1]!.rowNumber;
  }
}

/**
 * Claims a batch's file rows for their shipments (each row's idempotency key), in one statement: the rows not
 * claimed before. A row already imported (a job resumed after a crash) is left out, so its shipment is not
 * created again.
 */
export async function claimRows(
  db: Db,
  bulkProcessId: number,
  rowNumbers: readonly number[],
): Promise<Set<number>> {
  if (rowNumbers.length === 0) return new Set();
  const { rows } = await sql<{
    row_number: number;
  }>`insert into bulk_process_row (bulk_process_id, row_number, shipment_id)
    select ${bulkProcessId}, r, 0 from unnest(${sql.val(rowNumbers)}::int[]) as r
    on conflict do nothing returning row_number`.execute(db);
  return new Set(rows.map((r) => r.row_number));
}

/** Each claimed row's shipment, in one statement. */
export async function recordRowShipments(
  db: Db,
  bulkProcessId: number,
  created: readonly { rowNumber: number; shipmentId: number }[],
): Promise<void> {
  if (created.length === 0) return;
  await sql`update bulk_process_row b set shipment_id = x.shipment_id
    from unnest(${sql.val(created.map((c) => c.rowNumber))}::int[], ${sql.val(created.map((c) => c.shipmentId))}::bigint[])
      as x(row_number, shipment_id)
    where b.bulk_process_id = ${bulkProcessId} and b.row_number = x.row_number`.execute(db);
}

export async function importedRowCount(db: Db, bulkProcessId: number): Promise<number> {
  const row = await db
    .selectFrom('bulk_process_row')
    .select(sql<string>`count(*)`.as('n'))
    .where('bulk_process_id', '=', bulkProcessId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The mapping step's move from the review (or an error) back to the check, with the new mapping and tracker:
 * false when another request moved it first.
 */
export async function claimForRecheck(
  db: Db,
  bulkProcessId: number,
  mapping: Record<string, string>,
  traceLogId: string,
): Promise<boolean> {
  const moved = await db
    .updateTable('bulk_process')
    .set({
      import_status: 'processing',
      status: bulkStatusOf('processing'),
      column_mapping: JSON.stringify(mapping),
      trace_log_id: traceLogId,
      error: null,
      updated_at: new Date(),
    })
    .where('bulk_process_id', '=', bulkProcessId)
    .where('import_status', 'in', ['review', 'error'])
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** A batch of the import committed: the rows written, the last row read, rows found bad since the review. */
export async function recordBatchWritten(
  db: Db,
  bulkProcessId: number,
  batch: { importedRows: number; readThrough: number; lateBadRows: number },
): Promise<void> {
  await db
    .updateTable('bulk_process')
    .set({
      imported_rows: sql`imported_rows + ${batch.importedRows}`,
      imported_through_row: batch.readThrough,
      bad_rows: sql`bad_rows + ${batch.lateBadRows}`,
      updated_at: new Date(),
    })
    .where('bulk_process_id', '=', bulkProcessId)
    .execute();
}

/** Which of these rows have problems listed (the review's), in one query. */
export async function rowsWithProblems(
  db: Db,
  bulkProcessId: number,
  rowNumbers: readonly number[],
): Promise<Set<number>> {
  if (rowNumbers.length === 0) return new Set();
  const rows = await db
    .selectFrom('bulk_process_problem')
    .select('row_number')
    .distinct()
    .where('bulk_process_id', '=', bulkProcessId)
    .where('row_number', '=', sql<number>`any(${sql.val(rowNumbers)}::int[])`)
    .execute();
  return new Set(rows.map((r) => r.row_number));
}

/** An upload that failed half-way: the bulk process goes, with its pieces. */
export async function deleteBulkProcess(db: Db, bulkProcessId: number): Promise<void> {
  await db.deleteFrom('bulk_process').where('bulk_process_id', '=', bulkProcessId).execute();
}
