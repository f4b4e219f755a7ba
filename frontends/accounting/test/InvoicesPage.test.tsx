// A customer's open invoices with Pay (001 §3, §5, §7, §8): the card form's live validation with the card type
// as typed, the fee and the rounded total, the charge as sent (idempotency key, expected total), a decline's
// texts, a bank account (no fee), and no Pay without the pay-invoices setting. HTTP through msw.
import './setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw } from '../../ui/test/msw.ts';
import type { PaymentGatewayInfo, PaymentProfile } from '../src/api/types.ts';
import { InvoicesPage } from '../src/components/InvoicesPage/index.ts';
import { customerMe, gateway, globexCredit, invoice } from './fixtures.ts';

const server = setupMsw();
const year = new Date().getUTCFullYear() + 2;
/** a saved card as the Pay with list shows it: with its expiry, to tell two cards ending alike apart */
const visa1111 = `Visa ending 1111, expires 12/${year}`;

function serve(gatewayInfo: PaymentGatewayInfo = gateway()) {
  const posted: { profiles: unknown[]; charges: unknown[]; deleted: unknown[] } = {
    profiles: [],
    charges: [],
    deleted: [],
  };
  // The gateway's saved cards and accounts: what getCustomerProfile answers, create adds, delete removes.
  let saved: PaymentProfile[] = [...gatewayInfo.paymentProfiles];
  let paid = false;
  server.use(
    http.post('*/api/PaymentGateway/getCustomerProfile', () =>
      gatewayInfo.creditCardGatewayProfileId
        ? HttpResponse.json({
            profileId: gatewayInfo.creditCardGatewayProfileId,
            customerRef: 'org_globex',
            email: null,
            paymentProfiles: saved,
          })
        : HttpResponse.json(
            { statusCode: 404, error: 'Not Found', message: 'Globex Foods has no payment profile yet.' },
            { status: 404 },
          ),
    ),
    http.post('*/api/PaymentGateway/deleteCustomerPaymentProfile', async ({ request }) => {
      const body = (await request.json()) as { creditCardGatewayPaymentProfileId: string };
      posted.deleted.push(body);
      saved = saved.filter((p) => p.paymentProfileId !== body.creditCardGatewayPaymentProfileId);
      return HttpResponse.json({ deleted: true });
    }),
    http.get('*/api/accountingSummary/creditInfo/:organizationId', () =>
      HttpResponse.json(globexCredit({ showOverCreditNotice: !paid, canPay: gatewayInfo.canPay })),
    ),
    http.get('*/api/PaymentGateway/getPaymentGateway/:orgId', () => HttpResponse.json(gatewayInfo)),
    http.get('*/api/accountingSummary/invoices', () =>
      HttpResponse.json({
        items: paid
          ? [invoice({ invoiceId: 'inv_2', invoiceNumber: 100002, totalCents: 50_000, balanceCents: 50_000 })]
          : [
              invoice(),
              invoice({
                invoiceId: 'inv_2',
                invoiceNumber: 100002,
                totalCents: 50_000,
                balanceCents: 50_000,
              }),
            ],
        totalCount: 2,
        page: 1,
        pageSize: 200,
      }),
    ),
    http.post('*/api/PaymentGateway/createCustomerPaymentProfile', async ({ request }) => {
      const body = (await request.json()) as {
        creditCard?: { cardNumber: string };
        bankAccount?: { accountNumber: string };
      };
      posted.profiles.push(body);
      const profile: PaymentProfile = body.creditCard
        ? {
            paymentProfileId: 'pp_new',
            accountType: 2,
            cardType: 'Visa',
            last4: body.creditCard.cardNumber.slice(-4),
            expMonth: 12,
            expYear: year,
            nameOnAccount: null,
            bankName: null,
          }
        : {
            paymentProfileId: 'pp_bank',
            accountType: 1,
            cardType: null,
            last4: '6789',
            expMonth: null,
            expYear: null,
            nameOnAccount: 'Globex Foods',
            bankName: 'First Bank',
          };
      // The gateway keeps a card once: the same one again (here: the same kind and last four) is the one saved.
      const before = saved.find((p) => p.accountType === profile.accountType && p.last4 === profile.last4);
      if (before) return HttpResponse.json({ ...before, alreadySaved: true }, { status: 200 });
      saved = [...saved, profile];
      return HttpResponse.json({ ...profile, alreadySaved: false }, { status: 201 });
    }),
    http.post('*/api/PaymentGateway/chargeCustomerProfile', async ({ request }) => {
      const body = (await request.json()) as { amountToChargeCents: number; expectedTotalCents: number };
      posted.charges.push(body);
      paid = true;
      return HttpResponse.json({
        paymentId: 'pay_1',
        processingStatus: 'Paid',
        paymentType: 'CreditCard',
        amountCents: body.amountToChargeCents,
        feeCents: body.expectedTotalCents - body.amountToChargeCents,
        totalCents: body.expectedTotalCents,
        last4: '1111',
        gatewayTransactionId: 'txn_1',
        paymentDate: '2026-11-25',
        applications: [{ invoiceId: 'inv_1', appliedCents: body.amountToChargeCents }],
        messages: [],
      });
    }),
  );
  return posted;
}

