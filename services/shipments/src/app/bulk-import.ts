// The shipment importer's use cases (001 §2, §4; issue 17; decision 0095): upload a file (streamed into the
// database in pieces), confirm it (the check runs as a job), read the review, confirm the import (the rows
// are written as a job) or go back. Each row is checked by the create rules of `POST /api/shipments`
// (`draftShipment`, the customer check) and written by the same insert, with its events, in batches of one
// transaction each; a row's idempotency key (bulk process, row number) makes a resumed job skip what it wrote.
import type { Readable } from 'node:stream';
import type { DensityScaleId } from '@loadline/contracts/catalogue';
import { IMPORT_RESULT_CSV_MAX_CHARS, subjects } from '@loadline/contracts/events';
import { MAX_IMPORT_FILE_BYTES } from '@loadline/contracts/rules/bulk-import';
import {
  conflict,
  HttpError,
  heapBound,
  type Identity,
  isRefusedForItsData,
  notFound,
  problemsError,
  progressTrackerOf,
  refusalError,
} from '@loadline/platform';
import { toCsv } from '@loadline/platform/csv';
import type { FieldProblem } from '@loadline/platform/problems';
import {
  type ColumnMapping,
  checkRow,
  columnsFor,
  type HeaderMap,
  IMPORT_BATCH_ROWS,
  IMPORT_CHUNK_BYTES,
  type ImportProblem,
  importRefusal,
  isShipmentImportType,
  mappingProblems,
  matchHeaders,
  mayImportShipments,
  PROGRESS_EVERY_ROWS,
  problemsOnColumns,
  REVIEW_PAGE_SIZE,
  RejectedRowsCsv,
  type ShipmentImportType,
  templateRows,
} from '../domain/bulk-import.ts';
import { CsvFormatError, CsvReader, isBlankRecord } from '../domain/csv-reader.ts';
import type { NewShipment } from '../domain/shipment.ts';
import { importFileFormat, unsupportedFileMessage } from '../domain/spreadsheet.ts';
import { XlsxFormatError, xlsxRows } from '../domain/xlsx-reader.ts';
import type { ShipmentsDeps } from '../service.ts';
import {
  allProblems,
  type BulkProcessRow,
  claimForRecheck,
  claimRows,
  clearProblems,
  deleteBulkProcess,
  deleteChunks,
  findBulkProcess,
  insertBulkProcess,
  insertChunk,
  insertProblems,
  listBulkProcesses,
  problemsPage,
  readChunks,
  recordBatchWritten,
  recordRowShipments,
  rowsWithProblems,
  updateBulkProcess,
} from '../store/bulk-import.ts';
import { insertShipments } from '../store/shipments.ts';
import { brokerDensityScale, customerProblem } from './shipments.ts';

export const importQueues = {
  /** checks every row of an uploaded file and lists the problems (job id check-<bulk process id>) */
  check: 'shipment-import-check',
  /** writes the good rows once the review is confirmed (job id import-<bulk process id>) */
  write: 'shipment-import-write',
} as const;
export interface ImportJob {
  bulkProcessId: number;
}

/**
 * Ours: how far the check's and the import's heap may grow past what is alive before it is collected
 * (`heapBound`): a few dozen batches of garbage, so a collection (tens of milliseconds) comes every few
 * seconds at most, and the worker stays under 200 MB whatever the file's size (issue 17).
 */
const IMPORT_HEAP_HEADROOM_BYTES = 24 * 1024 * 1024;

const notFoundProcess = (id: number) => notFound(`Bulk process ${id} was not found.`);

function requireImporter(caller: Identity): void {
  if (!mayImportShipments(caller)) throw refusalError({ status: 403, message: importRefusal });
}

