// The over-credit notice (000 §5, 001 §6) in both offices: HTTP through msw, the session's user deciding who
// it is for and whether "Pay invoices" is offered.
import './setup.ts';
import { StaffPermission } from '@loadline/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw, staffMe } from '../../ui/test/msw.ts';
import { OverCreditNotice } from '../src/components/OverCreditNotice/index.ts';
import { customerMe, gateway, globexCredit, invoice } from './fixtures.ts';

const server = setupMsw();
const creditOf = (credit = globexCredit()) =>
  http.get('*/api/accountingSummary/creditInfo/:organizationId', () => HttpResponse.json(credit));
const orgAccess = { ...staffMe, permissions: StaffPermission.values.UserAllowedOrgAccess };

describe('OverCreditNotice', () => {
  it('back office: advises the staff member with the figures and sends a statement of the open invoices', async () => {
    let posted: unknown = null;
    server.use(
      creditOf(),
      http.get('*/api/accountingSummary/invoices', ({ request }) => {
        const query = new URL(request.url).searchParams;
        expect(query.get('organizationId')).toBe('org_globex');
        expect(query.get('openOnly')).toBe('true');
        return HttpResponse.json({
          items: [invoice(), invoice({ invoiceId: 'inv_2', invoiceNumber: 100002 })],
          totalCount: 2,
          page: 1,
          pageSize: 200,
        });
      }),
      http.post('*/api/organization/invoiceNotification', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json({}, { status: 202 });
      }),
    );
    const { router } = renderWithShell(<OverCreditNotice organizationId="org_globex" office="backOffice" />, {
      user: orgAccess,
    });
    const notice = await screen.findByRole('alert', { name: 'Over credit' });
    expect(notice.textContent).toContain(
      'Globex Foods is over its credit limit: $14,215.50 open against a limit of $10,000.00. $14,215.50 is past due.',
    );
    expect(notice.textContent).toContain(
      'Advise the customer before booking more freight, and send them a statement.',
    );
    expect(screen.queryByRole('button', { name: 'Pay invoices' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send statement' }));
    await screen.findByText('Statement sent to Globex Foods.');
    expect(posted).toEqual({ organizationId: 'org_globex', invoiceIds: ['inv_1', 'inv_2'] });
    fireEvent.click(screen.getByRole('button', { name: 'Open invoices' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/back-office/accounting/invoices/org_globex'),
    );
  });

  it('back office: not for staff without the user-allowed-org-access role', async () => {
    let asked = false;
    server.use(
      http.get('*/api/accountingSummary/creditInfo/:organizationId', () => {
        asked = true;
        return HttpResponse.json(globexCredit());
      }),
    );
    renderWithShell(<OverCreditNotice organizationId="org_globex" office="backOffice" />, {
      user: staffMe,
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(asked).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('front office: asks for a payment or a word with accounting, with Pay invoices under the pay-invoices setting', async () => {
    server.use(
      creditOf(),
      http.get('*/api/PaymentGateway/getPaymentGateway/:orgId', () => HttpResponse.json(gateway())),
    );
    const { router } = renderWithShell(
      <OverCreditNotice organizationId="org_globex" office="frontOffice" />,
      {
        user: customerMe(),
        basename: '/front-office',
      },
    );
    const notice = await screen.findByRole('alert', { name: 'Over credit' });
    expect(notice.textContent).toContain('Your account is over its credit limit');
    expect(notice.textContent).toContain('Please make a payment or contact accounting.');
    expect(screen.queryByRole('button', { name: 'Send statement' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay invoices' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/front-office/invoices'));
  });

  it('front office: without the pay-invoices setting there is no Pay invoices; the user’s own setting is enough', async () => {
    server.use(
      creditOf(globexCredit({ creditLimitExceeded: false })),
      http.get('*/api/PaymentGateway/getPaymentGateway/:orgId', () =>
        HttpResponse.json(gateway({ canPay: false })),
      ),
    );
    const first = renderWithShell(<OverCreditNotice organizationId="org_globex" office="frontOffice" />, {
      user: customerMe(),
      basename: '/front-office',
    });
    const notice = await screen.findByRole('alert', { name: 'Over credit' });
    // Only past due: the limit is not named.
    expect(notice.textContent).toContain('$14,215.50 is past due.');
    expect(notice.textContent).not.toContain('credit limit');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Pay invoices' })).toBeNull();
    first.unmount();

    renderWithShell(<OverCreditNotice organizationId="org_globex" office="frontOffice" />, {
      user: customerMe(131072),
      basename: '/front-office',
    });
    await screen.findByRole('button', { name: 'Pay invoices' });
  });

  it('says nothing when the service says the notice does not show', async () => {
    server.use(creditOf(globexCredit({ showOverCreditNotice: false })));
    renderWithShell(<OverCreditNotice organizationId="org_globex" office="frontOffice" />, {
      user: customerMe(),
      basename: '/front-office',
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
