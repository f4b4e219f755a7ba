// Card and bank payments against the real servers, through the local test gateway (001 §3, §5, §7, §8;
// 002 §3.6): the card rules, the gateway's refusals (CVV, AVS, declines, the duplicate window), a charge
// applied to invoices with the customer's fee, a double-submitted charge charging once, and that no card
// number or security code is ever kept.
import { sql } from '@loadline/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testGatewayMessages } from '../../src/adapters/local-test-gateway.ts';
import {
  type Accounting,
  accountant,
  buyer,
  operations,
  otherBroker,
  shipper,
  startAccounting,
} from './fixtures.ts';

let t: Accounting;

const call = (
  method: 'GET' | 'POST',
  url: string,
  who: object,
  payload?: object,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url, headers: { ...t.as(who), ...headers }, ...(payload ? { payload } : {}) });

const globex = 'org_demo_globex';
const card = (cardNumber: string, over: object = {}) => ({
  payerOrganizationId: globex,
  billToAddress: { firstName: 'Bea', lastName: 'Buyer', zip: '30318' },
  creditCard: {
    cardNumber,
    expMonth: 12,
    expYear: 2029,
    cardCode: cardNumber.startsWith('3') ? '1234' : '123',
  },
  ...over,
});

/** Globex's open invoices, oldest first. */
async function openInvoices(): Promise<{ invoiceId: string; invoiceNumber: number; balanceCents: number }[]> {
  const list = (
    await call('GET', '/api/accountingSummary/invoices?openOnly=true&pageSize=200', buyer)
  ).json();
  return list.items.reverse();
}

beforeAll(async () => {
  t = await startAccounting();
});
afterAll(async () => t?.cleanup());

