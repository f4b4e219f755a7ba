// The accounting service, declared once: charge lines and the accounting summary, credit (aging, limits,
// past due) published for the credit hold, invoicing, card and bank payments through a payment gateway,
// the accounting sync through a ledger, the payer lists, and the product's one progress tracker
// (README.md; decisions 0050–0053).
import { defineService, type ServiceDeps, type ServiceRuntime } from '@loadline/platform';
import { DailyExportLedger, HttpLedger, type Ledger } from './adapters/ledger.ts';
import { LocalTestGateway } from './adapters/local-test-gateway.ts';
import type { PaymentGateway } from './adapters/payment-gateway.ts';
import { seedDemo } from './app/demo.ts';
import { type AccountingSettings, loadAccountingSettings } from './config.ts';
import { accountingConsumers } from './consumers/index.ts';
import { registerHttp } from './http/index.ts';
import { accountingSchedules, accountingWorkers } from './jobs/index.ts';
import { migrations } from './store/migrations.ts';
import type { AccountingTables } from './store/tables.ts';

export interface AccountingAdapters {
  paymentGateway: PaymentGateway;
  ledger: Ledger;
  /** what day it is (aging, invoice and due dates); tests set the day */
  clock: { now(): Date };
}

export type AccountingDeps = ServiceDeps<AccountingTables, AccountingSettings, AccountingAdapters>;

function makeAdapters(
  settings: AccountingSettings,
  runtime: ServiceRuntime<AccountingTables>,
): AccountingAdapters {
  if (settings.paymentGateway !== 'local')
    throw new Error(
      `PAYMENT_GATEWAY=${settings.paymentGateway}: only the local test gateway is built in; a provider's adapter implements adapters/payment-gateway.ts`,
    );
  const clock = { now: () => new Date() };
  return {
    paymentGateway: new LocalTestGateway(runtime.db, settings.testGatewaySecret, () => clock.now()),
    ledger:
      settings.syncType === 'ExternalSync'
        ? new HttpLedger(settings.ledgerUrl ?? '', settings.ledgerToken)
        : new DailyExportLedger(settings.syncType, settings.exportDir),
    clock,
  };
}

export const accountingService = defineService<AccountingTables, AccountingSettings, AccountingAdapters>({
  name: 'accounting',
  port: 8107,
  description:
    'Charge lines and the accounting summary, credit (aging, limits, past due) published for the credit hold, invoicing, card and bank payments through a payment gateway, accounting sync through a ledger, payer lists, the progress tracker',
  paths: [
    '/api/accountingsynchistory',
    '/api/accountingsummary',
    '/api/accountingsync',
    '/api/paymentgateway',
    '/api/customerorder',
    // the organization select's payer lists (001 §7): accounting owns payers and their invoices
    '/api/organization/billtoorganizations',
    '/api/organization/openinvoiceorganizations',
    // the product's one progress tracker (decision 0051): the platform's routes, served by accounting
    '/api/progresstracker',
  ],
  migrations,
  settings: loadAccountingSettings,
  adapters: makeAdapters,
  routes: registerHttp,
  consumers: accountingConsumers,
  workers: accountingWorkers,
  schedules: accountingSchedules,
  seed: seedDemo,
});

export type { AccountingSettings } from './config.ts';
export type { AccountingTables } from './store/tables.ts';
