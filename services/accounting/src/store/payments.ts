// SQL of payments (card, bank and manual ones, on invoices or bills), their application, and a payer's
// profile at the payment gateway. A payment is claimed by its idempotency key before the gateway is called:
// the same key again finds it instead of charging twice.
import { sql } from '@loadline/platform';
import type { Db } from './views.ts';
import { dateText } from './views.ts';

export interface PaymentRow {
  paymentId: string;
  brokerId: string;
  direction: 'invoice' | 'bill';
  organizationId: string | null;
  paymentType: string;
  processingStatus: string;
  amountCents: number;
  feeCents: number;
  totalCents: number;
  idempotencyKey: string;
  gateway: string | null;
  gatewayTransactionId: string | null;
  paymentProfileId: string | null;
  last4: string | null;
  reference: string | null;
  targetIds: string[];
  messages: string[];
  paymentDate: string;
  createdDate: string;
  applications: { targetId: string; appliedCents: number }[];
}

export interface NewPayment {
  paymentId: string;
  brokerId: string;
  direction: 'invoice' | 'bill';
  organizationId: string | null;
  vendorName: string | null;
  paymentType: string;
  processingStatus: string;
  amountCents: number;
  feeCents: number;
  totalCents: number;
  idempotencyKey: string;
  gateway: string | null;
  paymentProfileId: string | null;
  last4: string | null;
  reference: string | null;
  targetIds: readonly string[];
  paymentDate: string;
  createdBy: { userId: string; name: string };
}