/** What the API reports of a bulk process (002 §3.8 status values; 001 §4 import status). */
export function presentProcess(p: BulkProcessRow) {
  return {
    bulkProcessId: p.bulkProcessId,
    processType: p.processType,
    status: p.status,
    importStatus: p.importStatus,
    customerOrganizationId: p.customerOrganizationId,
    fileName: p.fileName,
    sizeBytes: p.sizeBytes,
    traceLogId: p.traceLogId,
    totalRows: p.totalRows,
    goodRows: p.goodRows,
    badRows: p.badRows,
    importedRows: p.importedRows,
    unknownHeaders: p.unknownHeaders,
    columnMapping: p.columnMapping,
    /** the columns of this import type's template, in its order (what a header can be mapped to) */
    templateColumns: isShipmentImportType(p.processType)
      ? columnsFor(p.processType).map((c) => c.header)
      : [],
    error: p.error,
    createdBy: p.createdBy.name,
    createdDate: p.createdAt,
    updatedDate: p.updatedAt,
  };
}
export type BulkProcessView = ReturnType<typeof presentProcess>;

async function processOf(deps: ShipmentsDeps, caller: Identity, id: number): Promise<BulkProcessRow> {
  requireImporter(caller);
  const p = await findBulkProcess(deps.runtime.db, id, caller.brokerId);
  if (!p) throw notFoundProcess(id);
  return p;
}

/** 001 §7: the address an import's result is emailed to: the signed-in user's own. */
export function defaultUserEmail(caller: Identity): { email: string } {
  requireImporter(caller);
  return { email: caller.email };
}

export function importTemplate(caller: Identity, processType: number): { fileName: string; csv: string } {
  requireImporter(caller);
  const type = checkType(processType);
  return { fileName: `shipment-import-${type}.csv`, csv: toCsv(null, templateRows(type)) };
}

function checkType(processType: number): ShipmentImportType {
  if (!isShipmentImportType(processType))
    throw problemsError([
      {
        field: 'processType',
        message: `${processType} is not an import that creates shipments: use 70, 90, 50 or 100 (002 §3.8).`,
      },
    ]);
  return processType;
}

export async function listImports(deps: ShipmentsDeps, caller: Identity): Promise<BulkProcessView[]> {
  requireImporter(caller);
  return (await listBulkProcesses(deps.runtime.db, caller.brokerId, 50)).map(presentProcess);
}

export async function getImport(deps: ShipmentsDeps, caller: Identity, id: number): Promise<BulkProcessView> {
  return presentProcess(await processOf(deps, caller, id));
}

/**
 * Step 2: the file arrives as a stream and is written to the database in pieces as it comes (never whole in
 * memory), so the worker of any replica reads it. Nothing is checked or imported yet (001 §4: upload, then
 * confirm).
 */
export async function uploadImport(
  deps: ShipmentsDeps,
  caller: Identity,
  given: { processType: number; customerOrganizationId: string; fileName: string },
  file: Readable,
): Promise<BulkProcessView> {
  requireImporter(caller);
  const problems: FieldProblem[] = [];
  if (!isShipmentImportType(given.processType)) {
    problems.push({
      field: 'processType',
      message: `${given.processType} is not an import that creates shipments: use 70, 90, 50 or 100 (002 §3.8).`,
    });
  }
  const customer = await customerProblem(deps.runtime.db, given.customerOrganizationId, caller.brokerId);
  if (customer) problems.push(customer);
  if (importFileFormat(given.fileName) === null)
    problems.push({ field: 'file', message: unsupportedFileMessage });
  if (problems.length > 0) {
    file.resume();
    throw problemsError(problems);
  }
  const db = deps.runtime.db;
  const id = await insertBulkProcess(db, {
    brokerId: caller.brokerId,
    processType: given.processType,
    customerOrganizationId: given.customerOrganizationId,
    fileName: given.fileName,
    createdBy: {
      userId: caller.userId,
      name: caller.displayName,
      email: caller.email,
      permissions: caller.permissions,
    },
  });
  let size = 0;
  let sequence = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    await insertChunk(db, id, sequence++, Buffer.concat(pending, pendingBytes));
    pending = [];
    pendingBytes = 0;
  };
  try {
    for await (const piece of file) {
      let bytes = piece as Buffer;
      size += bytes.length;
      if (size > MAX_IMPORT_FILE_BYTES) throw new HttpError(413, tooLarge);
      // pieces of exactly IMPORT_CHUNK_BYTES, however the stream cut the file: the worker reads one at a time
      while (bytes.length > 0) {
        const part = bytes.subarray(0, IMPORT_CHUNK_BYTES - pendingBytes);
        pending.push(part);
        pendingBytes += part.length;
        bytes = bytes.subarray(part.length);
        if (pendingBytes === IMPORT_CHUNK_BYTES) await flush();
      }
    }
    await flush();
    if (size === 0) throw problemsError([{ field: 'file', message: 'The file is empty.' }]);
  } catch (error) {
    await deleteBulkProcess(db, id);
    throw error;
  }
  await updateBulkProcess(db, id, { sizeBytes: size, importStatus: 'uploaded' });
  return presentProcess((await findBulkProcess(db, id))!);
}
const tooLarge = `The file is larger than ${MAX_IMPORT_FILE_BYTES / 1024 / 1024} MB: split it into several files.`;

