// Use cases of payments (001 §3 payment, §5 card rules, §7 PaymentGateway and customerorder calls, §8
// 'Error: Unable to charge customer profile'; 002 §3.6 payment status; decision 0052): the customer's fee,
// its profile and payment profiles at the gateway, charging a profile for invoices (once per idempotency
// key), and recording payments staff receive otherwise (check, cash, ACH) on invoices and bills.
import {
  bankAccountProblems,
  cardProblems,
  formatPercent,
  formatUsd,
  InvoiceStatus,
  messages,
  OrganizationType,
  PaymentType,
  paymentTotal,
} from '@loadline/contracts/catalogue';
import {
  badRequest,
  conflict,
  forbidden,
  type Identity,
  newId,
  notFound,
  problem,
  problemsError,
  rejectProblems,
} from '@loadline/platform';
import type {
  BankDetails,
  BillToAddress,
  CardDetails,
  ChargeOutcome,
  PaymentProfileView,
} from '../adapters/payment-gateway.ts';
import {
  canApplyInvoicePayments,
  canPayBills,
  canSeeOrganizationMoney,
  customerMayPay,
} from '../domain/access.ts';
import { applyPayment, invoiceStatusOf, paymentStatusOf } from '../domain/invoicing.ts';
import type { OrganizationFacts } from '../domain/model.ts';
import type { AccountingDeps } from '../service.ts';
import { accountOf } from '../store/accounts.ts';
import { markInvoicePaid } from '../store/charge-lines.ts';
import { addBillPayment, addInvoicePayment, billsForUpdate, invoicesForUpdate } from '../store/invoices.ts';
import {
  claimPayment,
  findPayment,
  findPaymentByKey,
  gatewayCustomerOf,
  insertApplications,
  type PaymentRow,
  saveGatewayCustomer,
  settlePayment,
} from '../store/payments.ts';
import { type Db, findOrganization } from '../store/views.ts';
import { accountDefaults, refreshCredit, todayOf } from './credit.ts';

/** Ours: how long a second request with the same idempotency key waits for the first to settle. */
export const SAME_KEY_WAIT_MS = 20_000;
/** Ours: a payment still Processing this long after it was claimed was left by a crash; a retry completes it. */
export const STUCK_PAYMENT_MS = 30_000;

/** The payer when the caller may see its money (staff of its broker; its own users), else 404. */
async function visiblePayer(
  deps: AccountingDeps,
  caller: Identity,
  organizationId: string,
): Promise<OrganizationFacts> {
  const organization = await findOrganization(deps.runtime.db, organizationId);
  if (
    !organization ||
    organization.organizationType !== OrganizationType.values.Customer ||
    !canSeeOrganizationMoney(caller, organization)
  )
    throw notFound(`Organization ${organizationId} was not found.`);
  return organization;
}

/** The payer when the caller may also pay for it: staff with AR payments; its users with pay rights. */
async function payingFor(
  deps: AccountingDeps,
  caller: Identity,
  organizationId: string,
): Promise<OrganizationFacts> {
  const organization = await visiblePayer(deps, caller, organizationId);
  if (caller.kind === 'staff') {
    if (!canApplyInvoicePayments(caller))
      throw forbidden('You need the Accounting AR Payments permission to take payments.');
  } else if (!customerMayPay(caller, organization.customerSettings))
    throw forbidden('Your user may not pay invoices online. Please contact accounting.');
  return organization;
}

async function feeBasisPointsOf(deps: AccountingDeps, organization: OrganizationFacts): Promise<number> {
  const account = await accountOf(
    deps.runtime.db,
    organization.organizationId,
    accountDefaults(deps, organization.brokerId ?? ''),
  );
  return account.creditCardFeeBasisPoints;
}

