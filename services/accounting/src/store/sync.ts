// SQL of the accounting sync (decision 0053): what waits to be sent (the previews), a run and its items (one
// row per item, numbered in the order they are sent), the items of a batch with everything their file lines
// need, and each batch's outcome recorded with the run's progress in one transaction. Nothing is loaded
// whole: a run of 100,000 invoices is read and recorded a batch at a time.
import { sql } from '@loadline/platform';
import type { RawBuilder } from 'kysely';
import type { SyncStatusCode } from '../domain/model.ts';
import type { SyncItem, SyncItemKind } from '../domain/sync.ts';
import type { Db } from './views.ts';

/**
 * The content of each kind the ledger holds, as a hash: an item whose hash is the one last sent is
 * AlreadySynced; one whose hash changed is sent again (Updated).
 */
const hashOf: Record<SyncItemKind, RawBuilder<string>> = {
  invoices: sql<string>`md5(concat_ws('|', i.invoice_number, i.invoice_date, i.due_date, i.payer_organization_id, o.name, i.total_cents, i.shipment_id))`,
  bills: sql<string>`md5(concat_ws('|', b.bill_number, b.bill_date, b.due_date, b.vendor_id, b.vendor_name, b.total_cents, b.shipment_id))`,
  invoicePayments: sql<string>`md5(concat_ws('|', p.payment_date, p.organization_id, o.name, p.amount_cents, p.reference, p.payment_type, (select string_agg(a.target_id || ':' || a.applied_cents, ',' order by a.target_id) from payment_application a where a.payment_id = p.payment_id)))`,
  billPayments: sql<string>`md5(concat_ws('|', p.payment_date, p.vendor_name, p.amount_cents, p.reference, p.payment_type, (select string_agg(a.target_id || ':' || a.applied_cents, ',' order by a.target_id) from payment_application a where a.payment_id = p.payment_id)))`,
};

/** One kind's rows as sync items: `where` narrows them (the run's ids, pending, failed). */
function itemsOf(kind: SyncItemKind, where: RawBuilder<unknown>, extra: RawBuilder<unknown> = sql``) {
  const appliesTo = (table: 'invoice' | 'bill') =>
    table === 'invoice'
      ? sql`coalesce((select array_agg(t.invoice_number::text order by t.invoice_number) from payment_application a join invoice t on t.invoice_id = a.target_id where a.payment_id = p.payment_id), '{}')`
      : sql`coalesce((select array_agg(t.bill_number::text order by t.bill_number) from payment_application a join bill t on t.bill_id = a.target_id where a.payment_id = p.payment_id), '{}')`;
  switch (kind) {
    case 'invoices':
      return sql`select 'invoices' as kind, i.invoice_id as item_id, i.invoice_number::text as number,
          to_char(i.invoice_date, 'YYYY-MM-DD') as date, to_char(i.due_date, 'YYYY-MM-DD') as due_date,
          i.payer_organization_id as organization_id, o.name as organization_name, i.shipment_id,
          i.total_cents as amount_cents, '{}'::text[] as applies_to, null::text as payment_type,
          ${hashOf.invoices} as content_hash, i.synced_hash, i.sync_status, i.sync_date, i.sync_message ${extra}
        from invoice i left join organization_view o on o.organization_id = i.payer_organization_id
        where ${where}`;
    case 'bills':
      return sql`select 'bills' as kind, b.bill_id as item_id, b.bill_number::text as number,
          to_char(b.bill_date, 'YYYY-MM-DD') as date, to_char(b.due_date, 'YYYY-MM-DD') as due_date,
          b.vendor_id as organization_id, b.vendor_name as organization_name, b.shipment_id,
          b.total_cents as amount_cents, '{}'::text[] as applies_to, null::text as payment_type,
          ${hashOf.bills} as content_hash, b.synced_hash, b.sync_status, b.sync_date, b.sync_message ${extra}
        from bill b
        where ${where}`;
    case 'invoicePayments':
      return sql`select 'invoicePayments' as kind, p.payment_id as item_id,
          coalesce(p.reference, p.gateway_transaction_id, p.payment_id) as number,
          to_char(p.payment_date, 'YYYY-MM-DD') as date, null::text as due_date,
          p.organization_id, o.name as organization_name, null::integer as shipment_id,
          p.amount_cents, ${appliesTo('invoice')} as applies_to, p.payment_type,
          ${hashOf.invoicePayments} as content_hash, p.synced_hash, p.sync_status, p.sync_date, p.sync_message ${extra}
        from payment p left join organization_view o on o.organization_id = p.organization_id
        where p.direction = 'invoice' and p.processing_status = 'Paid' and ${where}`;
    case 'billPayments':
      return sql`select 'billPayments' as kind, p.payment_id as item_id,
          coalesce(p.reference, p.gateway_transaction_id, p.payment_id) as number,
          to_char(p.payment_date, 'YYYY-MM-DD') as date, null::text as due_date,
          null::text as organization_id, p.vendor_name as organization_name, null::integer as shipment_id,
          p.amount_cents, ${appliesTo('bill')} as applies_to, p.payment_type,
          ${hashOf.billPayments} as content_hash, p.synced_hash, p.sync_status, p.sync_date, p.sync_message ${extra}
        from payment p
        where p.direction = 'bill' and p.processing_status = 'Paid' and ${where}`;
  }
}