/** Confirming the upload (001 §4: confirm, then processing): the file's check starts as a job. */
export async function startImport(
  deps: ShipmentsDeps,
  caller: Identity,
  id: number,
): Promise<BulkProcessView> {
  const p = await processOf(deps, caller, id);
  // starting again is a no-op (a double click, a retried request): the process as it is
  if (p.importStatus === 'canceled')
    throw conflict(`Bulk process ${id} was canceled; upload the file again.`);
  if (p.importStatus !== 'uploaded') return presentProcess(p);
  const tracker = await progressTrackerOf(deps.runtime).create(
    { brokerId: caller.brokerId, userId: caller.userId },
    'BulkImport',
  );
  await updateBulkProcess(deps.runtime.db, id, {
    importStatus: 'processing',
    traceLogId: tracker.traceLogId,
  });
  await deps.runtime
    .queue<ImportJob>(importQueues.check)
    .enqueue({ bulkProcessId: id }, { idempotencyKey: `check-${id}` });
  return presentProcess((await findBulkProcess(deps.runtime.db, id))!);
}

export interface ImportReview {
  bulkProcess: BulkProcessView;
  problems: ImportProblem[];
  /** the row to pass as `afterRow` for the next page, or null on the last */
  nextAfterRow: number | null;
}

/** Step 3: every row that would fail, with its row number, column and reason; the good rows counted. */
export async function reviewImport(
  deps: ShipmentsDeps,
  caller: Identity,
  id: number,
  afterRow: number,
): Promise<ImportReview> {
  const p = await processOf(deps, caller, id);
  const page = await problemsPage(deps.runtime.db, id, afterRow, REVIEW_PAGE_SIZE + 1);
  if (page.length <= REVIEW_PAGE_SIZE)
    return { bulkProcess: presentProcess(p), problems: page, nextAfterRow: null };
  // a row's problems stay on one page: the page ends before the row it would cut
  const cut = page[REVIEW_PAGE_SIZE]!.rowNumber;
  const whole = page.filter((x) => x.rowNumber < cut);
  const problems = whole.length > 0 ? whole : page.filter((x) => x.rowNumber === cut);
  return { bulkProcess: presentProcess(p), problems, nextAfterRow: problems[problems.length - 1]!.rowNumber };
}

/** The review confirmed: the good rows are written by a job (the bad ones are left out, as the review listed). */
export async function confirmImport(
  deps: ShipmentsDeps,
  caller: Identity,
  id: number,
): Promise<BulkProcessView> {
  const p = await processOf(deps, caller, id);
  // confirming again is a no-op: the import runs or ran
  if (p.importStatus === 'importing' || p.importStatus === 'imported') return presentProcess(p);
  if (p.importStatus !== 'review')
    throw conflict(`Bulk process ${id} is ${p.importStatus}: only a reviewed file can be imported.`);
  if (p.goodRows === 0)
    throw conflict('No row of this file can be imported: correct the file and upload it again.');
  const tracker = await progressTrackerOf(deps.runtime).create(
    { brokerId: caller.brokerId, userId: caller.userId },
    'BulkImport',
  );
  await updateBulkProcess(deps.runtime.db, id, { importStatus: 'importing', traceLogId: tracker.traceLogId });
  await deps.runtime
    .queue<ImportJob>(importQueues.write)
    .enqueue({ bulkProcessId: id }, { idempotencyKey: `import-${id}`, attempts: 10 });
  return presentProcess((await findBulkProcess(deps.runtime.db, id))!);
}