/** GET customerorder/defaultCreditCardProcessingFee/{orgId}: the customer's card fee percent (001 §5). */
export async function defaultCreditCardProcessingFee(
  deps: AccountingDeps,
  caller: Identity,
  organizationId: string,
) {
  const organization = await visiblePayer(deps, caller, organizationId);
  const feeBasisPoints = await feeBasisPointsOf(deps, organization);
  return { organizationId, feeBasisPoints, feePercent: formatPercent(feeBasisPoints) };
}

async function profileOf(deps: AccountingDeps, organization: OrganizationFacts) {
  const mapping = await gatewayCustomerOf(deps.runtime.db, organization.organizationId);
  if (!mapping) return null;
  return deps.adapters.paymentGateway.getCustomerProfile(
    organization.brokerId ?? '',
    mapping.gatewayProfileId,
  );
}

/** GET PaymentGateway/getPaymentGateway/{orgId}: the gateway, the payer's profile and what may be paid. */
export async function getPaymentGateway(deps: AccountingDeps, caller: Identity, organizationId: string) {
  const organization = await visiblePayer(deps, caller, organizationId);
  const profile = await profileOf(deps, organization);
  const canPay =
    caller.kind === 'staff'
      ? canApplyInvoicePayments(caller)
      : customerMayPay(caller, organization.customerSettings);
  return {
    organizationId,
    gateway: deps.adapters.paymentGateway.name,
    acceptsCreditCards: true,
    acceptsBankAccounts: true,
    canPay,
    feeBasisPoints: await feeBasisPointsOf(deps, organization),
    creditCardGatewayProfileId: profile?.profileId ?? null,
    paymentProfiles: profile?.paymentProfiles ?? [],
  };
}

/** POST PaymentGateway/createCustomerProfile: the payer's profile at the gateway (made once). */
export async function createCustomerProfile(
  deps: AccountingDeps,
  caller: Identity,
  input: { payerOrganizationId: string; email?: string | null },
) {
  const organization = await payingFor(deps, caller, input.payerOrganizationId);
  const profileId = await ensureProfile(deps, organization, input.email ?? null);
  return (await deps.adapters.paymentGateway.getCustomerProfile(organization.brokerId ?? '', profileId))!;
}

async function ensureProfile(
  deps: AccountingDeps,
  organization: OrganizationFacts,
  email: string | null,
): Promise<string> {
  const known = await gatewayCustomerOf(deps.runtime.db, organization.organizationId);
  if (known) return known.gatewayProfileId;
  const { profileId } = await deps.adapters.paymentGateway.createCustomerProfile({
    merchantId: organization.brokerId ?? '',
    customerRef: organization.organizationId,
    email,
  });
  await saveGatewayCustomer(deps.runtime.db, {
    organizationId: organization.organizationId,
    brokerId: organization.brokerId ?? '',
    gateway: deps.adapters.paymentGateway.name,
    gatewayProfileId: profileId,
  });
  return (await gatewayCustomerOf(deps.runtime.db, organization.organizationId))!.gatewayProfileId;
}

/** POST PaymentGateway/getCustomerProfile: the payer's profile with its (masked) payment profiles. */
export async function getCustomerProfile(
  deps: AccountingDeps,
  caller: Identity,
  input: { payerOrganizationId: string },
) {
  const organization = await visiblePayer(deps, caller, input.payerOrganizationId);
  const profile = await profileOf(deps, organization);
  if (!profile) throw notFound(`${organization.name} has no payment profile yet.`);
  return profile;
}

export interface PaymentProfileInput {
  payerOrganizationId: string;
  billToAddress?: BillToAddress;
  creditCard?: CardDetails;
  bankAccount?: BankDetails;
  email?: string | null;
}

/**
 * POST PaymentGateway/createCustomerPaymentProfile: a card or a bank account saved at the gateway. The
 * 001 §5 rules are checked here first (the same module the form uses); the gateway's refusals (CVV, AVS)
 * come back as 400 on the field. The number and the code go to the gateway only. A card the payer has
 * saved already is the one saved, refreshed (`alreadySaved`: the screen must not remove it after a
 * one-time charge).
 */