const alias: Record<SyncItemKind, string> = {
  invoices: 'i',
  bills: 'b',
  invoicePayments: 'p',
  billPayments: 'p',
};
const table: Record<SyncItemKind, 'invoice' | 'bill' | 'payment'> = {
  invoices: 'invoice',
  bills: 'bill',
  invoicePayments: 'payment',
  billPayments: 'payment',
};
const idColumn: Record<SyncItemKind, string> = {
  invoices: 'invoice_id',
  bills: 'bill_id',
  invoicePayments: 'payment_id',
  billPayments: 'payment_id',
};
const orderColumn: Record<SyncItemKind, string> = {
  invoices: 'invoice_number',
  bills: 'bill_number',
  invoicePayments: 'created_at',
  billPayments: 'created_at',
};

/** Waiting to be sent: never sent or changed since, and not failed (failed ones have their own preview). */
const pending = (kind: SyncItemKind, brokerId: string) =>
  sql`${sql.ref(`${alias[kind]}.broker_id`)} = ${brokerId}
    and ${sql.ref(`${alias[kind]}.sync_status`)} <> 'Failed'
    and ${sql.ref(`${alias[kind]}.synced_hash`)} is distinct from ${hashOf[kind]}`;

const failed = (kind: SyncItemKind, brokerId: string) =>
  sql`${sql.ref(`${alias[kind]}.broker_id`)} = ${brokerId} and ${sql.ref(`${alias[kind]}.sync_status`)} = 'Failed'`;

interface ItemRow {
  kind: SyncItemKind;
  item_id: string;
  number: string;
  date: string;
  due_date: string | null;
  organization_id: string | null;
  organization_name: string | null;
  shipment_id: number | null;
  amount_cents: number;
  applies_to: string[];
  payment_type: string | null;
  content_hash: string;
  synced_hash: string | null;
  sync_status: string;
  sync_date: Date | null;
  sync_message: string | null;
}

const toItem = (r: ItemRow): SyncItem => ({
  kind: r.kind,
  itemId: r.item_id,
  number: r.number,
  date: r.date,
  dueDate: r.due_date,
  organizationId: r.organization_id,
  organizationName: r.organization_name,
  shipmentId: r.shipment_id,
  amountCents: Number(r.amount_cents),
  appliesTo: r.applies_to,
  paymentType: r.payment_type,
  contentHash: r.content_hash,
  syncedHash: r.synced_hash,
});

export interface PreviewItem extends SyncItem {
  syncStatus: SyncStatusCode;
  syncDate: string | null;
  message: string | null;
}

/** 001 §7 previews: what waits to be sent (or, with `failed`, what failed last), at most `limit`, with the count. */
export async function preview(
  db: Db,
  kind: SyncItemKind,
  brokerId: string,
  options: { failed: boolean; limit: number },
): Promise<{ items: PreviewItem[]; totalCount: number }> {
  const where = options.failed ? failed(kind, brokerId) : pending(kind, brokerId);
  const order = sql.ref(`${alias[kind]}.${orderColumn[kind]}`);
  const [{ rows }, { rows: count }] = await Promise.all([
    sql<ItemRow>`${itemsOf(kind, where)} order by ${order} limit ${options.limit}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from (${itemsOf(kind, where)}) x`.execute(db),
  ]);
  return {
    items: rows.map((r) => ({
      ...toItem(r),
      syncStatus: r.sync_status as SyncStatusCode,
      syncDate: r.sync_date ? r.sync_date.toISOString() : null,
      message: r.sync_message,
    })),
    totalCount: count[0]?.n ?? 0,
  };
}

