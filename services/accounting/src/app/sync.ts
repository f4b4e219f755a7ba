// Use cases of the accounting sync (001 §3 sync options, §7 accountingsync calls; 002 §3.6 sync types,
// external sync status; decision 0053): the four previews (with getFailed), the connection test, a run
// started as a BullMQ job with a progress tracker, and the job itself — a batch at a time, each batch
// written to the ledger, flushed, then recorded with the run's progress in one transaction, so a run killed
// half-way resumes after its last recorded batch and sends no item twice. A test run writes nothing.
import { WIDGET_PAGER_PAGE_SIZE } from '@loadline/contracts/catalogue';
import {
  collectGarbage,
  conflict,
  forbidden,
  type Identity,
  type Job,
  newId,
  notFound,
  percentDone,
  problem,
  progressTrackerOf,
  rejectProblems,
} from '@loadline/platform';
import type { LedgerItem, LedgerSession } from '../adapters/ledger.ts';
import { canSync } from '../domain/access.ts';
import type { SyncStatusCode } from '../domain/model.ts';
import { decideItem, type SyncItemKind, sideOf, sidesOf, syncItemKinds } from '../domain/sync.ts';
import type { AccountingDeps } from '../service.ts';
import {
  batchAfter,
  createRun,
  findRun,
  finishRun,
  type ItemOutcome,
  markRunStarted,
  preview as previewRows,
  recordBatch,
  runItems,
  unknownIds,
} from '../store/sync.ts';
import { todayOf } from './credit.ts';

/** The queue of sync runs (job id = run id). */
export const SYNC_QUEUE = 'accounting-sync';

/**
 * Ours: items between two full collections in a run. Each batch's rows and file lines are promoted while it
 * waits on PostgreSQL and the disk; collected every 10,000 items (tens of milliseconds each), the worker
 * holds what is alive, not 100,000 items' garbage (infra/load/accounting-sync.ts: peak RSS).
 */
export const SYNC_COLLECT_EVERY_ITEMS = 10_000;

function syncStaff(caller: Identity): void {
  if (!canSync(caller)) throw forbidden('You need the Accounting Sync permission to sync with the ledger.');
}

/** GET accountingsync/preview/{kind}?getFailed: what the next run sends (or what failed), selected by default (001 §4). */
export async function preview(
  deps: AccountingDeps,
  caller: Identity,
  kind: SyncItemKind,
  getFailed: boolean,
) {
  syncStaff(caller);
  const { items, totalCount } = await previewRows(deps.runtime.db, kind, caller.brokerId, {
    failed: getFailed,
    limit: WIDGET_PAGER_PAGE_SIZE,
  });
  return {
    kind,
    getFailed,
    totalCount,
    items: items.map((i) => ({
      id: i.itemId,
      kind: i.kind,
      number: i.number,
      date: i.date,
      dueDate: i.dueDate,
      organizationId: i.organizationId,
      organizationName: i.organizationName,
      shipmentId: i.shipmentId,
      amountCents: i.amountCents,
      appliesTo: i.appliesTo,
      paymentType: i.paymentType,
      syncStatus: i.syncStatus,
      syncDate: i.syncDate,
      message: i.message,
      selected: true,
    })),
  };
}

export async function testConnection(deps: AccountingDeps, caller: Identity) {
  syncStaff(caller);
  const answer = await deps.adapters.ledger.testConnection();
  return { syncType: deps.settings.syncType, ...answer };
}

/** GET accountingsync/CreateTracker: a tracker the screen passes to runSync as activityId, then polls. */
export async function createSyncTracker(deps: AccountingDeps, caller: Identity) {
  syncStaff(caller);
  const created = await progressTrackerOf(deps.runtime).create(
    { brokerId: caller.brokerId, userId: caller.userId },
    'AccountingSync',
  );
  const {
    brokerId: _b,
    userId: _u,
    ...snapshot
  } = created as typeof created & { brokerId?: string; userId?: string };
  return snapshot;
}

