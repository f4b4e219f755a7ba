// The accounting sync (001 §3 sync options, external sync status; 002 §3.6 accounting sync types; decision
// 0053): which items a run takes, what becomes of each, and the two file layouts of the daily export. Pure.
//
// Each item ends None (not reached yet), Complete (sent for the first time), Updated (sent again: it
// changed since it was last sent), AlreadySynced (the ledger has it as it is: nothing sent) or Failed (not
// sent, with the reason; the getFailed previews list it).
import { CSV_LINE_ENDING, formatMoney, formatUsDate } from '@loadline/contracts/catalogue';
import { csvField, toCsv } from '@loadline/platform/csv';
import type { SyncStatusCode } from './model.ts';

export const syncItemKinds = ['invoices', 'invoicePayments', 'bills', 'billPayments'] as const;
export type SyncItemKind = (typeof syncItemKinds)[number];

/** The ledger side an item belongs to: receivables (AR) or payables (AP). */
export const sideOf = (kind: SyncItemKind): 'AR' | 'AP' =>
  kind === 'invoices' || kind === 'invoicePayments' ? 'AR' : 'AP';

/** Which sides a sync type takes (002 §3.6): AR and AP, AR only, AP only; the others take both. */
export function sidesOf(syncType: string): ReadonlySet<'AR' | 'AP'> {
  if (syncType === 'DailyExportSyncAR') return new Set(['AR']);
  if (syncType === 'DailyExportSyncAP') return new Set(['AP']);
  return new Set(['AR', 'AP']);
}

/** One item as the sync sends it: the row of its file lines. */
export interface SyncItem {
  kind: SyncItemKind;
  itemId: string;
  /** invoice or bill number; for a payment, its reference (check number, transaction id) */
  number: string;
  date: string;
  dueDate: string | null;
  organizationId: string | null;
  organizationName: string | null;
  shipmentId: number | null;
  amountCents: number;
  /** for payments: the invoice or bill numbers it pays */
  appliesTo: string[];
  paymentType: string | null;
  /** the item's content now (a hash): compared with what was last sent */
  contentHash: string;
  /** what the ledger was last sent (null: never) */
  syncedHash: string | null;
}

/** Why an item cannot be sent (it then ends Failed), or null. */
export function syncItemProblem(item: SyncItem): string | null {
  if (!item.organizationName?.trim())
    return item.kind === 'bills' || item.kind === 'billPayments'
      ? 'The vendor has no name: the ledger needs one to post the bill.'
      : 'The payer organization is not known to accounting yet: its name is missing.';
  if (item.amountCents === 0) return 'The amount is 0: there is nothing to post.';
  if ((item.kind === 'invoicePayments' || item.kind === 'billPayments') && item.appliesTo.length === 0)
    return 'The payment is not applied to any invoice or bill.';
  return null;
}

/** What a run does with an item that can be sent: first send, send again, or nothing. */
export function syncOutcome(
  item: Pick<SyncItem, 'contentHash' | 'syncedHash'>,
): Extract<SyncStatusCode, 'Complete' | 'Updated' | 'AlreadySynced'> {
  if (item.syncedHash === null) return 'Complete';
  return item.syncedHash === item.contentHash ? 'AlreadySynced' : 'Updated';
}

/** An item's end state in a run (the ledger is asked only for Complete and Updated). */
export function decideItem(item: SyncItem): {
  status: SyncStatusCode;
  message: string | null;
  send: boolean;
} {
  const problem = syncItemProblem(item);
  if (problem) return { status: 'Failed', message: problem, send: false };
  const outcome = syncOutcome(item);
  return { status: outcome, message: null, send: outcome !== 'AlreadySynced' };
}

// ---------------------------------------------------------------------------------------------------------
// The daily export's CSV (one file per run). Columns, in order (README.md):
//   RecordType, ItemId, Number, Date, DueDate, OrganizationId, OrganizationName, ShipmentId, Account,
//   Amount, AppliesTo, PaymentType, SyncStatus
// UTF-8 with a byte-order mark, CRLF after every row, commas inside values turned into spaces (000 §5's CSV
// rules), dates MM/DD/YYYY (000 §5), amounts as decimals with two places, from cents digit by digit.

