import '../../ui/test/setup.ts';
import {
  ApiProvider,
  type CurrentUser,
  type CustomerTrendsProps,
  createApiClient,
  createSessionStore,
  type GatewayPaths,
  LoadlineProvider,
  type OrderPageProps,
  type OrganizationsPageProps,
  type ShellRuntime,
  ShellRuntimeProvider,
  type ShipmentDetailsPageProps,
  type ShipmentGridPageProps,
  shellNavigation,
} from '@loadline/ui';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupMsw, staffMe } from '../../ui/test/msw.ts';
import { frontOfficeRoutes } from '../src/router.tsx';

const server = setupMsw();
afterEach(() => vi.restoreAllMocks());

const customer: CurrentUser = {
  ...staffMe,
  kind: 'customer',
  organizationId: 'org_c1',
  organizationName: 'Acme Foods',
  organizationType: 70,
};

function OrganizationsPage({ organizationId }: OrganizationsPageProps) {
  return <p>Organization {organizationId}</p>;
}

function ShipmentGrid({ office }: ShipmentGridPageProps) {
  return <p>{`Shipment grid (${office})`}</p>;
}

function ShipmentDetails({ shipmentId, office, readOnly }: ShipmentDetailsPageProps) {
  return <p>{`Shipment ${shipmentId} (${office}, read-only ${String(readOnly)})`}</p>;
}

function OrderPage({ office, brokerId, originZip, destinationZip }: OrderPageProps) {
  return <p>{`Order (${office}, ${brokerId}) from ${originZip} to ${destinationZip}`}</p>;
}

function CustomerTrends({ customerOrganizationId }: CustomerTrendsProps) {
  return <p>{`Trends of ${customerOrganizationId}`}</p>;
}

const remoteModules: Record<string, unknown> = {
  'directory/OrganizationsPage': OrganizationsPage,
  'shipments/OrderPage': OrderPage,
  'shipments/CustomerTrends': CustomerTrends,
  'shipments/ShipmentGridPage': ShipmentGrid,
  'shipments/ShipmentDetailsPage': ShipmentDetails,
};

async function renderFrontOffice(me: CurrentUser, path = '/front-office/') {
  server.use(
    http.get('*/api/auth/me', () => HttpResponse.json(me)),
    http.get('*/api/systemalerts', ({ request }) =>
      HttpResponse.json({
        systemAlerts: [
          {
            systemAlertId: 5,
            title: `Alerts for ${new URL(request.url).searchParams.get('area')}`,
            body: '',
            highPriority: false,
          },
        ],
        totalCount: 1,
      }),
    ),
  );
  const session = createSessionStore();
  const client = createApiClient<GatewayPaths>({ onUnauthorized: () => session.expire() });
  await session.load(client);
  const runtime: ShellRuntime = {
    client,
    session,
    config: undefined,
    loadRemote: (async (id: string) => ({ default: remoteModules[id] })) as ShellRuntime['loadRemote'],
  };
  const router = createMemoryRouter(frontOfficeRoutes(runtime), {
    basename: '/front-office',
    initialEntries: [path],
  });
  render(
    <LoadlineProvider env="test">
      <ShellRuntimeProvider runtime={runtime}>
        <ApiProvider client={client}>
          <RouterProvider router={router} />
        </ApiProvider>
      </ShellRuntimeProvider>
    </LoadlineProvider>,
  );
  return router;
}

describe('front-office shell routes', () => {
  it("shows the customer's organization in the header and its own organization page, without the back office's tools", async () => {
    await renderFrontOffice(customer);
    expect(await screen.findByText('Organization org_c1')).toBeTruthy();
    expect(screen.getByText('Acme Foods')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(await screen.findByText('Alerts for frontoffice')).toBeTruthy();
    expect(screen.queryByLabelText('Universal search')).toBeNull();
    expect(screen.queryByLabelText('Class calculator')).toBeNull();
  });

  it('sends a staff user to the back office', async () => {
    const leave = vi.spyOn(shellNavigation, 'replace').mockImplementation(() => {});
    await renderFrontOffice(staffMe);
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/back-office/'));
  });

  it('opens the order page with Quick quote’s originzip and destinationzip (issue 17), linked as New order', async () => {
    await renderFrontOffice(customer, '/front-office/order?originzip=30301&destinationzip=60601');
    expect(
      await screen.findByText(`Order (frontOffice, ${customer.brokerId}) from 30301 to 60601`),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New order' }).getAttribute('href')).toBe('/front-office/order');
  });

  it('puts Quick quote and the customer trends on the home page; Quote opens the order page in this tab', async () => {
    await renderFrontOffice(customer, '/front-office/');
    expect(
      await screen.findByText(`Trends of ${customer.organizationId}`, {}, { timeout: 15_000 }),
    ).toBeTruthy();
    server.use(http.get('*/api/location/validateZipCodes', () => HttpResponse.json(true)));
    const form = screen.getByRole('form', { name: 'Quick quote' });
    fireEvent.change(within(form).getByLabelText(/Origin zip/), { target: { value: '45414' } });
    fireEvent.change(within(form).getByLabelText(/Destination zip/), { target: { value: '60632' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Quote' }));
    expect(
      await screen.findByText(`Order (frontOffice, ${customer.brokerId}) from 45414 to 60632`),
    ).toBeTruthy();
  });

  it("has 'My shipments': the customer's shipments and each one read-only", async () => {
    await renderFrontOffice(customer, '/front-office/shipments');
    expect(await screen.findByText('Shipment grid (frontOffice)')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Navigation' }).tagName).toBe('NAV');
    expect(screen.getByRole('link', { name: 'My shipments' }).getAttribute('href')).toBe(
      '/front-office/shipments',
    );
    expect(screen.getByRole('link', { name: 'Company' }).getAttribute('href')).toBe('/front-office');
  });

  it('shows one of its shipments read-only', async () => {
    await renderFrontOffice(customer, '/front-office/shipments/10001');
    expect(await screen.findByText('Shipment 10001 (frontOffice, read-only true)')).toBeTruthy();
  });
});
