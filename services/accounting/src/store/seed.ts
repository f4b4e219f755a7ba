// Seeds the demo money (contracts/demo/accounting.ts) around the demo shipments of contracts/demo: the read
// models at version 0 (the directory's and shipments' events replace them), customers' accounting settings,
// charge lines on every demo shipment with a carrier, invoices (with the carriers' bills, one paid by check,
// one partly) on the Complete ones, opening balances in several aging buckets, Globex's card on file in the
// test gateway, and each customer's credit position. Inserts by fixed ids and only what is missing: seeding
// twice changes nothing, and a restart never undoes what someone did with the demo since.
import { createHmac } from 'node:crypto';
import { dollarsToCents, sumCents } from '@loadline/contracts/catalogue';
import { demoBroker, demoOrganizations, demoUsers } from '@loadline/contracts/demo';
import {
  demoCardOnFile,
  demoChargeLines,
  demoCustomerAccounts,
  demoOpeningBalances,
  demoShipmentInvoiced,
  openingBalanceDate,
} from '@loadline/contracts/demo/accounting';
import { type DemoShipmentPlan, demoShipmentPlans } from '@loadline/contracts/demo/shipments';
import { addDays, isoDate } from '../domain/model.ts';
import type { AccountingDeps } from '../service.ts';
import { publishChargeLines } from './charge-lines.ts';
import { insertBill, insertInvoice, nextNumber } from './invoices.ts';
import type { Db } from './views.ts';

const ops = demoUsers.find((u) => u.userId === 'usr_demo_ops')!;
const opsActor = { userId: ops.userId, name: `${ops.firstName} ${ops.lastName}` };

const dateOf = (value: string | null) => value?.slice(0, 10) ?? null;

async function exists(
  trx: Db,
  table: 'invoice' | 'charge_line',
  column: 'invoice_id' | 'charge_line_id',
  id: string,
) {
  return (
    (await trx
      .selectFrom(table)
      .select(column as never)
      .where(column as never, '=', id as never)
      .executeTakeFirst()) !== undefined
  );
}

async function seedShipment(deps: AccountingDeps, trx: Db, plan: DemoShipmentPlan): Promise<void> {
  const brokerId = demoBroker.organizationId;
  await trx
    .insertInto('shipment_view')
    .values({
      shipment_id: plan.shipmentId,
      broker_id: brokerId,
      customer_organization_id: plan.customerOrganizationId,
      status: plan.status,
      shipment_type: plan.shipmentType,
      no_accounting_invoice: false,
      pickup_date: plan.pickupDate,
      delivery_date: plan.deliveryDate,
      carrier_master_id: plan.carrier?.carrierMasterId ?? null,
      carrier_master_name: plan.carrier?.carrierMasterName ?? null,
      pro_number: plan.proNumber,
      version: 0,
    })
    .onConflict((oc) => oc.column('shipment_id').doNothing())
    .execute();
  const lines = demoChargeLines(plan);
  if (lines.length === 0) return;
  const groupId = `clg_demo_${plan.shipmentId}`;
  await trx
    .insertInto('charge_line_group')
    .values({
      group_id: groupId,
      shipment_id: plan.shipmentId,
      broker_id: brokerId,
      payer_organization_id: plan.customerOrganizationId,
    })
    .onConflict((oc) => oc.column('group_id').doNothing())
    .execute();
  const ready = plan.delivered;
  let fresh = false;
  for (const [i, line] of lines.entries()) {
    if (await exists(trx, 'charge_line', 'charge_line_id', line.chargeLineId)) continue;
    fresh = true;
    await trx
      .insertInto('charge_line')
      .values({
        charge_line_id: line.chargeLineId,
        group_id: groupId,
        shipment_id: plan.shipmentId,
        broker_id: brokerId,
        charge_line_type: line.chargeLineType,
        description: line.description,
        buy_cents: line.buyCents,
        sell_cents: line.sellCents,
        billing_status: ready ? 'Ready' : 'NotReady',
        carrier_master_id: plan.carrier?.carrierMasterId ?? null,
        carrier_master_name: plan.carrier?.carrierMasterName ?? null,
        sort: i + 1,
      })
      .execute();
    for (const [field, cents] of [
      ['buy', line.buyCents],
      ['sell', line.sellCents],
    ] as const)
      if (cents !== 0)
        await trx
          .insertInto('margin_history')
          .values({
            shipment_id: plan.shipmentId,
            charge_line_id: line.chargeLineId,
            charge_line_type: line.chargeLineType,
            change: 'added',
            field,
            old_cents: null,
            new_cents: cents,
            changed_by_user_id: opsActor.userId,
            changed_by_name: opsActor.name,
          })
          .execute();
  }
  if (fresh) await publishChargeLines(deps.runtime, trx, plan.shipmentId, brokerId);
  if (!fresh || !demoShipmentInvoiced(plan)) return;

  // Invoiced at delivery with the customer's terms; the carrier's bill approved with it.
  const account = demoCustomerAccounts.find((a) => a.organizationId === plan.customerOrganizationId)!;
  const invoiceId = `inv_demo_${plan.shipmentId}`;
  const invoiceDate = plan.deliveryDate;
  const total = sumCents(lines.map((l) => l.sellCents));
  const customer = demoOrganizations.find((o) => o.organizationId === plan.customerOrganizationId)!;
  await insertInvoice(deps.runtime, trx, {
    invoiceId,
    invoiceNumber: await nextNumber(trx, brokerId, 'invoice'),
    brokerId,
    brokerName: demoBroker.name,
    kind: 'Shipment',
    shipmentId: plan.shipmentId,
    payerOrganizationId: plan.customerOrganizationId,
    payerName: customer.name,
    customerOrganizationId: plan.customerOrganizationId,
    invoiceDate,
    dueDate: addDays(invoiceDate, account.paymentTermsDays),
    invoiceDateType: 'Delivery',
    proNumber: plan.proNumber,
    pickupDate: dateOf(plan.pickupDate),
    deliveryDate: dateOf(plan.deliveryDate),
    billTo: null,
    approveBillWithInvoice: true,
    lines: lines.map((l) => ({
      chargeLineId: l.chargeLineId,
      chargeLineType: l.chargeLineType,
      description: l.description,
      amountCents: l.sellCents,
    })),
    totalCents: total,
    createdBy: opsActor,
  });
  await trx
    .updateTable('charge_line')
    .set({ invoice_id: invoiceId, invoice_status: 1, billing_status: 'Created' })
    .where('group_id', '=', groupId)
    .execute();
  const billId = `bil_demo_${plan.shipmentId}`;
  await insertBill(trx, {
    billId,
    billNumber: await nextNumber(trx, brokerId, 'bill'),
    brokerId,
    shipmentId: plan.shipmentId,
    vendorId: plan.carrier?.carrierMasterId ?? null,
    vendorName: plan.carrier?.carrierMasterName ?? 'Carrier',
    billDate: invoiceDate,
    dueDate: addDays(invoiceDate, 30),
    totalCents: sumCents(lines.map((l) => l.buyCents)),
    createdByUserId: opsActor.userId,
  });
  await trx.updateTable('charge_line').set({ bill_id: billId }).where('group_id', '=', groupId).execute();
}