/** Going back from the review (or from a file in error): nothing was imported; the file is dropped. */
export async function cancelImport(
  deps: ShipmentsDeps,
  caller: Identity,
  id: number,
): Promise<BulkProcessView> {
  const p = await processOf(deps, caller, id);
  if (p.importStatus === 'canceled') return presentProcess(p);
  if (!['uploaded', 'review', 'error'].includes(p.importStatus))
    throw conflict(`Bulk process ${id} is ${p.importStatus}; it can no longer be canceled.`);
  await deps.runtime.db.transaction().execute(async (trx) => {
    await deleteChunks(trx, id);
    await updateBulkProcess(trx, id, { importStatus: 'canceled' });
  });
  return presentProcess((await findBulkProcess(deps.runtime.db, id))!);
}

/**
 * The mapping step (001 §2: "a mapping step when headers differ"): the user says which template column a
 * header of the file holds, or leaves it out, and the file is checked again with that mapping. From the
 * review or from a file in error; the same mapping sent again while it is being checked changes nothing.
 */
export async function mapImportColumns(
  deps: ShipmentsDeps,
  caller: Identity,
  id: number,
  mapping: ColumnMapping,
): Promise<BulkProcessView> {
  const p = await processOf(deps, caller, id);
  const problems = mappingProblems(p.processType as ShipmentImportType, mapping);
  if (problems.length > 0) throw problemsError(problems);
  // (PostgreSQL's jsonb keeps keys in its own order)
  const canonical = (m: ColumnMapping) =>
    JSON.stringify(Object.entries(m).sort(([a], [b]) => (a < b ? -1 : 1)));
  const same = canonical(p.columnMapping) === canonical(mapping);
  if (p.importStatus === 'processing' && same) return presentProcess(p);
  if (p.importStatus !== 'review' && p.importStatus !== 'error')
    throw conflict(`Bulk process ${id} is ${p.importStatus}: columns can be mapped on the review only.`);
  const tracker = await progressTrackerOf(deps.runtime).create(
    { brokerId: caller.brokerId, userId: caller.userId },
    'BulkImport',
  );
  // one request takes the process from the review to the check again (two at once: the second is told)
  if (!(await claimForRecheck(deps.runtime.db, id, mapping, tracker.traceLogId)))
    throw conflict(`Bulk process ${id} is already being checked again.`);
  await deps.runtime
    .queue<ImportJob>(importQueues.check)
    .enqueue({ bulkProcessId: id }, { idempotencyKey: `check-${id}-${tracker.traceLogId}` });
  return presentProcess((await findBulkProcess(deps.runtime.db, id))!);
}

// ---------------------------------------------------------------------------------------------------
// The jobs

interface FileRow {
  rowNumber: number;
  record: string[];
  /** bytes of the file read so far (the check's progress) */
  bytesRead: number;
}

/** The file's rows after the header, read piece by piece (the header row is row 1, as a spreadsheet shows). */
async function* fileRecords(deps: ShipmentsDeps, p: BulkProcessRow): AsyncGenerator<FileRow> {
  const id = p.bulkProcessId;
  if (importFileFormat(p.fileName) === 'xlsx') {
    // a workbook is a zip: its progress is told in rows, the bytes read being the whole file early on
    let bytesRead = 0;
    const pieces = (async function* () {
      for await (const bytes of readChunks(deps.runtime.db, id)) {
        bytesRead += bytes.length;
        yield bytes;
      }
    })();
    for await (const row of xlsxRows(pieces)) yield { ...row, bytesRead };
    return;
  }
  const decoder = new TextDecoder('utf-8');
  const reader = new CsvReader();
  let rowNumber = 0;
  let bytesRead = 0;
  for await (const bytes of readChunks(deps.runtime.db, id)) {
    bytesRead += bytes.length;
    for (const record of reader.push(decoder.decode(bytes, { stream: true }))) {
      rowNumber++;
      yield { rowNumber, record, bytesRead };
    }
  }
  for (const record of [...reader.push(decoder.decode()), ...reader.end()]) {
    rowNumber++;
    yield { rowNumber, record, bytesRead };
  }
}

