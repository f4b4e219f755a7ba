// Issue 17 item 5: a worker SIGKILLed half-way through an import and another taking the job up yields each
// row's shipment exactly once. The import runs in real worker processes (`SERVICE_ROLE=background`, the
// service as deployed) on this test's schema and queue prefix; the first is killed while it writes, the
// second resumes after the last committed batch; the file's rows, the imported-row keys, the shipments and
// their shipment.updated events are reconciled and the counts printed.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { BulkProcessType } from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import { buildService, eventually } from '@loadline/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoData, shipmentsService } from '../../src/service.ts';
import { type Shipments, today } from './fixtures.ts';
import { admin, call, csvOf, goodRow, until, upload } from './import-fixtures.ts';

const ROWS = 1500;
const serviceDir = join(import.meta.dirname, '..', '..');
let t: Shipments;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  t = await buildService(shipmentsService);
  await seedDemoData(t.runtime, today);
}, 60_000);
afterAll(async () => {
  for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
  await t?.cleanup();
});

/** A worker process of the service on this test's schema, queue prefix and event namespace. */
function startWorker(): ChildProcess {
  const worker = spawn(process.execPath, ['src/server.ts'], {
    cwd: serviceDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      SERVICE_ROLE: 'background',
      SHIPMENTS_PORT: '0',
      SHIPMENTS_DB_SCHEMA: t.config.databaseSchema,
      QUEUE_PREFIX: t.config.queuePrefix,
      EVENT_NAMESPACE: t.config.eventNamespace,
      LOG_LEVEL: 'error',
      // a killed worker's job is taken up again within about twice this
      IMPORT_LOCK_MS: '2000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  workers.push(worker);
  return worker;
}

const progressOf = async (id: number) =>
  t.runtime.db
    .selectFrom('bulk_process')
    .select(['imported_rows', 'import_status'])
    .where('bulk_process_id', '=', id)
    .executeTakeFirstOrThrow();

it('a worker killed half-way and another resuming yield each row’s shipment exactly once', async () => {
  const rows = Array.from({ length: ROWS }, (_, i) => goodRow(i + 1, { 'PO Number': `RES-${i + 1}` }));
  const res = await upload(t, admin, csvOf(BulkProcessType.values.ShipmentImport, rows));
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().bulkProcessId;

  const first = startWorker();
  await call(t, admin, 'POST', `/api/bulkProcessQueue/${id}/start`);
  const reviewed = await until(t, id, ['review', 'error'], 120_000);
  expect(reviewed).toMatchObject({ goodRows: ROWS, badRows: 0 });
  await call(t, admin, 'POST', `/api/bulkProcessQueue/${id}/confirm`);

  // killed while it writes: some batches committed, not all
  const atKill = await eventually(async () => {
    const p = await progressOf(id);
    return p.imported_rows >= 200 ? p : undefined;
  }, 120_000);
  first.kill('SIGKILL');
  await new Promise((resolve) => first.once('exit', resolve));
  const afterKill = await progressOf(id);
  expect(afterKill.import_status).toBe('importing');
  expect(afterKill.imported_rows).toBeLessThan(ROWS);

  startWorker();
  const done = await until(t, id, ['imported', 'error'], 150_000);
  expect(done.importStatus).toBe('imported');

  const { db } = t.runtime;
  const shipments = await db
    .selectFrom('reference_number')
    .select(['shipment_id', 'value'])
    .where('reference_type_code', '=', 'PONumber')
    .where('value', 'like', 'RES-%')
    .execute();
  const keys = await db
    .selectFrom('bulk_process_row')
    .select(['row_number', 'shipment_id'])
    .where('bulk_process_id', '=', id)
    .execute();
  const events = (
    await db
      .selectFrom('outbox')
      .select(['subject', 'envelope'])
      .where('subject', '=', subjects.shipmentUpdated)
      .execute()
  ).map((r) => Number((r.envelope as { data: { shipmentId: number } }).data.shipmentId));
  const imported = new Set(shipments.map((s) => Number(s.shipment_id)));
  const eventsOfImported = events.filter((e) => imported.has(e));
  const distinctPo = new Set(shipments.map((s) => s.value)).size;

  console.log(
    `import resumed after SIGKILL: rows ${ROWS}, committed before the kill ${afterKill.imported_rows} ` +
      `(killed at ≥ ${atKill.imported_rows}), shipments ${shipments.length} (distinct PO numbers ${distinctPo}), ` +
      `row keys ${keys.length}, shipment.updated events ${eventsOfImported.length} for ${new Set(eventsOfImported).size} shipments, ` +
      `importedRows reported ${done.importedRows}`,
  );
  expect(shipments).toHaveLength(ROWS);
  expect(distinctPo).toBe(ROWS);
  expect(keys).toHaveLength(ROWS);
  expect(new Set(keys.map((k) => Number(k.shipment_id)))).toEqual(imported);
  expect(eventsOfImported).toHaveLength(ROWS);
  expect(new Set(eventsOfImported).size).toBe(ROWS);
  expect(done.importedRows).toBe(ROWS);
}, 300_000);