/** A payment staff recorded on a demo invoice (by check), applied at once. */
async function seedCheck(trx: Db, invoiceId: string, amountCents: number, checkNumber: string, date: string) {
  const paymentId = `pay_demo_${invoiceId}`;
  const invoice = await trx
    .selectFrom('invoice')
    .select(['payer_organization_id', 'total_cents', 'paid_cents'])
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirst();
  if (!invoice) return;
  const inserted = await trx
    .insertInto('payment')
    .values({
      payment_id: paymentId,
      broker_id: demoBroker.organizationId,
      direction: 'invoice',
      organization_id: invoice.payer_organization_id,
      payment_type: 'Check',
      processing_status: 'Paid',
      amount_cents: amountCents,
      total_cents: amountCents,
      idempotency_key: `demo:${paymentId}`,
      reference: checkNumber,
      target_ids: [invoiceId],
      payment_date: date,
      created_by_user_id: opsActor.userId,
      created_by_name: opsActor.name,
      settled_at: new Date(),
    })
    .onConflict((oc) => oc.column('payment_id').doNothing())
    .executeTakeFirst();
  if ((inserted.numInsertedOrUpdatedRows ?? 0n) === 0n) return;
  await trx
    .insertInto('payment_application')
    .values({
      payment_id: paymentId,
      target_kind: 'invoice',
      target_id: invoiceId,
      applied_cents: amountCents,
    })
    .execute();
  const paid = invoice.paid_cents + amountCents;
  const full = paid >= invoice.total_cents;
  await trx
    .updateTable('invoice')
    .set({
      paid_cents: paid,
      status: full ? 2 : 1,
      payment_status: full ? (paid === invoice.total_cents ? 3 : 2) : 1,
    })
    .where('invoice_id', '=', invoiceId)
    .execute();
  if (full)
    await trx
      .updateTable('charge_line')
      .set({ invoice_status: 2 })
      .where('invoice_id', '=', invoiceId)
      .execute();
}