export async function createCustomerPaymentProfile(
  deps: AccountingDeps,
  caller: Identity,
  input: PaymentProfileInput,
): Promise<PaymentProfileView & { alreadySaved: boolean }> {
  const organization = await payingFor(deps, caller, input.payerOrganizationId);
  if (!input.creditCard === !input.bankAccount)
    rejectProblems([
      problem('creditCard', 'Give either a card (creditCard) or a bank account (bankAccount).'),
    ]);
  if (input.creditCard) rejectProblems(cardProblems(input.creditCard, deps.adapters.clock.now()));
  if (input.bankAccount) rejectProblems(bankAccountProblems(input.bankAccount));
  const profileId = await ensureProfile(deps, organization, input.email ?? null);
  const result = await deps.adapters.paymentGateway.createPaymentProfile({
    merchantId: organization.brokerId ?? '',
    profileId,
    ...(input.creditCard ? { card: input.creditCard } : {}),
    ...(input.bankAccount ? { bankAccount: input.bankAccount } : {}),
    billTo: input.billToAddress ?? {},
  });
  if (!result.ok)
    throw problemsError(result.messages.map((m) => problem(result.field ?? 'paymentProfile', m)));
  return { ...result.paymentProfile, alreadySaved: result.alreadySaved };
}

/** POST PaymentGateway/deleteCustomerPaymentProfile. */
export async function deleteCustomerPaymentProfile(
  deps: AccountingDeps,
  caller: Identity,
  input: { payerOrganizationId: string; creditCardGatewayPaymentProfileId: string },
): Promise<{ deleted: true }> {
  const organization = await payingFor(deps, caller, input.payerOrganizationId);
  const mapping = await gatewayCustomerOf(deps.runtime.db, organization.organizationId);
  const deleted =
    mapping &&
    (await deps.adapters.paymentGateway.deletePaymentProfile(
      organization.brokerId ?? '',
      mapping.gatewayProfileId,
      input.creditCardGatewayPaymentProfileId,
    ));
  if (!deleted) throw notFound(`Payment profile ${input.creditCardGatewayPaymentProfileId} was not found.`);
  return { deleted: true };
}

export interface ChargeInput {
  payerOrganizationId: string;
  creditCardGatewayProfileId?: string;
  creditCardGatewayPaymentProfileId: string;
  /** what is applied to the invoices; the card fee comes on top (001 §5) */
  amountToChargeCents: number;
  invoiceIds: string[];
  /** the total the screen showed (amount and fee); when it differs from the server's, nothing is charged */
  expectedTotalCents?: number;
  invoiceNumber?: string | null;
  idempotencyKey?: string;
}

export interface PaymentResult {
  paymentId: string;
  processingStatus: string;
  paymentType: string;
  amountCents: number;
  feeCents: number;
  totalCents: number;
  last4: string | null;
  gatewayTransactionId: string | null;
  paymentDate: string;
  applications: { invoiceId: string; appliedCents: number }[];
  messages: string[];
}

const present = (p: PaymentRow): PaymentResult => ({
  paymentId: p.paymentId,
  processingStatus: p.processingStatus,
  paymentType: p.paymentType,
  amountCents: p.amountCents,
  feeCents: p.feeCents,
  totalCents: p.totalCents,
  last4: p.last4,
  gatewayTransactionId: p.gatewayTransactionId,
  paymentDate: p.paymentDate,
  applications: p.applications.map((a) => ({ invoiceId: a.targetId, appliedCents: a.appliedCents })),
  messages: p.messages,
});

/** A declined or failed charge: 400 with the 001 §8 text and the gateway's messages (nothing applied). */
const declined = (p: Pick<PaymentRow, 'messages'>) =>
  badRequest(messages.payment.chargeFailed, {
    'model.payment': p.messages.length > 0 ? p.messages : ['The charge failed.'],
  });