/** Claims the idempotency key: true when this payment is new, false when the key was used already. */
export async function claimPayment(db: Db, p: NewPayment): Promise<boolean> {
  const result = await db
    .insertInto('payment')
    .values({
      payment_id: p.paymentId,
      broker_id: p.brokerId,
      direction: p.direction,
      organization_id: p.organizationId,
      vendor_name: p.vendorName,
      payment_type: p.paymentType,
      processing_status: p.processingStatus,
      amount_cents: p.amountCents,
      fee_cents: p.feeCents,
      total_cents: p.totalCents,
      idempotency_key: p.idempotencyKey,
      gateway: p.gateway,
      payment_profile_id: p.paymentProfileId,
      last4: p.last4,
      reference: p.reference,
      target_ids: [...p.targetIds],
      payment_date: p.paymentDate,
      created_by_user_id: p.createdBy.userId,
      created_by_name: p.createdBy.name,
    })
    .onConflict((oc) => oc.columns(['broker_id', 'idempotency_key']).doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

const paymentQuery = (db: Db) =>
  db
    .selectFrom('payment')
    .select([
      'payment_id',
      'broker_id',
      'direction',
      'organization_id',
      'payment_type',
      'processing_status',
      'amount_cents',
      'fee_cents',
      'total_cents',
      'idempotency_key',
      'gateway',
      'gateway_transaction_id',
      'payment_profile_id',
      'last4',
      'reference',
      'target_ids',
      'messages',
      dateText('payment_date').as('payment_date'),
      'created_at',
    ]);

async function withApplications(
  db: Db,
  row: Awaited<ReturnType<ReturnType<typeof paymentQuery>['executeTakeFirstOrThrow']>>,
): Promise<PaymentRow> {
  const applications = await db
    .selectFrom('payment_application')
    .select(['target_id', 'applied_cents'])
    .where('payment_id', '=', row.payment_id)
    .orderBy('target_id')
    .execute();
  return {
    paymentId: row.payment_id,
    brokerId: row.broker_id,
    direction: row.direction as PaymentRow['direction'],
    organizationId: row.organization_id,
    paymentType: row.payment_type,
    processingStatus: row.processing_status,
    amountCents: row.amount_cents,
    feeCents: row.fee_cents,
    totalCents: row.total_cents,
    idempotencyKey: row.idempotency_key,
    gateway: row.gateway,
    gatewayTransactionId: row.gateway_transaction_id,
    paymentProfileId: row.payment_profile_id,
    last4: row.last4,
    reference: row.reference,
    targetIds: row.target_ids,
    messages: row.messages,
    paymentDate: row.payment_date,
    createdDate: row.created_at.toISOString(),
    applications: applications.map((a) => ({ targetId: a.target_id, appliedCents: a.applied_cents })),
  };
}

export async function findPaymentByKey(
  db: Db,
  brokerId: string,
  idempotencyKey: string,
): Promise<PaymentRow | undefined> {
  const row = await paymentQuery(db)
    .where('broker_id', '=', brokerId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  return row && withApplications(db, row);
}

export async function findPayment(
  db: Db,
  paymentId: string,
  options: { forUpdate?: boolean } = {},
): Promise<PaymentRow | undefined> {
  let query = paymentQuery(db).where('payment_id', '=', paymentId);
  if (options.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && withApplications(db, row);
}

/** The gateway's answer on a claimed payment (still Processing: a settled payment never changes). */
export async function settlePayment(
  db: Db,
  paymentId: string,
  outcome: { processingStatus: string; gatewayTransactionId: string | null; messages: string[] },
): Promise<boolean> {
  const result = await db
    .updateTable('payment')
    .set({
      processing_status: outcome.processingStatus,
      gateway_transaction_id: outcome.gatewayTransactionId,
      messages: outcome.messages,
      settled_at: sql`now()`,
      version: sql`version + 1`,
    })
    .where('payment_id', '=', paymentId)
    .where('processing_status', '=', 'Processing')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertApplications(
  db: Db,
  paymentId: string,
  targetKind: 'invoice' | 'bill',
  applications: readonly { id: string; appliedCents: number }[],
): Promise<void> {
  if (applications.length === 0) return;
  await db
    .insertInto('payment_application')
    .values(
      applications.map((a) => ({
        payment_id: paymentId,
        target_kind: targetKind,
        target_id: a.id,
        applied_cents: a.appliedCents,
      })),
    )
    .execute();
}

/** Payments applied to an invoice or bill, oldest first. */
export async function paymentsOn(
  db: Db,
  targetId: string,
): Promise<
  {
    paymentId: string;
    paymentType: string;
    appliedCents: number;
    paymentDate: string;
    reference: string | null;
    last4: string | null;
  }[]
> {
  const rows = await db
    .selectFrom('payment_application as a')
    .innerJoin('payment as p', 'p.payment_id', 'a.payment_id')
    .select([
      'p.payment_id',
      'p.payment_type',
      'a.applied_cents',
      dateText('p.payment_date').as('payment_date'),
      'p.reference',
      'p.last4',
    ])
    .where('a.target_id', '=', targetId)
    .orderBy('p.created_at')
    .execute();
  return rows.map((r) => ({
    paymentId: r.payment_id,
    paymentType: r.payment_type,
    appliedCents: r.applied_cents,
    paymentDate: r.payment_date,
    reference: r.reference,
    last4: r.last4,
  }));
}

export async function gatewayCustomerOf(
  db: Db,
  organizationId: string,
): Promise<{ gateway: string; gatewayProfileId: string } | undefined> {
  const row = await db
    .selectFrom('gateway_customer')
    .select(['gateway', 'gateway_profile_id'])
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row && { gateway: row.gateway, gatewayProfileId: row.gateway_profile_id };
}

export async function saveGatewayCustomer(
  db: Db,
  c: { organizationId: string; brokerId: string; gateway: string; gatewayProfileId: string },
): Promise<void> {
  await db
    .insertInto('gateway_customer')
    .values({
      organization_id: c.organizationId,
      broker_id: c.brokerId,
      gateway: c.gateway,
      gateway_profile_id: c.gatewayProfileId,
    })
    .onConflict((oc) => oc.column('organization_id').doNothing())
    .execute();
}
