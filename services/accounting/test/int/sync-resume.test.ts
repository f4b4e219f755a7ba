// A sync run SIGKILLed half-way, then resumed (issue 16): the worker runs as its own process (the service
// with SERVICE_ROLE=background) on this file's schema, queue prefix and export folder; it is killed with
// SIGKILL in the middle of a run of 20,000 invoices; a new process picks the job up again (BullMQ's stalled
// job, after the lock of ACCOUNTING_SYNC_LOCK_MS) and the run goes on from the last recorded batch. Every
// item ends in the CSV exactly once and Complete in the database; the reconciled counts are printed.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from '@loadline/platform';
import { eventually } from '@loadline/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvItemIdOf } from '../../src/domain/sync.ts';
import { type Accounting, accountant, startAccounting } from './fixtures.ts';

const root = new URL('../../../../', import.meta.url).pathname;
/** This worker's port: the helper's journey offset (24000) plus the service's 8107, below 32768. */
const port = 24_000 + 8107 - 8000;
const invoices = 20_000;

let t: Accounting;
let exportDir: string;
const children: ChildProcess[] = [];

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, [join(root, 'services/accounting/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      SERVICE_ROLE: 'background',
      ACCOUNTING_PORT: String(port),
      ACCOUNTING_DB_SCHEMA: t.config.databaseSchema,
      EVENT_NAMESPACE: t.config.eventNamespace,
      QUEUE_PREFIX: t.config.queuePrefix,
      ACCOUNTING_EXPORT_DIR: exportDir,
      ACCOUNTING_SYNC_BATCH_SIZE: '100',
      ACCOUNTING_SYNC_LOCK_MS: '2000',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

const runState = (runId: string) =>
  t.runtime.db
    .selectFrom('sync_run')
    .select(['status', 'last_seq', 'total', 'csv_path', 'counts'])
    .where('run_id', '=', runId)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  exportDir = await mkdtemp(join(tmpdir(), 'accounting-resume-'));
  t = await startAccounting({ settings: { exportDir } });
  // 20,000 more invoices of Acme, as a busy month leaves them
  await sql`insert into invoice (invoice_id, broker_id, invoice_number, kind, payer_organization_id, customer_organization_id,
      invoice_date, due_date, invoice_date_type, total_cents, status)
    select 'inv_bulk_' || n, 'org_demo_broker', 200000 + n, 'OpeningBalance', 'org_demo_acme', 'org_demo_acme',
      date '2026-10-01' + (n % 30), date '2026-10-31' + (n % 30), 'Today', 10000 + n, 1
    from generate_series(1, ${invoices}) as n`.execute(t.runtime.db);
}, 120_000);

afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await t?.cleanup();
  await rm(exportDir, { recursive: true, force: true });
});

describe('a sync run killed half-way', () => {
  it('resumes after SIGKILL and sends each item exactly once', async () => {
    const first = startWorker();
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/accountingsync/runSync',
      headers: t.as(accountant),
      payload: { doInvoices: true },
    });
    expect(started.statusCode).toBe(202);
    const { runId, total } = started.json();
    expect(total).toBeGreaterThan(invoices);

    // Half-way: some batches recorded, far from the end. Then SIGKILL, no chance to tidy up.
    const killedAt = await eventually(async () => {
      const run = await runState(runId);
      return run.last_seq >= total * 0.2 ? run.last_seq : undefined;
    }, 120_000);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const atKill = await runState(runId);
    expect(atKill.status, 'the run must be killed before it ends').toBe('Running');
    expect(atKill.last_seq).toBeLessThan(total);

    startWorker();
    const finished = await eventually(async () => {
      const run = await runState(runId);
      return run.status === 'Finished' || run.status === 'Failed' ? run : undefined;
    }, 180_000);
    expect(finished.status).toBe('Finished');
    expect(finished.last_seq).toBe(total);

    const rows = (await readFile(finished.csv_path!, 'utf8')).split('\r\n').slice(1).filter(Boolean);
    const ids = rows.map(csvItemIdOf);
    const unique = new Set(ids);
    const counts = finished.counts as Record<string, number>;
    const synced = await t.runtime.db
      .selectFrom('invoice')
      .select(['sync_status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('sync_status')
      .execute();
    console.log(
      `sync run ${runId}: SIGKILLed after ${killedAt} of ${total} items (${atKill.last_seq} recorded), resumed; ` +
        `CSV rows ${rows.length}, distinct items ${unique.size}, duplicates ${rows.length - unique.size}; ` +
        `run counts ${JSON.stringify(counts)}; invoices ${JSON.stringify(Object.fromEntries(synced.map((s) => [s.sync_status, Number(s.n)])))}`,
    );
    expect(rows.length).toBe(total);
    expect(unique.size).toBe(total);
    expect(counts).toEqual({ Complete: total });
    expect(synced.map((s) => [s.sync_status, Number(s.n)])).toEqual([['Complete', total]]);
  }, 300_000);
});
