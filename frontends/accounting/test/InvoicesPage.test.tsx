// A customer's open invoices with Pay (001 §3, §5, §7, §8): the card form's live validation with the card type
// as typed, the fee and the rounded total, the charge as sent (idempotency key, expected total), a decline's
// texts, a bank account (no fee), and no Pay without the pay-invoices setting. HTTP through msw.
import './setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw } from '../../ui/test/msw.ts';
import type { PaymentGatewayInfo } from '../src/api/types.ts';
import { InvoicesPage } from '../src/components/InvoicesPage/index.ts';
import { customerMe, gateway, globexCredit, invoice } from './fixtures.ts';

const server = setupMsw();
const year = new Date().getUTCFullYear() + 2;

function serve(gatewayInfo: PaymentGatewayInfo = gateway()) {
  const posted: { profiles: unknown[]; charges: unknown[] } = { profiles: [], charges: [] };
  let paid = false;
  server.use(
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
      return HttpResponse.json(
        body.creditCard
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
            },
        { status: 201 },
      );
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
        name: /100001 10008 2026-10-01 2026-10-31 25 Days \$1,234\.50 \$1,234\.50 Unpaid/,
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
    // The list and the notice are read again: the invoice is paid and the notice is gone.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Pay invoice 100001' })).toBeNull());
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Over credit' })).toBeNull());
  });

  it('a decline toasts the spec’s text with the gateway’s messages, and lists them', async () => {
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
    expect((within(modal).getByLabelText('Visa ending 1111') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(modal).getByRole('button', { name: 'Pay $515.00' }));
    expect(
      await screen.findByText('Error: Unable to charge customer profile This transaction has been declined.'),
    ).toBeTruthy();
    expect(
      within(within(modal).getByRole('alert')).getByText('This transaction has been declined.'),
    ).toBeTruthy();
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

  it('offers no Pay when the user may not pay for the organization', async () => {
    serve(gateway({ canPay: false }));
    render();
    await screen.findByRole('table', { name: 'Open invoices' });
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });
});
