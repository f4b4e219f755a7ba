// The local test payment gateway (decision 0052): a gateway that behaves like a real one, in its own tables
// (test_gateway_*), with the test numbers gateways publish for their sandboxes. It keeps what a real
// gateway would show back (type, last four digits, expiry) and a keyed fingerprint of the number (to tell
// the same card again: a customer profile keeps a card or account once); never the number itself and never
// the security code.
//
// Test numbers and what they do (Stripe's and Authorize.net's well-known sandbox values):
//   approved     4111111111111111, 4242424242424242, 5424000000000015, 5555555555554444, 370000000000002,
//                378282246310005 (and any other valid number)
//   4000000000000002   charge declined: 'The card was declined.'
//   4000000000009995   charge declined: 'The card has insufficient funds.'
//   4000000000000069   charge declined: 'The card has expired.'
//   4000000000000119   charge fails: 'An error occurred while processing the card. Please try again.'
//   4000000000000127   refused when saved: the security code does not match (CVV)
//   4000000000000010   refused when saved: the billing address does not match (AVS); so is ZIP 46282
//   security code 901  refused when saved: CVV mismatch
//   bank account numbers ending 9999: charge returned (R01, insufficient funds)
// The duplicate-transaction window: a charge of the same payment profile, amount and invoice number within
// 120 s of an approved one, under another idempotency key, is declined 'A duplicate transaction has been
// submitted.' The same idempotency key answers the first charge again and charges nothing.
import { createHmac } from 'node:crypto';
import {
  bankAccountProblems,
  cardProblems,
  cardTypeOf,
  digitsOnly,
  lastFour,
} from '@loadline/contracts/catalogue';
import { type Kysely, newId, sql } from '@loadline/platform';
import type { AccountingTables } from '../store/tables.ts';
import type {
  ChargeOutcome,
  ChargeRequest,
  CustomerProfileView,
  GatewayRefusal,
  PaymentGateway,
  PaymentProfileView,
} from './payment-gateway.ts';

/** Ours, as Authorize.net's default: seconds within which the same charge again is a duplicate. */
export const DUPLICATE_WINDOW_SECONDS = 120;

export const testGatewayMessages = {
  declined: 'The card was declined.',
  insufficientFunds: 'The card has insufficient funds.',
  expired: 'The card has expired.',
  processingError: 'An error occurred while processing the card. Please try again.',
  cvvMismatch: 'The security code (CVV) does not match the card.',
  avsMismatch: 'The billing address does not match the card (AVS).',
  duplicate: 'A duplicate transaction has been submitted.',
  achReturned: 'The bank returned the payment (R01: insufficient funds).',
  approved: 'This transaction has been approved.',
} as const;

type Behaviour = 'approve' | 'decline' | 'insufficientFunds' | 'expired' | 'processingError' | 'achReturned';

const behaviourMessages: Record<Behaviour, string> = {
  approve: testGatewayMessages.approved,
  decline: testGatewayMessages.declined,
  insufficientFunds: testGatewayMessages.insufficientFunds,
  expired: testGatewayMessages.expired,
  processingError: testGatewayMessages.processingError,
  achReturned: testGatewayMessages.achReturned,
};

const chargeBehaviours: Record<string, Behaviour> = {
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficientFunds',
  '4000000000000069': 'expired',
  '4000000000000119': 'processingError',
};
const cvvMismatchNumbers = new Set(['4000000000000127', '4000000000000101']);
const avsMismatchNumbers = new Set(['4000000000000010']);
export const AVS_MISMATCH_ZIP = '46282';
export const CVV_MISMATCH_CODE = '901';

export class LocalTestGateway implements PaymentGateway {
  readonly name = 'LocalTest';
  private readonly db: Kysely<AccountingTables>;
  private readonly secret: string;
  private readonly now: () => Date;

  constructor(db: Kysely<AccountingTables>, secret: string, now: () => Date = () => new Date()) {
    this.db = db;
    this.secret = secret;
    this.now = now;
  }

  private fingerprint(number: string): string {
    return createHmac('sha256', this.secret).update(digitsOnly(number)).digest('hex');
  }

  async createCustomerProfile(input: { merchantId: string; customerRef: string; email: string | null }) {
    const profileId = newId('tgc');
    const row = await this.db
      .insertInto('test_gateway_customer')
      .values({
        profile_id: profileId,
        merchant_id: input.merchantId,
        customer_ref: input.customerRef,
        email: input.email,
      })
      .onConflict((oc) =>
        oc.columns(['merchant_id', 'customer_ref']).doUpdateSet({ email: (eb) => eb.ref('excluded.email') }),
      )
      .returning('profile_id')
      .executeTakeFirstOrThrow();
    return { profileId: row.profile_id };
  }

