// The accounting sync against the real servers (001 §3 sync options, §7 accountingsync calls; 002 §3.6):
// the four previews with getFailed, a test run that writes nothing, a run that writes the daily export's
// CSV and IIF files with every item once, AlreadySynced, Updated and Failed items, the connection test, one
// run at a time, and the product's progress tracker (000 §7) the screen polls.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoOrganizations } from '@loadline/contracts/demo';
import { subjects } from '@loadline/contracts/events';
import { eventually } from '@loadline/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvItemIdOf } from '../../src/domain/sync.ts';
import { type Accounting, accountant, admin, operations, otherBroker, startAccounting } from './fixtures.ts';

let t: Accounting;
let exportDir: string;

const call = (method: 'GET' | 'POST', url: string, who: object, payload?: object) =>
  t.app.inject({ method, url, headers: t.as(who), ...(payload ? { payload } : {}) });

const progress = async (traceLogId: string, who: object = accountant) =>
  (
    await call(
      'GET',
      `/api/progressTracker/GetProgress/?traceLogId=${traceLogId}&trackerType=AccountingSync`,
      who,
    )
  ).json();

async function finished(runId: string) {
  return eventually(async () => {
    const run = (await call('GET', `/api/accountingsync/runs/${runId}`, accountant)).json();
    return run.status === 'Finished' || run.status === 'Failed' ? run : undefined;
  }, 30_000);
}

beforeAll(async () => {
  exportDir = await mkdtemp(join(tmpdir(), 'accounting-sync-'));
  t = await startAccounting({ background: true, settings: { exportDir, syncBatchSize: 4 } });
});
afterAll(async () => {
  await t?.cleanup();
  await rm(exportDir, { recursive: true, force: true });
});

describe('previews (001 §7)', () => {
  it('lists what the next run sends, each selected by default; the failed previews are empty', async () => {
    const invoices = (await call('GET', '/api/accountingsync/preview/invoices', accountant)).json();
    expect(invoices.totalCount).toBeGreaterThan(8);
    expect(invoices.items[0]).toMatchObject({ kind: 'invoices', syncStatus: 'None', selected: true });
    const payments = (await call('GET', '/api/accountingsync/preview/invoicepayments', accountant)).json();
    expect(payments.items.map((p: { paymentType: string }) => p.paymentType)).toEqual([
      'Check',
      'Check',
      'Check',
    ]);
    expect((await call('GET', '/api/accountingsync/preview/bills', accountant)).json().totalCount).toBe(4);
    expect(
      (await call('GET', '/api/accountingsync/preview/billpayments', accountant)).json().totalCount,
    ).toBe(0);
    expect(
      (await call('GET', '/api/accountingsync/preview/invoices?getFailed=true', accountant)).json()
        .totalCount,
    ).toBe(0);
  });

  it('needs the Accounting Sync permission, and shows another broker nothing', async () => {
    expect((await call('GET', '/api/accountingsync/preview/invoices', operations)).statusCode).toBe(403);
    expect(
      (
        await call('GET', '/api/accountingsync/preview/invoices', {
          ...otherBroker,
          permissions: accountant.permissions,
        })
      ).json().totalCount,
    ).toBe(0);
  });

  it('tests the connection: the export folder can be written', async () => {
    expect((await call('GET', '/api/accountingsync/testConnection', accountant)).json()).toEqual({
      syncType: 'DailyExportSyncARAP',
      connected: true,
      message: `Daily export files are written to ${exportDir}.`,
    });
  });
});

