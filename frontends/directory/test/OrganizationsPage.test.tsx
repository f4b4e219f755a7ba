import '../../ui/test/setup.ts';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw } from '../../ui/test/msw.ts';
import OrganizationsPage from '../src/OrganizationsPage.tsx';

const server = setupMsw();

const organizations = [
  {
    organizationId: 'org_1',
    name: 'Broker One',
    organizationType: 60,
    brokerId: null,
    paymentPreference: null,
    creditLimit: null,
    customerSettings: 0,
    brokerSettings: 0,
    active: true,
  },
  {
    organizationId: 'org_c1',
    name: 'Acme Foods',
    organizationType: 70,
    brokerId: 'org_1',
    paymentPreference: 4,
    creditLimit: 50000,
    customerSettings: 0,
    brokerSettings: 0,
    active: true,
  },
  {
    organizationId: 'org_f1',
    name: 'Fast Factor',
    organizationType: 80,
    brokerId: 'org_1',
    paymentPreference: 0,
    creditLimit: null,
    customerSettings: 0,
    brokerSettings: 0,
    active: false,
  },
];

const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;

describe('directory/OrganizationsPage', () => {
  it('lists GET /api/organizations with each type by name (LSP 60, Customer 70, Factor Company 80)', async () => {
    server.use(http.get('*/api/organizations', () => HttpResponse.json(organizations)));
    renderWithShell(<OrganizationsPage />);
    await screen.findByRole('cell', { name: 'Acme Foods' });
    expect(within(rowOf('Broker One')).getByText('LSP')).toBeTruthy();
    expect(within(rowOf('Acme Foods')).getByText('Customer')).toBeTruthy();
    expect(within(rowOf('Fast Factor')).getByText('Factor Company')).toBeTruthy();
    // Payment preference by name (002 §3.6: CreditHold 4, Cash 0).
    expect(within(rowOf('Acme Foods')).getByText('Credit Hold')).toBeTruthy();
    expect(within(rowOf('Fast Factor')).getByText('Cash')).toBeTruthy();
    expect(within(rowOf('Acme Foods')).getByText('$50,000')).toBeTruthy();
    expect(within(rowOf('Fast Factor')).getByText('Inactive')).toBeTruthy();
  });

  it("shows only the given organization (the front office: the customer's own)", async () => {
    server.use(http.get('*/api/organizations', () => HttpResponse.json(organizations)));
    renderWithShell(<OrganizationsPage organizationId="org_c1" />, { basename: '/front-office' });
    expect(await screen.findByRole('cell', { name: 'Acme Foods' })).toBeTruthy();
    expect(screen.queryByRole('cell', { name: 'Broker One' })).toBeNull();
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });

  it("says 'Error: Unable to get organizations' when the list fails", async () => {
    server.use(
      http.get('*/api/organizations', () =>
        HttpResponse.json({ statusCode: 500, error: 'x', message: 'x' }, { status: 500 }),
      ),
    );
    renderWithShell(<OrganizationsPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Unable to get organizations');
  });

  it('links each name to its organization’s page in the back office (001 §2 routes)', async () => {
    server.use(http.get('*/api/organizations', () => HttpResponse.json(organizations)));
    renderWithShell(<OrganizationsPage linkToDetails />);
    expect((await screen.findByRole('link', { name: 'Broker One' })).getAttribute('href')).toBe(
      '/back-office/lsp/organizations/details/org_1',
    );
    expect(screen.getByRole('link', { name: 'Acme Foods' }).getAttribute('href')).toBe(
      '/back-office/customer/companies/details/org_c1',
    );
  });
});