/**
 * POST PaymentGateway/chargeCustomerProfile: charges the amount plus the card fee to a saved payment profile
 * and applies the amount to the invoices. The idempotency key (the body's, or the `Idempotency-Key`
 * header) is claimed before the gateway is called: the same key again, even at the same moment, answers the
 * first charge and charges nothing more.
 */
export async function chargeCustomerProfile(
  deps: AccountingDeps,
  caller: Identity,
  input: ChargeInput,
): Promise<PaymentResult> {
  const organization = await payingFor(deps, caller, input.payerOrganizationId);
  const brokerId = organization.brokerId ?? '';
  const idempotencyKey = input.idempotencyKey ?? newId('idk');
  const earlier = await findPaymentByKey(deps.runtime.db, brokerId, idempotencyKey);
  if (earlier) return settled(deps, caller, earlier, input);

  const mapping = await gatewayCustomerOf(deps.runtime.db, organization.organizationId);
  if (
    !mapping ||
    (input.creditCardGatewayProfileId && input.creditCardGatewayProfileId !== mapping.gatewayProfileId)
  )
    throw notFound(`${organization.name} has no such payment profile.`);
  const profile = await deps.adapters.paymentGateway.getCustomerProfile(brokerId, mapping.gatewayProfileId);
  const paymentProfile = profile?.paymentProfiles.find(
    (p) => p.paymentProfileId === input.creditCardGatewayPaymentProfileId,
  );
  if (!paymentProfile)
    throw notFound(`Payment profile ${input.creditCardGatewayPaymentProfileId} was not found.`);

  const invoiceIds = [...new Set(input.invoiceIds)];
  const invoices = await invoicesForUpdate(deps.runtime.db, invoiceIds);
  for (const id of invoiceIds) {
    const invoice = invoices.find((i) => i.invoiceId === id);
    if (
      !invoice ||
      invoice.brokerId !== brokerId ||
      invoice.payerOrganizationId !== organization.organizationId
    )
      throw notFound(`Invoice ${id} was not found.`);
    if (invoice.paidCents >= invoice.totalCents)
      throw conflict(`Invoice ${invoice.invoiceNumber} is paid already.`);
  }
  const owed = invoices.reduce((sum, i) => sum + (i.totalCents - i.paidCents), 0);
  if (input.amountToChargeCents > owed)
    rejectProblems([
      problem(
        'amountToChargeCents',
        `The amount is more than the ${formatUsd(owed)} open on ${invoices.length === 1 ? 'this invoice' : 'these invoices'}.`,
      ),
    ]);
  const isCard = paymentProfile.accountType === 2;
  const feeBasisPoints = isCard ? await feeBasisPointsOf(deps, organization) : 0;
  const total = paymentTotal(input.amountToChargeCents, feeBasisPoints);
  if (input.expectedTotalCents !== undefined && input.expectedTotalCents !== total.totalCents)
    rejectProblems([
      problem(
        'expectedTotalCents',
        `The total is ${formatUsd(total.totalCents)} (${formatUsd(total.amountCents)} and a ${formatPercent(feeBasisPoints)}% fee of ${formatUsd(total.feeCents)}): nothing was charged.`,
      ),
    ]);

  const paymentId = newId('pay');
  const claimed = await claimPayment(deps.runtime.db, {
    paymentId,
    brokerId,
    direction: 'invoice',
    organizationId: organization.organizationId,
    vendorName: null,
    paymentType: isCard ? PaymentType.byCode.CreditCard.code : PaymentType.byCode.ACH.code,
    processingStatus: 'Processing',
    amountCents: total.amountCents,
    feeCents: total.feeCents,
    totalCents: total.totalCents,
    idempotencyKey,
    gateway: deps.adapters.paymentGateway.name,
    paymentProfileId: paymentProfile.paymentProfileId,
    last4: paymentProfile.last4,
    reference: input.invoiceNumber ?? null,
    targetIds: invoiceIds,
    paymentDate: todayOf(deps),
    createdBy: { userId: caller.userId, name: caller.displayName },
  });
  if (!claimed) {
    // The same key at the same moment: the other request charges; this one answers its outcome.
    const other = await findPaymentByKey(deps.runtime.db, brokerId, idempotencyKey);
    return settled(deps, caller, other!, input);
  }
  const outcome = await chargeAtGateway(deps, {
    brokerId,
    profileId: mapping.gatewayProfileId,
    paymentProfileId: paymentProfile.paymentProfileId,
    totalCents: total.totalCents,
    invoiceNumber: input.invoiceNumber ?? invoices.map((i) => String(i.invoiceNumber)).join(' '),
    idempotencyKey,
  });
  const payment = await settle(deps, paymentId, outcome);
  if (payment.processingStatus !== 'Paid') throw declined(payment);
  return present(payment);
}