const render = () =>
  renderWithShell(<InvoicesPage organizationId="org_globex" office="frontOffice" />, {
    user: customerMe(),
    basename: '/front-office',
  });

describe('InvoicesPage', () => {
  it('lists the open invoices under the notice and pays one by a new card, validating as typed', async () => {
    const posted = serve();
    render();
    await screen.findByRole('alert', { name: 'Over credit' });
    const table = await screen.findByRole('table', { name: 'Open invoices' });
    expect(
      within(table).getByRole('row', {
        name: /100001 10008 10\/01\/2026 10\/31\/2026 25 Days \$1,234\.50 \$1,234\.50 Unpaid/,
      }),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Pay invoice 100001' }));
    const modal = await screen.findByRole('dialog', { name: 'Pay invoices' });
    const number = within(modal).getByLabelText('Card number');
    // The type shows as the number is typed; a wrong digit says so at once.
    fireEvent.change(number, { target: { value: '4' } });
    expect(within(modal).getByLabelText('Card type').textContent).toBe('Visa');
    fireEvent.change(number, { target: { value: '4111 1111 1111 1112' } });
    expect(within(modal).getByText('This card number is not valid: check the digits.')).toBeTruthy();
    fireEvent.change(number, { target: { value: '3782 822463 10005' } });
    expect(within(modal).getByLabelText('Card type').textContent).toBe('American Express');
    expect(within(modal).getByLabelText('Security code (4 digits)')).toBeTruthy();
    fireEvent.change(number, { target: { value: '4111 1111 1111 1111' } });
    expect(within(modal).queryByText('This card number is not valid: check the digits.')).toBeNull();
    fireEvent.change(within(modal).getByLabelText('Security code (3 digits)'), { target: { value: '12' } });
    expect(within(modal).getByText('Enter the 3-digit security code (CVV).')).toBeTruthy();
    fireEvent.change(within(modal).getByLabelText('Security code (3 digits)'), { target: { value: '123' } });
    fireEvent.change(within(modal).getByLabelText('Expiry month'), { target: { value: '12' } });
    fireEvent.change(within(modal).getByLabelText('Expiry year'), { target: { value: String(year) } });
    // 001 §5: the customer's fee, the total rounded to the cent (3% of $1,234.50 is $37.035).
    expect(within(modal).getByText('Card processing fee (3.00%): $37.04')).toBeTruthy();
    expect(within(modal).getByText('Total: $1,271.54')).toBeTruthy();

    fireEvent.click(within(modal).getByRole('button', { name: 'Pay $1,271.54' }));
    expect(await screen.findByText('Payment received: $1,271.54 charged to Visa ending 1111.')).toBeTruthy();
    expect(posted.profiles).toEqual([
      {
        payerOrganizationId: 'org_globex',
        creditCardGatewayProfileId: 'cpr_1',
        gateway: 'local',
        creditCard: {
          cardNumber: '4111111111111111',
          expMonth: 12,
          expYear: year,
          cardCode: '123',
          cardType: 'Visa',
        },
      },
    ]);
    expect(posted.charges).toEqual([
      expect.objectContaining({
        payerOrganizationId: 'org_globex',
        creditCardGatewayPaymentProfileId: 'pp_new',
        amountToChargeCents: 123_450,
        invoiceIds: ['inv_1'],
        expectedTotalCents: 127_154,
        idempotencyKey: expect.any(String),
      }),
    ]);
    // Not ticked "Save for future payments": the card saved to be charged is removed once the charge answered.
    expect(posted.deleted).toEqual([
      { payerOrganizationId: 'org_globex', creditCardGatewayPaymentProfileId: 'pp_new' },
    ]);
    // The list and the notice are read again: the invoice is paid and the notice is gone.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Pay invoice 100001' })).toBeNull());
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Over credit' })).toBeNull());
  });

  it('a decline toasts the spec’s text with the gateway’s messages, and lists them', async () => {
    const posted = serve(
      gateway({
        paymentProfiles: [
          {
            paymentProfileId: 'pp_1',
            accountType: 2,
            cardType: 'Visa',
            last4: '1111',
            expMonth: 12,
            expYear: year,
            nameOnAccount: null,
            bankName: null,
          },
        ],
      }),
    );
    server.use(
      http.post('*/api/PaymentGateway/chargeCustomerProfile', () =>
        HttpResponse.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'Error: Unable to charge customer profile',
            errors: { 'model.payment': ['This transaction has been declined.'] },
          },
          { status: 400 },
        ),
      ),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay invoice 100002' }));
    const modal = await screen.findByRole('dialog', { name: 'Pay invoices' });
    // The card on file is chosen first.
    const onFile = (await within(modal).findByLabelText(visa1111)) as HTMLInputElement;
    await waitFor(() => expect(onFile.checked).toBe(true));
    fireEvent.click(within(modal).getByRole('button', { name: 'Pay $515.00' }));
    expect(
      await screen.findByText('Error: Unable to charge customer profile This transaction has been declined.'),
    ).toBeTruthy();
    expect(
      within(within(modal).getByRole('alert')).getByText('This transaction has been declined.'),
    ).toBeTruthy();
    // A saved card stays saved after a decline.
    expect(posted.deleted).toEqual([]);
  });

  it('a card typed in that was saved before is charged as the saved one and kept, even unticked', async () => {
    const posted = serve(
      gateway({
        paymentProfiles: [
          {
            paymentProfileId: 'pp_1',
            accountType: 2,
            cardType: 'Visa',
            last4: '1111',
            expMonth: 12,
            expYear: year,
            nameOnAccount: null,
            bankName: null,
          },
        ],
      }),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay invoice 100002' }));
    const modal = await screen.findByRole('dialog', { name: 'Pay invoices' });
    await waitFor(() =>
      expect((within(modal).getByLabelText(visa1111) as HTMLInputElement).checked).toBe(true),
    );
    fireEvent.click(within(modal).getByLabelText('New card'));
    fireEvent.change(within(modal).getByLabelText('Card number'), {
      target: { value: '4111 1111 1111 1111' },
    });
    fireEvent.change(within(modal).getByLabelText('Security code (3 digits)'), { target: { value: '123' } });
    fireEvent.change(within(modal).getByLabelText('Expiry month'), { target: { value: '12' } });
    fireEvent.change(within(modal).getByLabelText('Expiry year'), { target: { value: String(year) } });
    expect((within(modal).getByLabelText('Save for future payments') as HTMLInputElement).checked).toBe(
      false,
    );
    fireEvent.click(within(modal).getByRole('button', { name: 'Pay $515.00' }));
    expect(await screen.findByText('Payment received: $515.00 charged to Visa ending 1111.')).toBeTruthy();
    expect(posted.charges).toEqual([expect.objectContaining({ creditCardGatewayPaymentProfileId: 'pp_1' })]);
    // The service answered the card saved before: it is not removed as a card used once would be.
    expect(posted.deleted).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Over credit' })).toBeNull());
  });

  it('pays by a new bank account without a fee, the routing number checked as typed', async () => {
    const posted = serve();
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay invoice 100002' }));
    const modal = await screen.findByRole('dialog', { name: 'Pay invoices' });
    fireEvent.click(within(modal).getByLabelText('New bank account'));
    fireEvent.change(within(modal).getByLabelText('Routing number'), { target: { value: '011000016' } });
    expect(
      within(modal).getByText('Enter the bank’s 9-digit routing number: this one does not check out.'),
    ).toBeTruthy();
    fireEvent.change(within(modal).getByLabelText('Routing number'), { target: { value: '011000015' } });
    fireEvent.change(within(modal).getByLabelText('Account number'), { target: { value: '123456789' } });
    fireEvent.change(within(modal).getByLabelText('Name on account'), { target: { value: 'Globex Foods' } });
    fireEvent.change(within(modal).getByLabelText('Bank name'), { target: { value: 'First Bank' } });
    expect(within(modal).queryByText(/Card processing fee/)).toBeNull();
    fireEvent.click(within(modal).getByRole('button', { name: 'Pay $500.00' }));
    expect(
      await screen.findByText('Payment received: $500.00 charged to First Bank ending 6789.'),
    ).toBeTruthy();
    expect(posted.profiles[0]).toEqual(
      expect.objectContaining({
        bankAccount: {
          routingNumber: '011000015',
          accountNumber: '123456789',
          nameOnAccount: 'Globex Foods',
          bankName: 'First Bank',
        },
      }),
    );
  });

  it('keeps a new card for future payments when asked, and offers it first the next time', async () => {
    const posted = serve();
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay invoice 100001' }));
    let modal = await screen.findByRole('dialog', { name: 'Pay invoices' });
    // Nothing saved yet: a new card is the choice.
    expect((within(modal).getByLabelText('New card') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(modal).getByLabelText('Card number'), {
      target: { value: '4111 1111 1111 1111' },
    });
    fireEvent.change(within(modal).getByLabelText('Security code (3 digits)'), { target: { value: '123' } });
    fireEvent.change(within(modal).getByLabelText('Expiry month'), { target: { value: '12' } });
    fireEvent.change(within(modal).getByLabelText('Expiry year'), { target: { value: String(year) } });
    fireEvent.click(within(modal).getByLabelText('Save for future payments'));
    fireEvent.click(within(modal).getByRole('button', { name: 'Pay $1,271.54' }));
    expect(await screen.findByText('Payment received: $1,271.54 charged to Visa ending 1111.')).toBeTruthy();
    expect(posted.deleted).toEqual([]);

    fireEvent.click(await screen.findByRole('button', { name: 'Pay invoice 100002' }));
    modal = await screen.findByRole('dialog', { name: 'Pay invoices' });
    const savedCard = (await within(modal).findByLabelText(visa1111)) as HTMLInputElement;
    await waitFor(() => expect(savedCard.checked).toBe(true));
    expect(within(modal).queryByLabelText('Card number')).toBeNull();
    fireEvent.click(within(modal).getByRole('button', { name: 'Pay $515.00' }));
    await waitFor(() => expect(posted.charges).toHaveLength(2));
    expect(posted.profiles).toHaveLength(1);
    expect(posted.charges[1]).toEqual(
      expect.objectContaining({ creditCardGatewayPaymentProfileId: 'pp_new', expectedTotalCents: 51_500 }),
    );
  });

  it('a new card declined and not to be kept is removed, and its form comes back as typed', async () => {
    const posted = serve();
    server.use(
      http.post('*/api/PaymentGateway/chargeCustomerProfile', () =>
        HttpResponse.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'Error: Unable to charge customer profile',
            errors: { 'model.payment': ['This transaction has been declined.'] },
          },
          { status: 400 },
        ),
      ),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay invoice 100002' }));
    const modal = await screen.findByRole('dialog', { name: 'Pay invoices' });
    await within(modal).findByLabelText('Card number');
    fireEvent.change(within(modal).getByLabelText('Card number'), {
      target: { value: '4111 1111 1111 1111' },
    });
    fireEvent.change(within(modal).getByLabelText('Security code (3 digits)'), { target: { value: '123' } });
    fireEvent.change(within(modal).getByLabelText('Expiry month'), { target: { value: '12' } });
    fireEvent.change(within(modal).getByLabelText('Expiry year'), { target: { value: String(year) } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Pay $515.00' }));
    expect(
      await screen.findByText('Error: Unable to charge customer profile This transaction has been declined.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(posted.deleted).toEqual([
        { payerOrganizationId: 'org_globex', creditCardGatewayPaymentProfileId: 'pp_new' },
      ]),
    );
    const number = (await within(modal).findByLabelText('Card number')) as HTMLInputElement;
    expect(number.value).toBe('4111 1111 1111 1111');
    expect(within(modal).queryByLabelText(visa1111)).toBeNull();
  });

  it('removes a saved card after the confirm dialog; Cancel keeps it', async () => {
    const posted = serve(
      gateway({
        paymentProfiles: [
          {
            paymentProfileId: 'pp_1',
            accountType: 2,
            cardType: 'Visa',
            last4: '1111',
            expMonth: 12,
            expYear: year,
            nameOnAccount: null,
            bankName: null,
          },
        ],
      }),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay invoice 100002' }));
    const modal = await screen.findByRole('dialog', { name: 'Pay invoices' });
    await within(modal).findByLabelText(visa1111);
    fireEvent.click(within(modal).getByRole('button', { name: `Remove ${visa1111}` }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove saved payment method' });
    expect(within(dialog).getByText(`Remove ${visa1111} from the saved payment methods?`)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Remove saved payment method' })).toBeNull(),
    );
    expect(posted.deleted).toEqual([]);
    fireEvent.click(within(modal).getByRole('button', { name: `Remove ${visa1111}` }));
    dialog = await screen.findByRole('dialog', { name: 'Remove saved payment method' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Visa ending 1111 removed.')).toBeTruthy();
    expect(posted.deleted).toEqual([
      { payerOrganizationId: 'org_globex', creditCardGatewayPaymentProfileId: 'pp_1' },
    ]);
    await waitFor(() => expect(within(modal).queryByLabelText(visa1111)).toBeNull());
    expect((within(modal).getByLabelText('New card') as HTMLInputElement).checked).toBe(true);
  });

  it('a refused removal toasts the spec’s text with the reason and keeps the card', async () => {
    serve(
      gateway({
        paymentProfiles: [
          {
            paymentProfileId: 'pp_1',
            accountType: 2,
            cardType: 'Visa',
            last4: '1111',
            expMonth: 12,
            expYear: year,
            nameOnAccount: null,
            bankName: null,
          },
        ],
      }),
    );
    server.use(
      http.post('*/api/PaymentGateway/deleteCustomerPaymentProfile', () =>
        HttpResponse.json(
          { statusCode: 404, error: 'Not Found', message: 'Payment profile pp_1 was not found.' },
          { status: 404 },
        ),
      ),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay invoice 100002' }));
    const modal = await screen.findByRole('dialog', { name: 'Pay invoices' });
    fireEvent.click(await within(modal).findByRole('button', { name: `Remove ${visa1111}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove saved payment method' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText('Error: Unable to save changes. Payment profile pp_1 was not found.'),
    ).toBeTruthy();
    expect(within(modal).getByLabelText(visa1111)).toBeTruthy();
  });

  it('a payer with no profile at the gateway yet (404) is offered a new card', async () => {
    serve(gateway({ creditCardGatewayProfileId: null }));
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay invoice 100002' }));
    const modal = await screen.findByRole('dialog', { name: 'Pay invoices' });
    const newCard = (await within(modal).findByLabelText('New card')) as HTMLInputElement;
    expect(newCard.checked).toBe(true);
    expect(within(modal).queryByRole('button', { name: /^Remove / })).toBeNull();
  });

  it('offers no Pay when the user may not pay for the organization', async () => {
    serve(gateway({ canPay: false }));
    render();
    await screen.findByRole('table', { name: 'Open invoices' });
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });
});
