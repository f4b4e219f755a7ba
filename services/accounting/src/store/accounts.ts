// SQL of customers' accounting settings (payment terms, card fee, invoicing automation, past-due notice).
import { InvoicingAutomationMethod } from '@loadline/contracts/catalogue';
import { sql } from '@loadline/platform';
import type { CustomerAccount } from '../domain/model.ts';
import type { Db } from './views.ts';

/** The customer's account, or the defaults (terms and fee from the service's settings) when none is kept. */
export async function accountOf(
  db: Db,
  organizationId: string,
  defaults: { brokerId: string; paymentTermsDays: number; creditCardFeeBasisPoints: number },
): Promise<CustomerAccount> {
  const row = await db
    .selectFrom('customer_account')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!row)
    return {
      organizationId,
      brokerId: defaults.brokerId,
      invoicingAutomationMethod: InvoicingAutomationMethod.values.ManuallyInvoice,
      preferredInvoicingMethod: 0,
      paymentTermsDays: defaults.paymentTermsDays,
      creditCardFeeBasisPoints: defaults.creditCardFeeBasisPoints,
      enablePastDueNotification: true,
      version: 0,
    };
  return {
    organizationId: row.organization_id,
    brokerId: row.broker_id,
    invoicingAutomationMethod: row.invoicing_automation_method,
    preferredInvoicingMethod: row.preferred_invoicing_method,
    paymentTermsDays: row.payment_terms_days,
    creditCardFeeBasisPoints: row.credit_card_fee_basis_points,
    enablePastDueNotification: row.enable_past_due_notification,
    version: row.version,
  };
}

/**
 * The invoicing automation method of each customer among `organizationIds`, from the methods of the accounts
 * kept (`kept`): a customer with no account kept invoices by hand.
 */
export function automationMethodsFrom(
  organizationIds: readonly string[],
  kept: Iterable<readonly [string, number]>,
): Map<string, number> {
  const methods = new Map<string, number>(
    organizationIds.map((id) => [id, InvoicingAutomationMethod.values.ManuallyInvoice]),
  );
  for (const [id, method] of kept) methods.set(id, method);
  return methods;
}

/** The invoicing automation method of each customer among `organizationIds` (`automationMethodsFrom`). */
export async function automationMethodsOf(
  db: Db,
  organizationIds: readonly string[],
): Promise<Map<string, number>> {
  if (organizationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('customer_account')
    .select(['organization_id', 'invoicing_automation_method'])
    .where('organization_id', '=', sql<string>`any(${[...organizationIds]}::text[])`)
    .execute();
  return automationMethodsFrom(
    organizationIds,
    rows.map((r) => [r.organization_id, r.invoicing_automation_method] as const),
  );
}

/** Saves the account if it still has the version read (0: none yet); false when another change came between. */
export async function saveAccount(
  db: Db,
  account: CustomerAccount,
  mode: 'upsert' | 'insertOnly' = 'upsert',
): Promise<boolean> {
  const values = {
    organization_id: account.organizationId,
    broker_id: account.brokerId,
    invoicing_automation_method: account.invoicingAutomationMethod,
    preferred_invoicing_method: account.preferredInvoicingMethod,
    payment_terms_days: account.paymentTermsDays,
    credit_card_fee_basis_points: account.creditCardFeeBasisPoints,
    enable_past_due_notification: account.enablePastDueNotification,
  };
  if (account.version === 0 || mode === 'insertOnly') {
    const inserted = await db
      .insertInto('customer_account')
      .values(values)
      .onConflict((oc) => oc.column('organization_id').doNothing())
      .executeTakeFirst();
    return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
  }
  const updated = await db
    .updateTable('customer_account')
    .set({ ...values, version: sql`version + 1`, updated_at: sql`now()` })
    .where('organization_id', '=', account.organizationId)
    .where('version', '=', account.version)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}
