// The organization select's lists (001 §7): payers (`billToOrganizations`) and payers with open invoices
// (`openInvoiceOrganizations`), each `{ id, name }`. Staff see their broker's customers; a customer user
// sees only its own organization.
import type { Identity } from '@loadline/platform';
import type { AccountingDeps } from '../service.ts';
import { payers as payerRows, payersWithOpenInvoices } from '../store/views.ts';
import { scopeOf } from './credit.ts';

export const payers = (deps: AccountingDeps, caller: Identity) => payerRows(deps.runtime.db, scopeOf(caller));

export const payersWithOpenInvoicesOf = (deps: AccountingDeps, caller: Identity) =>
  payersWithOpenInvoices(deps.runtime.db, scopeOf(caller));