/** The identity a job checks rows as: the user who uploaded the file. */
const uploaderOf = (p: BulkProcessRow): Identity => ({
  userId: p.createdBy.userId,
  kind: 'staff',
  email: p.createdBy.email,
  displayName: p.createdBy.name,
  organizationId: p.brokerId,
  organizationType: 0,
  brokerId: p.brokerId,
  permissions: p.createdBy.permissions,
  customerSettings: 0,
  sessionId: 'bulk-import',
});

type CheckedRow = { ok: true; shipment: NewShipment } | { ok: false; problems: ImportProblem[] };

/** The limits of an order as the create call states them (http/order-limits.ts): a row's problems, if any. */
export type OrderLimits = (input: unknown) => FieldProblem[];

/** A row checked by the create rules (the same as `POST /api/shipments`), customers looked up once each. */
function rowChecker(
  deps: ShipmentsDeps,
  p: BulkProcessRow,
  map: HeaderMap,
  densityScale: DensityScaleId,
  limits: OrderLimits,
) {
  const caller = uploaderOf(p);
  const customers = new Map<string, FieldProblem | null>();
  const type = p.processType as ShipmentImportType;
  return async (row: FileRow, now: Date): Promise<CheckedRow> => {
    // every problem of the row, each on its column (the create call's limits and rules included)
    const checked = checkRow(
      caller,
      map,
      row.record,
      row.rowNumber,
      { type, customerOrganizationId: p.customerOrganizationId },
      now,
      { densityScale, limits },
    );
    const problems = checked.problems;
    const id = checked.customerToCheck;
    if (id !== null) {
      if (!customers.has(id))
        customers.set(id, (await customerProblem(deps.runtime.db, id, p.brokerId)) ?? null);
      const problem = customers.get(id);
      if (problem && !problems.some((x) => x.column === 'Customer Id'))
        problems.push(...problemsOnColumns(row.rowNumber, [problem]));
    }
    if (problems.length > 0 || !checked.shipment) return { ok: false, problems };
    return { ok: true, shipment: checked.shipment };
  };
}

/** Reads the header row; a file without a usable one is in error. */
async function headerOf(
  rows: AsyncGenerator<FileRow>,
  p: BulkProcessRow,
): Promise<{ ok: true; map: HeaderMap } | { ok: false; problems: ImportProblem[]; unknown: string[] }> {
  const first = await rows.next();
  if (first.done)
    return {
      ok: false,
      problems: [{ rowNumber: 1, column: '', reason: 'The file has no rows.' }],
      unknown: [],
    };
  return matchHeaders(p.processType as ShipmentImportType, first.value.record, p.columnMapping);
}

function readableError(error: unknown): string | undefined {
  if (error instanceof CsvFormatError) return `The file is not a CSV file that can be read: ${error.message}`;
  if (error instanceof XlsxFormatError)
    return `The file is not an Excel workbook (.xlsx) that can be read: ${error.message}`;
  return undefined;
}

