// What the credit-hold check knows of a customer: its payment preference and credit limit (the
// directory's organization.changed, kept in customer_organization), the shipment's open
// credit-limit-exceeded alert, and — once the accounting service has published it (credit.changed, kept in
// customer_credit) — its open balance against its limit, both in cents, and whether accounting holds it
// (decision 0050: credit hold, collections, a new customer of a broker that holds new customers, one order
// at a time). Before accounting has said anything of a customer, the open balance is 0.
import { PaymentPreference, ShipmentAlertType } from '@loadline/contracts/catalogue';
import type { CreditPosition } from '../domain/credit-hold.ts';
import type { Db } from './shipments.ts';

export async function creditPosition(
  db: Db,
  customerOrganizationId: string,
  shipmentId: number,
): Promise<CreditPosition> {
  const [customer, credit, alert] = await Promise.all([
    db
      .selectFrom('customer_organization')
      .select(['payment_preference', 'credit_limit'])
      .where('organization_id', '=', customerOrganizationId)
      .executeTakeFirst(),
    db
      .selectFrom('customer_credit')
      .select(['credit_limit_cents', 'open_balance_cents', 'on_credit_hold', 'credit_hold_reason'])
      .where('organization_id', '=', customerOrganizationId)
      .executeTakeFirst(),
    db
      .selectFrom('shipment_alert')
      .select('alert_id')
      .where('shipment_id', '=', shipmentId)
      .where('alert_type', '=', ShipmentAlertType.values.CreditLimitExceeded)
      .where('resolved', '=', false)
      .executeTakeFirst(),
  ]);
  const creditLimitExceededAlert = alert !== undefined;
  if (!credit)
    return {
      paymentPreference: customer?.payment_preference ?? null,
      creditLimit: customer?.credit_limit ?? null,
      openBalance: 0,
      creditLimitExceededAlert,
    };
  // Accounting's hold for any reason but the limit counts as a credit hold; the limit is compared here,
  // balance and limit both in cents.
  const heldByAccounting = credit.on_credit_hold && credit.credit_hold_reason !== 'OverCreditLimit';
  return {
    paymentPreference: heldByAccounting
      ? PaymentPreference.values.CreditHold
      : (customer?.payment_preference ?? null),
    creditLimit: credit.credit_limit_cents,
    openBalance: credit.open_balance_cents,
    creditLimitExceededAlert,
  };
}
