// The broker's ledger, an outside party (002 §3.6 accounting sync types; decision 0053). The daily export
// types (and QuickBooks) write files to a configured folder: one CSV per run in the layout of
// domain/sync.ts and a QuickBooks IIF file beside it. ExternalSync posts the items to an API ledger by
// configuration (ACCOUNTING_LEDGER_URL). A run's writes are resumable: the files are cut back to where the
// last recorded batch ended before a resumed run goes on, so no item is written twice.
import { mkdir, open, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { csvHeader, csvRow, iifHeader, iifTransaction, type SyncItem } from '../domain/sync.ts';

export interface LedgerItem {
  item: SyncItem;
  /** how the run sends it: the first time, or again after a change */
  status: 'Complete' | 'Updated';
}

export interface LedgerResult {
  itemId: string;
  /** Complete or Updated as sent; AlreadySynced when the ledger had it; Failed with its message */
  status: 'Complete' | 'Updated' | 'AlreadySynced' | 'Failed';
  message: string | null;
}

export interface LedgerSession {
  /** sends a batch of items; nothing is durable until `flush` */
  send(items: readonly LedgerItem[]): Promise<LedgerResult[]>;
  /** makes what was sent durable; answers where the run's files now end (0 for an API ledger) */
  flush(): Promise<{ csvBytes: number; iifBytes: number }>;
  close(): Promise<void>;
}

export interface LedgerRunFiles {
  csvPath: string | null;
  iifPath: string | null;
}

export interface Ledger {
  readonly syncType: string;
  /** where a run's files go (null for an API ledger) */
  filesFor(brokerId: string, runId: string, day: string): LedgerRunFiles;
  testConnection(): Promise<{ connected: boolean; message: string }>;
  /** opens a run for writing; `resumeAt` is where its files ended at the last recorded batch */
  open(
    run: LedgerRunFiles & { runId: string; resumeAt: { csvBytes: number; iifBytes: number } },
  ): Promise<LedgerSession>;
}

/** A file opened for appending from a known length, tracking its length as it grows. */
async function appendFrom(path: string, length: number, header: string) {
  await mkdir(dirname(path), { recursive: true });
  const handle = await open(path, length === 0 ? 'w' : 'r+');
  // A resumed run: whatever was written after the last recorded batch is cut off, then written again.
  await handle.truncate(length);
  let size = length;
  if (size === 0) {
    const bytes = Buffer.from(header, 'utf8');
    await handle.write(bytes, 0, bytes.length, 0);
    size = bytes.length;
  }
  return {
    async append(text: string) {
      if (text.length === 0) return;
      const bytes = Buffer.from(text, 'utf8');
      await handle.write(bytes, 0, bytes.length, size);
      size += bytes.length;
    },
    async sync() {
      await handle.sync();
      return size;
    },
    close: () => handle.close(),
  };
}

export class DailyExportLedger implements Ledger {
  readonly syncType: string;
  private readonly folder: string;

  constructor(syncType: string, folder: string) {
    this.syncType = syncType;
    this.folder = folder;
  }

  filesFor(brokerId: string, runId: string, day: string): LedgerRunFiles {
    const base = join(this.folder, brokerId.replace(/[^\w-]/g, '_'), day, `loadline-${runId}`);
    return { csvPath: `${base}.csv`, iifPath: `${base}.iif` };
  }

  async testConnection(): Promise<{ connected: boolean; message: string }> {
    try {
      await mkdir(this.folder, { recursive: true });
      const probe = join(this.folder, `.probe-${process.pid}-${Date.now()}`);
      await writeFile(probe, 'ok');
      await rm(probe, { force: true });
      return { connected: true, message: `Daily export files are written to ${this.folder}.` };
    } catch (error) {
      return {
        connected: false,
        message: `The export folder ${this.folder} cannot be written: ${(error as Error).message}`,
      };
    }
  }

  async open(run: LedgerRunFiles & { runId: string; resumeAt: { csvBytes: number; iifBytes: number } }) {
    if (!run.csvPath || !run.iifPath) throw new Error(`sync run ${run.runId} has no export files`);
    const csv = await appendFrom(run.csvPath, run.resumeAt.csvBytes, csvHeader());
    const iif = await appendFrom(run.iifPath, run.resumeAt.iifBytes, iifHeader());
    return {
      async send(items: readonly LedgerItem[]): Promise<LedgerResult[]> {
        await csv.append(items.map((i) => csvRow(i.item, i.status)).join(''));
        await iif.append(items.map((i) => iifTransaction(i.item)).join(''));
        return items.map((i) => ({ itemId: i.item.itemId, status: i.status, message: null }));
      },
      async flush() {
        return { csvBytes: await csv.sync(), iifBytes: await iif.sync() };
      },
      async close() {
        await Promise.allSettled([csv.close(), iif.close()]);
      },
    };
  }
}

/**
 * An API ledger (ExternalSync): `POST {url}/transactions` with `{ items: [{ externalId, kind, ... }] }`,
 * each item's `externalId` its id and content hash (so the ledger tells a repeat from a change); the answer
 * lists per item `{ externalId, result: 'created' | 'exists' | 'updated' | 'error', message }`.
 * `GET {url}/health` answers the connection test. The bearer token is ACCOUNTING_LEDGER_TOKEN.
 */
export class HttpLedger implements Ledger {
  readonly syncType = 'ExternalSync';
  private readonly url: string;
  private readonly token: string | null;

  constructor(url: string, token: string | null) {
    this.url = url.replace(/\/+$/, '');
    this.token = token;
  }

  private headers(): Record<string, string> {
    return {
      'content-type': 'application/json',
      ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
    };
  }

  filesFor(): LedgerRunFiles {
    return { csvPath: null, iifPath: null };
  }

  async testConnection(): Promise<{ connected: boolean; message: string }> {
    try {
      const res = await fetch(`${this.url}/health`, {
        headers: this.headers(),
        signal: AbortSignal.timeout(5000),
      });
      return res.ok
        ? { connected: true, message: `The ledger at ${this.url} answers.` }
        : { connected: false, message: `The ledger at ${this.url} answered ${res.status}.` };
    } catch (error) {
      return {
        connected: false,
        message: `The ledger at ${this.url} cannot be reached: ${(error as Error).message}`,
      };
    }
  }

  async open(run: { runId: string }): Promise<LedgerSession> {
    const post = async (items: readonly LedgerItem[]): Promise<LedgerResult[]> => {
      const res = await fetch(`${this.url}/transactions`, {
        method: 'POST',
        headers: { ...this.headers(), 'idempotency-key': `${run.runId}:${items[0]?.item.itemId ?? ''}` },
        body: JSON.stringify({
          items: items.map((i) => ({ externalId: `${i.item.itemId}:${i.item.contentHash}`, ...i.item })),
        }),
        signal: AbortSignal.timeout(30_000),
      });
      if (!res.ok) throw new Error(`the ledger answered ${res.status}`);
      const body = (await res.json()) as {
        items: { externalId: string; result: string; message?: string }[];
      };
      const byId = new Map(body.items.map((r) => [r.externalId.split(':')[0], r]));
      return items.map((i) => {
        const answer = byId.get(i.item.itemId);
        if (!answer)
          return {
            itemId: i.item.itemId,
            status: 'Failed',
            message: 'The ledger did not answer for this item.',
          };
        if (answer.result === 'exists')
          return { itemId: i.item.itemId, status: 'AlreadySynced', message: null };
        if (answer.result === 'error')
          return {
            itemId: i.item.itemId,
            status: 'Failed',
            message: answer.message ?? 'The ledger refused it.',
          };
        return { itemId: i.item.itemId, status: i.status, message: null };
      });
    };
    return {
      send: (items) => (items.length === 0 ? Promise.resolve([]) : post(items)),
      flush: async () => ({ csvBytes: 0, iifBytes: 0 }),
      close: async () => undefined,
    };
  }
}