describe('saving cards and bank accounts at the gateway', () => {
  it('refuses a card by the 001 §5 rules before the gateway sees it, naming each field', async () => {
    const res = await call('POST', '/api/PaymentGateway/createCustomerPaymentProfile', buyer, {
      payerOrganizationId: globex,
      creditCard: { cardNumber: '6011111111111117', expMonth: 1, expYear: 2026, cardCode: '12' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'model.creditCard.cardNumber': ['Enter a Visa, MasterCard or American Express card number.'],
      'model.creditCard.expMonth': ['This card has expired.'],
      'model.creditCard.cardCode': ['Enter the 3-digit security code (CVV).'],
    });
    const luhn = await call(
      'POST',
      '/api/PaymentGateway/createCustomerPaymentProfile',
      buyer,
      card('4111111111111112'),
    );
    expect(luhn.json().errors['model.creditCard.cardNumber']).toEqual([
      'This card number is not valid: check the digits.',
    ]);
  });

  it('passes on the gateway’s CVV and address (AVS) refusals', async () => {
    const cvv = await call(
      'POST',
      '/api/PaymentGateway/createCustomerPaymentProfile',
      buyer,
      card('4000000000000127'),
    );
    expect(cvv.statusCode).toBe(400);
    expect(cvv.json().errors['model.creditCard.cardCode']).toEqual([testGatewayMessages.cvvMismatch]);
    const avs = await call(
      'POST',
      '/api/PaymentGateway/createCustomerPaymentProfile',
      buyer,
      card('4242424242424242', { billToAddress: { zip: '46282' } }),
    );
    expect(avs.json().errors['model.billToAddress.zip']).toEqual([testGatewayMessages.avsMismatch]);
  });

  it('saves an American Express card and a bank account, keeping only the last four digits', async () => {
    const amex = await call(
      'POST',
      '/api/PaymentGateway/createCustomerPaymentProfile',
      buyer,
      card('3782 8224 6310 005'),
    );
    expect(amex.statusCode).toBe(201);
    expect(amex.json()).toMatchObject({
      accountType: 2,
      cardType: 'AmericanExpress',
      last4: '0005',
      expMonth: 12,
      expYear: 2029,
    });
    const badRouting = await call('POST', '/api/PaymentGateway/createCustomerPaymentProfile', buyer, {
      payerOrganizationId: globex,
      bankAccount: {
        accountNumber: '000123456789',
        routingNumber: '021000022',
        nameOnAccount: 'Globex Foods',
        bankName: 'Chase',
      },
    });
    expect(badRouting.statusCode).toBe(400);
    expect(badRouting.json().errors).toHaveProperty('model.bankAccount.routingNumber');
    const ach = await call('POST', '/api/PaymentGateway/createCustomerPaymentProfile', buyer, {
      payerOrganizationId: globex,
      bankAccount: {
        accountNumber: '000123456789',
        routingNumber: '021000021',
        nameOnAccount: 'Globex Foods',
        bankName: 'Chase',
      },
    });
    expect(ach.json()).toMatchObject({ accountType: 1, last4: '6789', bankName: 'Chase', cardType: null });
    // Nowhere in the schema is the number or the code: not in the gateway's tables, not in ours.
    const { rows } = await sql<{ hits: number }>`
      select count(*)::int as hits from (
        select row_to_json(p)::text as r from test_gateway_payment_profile p
        union all select row_to_json(c)::text from test_gateway_customer c
        union all select row_to_json(x)::text from payment x
        union all select envelope::text from outbox
      ) all_rows where r like '%378282246310005%' or r like '%000123456789%' or r like '%"1234"%'`.execute(
      t.runtime.db,
    );
    expect(rows[0]!.hits).toBe(0);
    const profile = (
      await call('POST', '/api/PaymentGateway/getCustomerProfile', buyer, { payerOrganizationId: globex })
    ).json();
    expect(profile.paymentProfiles.map((p: { last4: string }) => p.last4)).toEqual(['1111', '0005', '6789']);
  });

  it('removes a saved payment profile', async () => {
    const saved = (
      await call('POST', '/api/PaymentGateway/createCustomerPaymentProfile', buyer, card('5555555555554444'))
    ).json();
    const removed = await call('POST', '/api/PaymentGateway/deleteCustomerPaymentProfile', buyer, {
      payerOrganizationId: globex,
      creditCardGatewayPaymentProfileId: saved.paymentProfileId,
    });
    expect(removed.json()).toEqual({ deleted: true });
    const again = await call('POST', '/api/PaymentGateway/deleteCustomerPaymentProfile', buyer, {
      payerOrganizationId: globex,
      creditCardGatewayPaymentProfileId: saved.paymentProfileId,
    });
    expect(again.statusCode).toBe(404);
  });

  it('keeps a card saved again once, refreshed, even two saves at the same moment; another customer keeps its own', async () => {
    const save = (who: object, body: object) =>
      call('POST', '/api/PaymentGateway/createCustomerPaymentProfile', who, body);
    const listed = async (who: object, payerOrganizationId: string, last4: string) =>
      (
        (await call('POST', '/api/PaymentGateway/getCustomerProfile', who, { payerOrganizationId })).json()
          .paymentProfiles as { paymentProfileId: string; last4: string; expYear: number }[]
      ).filter((p) => p.last4 === last4);
    const first = await save(buyer, card('5424000000000015'));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ last4: '0015', expYear: 2029, alreadySaved: false });
    // The same number again, written another way, with a renewed card's expiry: the one saved, refreshed.
    const again = await save(
      buyer,
      card('5424000000000015', {
        creditCard: { cardNumber: '5424 0000 0000 0015', expMonth: 3, expYear: 2031, cardCode: '456' },
      }),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      paymentProfileId: first.json().paymentProfileId,
      expMonth: 3,
      expYear: 2031,
      alreadySaved: true,
    });
    expect(await listed(buyer, globex, '0015')).toEqual([
      expect.objectContaining({ paymentProfileId: first.json().paymentProfileId, expYear: 2031 }),
    ]);

    // Another customer (Acme, saved by accounting staff) saving the same card keeps its own: neither merged
    // into Globex's nor answered with it.
    const acme = await save(accountant, card('5424000000000015', { payerOrganizationId: 'org_demo_acme' }));
    expect(acme.statusCode).toBe(201);
    expect(acme.json()).toMatchObject({ alreadySaved: false, expYear: 2029 });
    expect(acme.json().paymentProfileId).not.toBe(first.json().paymentProfileId);
    expect(await listed(accountant, 'org_demo_acme', '0015')).toEqual([
      expect.objectContaining({ paymentProfileId: acme.json().paymentProfileId, expYear: 2029 }),
    ]);
    expect(await listed(buyer, globex, '0015')).toEqual([
      expect.objectContaining({ paymentProfileId: first.json().paymentProfileId, expYear: 2031 }),
    ]);

    // Two saves of a new card at the same moment: one is made, the other answers it.
    const [a, b] = await Promise.all([
      save(buyer, card('4242424242424242')),
      save(buyer, card('4242424242424242')),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().paymentProfileId).toBe(b.json().paymentProfileId);
    expect(await listed(buyer, globex, '4242')).toHaveLength(1);

    // Removed, the card may be saved again: a new one.
    await call('POST', '/api/PaymentGateway/deleteCustomerPaymentProfile', buyer, {
      payerOrganizationId: globex,
      creditCardGatewayPaymentProfileId: a.json().paymentProfileId,
    });
    const afterRemoval = await save(buyer, card('4242424242424242'));
    expect(afterRemoval.statusCode).toBe(201);
    expect(afterRemoval.json().paymentProfileId).not.toBe(a.json().paymentProfileId);
    expect(await listed(buyer, globex, '4242')).toHaveLength(1);
  });

  it('lets only those who may pay: not a customer without pay rights, not another customer, not another broker', async () => {
    // Acme's users have neither Pay Invoices nor Granted Invoice Payment (002 §6.3)
    expect(
      (
        await call('POST', '/api/PaymentGateway/createCustomerProfile', shipper, {
          payerOrganizationId: 'org_demo_acme',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call('POST', '/api/PaymentGateway/createCustomerProfile', buyer, {
          payerOrganizationId: 'org_demo_acme',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/PaymentGateway/getPaymentGateway/${globex}`, otherBroker)).statusCode,
    ).toBe(404);
    // staff without AR Payments may look, not take payments
    expect(
      (await call('GET', `/api/PaymentGateway/getPaymentGateway/${globex}`, operations)).json().canPay,
    ).toBe(false);
    expect(
      (
        await call('POST', '/api/PaymentGateway/createCustomerProfile', operations, {
          payerOrganizationId: globex,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call('POST', '/api/PaymentGateway/createCustomerProfile', accountant, {
          payerOrganizationId: globex,
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('charging a profile for invoices (chargeCustomerProfile)', () => {
  it('charges the amount plus Globex’s 3.5% fee, rounded to the cent, and applies the amount to the invoice', async () => {
    const [oldest] = await openInvoices();
    const amount = 35271; // 3.5% is 1,234.485 cents: the fee is $12.34
    const res = await call('POST', '/api/PaymentGateway/chargeCustomerProfile', buyer, {
      payerOrganizationId: globex,
      creditCardGatewayPaymentProfileId: 'tgp_demo_globex_visa',
      amountToChargeCents: amount,
      invoiceIds: [oldest!.invoiceId],
      expectedTotalCents: 36505,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      processingStatus: 'Paid',
      paymentType: 'CreditCard',
      amountCents: amount,
      feeCents: 1234,
      totalCents: 36505,
      last4: '1111',
      applications: [{ invoiceId: oldest!.invoiceId, appliedCents: amount }],
    });
    const invoice = (await call('GET', `/api/accountingSummary/invoices/${oldest!.invoiceId}`, buyer)).json();
    expect(invoice).toMatchObject({
      paymentStatus: 1,
      paidCents: amount,
      balanceCents: oldest!.balanceCents - amount,
    });
    const tx = await t.runtime.db
      .selectFrom('test_gateway_transaction')
      .select(['amount_cents', 'approved'])
      .execute();
    expect(tx).toEqual([{ amount_cents: 36505, approved: true }]);
  });

  it('refuses a total that differs from the server’s (the screen showed another fee) and charges nothing', async () => {
    const [, second] = await openInvoices();
    const res = await call('POST', '/api/PaymentGateway/chargeCustomerProfile', buyer, {
      payerOrganizationId: globex,
      creditCardGatewayPaymentProfileId: 'tgp_demo_globex_visa',
      amountToChargeCents: 10000,
      invoiceIds: [second!.invoiceId],
      expectedTotalCents: 10300,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['model.expectedTotalCents'][0]).toBe(
      'The total is $103.50 ($100.00 and a 3.50% fee of $3.50): nothing was charged.',
    );
    const more = await call('POST', '/api/PaymentGateway/chargeCustomerProfile', buyer, {
      payerOrganizationId: globex,
      creditCardGatewayPaymentProfileId: 'tgp_demo_globex_visa',
      amountToChargeCents: second!.balanceCents + 1,
      invoiceIds: [second!.invoiceId],
    });
    expect(more.statusCode).toBe(400);
    expect(more.json().errors).toHaveProperty('model.amountToChargeCents');
  });

  it('charges a double-submitted payment once (the same idempotency key, at the same moment)', async () => {
    const [, second] = await openInvoices();
    const body = {
      payerOrganizationId: globex,
      creditCardGatewayPaymentProfileId: 'tgp_demo_globex_visa',
      amountToChargeCents: second!.balanceCents,
      invoiceIds: [second!.invoiceId],
    };
    const key = { 'idempotency-key': 'pay-invoice-twice-0001' };
    const before = await t.runtime.db
      .selectFrom('test_gateway_transaction')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const [a, b] = await Promise.all([
      call('POST', '/api/PaymentGateway/chargeCustomerProfile', buyer, body, key),
      call('POST', '/api/PaymentGateway/chargeCustomerProfile', buyer, body, key),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().paymentId).toBe(b.json().paymentId);
    const after = await t.runtime.db
      .selectFrom('test_gateway_transaction')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(1);
    const payments = await t.runtime.db
      .selectFrom('payment')
      .select('payment_id')
      .where('idempotency_key', '=', 'pay-invoice-twice-0001')
      .execute();
    expect(payments).toHaveLength(1);
    const invoice = (await call('GET', `/api/accountingSummary/invoices/${second!.invoiceId}`, buyer)).json();
    expect(invoice).toMatchObject({ paymentStatus: 3, status: 2, balanceCents: 0 });
    // and again later, the same key answers the same payment
    const later = await call('POST', '/api/PaymentGateway/chargeCustomerProfile', buyer, body, key);
    expect(later.json().paymentId).toBe(a.json().paymentId);
    // the same key for another payment is refused
    const reused = await call(
      'POST',
      '/api/PaymentGateway/chargeCustomerProfile',
      buyer,
      { ...body, amountToChargeCents: 1 },
      key,
    );
    expect(reused.statusCode).toBe(409);
  });

  it('declines within the duplicate window a second charge of the same card, amount and invoice under another key', async () => {
    const [, , third] = await openInvoices();
    const body = {
      payerOrganizationId: globex,
      creditCardGatewayPaymentProfileId: 'tgp_demo_globex_visa',
      amountToChargeCents: 500,
      invoiceIds: [third!.invoiceId],
      invoiceNumber: String(third!.invoiceNumber),
    };
    expect(
      (
        await call('POST', '/api/PaymentGateway/chargeCustomerProfile', buyer, {
          ...body,
          idempotencyKey: 'first-key-000001',
        })
      ).statusCode,
    ).toBe(200);
    const duplicate = await call('POST', '/api/PaymentGateway/chargeCustomerProfile', buyer, {
      ...body,
      idempotencyKey: 'other-key-000002',
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toMatchObject({
      message: 'Error: Unable to charge customer profile',
      errors: { 'model.payment': [testGatewayMessages.duplicate] },
    });
    const invoice = (await call('GET', `/api/accountingSummary/invoices/${third!.invoiceId}`, buyer)).json();
    expect(invoice.paidCents).toBe(500);
  });

  it('answers a declined card with 001 §8’s text and the gateway’s message, applying nothing', async () => {
    const saved = (
      await call('POST', '/api/PaymentGateway/createCustomerPaymentProfile', buyer, card('4000000000009995'))
    ).json();
    const [first] = await openInvoices();
    const res = await call('POST', '/api/PaymentGateway/chargeCustomerProfile', buyer, {
      payerOrganizationId: globex,
      creditCardGatewayPaymentProfileId: saved.paymentProfileId,
      amountToChargeCents: 1000,
      invoiceIds: [first!.invoiceId],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Error: Unable to charge customer profile',
      errors: { 'model.payment': [testGatewayMessages.insufficientFunds] },
    });
    const payment = await t.runtime.db
      .selectFrom('payment')
      .select(['processing_status', 'messages'])
      .where('payment_profile_id', '=', saved.paymentProfileId)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({
      processing_status: 'Error',
      messages: [testGatewayMessages.insufficientFunds],
    });
    const still = (await call('GET', `/api/accountingSummary/invoices/${first!.invoiceId}`, buyer)).json();
    expect(still.balanceCents).toBe(first!.balanceCents);
  });

  it('charges a bank account without the card fee; a returned account declines', async () => {
    const [first] = await openInvoices();
    const profile = (
      await call('POST', '/api/PaymentGateway/getCustomerProfile', buyer, { payerOrganizationId: globex })
    ).json();
    const ach = profile.paymentProfiles.find((p: { accountType: number }) => p.accountType === 1);
    const paid = await call('POST', '/api/PaymentGateway/chargeCustomerProfile', buyer, {
      payerOrganizationId: globex,
      creditCardGatewayPaymentProfileId: ach.paymentProfileId,
      amountToChargeCents: 2500,
      invoiceIds: [first!.invoiceId],
    });
    expect(paid.json()).toMatchObject({ paymentType: 'ACH', feeCents: 0, totalCents: 2500 });
    const returned = (
      await call('POST', '/api/PaymentGateway/createCustomerPaymentProfile', buyer, {
        payerOrganizationId: globex,
        bankAccount: {
          accountNumber: '000000009999',
          routingNumber: '011000015',
          nameOnAccount: 'Globex Foods',
          bankName: 'Boston Fed',
        },
      })
    ).json();
    const declined = await call('POST', '/api/PaymentGateway/chargeCustomerProfile', buyer, {
      payerOrganizationId: globex,
      creditCardGatewayPaymentProfileId: returned.paymentProfileId,
      amountToChargeCents: 2500,
      invoiceIds: [first!.invoiceId],
    });
    expect(declined.json().errors['model.payment']).toEqual([testGatewayMessages.achReturned]);
  });

  it('answers 404 for another customer’s invoice and for a profile that is not the payer’s', async () => {
    const acme = (await call('GET', '/api/accountingSummary/invoices?openOnly=true', shipper)).json()
      .items[0];
    const foreign = await call('POST', '/api/PaymentGateway/chargeCustomerProfile', buyer, {
      payerOrganizationId: globex,
      creditCardGatewayPaymentProfileId: 'tgp_demo_globex_visa',
      amountToChargeCents: 100,
      invoiceIds: [acme.invoiceId],
    });
    expect(foreign.statusCode).toBe(404);
    const [first] = await openInvoices();
    const noProfile = await call('POST', '/api/PaymentGateway/chargeCustomerProfile', buyer, {
      payerOrganizationId: globex,
      creditCardGatewayPaymentProfileId: 'tgp_nobody',
      amountToChargeCents: 100,
      invoiceIds: [first!.invoiceId],
    });
    expect(noProfile.statusCode).toBe(404);
  });

  it('a card saved to be charged once is removed after the charge: the payment stays, the card is neither listed nor chargeable', async () => {
    // The front office's Pay without "Save for future payments": save, charge, remove (decision 0056). A
    // card not saved before (Globex's Amex above would be answered as saved already, and kept).
    const saved = (
      await call('POST', '/api/PaymentGateway/createCustomerPaymentProfile', buyer, card('371449635398431'))
    ).json();
    expect(saved.alreadySaved).toBe(false);
    const [first] = await openInvoices();
    const amount = 2_000;
    const fee = 70; // 3.5% of $20.00
    const paid = await call('POST', '/api/PaymentGateway/chargeCustomerProfile', buyer, {
      payerOrganizationId: globex,
      creditCardGatewayPaymentProfileId: saved.paymentProfileId,
      amountToChargeCents: amount,
      invoiceIds: [first!.invoiceId],
      expectedTotalCents: amount + fee,
      idempotencyKey: 'once-card-0001',
    });
    expect(paid.statusCode).toBe(200);
    // Another customer cannot remove Globex's card (it is not theirs: 404), and it stays.
    const foreign = await call('POST', '/api/PaymentGateway/deleteCustomerPaymentProfile', shipper, {
      payerOrganizationId: globex,
      creditCardGatewayPaymentProfileId: saved.paymentProfileId,
    });
    expect(foreign.statusCode).toBe(404);
    const listed = async () =>
      (
        await call('POST', '/api/PaymentGateway/getCustomerProfile', buyer, { payerOrganizationId: globex })
      ).json().paymentProfiles as { paymentProfileId: string }[];
    expect((await listed()).map((p) => p.paymentProfileId)).toContain(saved.paymentProfileId);

    const removed = await call('POST', '/api/PaymentGateway/deleteCustomerPaymentProfile', buyer, {
      payerOrganizationId: globex,
      creditCardGatewayPaymentProfileId: saved.paymentProfileId,
    });
    expect(removed.json()).toEqual({ deleted: true });
    expect((await listed()).map((p) => p.paymentProfileId)).not.toContain(saved.paymentProfileId);
    // The payment is kept and applied; the same key answers it again, charging nothing more.
    const invoice = (await call('GET', `/api/accountingSummary/invoices/${first!.invoiceId}`, buyer)).json();
    expect(invoice.paidCents).toBeGreaterThanOrEqual(amount);
    const replay = await call('POST', '/api/PaymentGateway/chargeCustomerProfile', buyer, {
      payerOrganizationId: globex,
      creditCardGatewayPaymentProfileId: saved.paymentProfileId,
      amountToChargeCents: amount,
      invoiceIds: [first!.invoiceId],
      expectedTotalCents: amount + fee,
      idempotencyKey: 'once-card-0001',
    });
    expect(replay.json().paymentId).toBe(paid.json().paymentId);
    // A new charge on the removed card is refused.
    const gone = await call('POST', '/api/PaymentGateway/chargeCustomerProfile', buyer, {
      payerOrganizationId: globex,
      creditCardGatewayPaymentProfileId: saved.paymentProfileId,
      amountToChargeCents: 100,
      invoiceIds: [first!.invoiceId],
      idempotencyKey: 'once-card-0002',
    });
    expect(gone.statusCode).toBe(404);
  });
});
