// What the credit-hold check knows of a customer: its payment preference and credit limit (the
// directory's organization.changed, kept in customer_organization) and the shipment's open
// credit-limit-exceeded alert. The open balance is 0: this service holds no charges (see
// domain/credit-hold.ts).
import { ShipmentAlertType } from '@loadline/contracts/catalogue';
import type { CreditPosition } from '../domain/credit-hold.ts';
import type { Db } from './shipments.ts';

export async function creditPosition(
  db: Db,
  customerOrganizationId: string,
  shipmentId: number,
): Promise<CreditPosition> {
  const [customer, alert] = await Promise.all([
    db
      .selectFrom('customer_organization')
      .select(['payment_preference', 'credit_limit'])
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
  return {
    paymentPreference: customer?.payment_preference ?? null,
    creditLimit: customer?.credit_limit ?? null,
    openBalance: 0,
    creditLimitExceededAlert: alert !== undefined,
  };
}