async function chargeAtGateway(
  deps: AccountingDeps,
  c: {
    brokerId: string;
    profileId: string;
    paymentProfileId: string;
    totalCents: number;
    invoiceNumber: string | null;
    idempotencyKey: string;
  },
): Promise<ChargeOutcome> {
  try {
    return await deps.adapters.paymentGateway.charge({
      merchantId: c.brokerId,
      profileId: c.profileId,
      paymentProfileId: c.paymentProfileId,
      amountCents: c.totalCents,
      invoiceNumber: c.invoiceNumber,
      idempotencyKey: c.idempotencyKey,
    });
  } catch (error) {
    // Not answered: the payment stays Processing; a retry with the same key asks the gateway again.
    deps.runtime.logger.warn(
      { err: error, idempotencyKey: c.idempotencyKey },
      'payment gateway did not answer',
    );
    throw conflict('The payment gateway did not answer. Nothing is lost: try again with the same payment.');
  }
}

/**
 * Records the gateway's answer: Paid with the amount applied to the invoices (oldest first as given) and
 * the payer's credit refreshed, or Error with the gateway's messages. Only a Processing payment settles, so
 * a second settle of the same payment changes nothing.
 */
async function settle(deps: AccountingDeps, paymentId: string, outcome: ChargeOutcome): Promise<PaymentRow> {
  await deps.runtime.db.transaction().execute(async (trx) => {
    const payment = await findPayment(trx, paymentId, { forUpdate: true });
    if (!payment || payment.processingStatus !== 'Processing') return;
    await settlePayment(trx, paymentId, {
      processingStatus: outcome.approved ? 'Paid' : 'Error',
      gatewayTransactionId: outcome.transactionId,
      messages: outcome.messages,
    });
    if (!outcome.approved) return;
    await applyToInvoices(deps, trx, payment.paymentId, payment.targetIds, payment.amountCents, true);
    if (payment.organizationId) await refreshCredit(deps, trx, [payment.organizationId]);
  });
  return (await findPayment(deps.runtime.db, paymentId))!;
}

async function applyToInvoices(
  deps: AccountingDeps,
  trx: Db,
  paymentId: string,
  invoiceIds: readonly string[],
  amountCents: number,
  allowOverpayment: boolean,
): Promise<void> {
  const invoices = await invoicesForUpdate(trx, invoiceIds);
  const applied = applyPayment(
    amountCents,
    invoices.map((i) => ({ id: i.invoiceId, totalCents: i.totalCents, paidCents: i.paidCents })),
    allowOverpayment,
  );
  if (!applied.ok)
    rejectProblems([
      problem(
        'amountCents',
        `The amount is more than the ${formatUsd(applied.owedCents)} open on these invoices.`,
      ),
    ]);
  if (!applied.ok) return;
  await insertApplications(trx, paymentId, 'invoice', applied.applications);
  for (const a of applied.applications) {
    const invoice = invoices.find((i) => i.invoiceId === a.id)!;
    const paidCents = invoice.paidCents + a.appliedCents;
    const status = invoiceStatusOf(invoice.totalCents, paidCents);
    await addInvoicePayment(deps.runtime, trx, invoice, {
      paidCents,
      status,
      paymentStatus: paymentStatusOf(invoice.totalCents, paidCents),
    });
    await markInvoicePaid(trx, invoice.invoiceId, status === InvoiceStatus.values.InvoicePaid);
  }
}

