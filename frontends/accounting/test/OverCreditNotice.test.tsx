// The over-credit notice (000 §5, 001 §6) in both offices: HTTP through msw. The service decides whether
// this caller sees it (showOverCreditNotice) and is offered "Pay invoices" (canPay); the screen shows that.
import './setup.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw, staffMe } from '../../ui/test/msw.ts';
import { OverCreditNotice } from '../src/components/OverCreditNotice/index.ts';
import { customerMe, globexCredit, invoice } from './fixtures.ts';

const server = setupMsw();
const creditOf = (credit = globexCredit()) =>
  http.get('*/api/accountingSummary/creditInfo/:organizationId', () => HttpResponse.json(credit));

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
      user: staffMe,
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

  it('front office: asks for a payment or a word with accounting, with Pay invoices under the pay-invoices setting', async () => {
    server.use(creditOf());
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

  it('front office: no Pay invoices when the service says the caller may not pay', async () => {
    server.use(creditOf(globexCredit({ creditLimitExceeded: false, canPay: false })));
    renderWithShell(<OverCreditNotice organizationId="org_globex" office="frontOffice" />, {
      user: customerMe(),
      basename: '/front-office',
    });
    const notice = await screen.findByRole('alert', { name: 'Over credit' });
    // Only past due: the limit is not named.
    expect(notice.textContent).toContain('$14,215.50 is past due.');
    expect(notice.textContent).not.toContain('credit limit');
    expect(screen.queryByRole('button', { name: 'Pay invoices' })).toBeNull();
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