/** The check job: every row checked, its problems recorded for the review; processing → review or error. */
export async function checkFile(
  deps: ShipmentsDeps,
  bulkProcessId: number,
  limits: OrderLimits,
): Promise<void> {
  const db = deps.runtime.db;
  const p = await findBulkProcess(db, bulkProcessId);
  if (!p || p.importStatus !== 'processing') return;
  const tracker = progressTrackerOf(deps.runtime);
  const traceLogId = p.traceLogId!;
  // a check that ran before (a worker that died) is done again from the start: it writes nothing but problems
  await clearProblems(db, bulkProcessId);
  const rows = fileRecords(deps, p);
  let total = 0;
  let good = 0;
  let bad = 0;
  try {
    const header = await headerOf(rows, p);
    if (!header.ok) {
      await insertProblems(db, bulkProcessId, header.problems);
      await updateBulkProcess(db, bulkProcessId, {
        importStatus: 'error',
        unknownHeaders: header.unknown,
        error: header.problems.map((x) => x.reason).join(' '),
      });
      await tracker.fail(traceLogId, header.problems[0]!.reason, { final: true });
      return;
    }
    const check = rowChecker(deps, p, header.map, await brokerDensityScale(deps, p.brokerId), limits);
    const now = new Date();
    const bound = heapBound(IMPORT_HEAP_HEADROOM_BYTES);
    let problems: ImportProblem[] = [];
    for await (const row of rows) {
      if (isBlankRecord(row.record)) continue;
      total++;
      const checked = await check(row, now);
      if (checked.ok) good++;
      else {
        bad++;
        problems.push(...checked.problems);
        if (problems.length >= 500) {
          await insertProblems(db, bulkProcessId, problems);
          problems = [];
        }
      }
      if (total % IMPORT_BATCH_ROWS === 0) bound();
      if (total % PROGRESS_EVERY_ROWS === 0)
        await tracker.report(traceLogId, {
          done: row.bytesRead,
          total: p.sizeBytes,
          message: `${total} rows checked`,
        });
    }
    await insertProblems(db, bulkProcessId, problems);
    const empty = total === 0;
    await updateBulkProcess(db, bulkProcessId, {
      importStatus: empty ? 'error' : 'review',
      totalRows: total,
      goodRows: good,
      badRows: bad,
      unknownHeaders: header.map.unknown,
      error: empty ? 'The file has a header row but no shipments.' : null,
    });
    if (empty) await tracker.fail(traceLogId, 'The file has a header row but no shipments.', { final: true });
    else await tracker.finish(traceLogId, `${good} of ${total} rows can be imported`);
  } catch (error) {
    const reason = readableError(error);
    if (!reason) throw error;
    await updateBulkProcess(db, bulkProcessId, { importStatus: 'error', error: reason });
    await tracker.fail(traceLogId, reason, { final: true });
  }
}

/**
 * The import job: the good rows written IMPORT_BATCH_ROWS at a time, each batch one transaction with the
 * shipments' events and each row's idempotency key. A job that died resumes after the last committed row.
 */
