// SQL of the credit position: the facts it is computed from (open invoices by due date, uninvoiced sell of
// booked loads, the customer's limit and preference, its broker's settings, its account) and the position
// kept per customer with its version, written with credit.changed in the transaction of the change.
import { subjects } from '@loadline/contracts/events';
import { sql } from '@loadline/platform';
import { type CreditFacts, type CreditPosition, statusesOffCredit } from '../domain/credit.ts';
import type { CustomerAccount } from '../domain/model.ts';
import type { Db, Events } from './views.ts';

/**
 * Locks the customer's position row (made when missing) so that changes to one customer's credit are
 * computed one after the other; answers the position last published, or null.
 */
export async function lockPosition(
  trx: Db,
  organizationId: string,
  brokerId: string,
): Promise<{ version: number; position: CreditPosition | null }> {
  await trx
    .insertInto('credit_position')
    .values({ organization_id: organizationId, broker_id: brokerId, version: 0, position: null })
    .onConflict((oc) => oc.column('organization_id').doNothing())
    .execute();
  const row = await trx
    .selectFrom('credit_position')
    .select(['version', 'position'])
    .where('organization_id', '=', organizationId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { version: row.version, position: (row.position as CreditPosition | null) ?? null };
}

export async function creditFacts(
  db: Db,
  organization: {
    organizationId: string;
    paymentPreference: number | null;
    creditLimitCents: number | null;
    brokerId: string;
  },
  account: Pick<CustomerAccount, 'enablePastDueNotification'>,
): Promise<CreditFacts> {
  const [broker, open, uninvoiced] = await Promise.all([
    db
      .selectFrom('organization_view')
      .select('broker_settings')
      .where('organization_id', '=', organization.brokerId)
      .executeTakeFirst(),
    db
      .selectFrom('invoice')
      .select([
        sql<string>`to_char(due_date, 'YYYY-MM-DD')`.as('due_date'),
        sql<number>`sum(total_cents - paid_cents)`.as('balance'),
      ])
      .where('payer_organization_id', '=', organization.organizationId)
      .whereRef('paid_cents', '<', 'total_cents')
      .groupBy('due_date')
      .execute(),
    // Booked loads not invoiced yet: a quote is not booked, a canceled load owes nothing; a shipment the
    // shipments service has not told us about yet counts (the safe side).
    db
      .selectFrom('charge_line as l')
      .innerJoin('charge_line_group as g', 'g.group_id', 'l.group_id')
      .leftJoin('shipment_view as s', 's.shipment_id', 'l.shipment_id')
      .select(sql<number>`coalesce(sum(l.sell_cents), 0)`.as('cents'))
      .where('g.payer_organization_id', '=', organization.organizationId)
      .where('l.invoice_id', 'is', null)
      .where((eb) => eb.or([eb('s.status', 'is', null), eb('s.status', 'not in', statusesOffCredit)]))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    paymentPreference: organization.paymentPreference,
    creditLimitCents: organization.creditLimitCents,
    brokerSettings: broker?.broker_settings ?? 0,
    enablePastDueNotification: account.enablePastDueNotification,
    openInvoices: open.map((r) => ({ dueDate: r.due_date, balanceCents: Number(r.balance) })),
    uninvoicedCents: Number(uninvoiced.cents),
  };
}

/** Keeps the new position and writes credit.changed with the next version. */
export async function savePosition(
  events: Events,
  trx: Db,
  organization: { organizationId: string; brokerId: string },
  version: number,
  position: CreditPosition,
): Promise<number> {
  const next = version + 1;
  await trx
    .updateTable('credit_position')
    .set({ version: next, position: JSON.stringify(position), updated_at: sql`now()` })
    .where('organization_id', '=', organization.organizationId)
    .execute();
  await events.appendEvent(trx, subjects.creditChanged, {
    organizationId: organization.organizationId,
    brokerId: organization.brokerId,
    version: next,
    ...position,
  });
  return next;
}

export async function readPosition(db: Db, organizationId: string): Promise<CreditPosition | null> {
  const row = await db
    .selectFrom('credit_position')
    .select('position')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return (row?.position as CreditPosition | null | undefined) ?? null;
}

/** Customers whose position may change as days pass (open invoices) or that have a position at all. */
export async function organizationsWithPositions(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('credit_position')
    .select('organization_id')
    .orderBy('organization_id')
    .execute();
  return rows.map((r) => r.organization_id);
}