  async getCustomerProfile(merchantId: string, profileId: string): Promise<CustomerProfileView | null> {
    const customer = await this.db
      .selectFrom('test_gateway_customer')
      .select(['profile_id', 'customer_ref', 'email'])
      .where('profile_id', '=', profileId)
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
    if (!customer) return null;
    const profiles = await this.db
      .selectFrom('test_gateway_payment_profile')
      .selectAll()
      .where('profile_id', '=', profileId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .execute();
    return {
      profileId: customer.profile_id,
      customerRef: customer.customer_ref,
      email: customer.email,
      paymentProfiles: profiles.map(
        (p): PaymentProfileView => ({
          paymentProfileId: p.payment_profile_id,
          accountType: p.account_type as 1 | 2,
          cardType: p.card_type,
          last4: p.last4,
          expMonth: p.exp_month,
          expYear: p.exp_year,
          nameOnAccount: p.name_on_account,
          bankName: p.bank_name,
        }),
      ),
    };
  }

  async createPaymentProfile(
    input: Parameters<PaymentGateway['createPaymentProfile']>[0],
  ): Promise<{ ok: true; paymentProfile: PaymentProfileView; alreadySaved: boolean } | GatewayRefusal> {
    const customer = await this.db
      .selectFrom('test_gateway_customer')
      .select('profile_id')
      .where('profile_id', '=', input.profileId)
      .where('merchant_id', '=', input.merchantId)
      .executeTakeFirst();
    if (!customer)
      return {
        ok: false,
        messages: ['The customer profile does not exist.'],
        field: 'creditCardGatewayProfileId',
      };
    const zip = input.billTo.zip?.trim() ?? null;
    let values: {
      account_type: number;
      card_type: string | null;
      last4: string;
      exp_month: number | null;
      exp_year: number | null;
      fingerprint: string;
      behaviour: Behaviour;
      name_on_account: string | null;
      bank_name: string | null;
    };
    if (input.card) {
      // A gateway checks the card itself, whatever the caller checked (001 §5 rules, the same module).
      const problems = cardProblems(input.card, this.now());
      if (problems.length > 0)
        return { ok: false, messages: problems.map((p) => p.message), field: problems[0]!.field };
      const number = digitsOnly(input.card.cardNumber);
      if (cvvMismatchNumbers.has(number) || input.card.cardCode === CVV_MISMATCH_CODE)
        return { ok: false, messages: [testGatewayMessages.cvvMismatch], field: 'creditCard.cardCode' };
      if (avsMismatchNumbers.has(number) || zip === AVS_MISMATCH_ZIP)
        return { ok: false, messages: [testGatewayMessages.avsMismatch], field: 'billToAddress.zip' };
      values = {
        account_type: 2,
        card_type: cardTypeOf(number),
        last4: lastFour(number),
        exp_month: input.card.expMonth,
        exp_year: input.card.expYear,
        fingerprint: this.fingerprint(number),
        behaviour: chargeBehaviours[number] ?? 'approve',
        name_on_account: [input.billTo.firstName, input.billTo.lastName].filter(Boolean).join(' ') || null,
        bank_name: null,
      };
    } else if (input.bankAccount) {
      const problems = bankAccountProblems(input.bankAccount);
      if (problems.length > 0)
        return { ok: false, messages: problems.map((p) => p.message), field: problems[0]!.field };
      const account = digitsOnly(input.bankAccount.accountNumber);
      values = {
        account_type: 1,
        card_type: null,
        last4: lastFour(account),
        exp_month: null,
        exp_year: null,
        fingerprint: this.fingerprint(`${digitsOnly(input.bankAccount.routingNumber)}:${account}`),
        behaviour: account.endsWith('9999') ? 'achReturned' : 'approve',
        name_on_account: input.bankAccount.nameOnAccount.trim(),
        bank_name: input.bankAccount.bankName.trim(),
      };
    } else return { ok: false, messages: ['Give a card or a bank account.'], field: 'creditCard' };
    // One saved profile per number and customer profile (a unique index, migration 0006): the same number
    // again, even at the same moment, refreshes the saved one's expiry and billing details and answers it.
    const newProfileId = newId('tgp');
    const { payment_profile_id: paymentProfileId } = await this.db
      .insertInto('test_gateway_payment_profile')
      .values({
        payment_profile_id: newProfileId,
        profile_id: input.profileId,
        bill_to_zip: zip,
        ...values,
      })
      .onConflict((oc) =>
        oc
          .columns(['profile_id', 'fingerprint'])
          .where('deleted_at', 'is', null)
          .doUpdateSet((eb) => ({
            exp_month: eb.ref('excluded.exp_month'),
            exp_year: eb.ref('excluded.exp_year'),
            name_on_account: eb.ref('excluded.name_on_account'),
            bank_name: eb.ref('excluded.bank_name'),
            bill_to_zip: eb.ref('excluded.bill_to_zip'),
          })),
      )
      .returning('payment_profile_id')
      .executeTakeFirstOrThrow();
    return {
      ok: true,
      alreadySaved: paymentProfileId !== newProfileId,
      paymentProfile: {
        paymentProfileId,
        accountType: values.account_type as 1 | 2,
        cardType: values.card_type,
        last4: values.last4,
        expMonth: values.exp_month,
        expYear: values.exp_year,
        nameOnAccount: values.name_on_account,
        bankName: values.bank_name,
      },
    };
  }

  async deletePaymentProfile(
    merchantId: string,
    profileId: string,
    paymentProfileId: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('test_gateway_payment_profile')
      .set({ deleted_at: sql`now()` })
      .where('payment_profile_id', '=', paymentProfileId)
      .where('profile_id', '=', profileId)
      .where('deleted_at', 'is', null)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('test_gateway_customer')
            .select(sql`1`.as('one'))
            .where('profile_id', '=', profileId)
            .where('merchant_id', '=', merchantId),
        ),
      )
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    return this.db.transaction().execute(async (trx) => {
      // One charge decision at a time per payment profile (the duplicate window needs the ones before).
      await sql`select pg_advisory_xact_lock(hashtext(${`test-gateway:${request.paymentProfileId}`}))`.execute(
        trx,
      );
      const earlier = await trx
        .selectFrom('test_gateway_transaction')
        .selectAll()
        .where('merchant_id', '=', request.merchantId)
        .where('idempotency_key', '=', request.idempotencyKey)
        .executeTakeFirst();
      if (earlier)
        return {
          approved: earlier.approved,
          transactionId: earlier.transaction_id,
          responseCode: earlier.response_code,
          messages: earlier.messages,
          replayed: true,
        };
      const profile = await trx
        .selectFrom('test_gateway_payment_profile as p')
        .innerJoin('test_gateway_customer as c', 'c.profile_id', 'p.profile_id')
        .select(['p.behaviour', 'p.deleted_at'])
        .where('p.payment_profile_id', '=', request.paymentProfileId)
        .where('p.profile_id', '=', request.profileId)
        .where('c.merchant_id', '=', request.merchantId)
        .executeTakeFirst();
      let approved = false;
      let code: string;
      let messages: string[];
      if (!profile || profile.deleted_at) {
        code = 'E00040';
        messages = ['The payment profile does not exist.'];
      } else if (request.amountCents <= 0) {
        code = 'E00027';
        messages = ['The amount must be greater than zero.'];
      } else {
        const duplicate = await trx
          .selectFrom('test_gateway_transaction')
          .select('transaction_id')
          .where('payment_profile_id', '=', request.paymentProfileId)
          .where('amount_cents', '=', request.amountCents)
          .where('invoice_number', 'is not distinct from', request.invoiceNumber)
          .where('approved', '=', true)
          .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${DUPLICATE_WINDOW_SECONDS})`)
          .executeTakeFirst();
        if (duplicate) {
          code = '11';
          messages = [testGatewayMessages.duplicate];
        } else {
          const behaviour = profile.behaviour as Behaviour;
          approved = behaviour === 'approve';
          code = approved ? '1' : behaviour === 'processingError' ? '3' : '2';
          messages = [behaviourMessages[behaviour]];
        }
      }
      const transactionId = newId('ttx');
      await trx
        .insertInto('test_gateway_transaction')
        .values({
          transaction_id: transactionId,
          merchant_id: request.merchantId,
          payment_profile_id: request.paymentProfileId,
          amount_cents: request.amountCents,
          invoice_number: request.invoiceNumber,
          idempotency_key: request.idempotencyKey,
          approved,
          response_code: code,
          messages,
        })
        .execute();
      return { approved, transactionId, responseCode: code, messages, replayed: false };
    });
  }
}