/**
 * The answer for a key used before: waits while the first request is still with the gateway, completes a
 * payment a crash left Processing, and refuses a key reused for another payment.
 */
async function settled(
  deps: AccountingDeps,
  caller: Identity,
  payment: PaymentRow,
  input: ChargeInput,
): Promise<PaymentResult> {
  if (
    payment.organizationId !== input.payerOrganizationId ||
    payment.amountCents !== input.amountToChargeCents ||
    payment.paymentProfileId !== input.creditCardGatewayPaymentProfileId
  )
    throw conflict('This idempotency key was used for another payment.');
  let current = payment;
  const deadline = Date.now() + SAME_KEY_WAIT_MS;
  while (current.processingStatus === 'Processing') {
    if (Date.now() - Date.parse(current.createdDate) > STUCK_PAYMENT_MS) {
      const mapping = await gatewayCustomerOf(deps.runtime.db, input.payerOrganizationId);
      const outcome = await chargeAtGateway(deps, {
        brokerId: caller.brokerId,
        profileId: mapping?.gatewayProfileId ?? '',
        paymentProfileId: current.paymentProfileId ?? '',
        totalCents: current.totalCents,
        invoiceNumber: current.reference,
        idempotencyKey: current.idempotencyKey,
      });
      current = await settle(deps, current.paymentId, outcome);
      break;
    }
    if (Date.now() > deadline)
      throw conflict('This payment is still being processed. Check the invoice in a moment.');
    await new Promise((r) => setTimeout(r, 100));
    current = (await findPayment(deps.runtime.db, current.paymentId))!;
  }
  if (current.processingStatus !== 'Paid') throw declined(current);
  return present(current);
}

// ---------------------------------------------------------------------------------------------------------
// Payments received otherwise (check, cash, ACH, wire): recorded by staff, applied at once.

const manualTypes = ['Cash', 'Check', 'ACH', 'Other', 'EFS'] as const;

export interface ManualPaymentInput {
  amountCents: number;
  paymentType: string;
  reference?: string | null;
  paymentDate?: string | null;
  idempotencyKey?: string;
}

function manualProblems(input: ManualPaymentInput) {
  const problems = [];
  if (!(manualTypes as readonly string[]).includes(input.paymentType))
    problems.push(
      problem(
        'paymentType',
        `Choose a payment type: ${manualTypes.map((t) => PaymentType.nameOf(t)).join(', ')}.`,
      ),
    );
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    problems.push(problem('amountCents', 'Enter an amount in whole cents, more than 0.'));
  return problems;
}

