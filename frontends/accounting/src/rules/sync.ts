// The accounting sync page (001 §3 sync options, §4 "sync items are selected by default", §7) as pure rules.
import type { SyncKind } from '../api/client.ts';
import type { SyncItem, SyncOptions } from '../api/types.ts';

export const syncKinds: readonly { kind: SyncKind; title: string }[] = [
  { kind: 'invoices', title: 'Invoices' },
  { kind: 'invoicepayments', title: 'Invoice payments' },
  { kind: 'bills', title: 'Bills' },
  { kind: 'billpayments', title: 'Bill payments' },
];

/** 001 §4: the items a preview shows start selected (as the service marks them). */
export const initiallySelected = (items: readonly SyncItem[]): Set<string> =>
  new Set(items.filter((i) => i.selected).map((i) => i.id));

export type Selection = Record<SyncKind, ReadonlySet<string>>;

/** 001 §3 sync options from what is selected in each preview: a kind with nothing selected is not done. */
export function syncOptionsOf(
  selection: Selection,
  extra: { activityId: string; isTestRun: boolean; doRetreiveCheckNumbers: boolean; enableLogger: boolean },
): SyncOptions {
  const ids = (kind: SyncKind) => [...selection[kind]];
  return {
    activityId: extra.activityId,
    isTestRun: extra.isTestRun,
    doRetreiveCheckNumbers: extra.doRetreiveCheckNumbers,
    enableLogger: extra.enableLogger,
    doInvoices: selection.invoices.size > 0,
    doInvoicePayments: selection.invoicepayments.size > 0,
    doBills: selection.bills.size > 0,
    doBillPayments: selection.billpayments.size > 0,
    invoices: ids('invoices'),
    invoicePayments: ids('invoicepayments'),
    bills: ids('bills'),
    billPayments: ids('billpayments'),
  };
}

export const syncTexts = {
  nothingSelected: 'Select at least one item to sync.',
  previewFailed: (title: string) => `Unable to get the ${title.toLowerCase()} to sync. Please try again.`,
  runFailed: 'Unable to start the sync. Please try again.',
  connectionFailed: 'Unable to test the connection. Please try again.',
  testRunDone: 'Test run finished: nothing was sent to the ledger.',
} as const;