export const csvColumns = [
  'RecordType',
  'ItemId',
  'Number',
  'Date',
  'DueDate',
  'OrganizationId',
  'OrganizationName',
  'ShipmentId',
  'Account',
  'Amount',
  'AppliesTo',
  'PaymentType',
  'SyncStatus',
] as const;

const recordTypeOf: Record<SyncItemKind, string> = {
  invoices: 'Invoice',
  invoicePayments: 'InvoicePayment',
  bills: 'Bill',
  billPayments: 'BillPayment',
};

/** The file's start: the byte-order mark and the header row (the platform's one CSV writer, 000 §5). */
export const csvHeader = (): string => toCsv(csvColumns, []);

export function csvRow(item: SyncItem, status: SyncStatusCode): string {
  const account = sideOf(item.kind) === 'AR' ? 'Accounts Receivable' : 'Accounts Payable';
  return `${[
    recordTypeOf[item.kind],
    item.itemId,
    item.number,
    formatUsDate(item.date),
    item.dueDate ? formatUsDate(item.dueDate) : null,
    item.organizationId,
    item.organizationName,
    item.shipmentId,
    account,
    formatMoney(item.amountCents),
    item.appliesTo.join(' '),
    item.paymentType,
    status,
  ]
    .map(csvField)
    .join(',')}${CSV_LINE_ENDING}`;
}

/** The item id of a CSV row (the second column), for reading a file back. */
export const csvItemIdOf = (row: string): string | undefined => row.split(',')[1];

// ---------------------------------------------------------------------------------------------------------
// QuickBooks IIF (Intuit Interchange Format): tab-separated, a header block, then one TRNS/SPL…/ENDTRNS
// transaction per item. Invoices debit Accounts Receivable and credit Freight Income; bills credit
// Accounts Payable and debit Cost of Goods Sold; payments move money between the bank and AR or AP.

export const iifHeader = (): string =>
  [
    ['!TRNS', 'TRNSID', 'TRNSTYPE', 'DATE', 'ACCNT', 'NAME', 'AMOUNT', 'DOCNUM', 'MEMO'],
    ['!SPL', 'SPLID', 'TRNSTYPE', 'DATE', 'ACCNT', 'NAME', 'AMOUNT', 'DOCNUM', 'MEMO'],
    ['!ENDTRNS'],
  ]
    .map((r) => `${r.join('\t')}\r\n`)
    .join('');

const iifValue = (value: string): string => value.replace(/[\t\r\n"]+/g, ' ');

const negate = (cents: number) => -cents;

export function iifTransaction(item: SyncItem): string {
  const name = iifValue(item.organizationName ?? '');
  const memo = iifValue(item.shipmentId ? `Shipment ${item.shipmentId}` : item.appliesTo.join(' '));
  const date = formatUsDate(item.date);
  const rows: [string, string, number][] = [];
  switch (item.kind) {
    case 'invoices':
      rows.push(
        ['INVOICE', 'Accounts Receivable', item.amountCents],
        ['INVOICE', 'Freight Income', negate(item.amountCents)],
      );
      break;
    case 'bills':
      rows.push(
        ['BILL', 'Accounts Payable', negate(item.amountCents)],
        ['BILL', 'Cost of Goods Sold', item.amountCents],
      );
      break;
    case 'invoicePayments':
      rows.push(
        ['PAYMENT', 'Undeposited Funds', item.amountCents],
        ['PAYMENT', 'Accounts Receivable', negate(item.amountCents)],
      );
      break;
    case 'billPayments':
      rows.push(
        ['BILLPMT', 'Checking', negate(item.amountCents)],
        ['BILLPMT', 'Accounts Payable', item.amountCents],
      );
      break;
  }
  const [first, ...splits] = rows;
  const line = (tag: string, [type, account, cents]: [string, string, number]) =>
    `${[tag, '', type, date, account, name, formatMoney(cents), iifValue(item.number), memo].join('\t')}\r\n`;
  return `${line('TRNS', first!)}${splits.map((s) => line('SPL', s)).join('')}ENDTRNS\r\n`;
}
