import '../../ui/test/setup.ts';
import {
  ApiProvider,
  type CurrentUser,
  createApiClient,
  createSessionStore,
  type GatewayPaths,
  LoadlineProvider,
  type OrganizationsPageProps,
  type ShellRuntime,
  ShellRuntimeProvider,
  type ShipmentDetailsPageProps,
  type ShipmentGridPageProps,
  shellNavigation,
} from '@loadline/ui';
import { render, screen, waitFor } from '@testing-library/react';
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

const remoteModules: Record<string, unknown> = {
  'directory/OrganizationsPage': OrganizationsPage,
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

  it('keeps the quick quote link working: the order page reads originzip and destinationzip', async () => {
    await renderFrontOffice(customer, '/front-office/order?originzip=30301&destinationzip=60601');
    expect(await screen.findByText('From 30301 to 60601')).toBeTruthy();
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
