import './setup.ts';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw } from '../../ui/test/msw.ts';
import CustomerTrends from '../src/order/CustomerTrends.tsx';

const server = setupMsw();

describe('shipments/CustomerTrends (001 §2)', () => {
  it('shows the shipments and spend of Last 7 Days, This Month and Last Month, in dollars', async () => {
    server.use(
      http.get('*/api/shipments/customerTrends/:org', ({ params }) =>
        HttpResponse.json({
          customerOrganizationId: params.org,
          ranges: [
            {
              range: 'Last7Days',
              name: 'Last 7 Days',
              from: '2026-11-17',
              to: '2026-11-23',
              shipmentCount: 3,
              spendCents: 124_550,
            },
            {
              range: 'ThisMonth',
              name: 'This Month',
              from: '2026-11-01',
              to: '2026-11-23',
              shipmentCount: 9,
              spendCents: 1_000_000,
            },
            {
              range: 'LastMonth',
              name: 'Last Month',
              from: '2026-10-01',
              to: '2026-10-31',
              shipmentCount: 0,
              spendCents: 0,
            },
          ],
        }),
      ),
    );
    renderWithShell(<CustomerTrends customerOrganizationId="org_demo_acme" />);
    const table = await screen.findByRole('table', { name: 'Customer trends figures' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'RangeShipmentsSpend',
      'Last 7 Days3$1,245.50',
      'This Month9$10,000.00',
      'Last Month0$0.00',
    ]);
  });

  it('says so when the trends cannot be loaded (another customer’s answer is a 404)', async () => {
    server.use(
      http.get('*/api/shipments/customerTrends/:org', () =>
        HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'x' }, { status: 404 }),
      ),
    );
    renderWithShell(<CustomerTrends customerOrganizationId="org_other" />);
    expect(await screen.findByText('The customer trends could not be loaded.')).toBeTruthy();
  });
});
