// The daily export ledger's files on a real disk: a run resumed where its last recorded batch ended cuts
// off what was written after it (a batch written but not recorded when the process died) and writes it
// again, so each item is in the files once.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DailyExportLedger, HttpLedger, type LedgerItem } from '../../src/adapters/ledger.ts';
import { csvItemIdOf, type SyncItem } from '../../src/domain/sync.ts';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'ledger-'));
});
afterAll(async () => rm(folder, { recursive: true, force: true }));

const item = (n: number): LedgerItem => ({
  status: 'Complete',
  item: {
    kind: 'invoices',
    itemId: `inv_${n}`,
    number: String(100000 + n),
    date: '2026-11-20',
    dueDate: '2026-12-20',
    organizationId: 'org_demo_acme',
    organizationName: 'Acme Manufacturing',
    shipmentId: null,
    amountCents: 1000 + n,
    appliesTo: [],
    paymentType: null,
    contentHash: 'h',
    syncedHash: null,
  } satisfies SyncItem,
});

describe('the daily export files', () => {
  it('resumes at the last recorded length: a batch written but not recorded is written once again', async () => {
    const ledger = new DailyExportLedger('DailyExportSyncARAP', folder);
    const files = ledger.filesFor('org_demo_broker', 'syn_test', '2026-11-25');
    expect(files.csvPath).toBe(join(folder, 'org_demo_broker', '2026-11-25', 'loadline-syn_test.csv'));
    const first = await ledger.open({ runId: 'syn_test', ...files, resumeAt: { csvBytes: 0, iifBytes: 0 } });
    await first.send([item(1), item(2)]);
    const recorded = await first.flush(); // what the run recorded with its first batch
    await first.send([item(3), item(4)]);
    await first.flush(); // written and flushed, then the process died before recording it
    await first.close();
    expect((await readFile(files.csvPath!, 'utf8')).split('\r\n').filter(Boolean)).toHaveLength(5);

    const resumed = await ledger.open({ runId: 'syn_test', ...files, resumeAt: recorded });
    const results = await resumed.send([item(3), item(4), item(5)]);
    expect(results.map((r) => r.status)).toEqual(['Complete', 'Complete', 'Complete']);
    const end = await resumed.flush();
    await resumed.close();

    const csv = await readFile(files.csvPath!, 'utf8');
    const ids = csv.split('\r\n').slice(1).filter(Boolean).map(csvItemIdOf);
    expect(ids).toEqual(['inv_1', 'inv_2', 'inv_3', 'inv_4', 'inv_5']);
    expect(Buffer.byteLength(csv)).toBe(end.csvBytes);
    const iif = await readFile(files.iifPath!, 'utf8');
    expect(iif.match(/^ENDTRNS/gm)).toHaveLength(5);
    expect(iif.match(/^!TRNS/gm)).toHaveLength(1);
  });

  it('tests the connection by writing to its folder, and says so when it cannot', async () => {
    expect((await new DailyExportLedger('DailyExportSyncAR', folder).testConnection()).connected).toBe(true);
    // a folder inside a file cannot be made
    const file = join(folder, 'a-file');
    await writeFile(file, 'x');
    const blocked = await new DailyExportLedger('DailyExportSyncAR', join(file, 'exports')).testConnection();
    expect(blocked.connected).toBe(false);
    expect(blocked.message).toMatch(/cannot be written/);
  });
});

describe('an API ledger (ExternalSync)', () => {
  let server: Server;
  let url: string;
  const received: {
    headers: Record<string, unknown>;
    body: { items: { externalId: string; itemId: string }[] };
  }[] = [];
  beforeAll(async () => {
    // A ledger on loopback that knows inv_2 already and refuses inv_3.
    server = createServer((req, res) => {
      if (req.url === '/health') return res.writeHead(200).end('ok');
      let text = '';
      req.on('data', (chunk) => {
        text += chunk;
      });
      req.on('end', () => {
        const body = JSON.parse(text);
        received.push({ headers: req.headers, body });
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            items: body.items.map((i: { externalId: string; itemId: string }) => ({
              externalId: i.externalId,
              result: i.itemId === 'inv_2' ? 'exists' : i.itemId === 'inv_3' ? 'error' : 'created',
              ...(i.itemId === 'inv_3' ? { message: 'Customer not found in the ledger.' } : {}),
            })),
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts each item with its id and content hash and reads back what the ledger did', async () => {
    const ledger = new HttpLedger(url, 'secret-token');
    expect((await ledger.testConnection()).connected).toBe(true);
    expect(ledger.filesFor()).toEqual({ csvPath: null, iifPath: null });
    const session = await ledger.open({ runId: 'syn_api' });
    const results = await session.send([item(1), item(2), item(3)]);
    expect(results).toEqual([
      { itemId: 'inv_1', status: 'Complete', message: null },
      { itemId: 'inv_2', status: 'AlreadySynced', message: null },
      { itemId: 'inv_3', status: 'Failed', message: 'Customer not found in the ledger.' },
    ]);
    expect(received[0]!.headers.authorization).toBe('Bearer secret-token');
    expect(received[0]!.body.items.map((i) => i.externalId)).toEqual(['inv_1:h', 'inv_2:h', 'inv_3:h']);
    expect(await session.flush()).toEqual({ csvBytes: 0, iifBytes: 0 });
  });

  it('says so when the ledger cannot be reached', async () => {
    const answer = await new HttpLedger('http://127.0.0.1:9', null).testConnection();
    expect(answer.connected).toBe(false);
  });
});