export interface SyncOptions {
  activityId?: string | null;
  doInvoices?: boolean;
  doInvoicePayments?: boolean;
  doBills?: boolean;
  doBillPayments?: boolean;
  doRetreiveCheckNumbers?: boolean;
  enableLogger?: boolean;
  isTestRun?: boolean;
  invoices?: string[];
  bills?: string[];
  invoicePayments?: string[];
  billPayments?: string[];
}

const doFlag: Record<SyncItemKind, keyof SyncOptions> = {
  invoices: 'doInvoices',
  invoicePayments: 'doInvoicePayments',
  bills: 'doBills',
  billPayments: 'doBillPayments',
};

/** POST accountingsync/runSync: records the run and its items and queues it; progress through the tracker. */
export async function runSync(deps: AccountingDeps, caller: Identity, options: SyncOptions) {
  syncStaff(caller);
  const sides = sidesOf(deps.settings.syncType);
  const kinds = syncItemKinds.filter((k) => options[doFlag[k]] === true);
  const problems = [];
  if (kinds.length === 0)
    problems.push(
      problem('doInvoices', 'Choose what to sync: invoices, invoice payments, bills or bill payments.'),
    );
  for (const kind of kinds)
    if (!sides.has(sideOf(kind)))
      problems.push(
        problem(
          doFlag[kind],
          `The ledger takes ${[...sides].join(' and ')} only (${deps.settings.syncType}): ${kind} cannot be synced.`,
        ),
      );
  rejectProblems(problems);
  for (const kind of kinds) {
    const ids = options[kind];
    if (ids && ids.length > 0) {
      const unknown = await unknownIds(deps.runtime.db, kind, caller.brokerId, ids);
      if (unknown.length > 0) rejectProblems(unknown.map((id) => problem(kind, `${id} was not found.`)));
    }
  }
  const tracker = progressTrackerOf(deps.runtime);
  const given = options.activityId ? await tracker.readFor(caller, options.activityId) : undefined;
  if (options.activityId && !given) throw notFound(`Progress tracker ${options.activityId} was not found.`);
  const traceLogId =
    given?.traceLogId ??
    (await tracker.create({ brokerId: caller.brokerId, userId: caller.userId }, 'AccountingSync')).traceLogId;
  const runId = newId('syn');
  const isTestRun = options.isTestRun === true;
  const files = isTestRun
    ? { csvPath: null, iifPath: null }
    : deps.adapters.ledger.filesFor(caller.brokerId, runId, todayOf(deps));
  const created = await deps.runtime.db.transaction().execute((trx) =>
    createRun(trx, {
      runId,
      brokerId: caller.brokerId,
      traceLogId,
      syncType: deps.settings.syncType,
      options,
      isTestRun,
      csvPath: files.csvPath,
      iifPath: files.iifPath,
      createdBy: { userId: caller.userId, name: caller.displayName },
      kinds: kinds.map((kind) => ({
        kind,
        ids: options[kind] && (options[kind] as string[]).length > 0 ? (options[kind] as string[]) : null,
      })),
    }),
  );
  if (!created.created) throw conflict('A sync is already running for your broker. Wait for it to finish.');
  await tracker.report(traceLogId, {
    done: 0,
    total: created.total,
    message: isTestRun ? 'Test run queued' : 'Sync queued',
  });
  await deps.runtime.queue<{ runId: string }>(SYNC_QUEUE).enqueue({ runId }, { idempotencyKey: runId });
  return {
    runId,
    traceLogId,
    activityId: traceLogId,
    trackerType: 'AccountingSync',
    total: created.total,
    isTestRun,
  };
}

/** A run as the screen reports it: counts by status (each item once), and its items after `afterSeq`. */
export async function getRun(
  deps: AccountingDeps,
  caller: Identity,
  runId: string,
  options: { afterSeq?: number; status?: string } = {},
) {
  syncStaff(caller);
  const run = await findRun(deps.runtime.db, runId);
  if (!run || run.brokerId !== caller.brokerId) throw notFound(`Sync run ${runId} was not found.`);
  const items = await runItems(deps.runtime.db, runId, {
    afterSeq: options.afterSeq ?? 0,
    limit: WIDGET_PAGER_PAGE_SIZE,
    ...(options.status ? { status: options.status } : {}),
  });
  const { options: _o, brokerId: _b, ...shown } = run;
  return { ...shown, items };
}