/** Records a payment a payer made outside the gateway; a payment larger than what is owed leaves the last invoice OverPaid. */
export async function recordInvoicePayment(
  deps: AccountingDeps,
  caller: Identity,
  input: ManualPaymentInput & { payerOrganizationId: string; invoiceIds: string[] },
): Promise<PaymentResult> {
  if (!canApplyInvoicePayments(caller))
    throw forbidden('You need the Accounting AR Payments permission to record payments.');
  rejectProblems(manualProblems(input));
  const organization = await visiblePayer(deps, caller, input.payerOrganizationId);
  const idempotencyKey = input.idempotencyKey ?? newId('idk');
  const paymentId = newId('pay');
  const invoiceIds = [...new Set(input.invoiceIds)];
  await deps.runtime.db.transaction().execute(async (trx) => {
    const invoices = await invoicesForUpdate(trx, invoiceIds);
    for (const id of invoiceIds) {
      const invoice = invoices.find((i) => i.invoiceId === id);
      if (
        !invoice ||
        invoice.brokerId !== caller.brokerId ||
        invoice.payerOrganizationId !== organization.organizationId
      )
        throw notFound(`Invoice ${id} was not found.`);
    }
    const claimed = await claimPayment(trx, {
      paymentId,
      brokerId: caller.brokerId,
      direction: 'invoice',
      organizationId: organization.organizationId,
      vendorName: null,
      paymentType: input.paymentType,
      processingStatus: 'Paid',
      amountCents: input.amountCents,
      feeCents: 0,
      totalCents: input.amountCents,
      idempotencyKey,
      gateway: null,
      paymentProfileId: null,
      last4: null,
      reference: input.reference?.trim() || null,
      targetIds: invoiceIds,
      paymentDate: input.paymentDate ?? todayOf(deps),
      createdBy: { userId: caller.userId, name: caller.displayName },
    });
    if (!claimed) return;
    await applyToInvoices(deps, trx, paymentId, invoiceIds, input.amountCents, true);
    await refreshCredit(deps, trx, [organization.organizationId]);
  });
  const payment = await findPaymentByKey(deps.runtime.db, caller.brokerId, idempotencyKey);
  return present(payment!);
}

/** Records a payment to a carrier or vendor on its bills (AP). */
export async function recordBillPayment(
  deps: AccountingDeps,
  caller: Identity,
  input: ManualPaymentInput & { billIds: string[] },
): Promise<PaymentResult> {
  if (!canPayBills(caller)) throw forbidden('You need the Accounting AP Payments permission to pay bills.');
  rejectProblems(manualProblems(input));
  const idempotencyKey = input.idempotencyKey ?? newId('idk');
  const paymentId = newId('pay');
  const billIds = [...new Set(input.billIds)];
  await deps.runtime.db.transaction().execute(async (trx) => {
    const bills = await billsForUpdate(trx, billIds);
    for (const id of billIds) {
      const bill = bills.find((b) => b.billId === id);
      if (!bill || bill.brokerId !== caller.brokerId) throw notFound(`Bill ${id} was not found.`);
    }
    const vendors = new Set(bills.map((b) => b.vendorName));
    if (vendors.size > 1) rejectProblems([problem('billIds', 'A payment pays the bills of one vendor.')]);
    const claimed = await claimPayment(trx, {
      paymentId,
      brokerId: caller.brokerId,
      direction: 'bill',
      organizationId: null,
      vendorName: bills[0]?.vendorName ?? null,
      paymentType: input.paymentType,
      processingStatus: 'Paid',
      amountCents: input.amountCents,
      feeCents: 0,
      totalCents: input.amountCents,
      idempotencyKey,
      gateway: null,
      paymentProfileId: null,
      last4: null,
      reference: input.reference?.trim() || null,
      targetIds: billIds,
      paymentDate: input.paymentDate ?? todayOf(deps),
      createdBy: { userId: caller.userId, name: caller.displayName },
    });
    if (!claimed) return;
    const applied = applyPayment(
      input.amountCents,
      bills.map((b) => ({ id: b.billId, totalCents: b.totalCents, paidCents: b.paidCents })),
      true,
    );
    if (!applied.ok) return;
    await insertApplications(trx, paymentId, 'bill', applied.applications);
    for (const a of applied.applications) {
      const bill = bills.find((b) => b.billId === a.id)!;
      const paidCents = bill.paidCents + a.appliedCents;
      await addBillPayment(trx, bill.billId, {
        paidCents,
        paymentStatus: paymentStatusOf(bill.totalCents, paidCents),
      });
    }
  });
  const payment = await findPaymentByKey(deps.runtime.db, caller.brokerId, idempotencyKey);
  return present(payment!);
}