export async function importFile(
  deps: ShipmentsDeps,
  bulkProcessId: number,
  limits: OrderLimits,
): Promise<void> {
  const { db } = deps.runtime;
  const p = await findBulkProcess(db, bulkProcessId);
  if (!p || p.importStatus !== 'importing') return;
  const tracker = progressTrackerOf(deps.runtime);
  const traceLogId = p.traceLogId!;
  const rows = fileRecords(deps, p);
  const header = await headerOf(rows, p);
  if (!header.ok) throw new Error(`Bulk process ${bulkProcessId}: the header row no longer reads.`);
  const check = rowChecker(deps, p, header.map, await brokerDensityScale(deps, p.brokerId), limits);
  const now = new Date();
  let imported = p.importedRows;
  let readThrough = p.importedThroughRow;
  let batch: { rowNumber: number; shipment: NewShipment }[] = [];

  const bound = heapBound(IMPORT_HEAP_HEADROOM_BYTES);
  /** rows the rules refuse now: listed unless the review listed them already (a row that became bad since) */
  let refused: ImportProblem[] = [];
  let read = 0;
  /** Writes these rows' shipments and the late problems in one transaction; answers how many were written. */
  const write = (rows: typeof batch, through: number, late: ImportProblem[]) =>
    db.transaction().execute(async (trx) => {
      const claimed = await claimRows(
        trx,
        bulkProcessId,
        rows.map((r) => r.rowNumber),
      );
      const claimedRows = rows.filter((r) => claimed.has(r.rowNumber));
      const shipments = await insertShipments(
        deps.runtime,
        trx,
        claimedRows.map((r) => r.shipment),
      );
      const created = claimedRows.map((r, i) => ({
        rowNumber: r.rowNumber,
        shipmentId: shipments[i]!.shipmentId,
      }));
      await recordRowShipments(trx, bulkProcessId, created);
      await insertProblems(trx, bulkProcessId, late);
      await recordBatchWritten(trx, bulkProcessId, {
        importedRows: created.length,
        readThrough: through,
        lateBadRows: new Set(late.map((x) => x.rowNumber)).size,
      });
      return created.length;
    });
  const commit = async () => {
    const listed = await rowsWithProblems(db, bulkProcessId, [...new Set(refused.map((x) => x.rowNumber))]);
    const late = refused.filter((x) => !listed.has(x.rowNumber));
    let written: number;
    try {
      written = await write(batch, readThrough, late);
    } catch (error) {
      if (!isRefusedForItsData(error)) throw error;
      // A row the table refuses (a rule the review's checks do not know) would fail every retry of its batch:
      // the batch goes again row by row, and the refused row is listed with the others left out.
      written = 0;
      let problems = late;
      for (const [i, row] of batch.entries()) {
        const through = i === batch.length - 1 ? readThrough : row.rowNumber;
        try {
          written += await write([row], through, problems);
        } catch (rowError) {
          if (!isRefusedForItsData(rowError)) throw rowError;
          const reason = rowRefusedReason((rowError as { constraint?: string }).constraint);
          await write([], through, [...problems, { rowNumber: row.rowNumber, column: '', reason }]);
        }
        problems = [];
      }
    }
    imported += written;
    batch = [];
    refused = [];
    // a batch's garbage is promoted while it waits on PostgreSQL: collected once it adds up, the worker's
    // memory stays near what is alive whatever the file's size (decision 0095)
    bound();
    await tracker.report(traceLogId, {
      done: imported,
      total: p.goodRows,
      message: `${imported} of ${p.goodRows} shipments imported`,
    });
  };

  for await (const row of rows) {
    if (row.rowNumber <= p.importedThroughRow || isBlankRecord(row.record)) continue;
    readThrough = row.rowNumber;
    const checked = await check(row, now);
    if (checked.ok) batch.push({ rowNumber: row.rowNumber, shipment: checked.shipment });
    else refused.push(...checked.problems);
    if (++read >= IMPORT_BATCH_ROWS) {
      await commit();
      read = 0;
    }
  }
  await commit();
  // the result goes to the importer by email (the attachments service sends it, decision 0096), in the
  // transaction that ends the import
  const csv = new RejectedRowsCsv(IMPORT_RESULT_CSV_MAX_CHARS);
  let rejected = 0;
  let lastRow = 0;
  for await (const problem of allProblems(db, bulkProcessId)) {
    csv.add(problem);
    if (problem.rowNumber !== lastRow && problem.rowNumber > 1) rejected++;
    lastRow = problem.rowNumber;
  }
  await db.transaction().execute(async (trx) => {
    await updateBulkProcess(trx, bulkProcessId, { importStatus: 'imported' });
    await deleteChunks(trx, bulkProcessId);
    await deps.runtime.appendEvent(trx, subjects.shipmentImportFinished, {
      bulkProcessId,
      brokerId: p.brokerId,
      processType: p.processType,
      customerOrganizationId: p.customerOrganizationId,
      fileName: p.fileName,
      recipient: p.createdBy.email,
      requestedBy: { userId: p.createdBy.userId, name: p.createdBy.name },
      totalRows: p.totalRows,
      importedRows: imported,
      rejectedRows: rejected,
      rejectedRowsCsv: csv.text(),
      finishedDate: new Date().toISOString(),
    });
  });
  await tracker.finish(traceLogId, `${imported} shipments imported`);
}

/** Ours: why a row the review passed was left out, when the table refused it (naming the table's rule). */
export const rowRefusedReason = (rule: string | undefined): string =>
  `The row was not imported: the database refused it${rule ? ` (${rule})` : ''}.`;

/** A job that gave up for good: the bulk process is in error (002 §3.8 Error), the tracker says why. */
export async function importGaveUp(
  deps: ShipmentsDeps,
  bulkProcessId: number,
  reason: string,
): Promise<void> {
  const p = await findBulkProcess(deps.runtime.db, bulkProcessId);
  if (!p || !['processing', 'importing'].includes(p.importStatus)) return;
  await updateBulkProcess(deps.runtime.db, bulkProcessId, { importStatus: 'error', error: reason });
  if (p.traceLogId) await progressTrackerOf(deps.runtime).fail(p.traceLogId, reason, { final: true });
}