/** Ids among `ids` that are not this broker's items of the kind. */
export async function unknownIds(
  db: Db,
  kind: SyncItemKind,
  brokerId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    select x.id from unnest(${[...ids]}::text[]) as x(id)
    where not exists (
      select 1 from ${sql.table(table[kind])} t
      where ${sql.ref(`t.${idColumn[kind]}`)} = x.id and t.broker_id = ${brokerId}
        ${kind === 'invoicePayments' ? sql`and t.direction = 'invoice'` : kind === 'billPayments' ? sql`and t.direction = 'bill'` : sql``}
    )`.execute(db);
  return rows.map((r) => r.id);
}

export interface NewRun {
  runId: string;
  brokerId: string;
  traceLogId: string;
  syncType: string;
  options: unknown;
  isTestRun: boolean;
  csvPath: string | null;
  iifPath: string | null;
  createdBy: { userId: string; name: string };
  /** per kind: the ids chosen (sent as given), or null for everything waiting */
  kinds: { kind: SyncItemKind; ids: readonly string[] | null }[];
}

/**
 * Records a run and its items, numbered 1..n in the order they will be sent (kind by kind, each in number
 * order), in one statement per kind. Answers false when another run of the broker is still going.
 */
export async function createRun(trx: Db, run: NewRun): Promise<{ created: boolean; total: number }> {
  const inserted = await sql`
    insert into sync_run (run_id, broker_id, trace_log_id, sync_type, options, is_test_run, csv_path, iif_path,
      created_by_user_id, created_by_name)
    values (${run.runId}, ${run.brokerId}, ${run.traceLogId}, ${run.syncType}, ${JSON.stringify(run.options)},
      ${run.isTestRun}, ${run.csvPath}, ${run.iifPath}, ${run.createdBy.userId}, ${run.createdBy.name})
    on conflict do nothing`.execute(trx);
  if ((inserted.numAffectedRows ?? 0n) === 0n) return { created: false, total: 0 };
  let total = 0;
  for (const { kind, ids } of run.kinds) {
    const a = alias[kind];
    const where =
      ids === null
        ? pending(kind, run.brokerId)
        : sql`${sql.ref(`${a}.broker_id`)} = ${run.brokerId} and ${sql.ref(`${a}.${idColumn[kind]}`)} = any(${[...ids]}::text[])`;
    const order = sql.ref(`${a}.${orderColumn[kind]}`);
    const result = await sql`
      insert into sync_run_item (run_id, seq, item_kind, item_id)
      select ${run.runId}, ${total} + row_number() over (order by x.ord, x.item_id), ${kind}, x.item_id
      from (${itemsOf(kind, where, sql`, ${order} as ord`)}) x`.execute(trx);
    total += Number(result.numAffectedRows ?? 0n);
  }
  await trx.updateTable('sync_run').set({ total }).where('run_id', '=', run.runId).execute();
  return { created: true, total };
}

export interface RunState {
  runId: string;
  brokerId: string;
  traceLogId: string;
  syncType: string;
  options: unknown;
  isTestRun: boolean;
  status: 'Queued' | 'Running' | 'Finished' | 'Failed';
  total: number;
  lastSeq: number;
  csvPath: string | null;
  iifPath: string | null;
  csvBytes: number;
  iifBytes: number;
  counts: Record<string, number>;
  error: string | null;
  createdBy: string;
  createdDate: string;
  startedDate: string | null;
  finishedDate: string | null;
}

export async function findRun(
  db: Db,
  runId: string,
  options: { forUpdate?: boolean } = {},
): Promise<RunState | undefined> {
  let query = db.selectFrom('sync_run').selectAll().where('run_id', '=', runId);
  if (options.forUpdate) query = query.forUpdate();
  const r = await query.executeTakeFirst();
  return (
    r && {
      runId: r.run_id,
      brokerId: r.broker_id,
      traceLogId: r.trace_log_id,
      syncType: r.sync_type,
      options: r.options,
      isTestRun: r.is_test_run,
      status: r.status as RunState['status'],
      total: r.total,
      lastSeq: r.last_seq,
      csvPath: r.csv_path,
      iifPath: r.iif_path,
      csvBytes: Number(r.csv_bytes),
      iifBytes: Number(r.iif_bytes),
      counts: (r.counts ?? {}) as Record<string, number>,
      error: r.error,
      createdBy: r.created_by_name,
      createdDate: r.created_at.toISOString(),
      startedDate: r.started_at ? r.started_at.toISOString() : null,
      finishedDate: r.finished_at ? r.finished_at.toISOString() : null,
    }
  );
}

export async function markRunStarted(db: Db, runId: string): Promise<void> {
  await db
    .updateTable('sync_run')
    .set({ status: 'Running', started_at: sql`coalesce(started_at, now())` })
    .where('run_id', '=', runId)
    .where('status', 'in', ['Queued', 'Running'])
    .execute();
}

/** The items after `afterSeq`, at most `limit`, in order, with what their file lines need. */
export async function batchAfter(
  db: Db,
  runId: string,
  afterSeq: number,
  limit: number,
): Promise<(SyncItem & { seq: number })[]> {
  const upTo = afterSeq + limit;
  const inRun = (kind: SyncItemKind) => sql`${sql.ref(`${alias[kind]}.${idColumn[kind]}`)} = r.item_id`;
  const parts = (['invoices', 'bills', 'invoicePayments', 'billPayments'] as const).map(
    (kind) => sql`select r.seq, x.* from sync_run_item r cross join lateral (${itemsOf(kind, inRun(kind))}) x
      where r.run_id = ${runId} and r.item_kind = ${kind} and r.seq > ${afterSeq} and r.seq <= ${upTo}`,
  );
  const { rows } = await sql<
    ItemRow & { seq: number }
  >`${sql.join(parts, sql` union all `)} order by seq`.execute(db);
  return rows.map((r) => ({ ...toItem(r), seq: Number(r.seq) }));
}

export interface ItemOutcome {
  seq: number;
  kind: SyncItemKind;
  itemId: string;
  status: SyncStatusCode;
  message: string | null;
  /** the content the ledger now holds (sent or already there); null when nothing was sent (failed) */
  syncedHash: string | null;
}

/**
 * Records a batch: each item's end state in the run, the run's progress (the last item done and how long
 * its files are now) and, unless it is a test run, each item's sync state. One transaction with the
 * files already flushed: after a crash the run resumes after the last batch recorded here.
 */
export async function recordBatch(
  trx: Db,
  run: { runId: string; isTestRun: boolean },
  outcomes: readonly ItemOutcome[],
  progress: { lastSeq: number; csvBytes: number; iifBytes: number },
): Promise<void> {
  if (outcomes.length > 0) {
    await sql`update sync_run_item r set status = x.status, message = x.message
      from unnest(${outcomes.map((o) => o.seq)}::int[], ${outcomes.map((o) => o.status)}::text[],
        ${outcomes.map((o) => o.message)}::text[]) as x(seq, status, message)
      where r.run_id = ${run.runId} and r.seq = x.seq`.execute(trx);
    if (!run.isTestRun) {
      for (const kind of ['invoices', 'bills', 'invoicePayments', 'billPayments'] as const) {
        const mine = outcomes.filter((o) => o.kind === kind);
        if (mine.length === 0) continue;
        await sql`update ${sql.table(table[kind])} t set sync_status = x.status, sync_date = now(),
            synced_hash = coalesce(x.hash, t.synced_hash), sync_message = x.message
          from unnest(${mine.map((o) => o.itemId)}::text[], ${mine.map((o) => o.status)}::text[],
            ${mine.map((o) => o.syncedHash)}::text[], ${mine.map((o) => o.message)}::text[]) as x(id, status, hash, message)
          where ${sql.ref(`t.${idColumn[kind]}`)} = x.id`.execute(trx);
      }
    }
  }
  await trx
    .updateTable('sync_run')
    .set({ last_seq: progress.lastSeq, csv_bytes: progress.csvBytes, iif_bytes: progress.iifBytes })
    .where('run_id', '=', run.runId)
    .execute();
}

/** Ends a run with its counts by status (the reconciliation: every item once). */
export async function finishRun(
  db: Db,
  runId: string,
  outcome: { status: 'Finished' | 'Failed'; error?: string | null },
): Promise<Record<string, number>> {
  const { rows } = await sql<{ status: string; n: number }>`
    select status, count(*)::int as n from sync_run_item where run_id = ${runId} group by status`.execute(db);
  const counts = Object.fromEntries(rows.map((r) => [r.status, r.n]));
  await db
    .updateTable('sync_run')
    .set({
      status: outcome.status,
      counts: JSON.stringify(counts),
      error: outcome.error ?? null,
      finished_at: sql`now()`,
    })
    .where('run_id', '=', runId)
    .execute();
  return counts;
}

/** A run's items, in order, from `afterSeq` (its report). */
export async function runItems(
  db: Db,
  runId: string,
  options: { afterSeq: number; limit: number; status?: string },
): Promise<{ seq: number; kind: string; itemId: string; status: SyncStatusCode; message: string | null }[]> {
  let query = db
    .selectFrom('sync_run_item')
    .select(['seq', 'item_kind', 'item_id', 'status', 'message'])
    .where('run_id', '=', runId)
    .where('seq', '>', options.afterSeq)
    .orderBy('seq')
    .limit(options.limit);
  if (options.status) query = query.where('status', '=', options.status);
  return (await query.execute()).map((r) => ({
    seq: r.seq,
    kind: r.item_kind,
    itemId: r.item_id,
    status: r.status as SyncStatusCode,
    message: r.message,
  }));
}