describe('a test run writes nothing', () => {
  it('goes through every item, reports progress to the end, and leaves the ledger and the items as they were', async () => {
    const tracker = (await call('GET', '/api/accountingsync/CreateTracker', accountant)).json();
    expect(tracker).toMatchObject({ trackerType: 'AccountingSync', progress: 0, isFinished: false });
    const started = await call('POST', '/api/accountingsync/runSync', accountant, {
      activityId: tracker.traceLogId,
      doInvoices: true,
      doInvoicePayments: true,
      doBills: true,
      isTestRun: true,
    });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ traceLogId: tracker.traceLogId, isTestRun: true });
    const run = await finished(started.json().runId);
    expect(run.status).toBe('Finished');
    expect(run.counts).toEqual({ Complete: started.json().total });
    expect(run.csvPath).toBeNull();
    const done = await progress(tracker.traceLogId);
    expect(done).toMatchObject({
      progress: 100,
      isFinished: true,
      hasError: false,
      done: started.json().total,
    });
    expect(done.message).toBe(`Test run finished: ${started.json().total} Complete.`);
    const untouched = await t.runtime.db.selectFrom('invoice').select('sync_status').distinct().execute();
    expect(untouched).toEqual([{ sync_status: 'None' }]);
    expect(
      (await call('GET', '/api/accountingsync/preview/invoices', accountant)).json().totalCount,
    ).toBeGreaterThan(8);
  });
});