/**
 * The job: sends the run's items a batch at a time from where the last recorded batch ended. Answers the
 * run's counts by status.
 */
export async function processSyncRun(
  deps: AccountingDeps,
  runId: string,
  job?: Pick<Job, 'updateProgress' | 'attemptsMade' | 'opts'>,
): Promise<Record<string, number>> {
  const db = deps.runtime.db;
  const run = await findRun(db, runId);
  if (!run) return {};
  if (run.status === 'Finished' || run.status === 'Failed') return run.counts;
  await markRunStarted(db, runId);
  const tracker = progressTrackerOf(deps.runtime);
  const logger = deps.runtime.logger;
  const enableLogger = (run.options as { enableLogger?: boolean } | null)?.enableLogger === true;
  let session: LedgerSession | null = null;
  try {
    if (!run.isTestRun)
      session = await deps.adapters.ledger.open({
        runId,
        csvPath: run.csvPath,
        iifPath: run.iifPath,
        resumeAt: { csvBytes: run.csvBytes, iifBytes: run.iifBytes },
      });
    await tracker.clearError(run.traceLogId);
    let lastSeq = run.lastSeq;
    let sinceCollection = 0;
    for (;;) {
      const batch = await batchAfter(db, runId, lastSeq, deps.settings.syncBatchSize);
      if (batch.length === 0) break;
      const decided = batch.map((item) => ({ item, ...decideItem(item) }));
      const toSend: LedgerItem[] = decided
        .filter((d) => d.send)
        .map((d) => ({ item: d.item, status: d.status as 'Complete' | 'Updated' }));
      const sent = new Map<string, { status: SyncStatusCode; message: string | null }>();
      if (session) for (const r of await session.send(toSend)) sent.set(r.itemId, r);
      const outcomes: ItemOutcome[] = decided.map((d) => {
        const answer =
          d.send && session
            ? (sent.get(d.item.itemId) ?? {
                status: 'Failed' as const,
                message: 'The ledger did not answer.',
              })
            : d;
        return {
          seq: d.item.seq,
          kind: d.item.kind,
          itemId: d.item.itemId,
          status: answer.status,
          message: answer.message,
          syncedHash: answer.status === 'Failed' ? null : d.item.contentHash,
        };
      });
      const files = session ? await session.flush() : { csvBytes: 0, iifBytes: 0 };
      lastSeq = batch.at(-1)!.seq;
      await db
        .transaction()
        .execute((trx) =>
          recordBatch(trx, { runId, isTestRun: run.isTestRun }, outcomes, { lastSeq, ...files }),
        );
      if (enableLogger)
        for (const o of outcomes)
          logger.info(
            { runId, kind: o.kind, itemId: o.itemId, status: o.status, message: o.message },
            'accounting sync item',
          );
      await tracker.report(run.traceLogId, { done: lastSeq, total: run.total });
      await job?.updateProgress(percentDone(lastSeq, run.total));
      sinceCollection += batch.length;
      if (sinceCollection >= SYNC_COLLECT_EVERY_ITEMS) {
        collectGarbage();
        sinceCollection = 0;
      }
    }
    const counts = await finishRun(db, runId, { status: 'Finished' });
    await tracker.finish(
      run.traceLogId,
      `${run.isTestRun ? 'Test run' : 'Sync'} finished: ${
        Object.entries(counts)
          .map(([status, n]) => `${n} ${status}`)
          .join(', ') || 'nothing to sync'
      }.`,
    );
    return counts;
  } catch (error) {
    const message = `The sync stopped: ${(error as Error).message}`;
    const lastAttempt = job ? job.attemptsMade + 1 >= (job.opts.attempts ?? 1) : true;
    if (lastAttempt) {
      await finishRun(db, runId, { status: 'Failed', error: message });
      await tracker.fail(run.traceLogId, message, { final: true });
    } else await tracker.fail(run.traceLogId, `${message} Retrying.`);
    throw error;
  } finally {
    await session?.close();
  }
}