export async function seedDemoData(deps: AccountingDeps): Promise<void> {
  const { runtime, settings } = deps;
  const today = isoDate(deps.adapters.clock.now());
  const brokerId = demoBroker.organizationId;
  await runtime.db.transaction().execute(async (trx) => {
    for (const o of demoOrganizations)
      await trx
        .insertInto('organization_view')
        .values({
          organization_id: o.organizationId,
          broker_id: o.brokerId,
          name: o.name,
          organization_type: o.organizationType,
          payment_preference: o.paymentPreference,
          credit_limit_cents: o.creditLimit === null ? null : (dollarsToCents(o.creditLimit) ?? null),
          customer_settings: o.customerSettings,
          broker_settings: o.brokerSettings,
          active: o.active,
          version: 0,
        })
        .onConflict((oc) => oc.column('organization_id').doNothing())
        .execute();
    for (const a of demoCustomerAccounts)
      await trx
        .insertInto('customer_account')
        .values({
          organization_id: a.organizationId,
          broker_id: brokerId,
          invoicing_automation_method: a.invoicingAutomationMethod,
          preferred_invoicing_method: a.preferredInvoicingMethod,
          payment_terms_days: a.paymentTermsDays,
          credit_card_fee_basis_points: a.creditCardFeeBasisPoints,
          enable_past_due_notification: a.enablePastDueNotification,
        })
        .onConflict((oc) => oc.column('organization_id').doNothing())
        .execute();

    const plans = demoShipmentPlans(today);
    for (const plan of plans) await seedShipment(deps, trx, plan);

    // Checks received: one invoice paid in full, one in part (so Fully Paid and Partial Paid both show).
    const invoicedPlans = plans.filter(demoShipmentInvoiced);
    const [paidPlan, partPlan] = [invoicedPlans[1], invoicedPlans[2]];
    if (paidPlan) {
      const total = sumCents(demoChargeLines(paidPlan).map((l) => l.sellCents));
      await seedCheck(trx, `inv_demo_${paidPlan.shipmentId}`, total, '40117', paidPlan.deliveryDate);
    }
    if (partPlan)
      await seedCheck(trx, `inv_demo_${partPlan.shipmentId}`, 50000, '40152', partPlan.deliveryDate);

    for (const o of demoOpeningBalances) {
      if (await exists(trx, 'invoice', 'invoice_id', o.invoiceId)) continue;
      const account = demoCustomerAccounts.find((a) => a.organizationId === o.organizationId)!;
      const customer = demoOrganizations.find((c) => c.organizationId === o.organizationId)!;
      const invoiceDate = openingBalanceDate(today, o);
      await insertInvoice(runtime, trx, {
        invoiceId: o.invoiceId,
        invoiceNumber: await nextNumber(trx, brokerId, 'invoice'),
        brokerId,
        brokerName: demoBroker.name,
        kind: 'OpeningBalance',
        shipmentId: null,
        payerOrganizationId: o.organizationId,
        payerName: customer.name,
        customerOrganizationId: o.organizationId,
        invoiceDate,
        dueDate: addDays(invoiceDate, account.paymentTermsDays),
        invoiceDateType: 'Today',
        proNumber: null,
        pickupDate: null,
        deliveryDate: null,
        billTo: null,
        approveBillWithInvoice: false,
        lines: [
          {
            chargeLineId: null,
            chargeLineType: 'Linehaul',
            description: 'Opening balance (before Loadline)',
            amountCents: o.totalCents,
          },
        ],
        totalCents: o.totalCents,
        createdBy: null,
      });
      if (o.paidCents > 0) await seedCheck(trx, o.invoiceId, o.paidCents, '39988', invoiceDate);
    }

    // Globex's card on file at the test gateway: its profile ids, type, last four digits, expiry and a
    // keyed fingerprint of the number (never the number).
    const card = demoCardOnFile;
    await trx
      .insertInto('test_gateway_customer')
      .values({
        profile_id: card.gatewayProfileId,
        merchant_id: brokerId,
        customer_ref: card.organizationId,
        email: null,
      })
      .onConflict((oc) => oc.column('profile_id').doNothing())
      .execute();
    await trx
      .insertInto('test_gateway_payment_profile')
      .values({
        payment_profile_id: card.paymentProfileId,
        profile_id: card.gatewayProfileId,
        account_type: 2,
        card_type: card.cardType,
        last4: card.last4,
        exp_month: card.expMonth,
        exp_year: Number(today.slice(0, 4)) + card.expiresInYears,
        fingerprint: createHmac('sha256', settings.testGatewaySecret).update(card.cardNumber).digest('hex'),
        behaviour: 'approve',
        name_on_account: card.nameOnCard,
        bank_name: null,
        bill_to_zip: null,
      })
      // kept as it is when seeded before, or when the same card was saved since (one per number)
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx
      .insertInto('gateway_customer')
      .values({
        organization_id: card.organizationId,
        broker_id: brokerId,
        gateway: 'LocalTest',
        gateway_profile_id: card.gatewayProfileId,
      })
      .onConflict((oc) => oc.column('organization_id').doNothing())
      .execute();
  });
}
