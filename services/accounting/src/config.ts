// The accounting service's own settings, read once from the environment with local defaults (README.md).
import { join } from 'node:path';
import { type Env, secretSetting } from '@loadline/platform';

/** 002 §3.6 accounting sync types (codes: the spec shows no numbers). */
export const accountingSyncTypes = [
  'DailyExportSyncARAP',
  'DailyExportSyncAR',
  'DailyExportSyncAP',
  'ExternalSync',
  'QuickBooks',
] as const;
export type AccountingSyncTypeCode = (typeof accountingSyncTypes)[number];

export interface AccountingSettings {
  /** the ledger the sync writes to (ACCOUNTING_SYNC_TYPE) */
  syncType: AccountingSyncTypeCode;
  /** where the daily export files go (ACCOUNTING_EXPORT_DIR) */
  exportDir: string;
  /** the API ledger's address for ExternalSync (ACCOUNTING_LEDGER_URL) and its token */
  ledgerUrl: string | null;
  ledgerToken: string | null;
  /** items per batch of a sync run: written, flushed and recorded together (ACCOUNTING_SYNC_BATCH_SIZE) */
  syncBatchSize: number;
  /** a killed sync worker's job is picked up again within about twice this (ACCOUNTING_SYNC_LOCK_MS) */
  syncLockMs: number;
  /** the payment gateway: `local` (the test gateway, the default) or a provider's name (PAYMENT_GATEWAY) */
  paymentGateway: string;
  /** keys the test gateway's card fingerprints (PAYMENT_TEST_GATEWAY_SECRET) */
  testGatewaySecret: string;
  /** the card processing fee a customer pays when its account sets none, basis points (CARD_FEE_DEFAULT_BP) */
  defaultCardFeeBasisPoints: number;
  /** days from invoice to due date when the customer's account sets none (INVOICE_TERMS_DAYS) */
  defaultPaymentTermsDays: number;
}

const repoRoot = new URL('../../..', import.meta.url).pathname;

function whole(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return value;
}

export function loadAccountingSettings(env: Env): AccountingSettings {
  const production = env.NODE_ENV === 'production';
  const syncType = (env.ACCOUNTING_SYNC_TYPE ?? 'DailyExportSyncARAP') as AccountingSyncTypeCode;
  if (!accountingSyncTypes.includes(syncType))
    throw new Error(
      `ACCOUNTING_SYNC_TYPE must be one of ${accountingSyncTypes.join(', ')}, got "${syncType}"`,
    );
  const exportDir =
    env.ACCOUNTING_EXPORT_DIR || (production ? '' : join(repoRoot, '.data', 'accounting-exports'));
  if (!exportDir && syncType !== 'ExternalSync')
    throw new Error('ACCOUNTING_EXPORT_DIR must be set when NODE_ENV=production');
  const ledgerUrl = env.ACCOUNTING_LEDGER_URL || null;
  if (syncType === 'ExternalSync' && !ledgerUrl)
    throw new Error('ACCOUNTING_LEDGER_URL must be set when ACCOUNTING_SYNC_TYPE=ExternalSync');
  const paymentGateway = env.PAYMENT_GATEWAY ?? 'local';
  // Never a default in the source: npm start makes one per install (issue 20).
  const testGatewaySecret =
    paymentGateway === 'local' ? secretSetting(env, 'PAYMENT_TEST_GATEWAY_SECRET') : '';
  return {
    syncType,
    exportDir,
    ledgerUrl,
    ledgerToken: env.ACCOUNTING_LEDGER_TOKEN || null,
    syncBatchSize: whole(env, 'ACCOUNTING_SYNC_BATCH_SIZE', 1000, 1, 10_000),
    syncLockMs: whole(env, 'ACCOUNTING_SYNC_LOCK_MS', 30_000, 1000, 600_000),
    paymentGateway,
    testGatewaySecret,
    defaultCardFeeBasisPoints: whole(env, 'CARD_FEE_DEFAULT_BP', 300, 0, 10_000),
    defaultPaymentTermsDays: whole(env, 'INVOICE_TERMS_DAYS', 30, 0, 365),
  };
}