describe('a run writes the daily export', () => {
  let csvPath: string;
  let firstTotal: number;

  it('writes every invoice, payment and bill once to the CSV and the IIF, and marks them synced', async () => {
    const started = (
      await call('POST', '/api/accountingsync/runSync', accountant, {
        doInvoices: true,
        doInvoicePayments: true,
        doBills: true,
        doBillPayments: true,
        enableLogger: true,
      })
    ).json();
    firstTotal = started.total;
    const run = await finished(started.runId);
    expect(run.counts).toEqual({ Complete: firstTotal });
    csvPath = run.csvPath;
    const csv = await readFile(csvPath, 'utf8');
    const rows = csv.split('\r\n').slice(1).filter(Boolean);
    expect(rows).toHaveLength(firstTotal);
    expect(new Set(rows.map(csvItemIdOf)).size).toBe(firstTotal);
    expect(csv.startsWith('\uFEFFRecordType,ItemId')).toBe(true);
    expect((await stat(csvPath)).size).toBe(run.csvBytes);
    const iif = await readFile(run.iifPath, 'utf8');
    expect(iif.match(/^ENDTRNS/gm)).toHaveLength(firstTotal);
    expect((await call('GET', '/api/accountingsync/preview/invoices', accountant)).json().totalCount).toBe(0);
    const synced = await t.runtime.db.selectFrom('invoice').select(['sync_status']).distinct().execute();
    expect(synced).toEqual([{ sync_status: 'Complete' }]);
  });

  it('sends nothing for an item the ledger has as it is (AlreadySynced), and again one that changed (Updated)', async () => {
    const acme = demoOrganizations.find((o) => o.organizationId === 'org_demo_acme')!;
    await t.deliver(subjects.organizationChanged, { ...acme, version: 7, name: 'Acme Manufacturing Co.' });
    const changed = (await call('GET', '/api/accountingsync/preview/invoices', accountant)).json();
    expect(changed.totalCount).toBeGreaterThan(0);
    expect(changed.items.every((i: { organizationId: string }) => i.organizationId === 'org_demo_acme')).toBe(
      true,
    );
    const globexInvoice = await t.runtime.db
      .selectFrom('invoice')
      .select('invoice_id')
      .where('payer_organization_id', '=', 'org_demo_globex')
      .executeTakeFirstOrThrow();
    const started = (
      await call('POST', '/api/accountingsync/runSync', accountant, {
        doInvoices: true,
        invoices: [...changed.items.map((i: { id: string }) => i.id), globexInvoice.invoice_id],
      })
    ).json();
    const run = await finished(started.runId);
    expect(run.counts).toEqual({ Updated: changed.totalCount, AlreadySynced: 1 });
    const rows = (await readFile(run.csvPath, 'utf8')).split('\r\n').slice(1).filter(Boolean);
    expect(rows).toHaveLength(changed.totalCount);
    expect(rows.every((r) => r.endsWith(',Updated') && r.includes('Acme Manufacturing Co.'))).toBe(true);
  });

  it('fails an item it cannot post, with the reason, and lists it in the getFailed preview', async () => {
    await t.runtime.db
      .insertInto('invoice')
      .values({
        invoice_id: 'inv_unknown_payer',
        broker_id: 'org_demo_broker',
        invoice_number: 999001,
        kind: 'OpeningBalance',
        payer_organization_id: 'org_not_yet_known',
        invoice_date: '2026-11-01',
        due_date: '2026-12-01',
        invoice_date_type: 'Today',
        total_cents: 5000,
        status: 1,
      })
      .execute();
    const started = (
      await call('POST', '/api/accountingsync/runSync', accountant, { doInvoices: true })
    ).json();
    const run = await finished(started.runId);
    expect(run.counts).toEqual({ Failed: 1 });
    expect(run.items).toEqual([
      {
        seq: 1,
        kind: 'invoices',
        itemId: 'inv_unknown_payer',
        status: 'Failed',
        message: 'The payer organization is not known to accounting yet: its name is missing.',
      },
    ]);
    const failed = (
      await call('GET', '/api/accountingsync/preview/invoices?getFailed=true', accountant)
    ).json();
    expect(failed.items).toEqual([
      expect.objectContaining({
        id: 'inv_unknown_payer',
        syncStatus: 'Failed',
        message: run.items[0].message,
        selected: true,
      }),
    ]);
    expect((await call('GET', '/api/accountingsync/preview/invoices', accountant)).json().totalCount).toBe(0);
    expect((await readFile(run.csvPath, 'utf8')).split('\r\n').filter(Boolean)).toHaveLength(1); // the header only
  });

  it('refuses what the ledger does not take, unknown ids, and nothing chosen, naming the field', async () => {
    const none = await call('POST', '/api/accountingsync/runSync', accountant, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toHaveProperty('model.doInvoices');
    const unknown = await call('POST', '/api/accountingsync/runSync', accountant, {
      doBills: true,
      bills: ['bil_nope'],
    });
    expect(unknown.json().errors['model.bills']).toEqual(['bil_nope was not found.']);
    const tracker = await call('POST', '/api/accountingsync/runSync', accountant, {
      doBills: true,
      activityId: 'trc_someone_elses',
    });
    expect(tracker.statusCode).toBe(404);
  });
});

describe('the progress tracker, one for the product (000 §7; decision 0051)', () => {
  it('creates a tracker for any signed-in user and answers its progress only within its broker', async () => {
    const created = await call('GET', '/api/progressTracker/CreateTracker?trackerType=BulkEmail', admin);
    expect(created.statusCode).toBe(200);
    const { traceLogId } = created.json();
    expect(created.json()).toMatchObject({
      trackerType: 'BulkEmail',
      progress: 0,
      isFinished: false,
      hasError: false,
    });
    expect(
      (await call('GET', `/api/progressTracker/GetProgress/?traceLogId=${traceLogId}`, operations))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('GET', `/api/progressTracker/GetProgress/?traceLogId=${traceLogId}`, otherBroker))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          'GET',
          `/api/progressTracker/GetProgress/?traceLogId=${traceLogId}&trackerType=AccountingSync`,
          admin,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', '/api/progressTracker/GetProgress/?traceLogId=trc_nothing', admin)).statusCode,
    ).toBe(404);
  });
});

describe('one run at a time', () => {
  it('refuses a second run while one is queued or running (409)', async () => {
    await t.runtime.db
      .insertInto('sync_run')
      .values({
        run_id: 'syn_stuck',
        broker_id: 'org_demo_broker',
        trace_log_id: 'trc_stuck',
        sync_type: 'DailyExportSyncARAP',
        options: '{}',
        is_test_run: false,
        status: 'Running',
        created_by_user_id: 'usr_x',
        created_by_name: 'X',
      })
      .execute();
    const res = await call('POST', '/api/accountingsync/runSync', accountant, { doInvoices: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A sync is already running for your broker. Wait for it to finish.');
  });
});
