import '../../ui/test/setup.ts';
import { StaffPermission } from '@loadline/contracts';
import {
  type AccountingSummaryProps,
  ApiProvider,
  type BulkEmailSenderProps,
  type CurrentUser,
  type CustomerTrendsProps,
  createApiClient,
  createSessionStore,
  type GatewayPaths,
  type InvoicesPageProps,
  LoadlineProvider,
  type OrderPageProps,
  type OrganizationActivityLogProps,
  type ShellRuntime,
  ShellRuntimeProvider,
  type ShipmentDetailsPageProps,
  type ShipmentGridPageProps,
  shellNavigation,
} from '@loadline/ui';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http, ws } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupMsw, staffMe } from '../../ui/test/msw.ts';
import { backOfficeRoutes } from '../src/router.tsx';

const server = setupMsw();
afterEach(() => vi.restoreAllMocks());

function Organizations() {
  return <p>Organizations from the directory remote</p>;
}

function ShipmentGrid({ office, initialSearch }: ShipmentGridPageProps) {
  return <p>{`Shipment grid (${office}) searching ${initialSearch ?? 'nothing'}`}</p>;
}

function ShipmentDetails({ shipmentId, office, canUseAdminAccessLevel }: ShipmentDetailsPageProps) {
  return <p>{`Shipment ${shipmentId} (${office}, admin notes ${String(canUseAdminAccessLevel)})`}</p>;
}

function OrganizationLog({ organizationId, permissions }: OrganizationActivityLogProps) {
  return <p>{`Activity log of ${organizationId} (permissions ${permissions})`}</p>;
}

function BulkEmail({ shipmentIds, defaultOpened }: BulkEmailSenderProps) {
  return (
    <p>{`Bulk email of ${shipmentIds?.join(' and ') || 'no shipments'} (opened ${String(defaultOpened)})`}</p>
  );
}

function AccountingSync() {
  return <p>Accounting sync from the accounting remote</p>;
}

function Invoices({ organizationId, office }: InvoicesPageProps) {
  return <p>{`Invoices of ${organizationId} (${office})`}</p>;
}

function Summary({ shipmentId }: AccountingSummaryProps) {
  return <p>{`Accounting summary of ${shipmentId}`}</p>;
}

function OrderPage({ office, brokerId, originZip, destinationZip }: OrderPageProps) {
  return <p>{`Order (${office}, ${brokerId}) from ${originZip} to ${destinationZip}`}</p>;
}

function CustomerTrends({ customerOrganizationId }: CustomerTrendsProps) {
  return <p>{`Trends of ${customerOrganizationId}`}</p>;
}

function UserMenuModal(name: string) {
  return ({ opened, onClose }: { opened: boolean; onClose: () => void }) =>
    opened ? (
      <button type="button" onClick={onClose}>
        {`Close ${name}`}
      </button>
    ) : null;
}

const remoteModules: Record<string, unknown> = {
  'directory/MailboxConfiguration': UserMenuModal('mailbox configuration'),
  'directory/EditSignature': UserMenuModal('signature'),
  'attachments/InboundEmailPage': () => <p>Unmatched email of the attachments remote</p>,
  'attachments/ContentTemplatesPage': () => <p>Content templates of the attachments remote</p>,
  'shipments/OrderPage': OrderPage,
  'shipments/CustomerTrends': CustomerTrends,
  'accounting/AccountingSyncPage': AccountingSync,
  'accounting/InvoicesPage': Invoices,
  'accounting/AccountingSummary': Summary,
  'accounting/OverCreditNotice': () => null,
  'attachments/BulkEmailSender': BulkEmail,
  'directory/OrganizationsPage': Organizations,
  'activity/OrganizationActivityLog': OrganizationLog,
  'shipments/ShipmentGridPage': ShipmentGrid,
  'shipments/ShipmentDetailsPage': ShipmentDetails,
};

/** The gateway as the back office's first page sees it. */
function gateway(me: CurrentUser | null, loginAs: CurrentUser = staffMe) {
  let signedIn = me;
  server.use(
    http.get('*/api/auth/me', () =>
      signedIn
        ? HttpResponse.json(signedIn)
        : HttpResponse.json(
            { statusCode: 401, error: 'Unauthorized', message: 'Please log in.' },
            { status: 401 },
          ),
    ),
    http.post('*/api/auth/login', () => {
      signedIn = loginAs;
      return HttpResponse.json(signedIn);
    }),
    http.post('*/api/auth/logout', () => {
      signedIn = null;
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/systemalerts', () => HttpResponse.json({ systemAlerts: [], totalCount: 0 })),
    http.get('*/api/organizations/:id', () =>
      HttpResponse.json({
        organizationId: 'org_1',
        name: 'Broker One',
        organizationType: 60,
        brokerId: null,
        paymentPreference: null,
        creditLimit: null,
        customerSettings: 0,
        brokerSettings: 0,
        active: true,
      }),
    ),
    http.get('*/api/featureFlags', () =>
      HttpResponse.json({ flags: ['FreightClassScaleUpdate'], densityScale: 'standardScaleUpdate' }),
    ),
    ws.link('ws://localhost:3000/api/live').addEventListener('connection', () => {}),
  );
}

async function renderBackOffice(path: string) {
  const session = createSessionStore();
  const client = createApiClient<GatewayPaths>({ onUnauthorized: () => session.expire() });
  await session.load(client);
  const loadRemote = vi.fn(async (id: string) => ({ default: remoteModules[id] }));
  const runtime: ShellRuntime = {
    client,
    session,
    config: { remotes: {}, ssoEnabled: false, ssoLoginUrl: null, environment: 'test' },
    loadRemote: loadRemote as ShellRuntime['loadRemote'],
  };
  const router = createMemoryRouter(backOfficeRoutes(runtime), {
    basename: '/back-office',
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
  return { router, loadRemote };
}

async function signIn() {
  fireEvent.change(await screen.findByLabelText(/^email/i, { selector: 'input' }), {
    target: { value: 'x@y.test' },
  });
  fireEvent.change(screen.getByLabelText(/^password/i, { selector: 'input' }), { target: { value: 'pw' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('back-office shell routes', () => {
  it('mounts the accounting sync page at /accounting/sync, linked for staff with Accounting Sync only', async () => {
    gateway(staffMe);
    const first = await renderBackOffice('/back-office/accounting/sync');
    expect(await screen.findByText('Accounting sync from the accounting remote')).toBeTruthy();
    expect(first.loadRemote).toHaveBeenCalledWith('accounting/AccountingSyncPage', { fresh: false });
    expect(screen.queryByRole('link', { name: 'Accounting sync' })).toBeNull();
    cleanup();
    gateway({ ...staffMe, permissions: StaffPermission.values.AccountingSync });
    await renderBackOffice('/back-office/');
    const link = await screen.findByRole('link', { name: 'Accounting sync' });
    expect(link.getAttribute('href')).toBe('/back-office/accounting/sync');
  });

  it('picks a customer with open invoices (the organization select) and mounts its invoices', async () => {
    gateway(staffMe);
    server.use(
      http.get('*/api/organization/openInvoiceOrganizations', () =>
        HttpResponse.json([{ id: 'org_globex', name: 'Globex Foods' }]),
      ),
    );
    const { router } = await renderBackOffice('/back-office/accounting/invoices');
    await screen.findByRole('option', { name: 'Globex Foods' });
    fireEvent.change(screen.getByLabelText('Customer with open invoices'), {
      target: { value: 'org_globex' },
    });
    expect(await screen.findByText('Invoices of org_globex (backOffice)')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/back-office/accounting/invoices/org_globex');
  });

  it('puts the accounting summary on the shipment page', async () => {
    gateway(staffMe);
    const { loadRemote } = await renderBackOffice('/back-office/shipment/shipment-details/10018');
    expect(await screen.findByText('Accounting summary of 10018')).toBeTruthy();
    expect(loadRemote).toHaveBeenCalledWith('accounting/AccountingSummary', { fresh: false });
  });

  it('shows the login page without a session, then the page that was asked for', async () => {
    gateway(null);
    const { router, loadRemote } = await renderBackOffice('/back-office/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/back-office/login'));
    expect(screen.queryByRole('link', { name: /single sign-on/i })).toBeNull();
    await signIn();
    expect(await screen.findByText('Organizations from the directory remote')).toBeTruthy();
    expect(router.state.location.pathname).toMatch(/^\/back-office\/?$/);
    expect(loadRemote).toHaveBeenCalledWith('directory/OrganizationsPage', { fresh: false });
  });

  it('frames the home page with the search box, the class calculator (broker scale) and quick quote', async () => {
    gateway(staffMe);
    await renderBackOffice('/back-office/');
    expect(await screen.findByText('Organizations from the directory remote')).toBeTruthy();
    expect(screen.getByLabelText('Universal search')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Quick quote' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByLabelText('Density scale').textContent).toContain('Standard (scale update)'),
    );
  });

  it('sends a customer to the front office after login: a customer never sees the back office', async () => {
    const customer: CurrentUser = { ...staffMe, kind: 'customer', organizationType: 70 };
    gateway(null, customer);
    const leave = vi.spyOn(shellNavigation, 'replace').mockImplementation(() => {});
    const { loadRemote } = await renderBackOffice('/back-office/');
    await signIn();
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/front-office/'));
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('logs out (POST /api/auth/logout) back to the login page', async () => {
    gateway(staffMe);
    const { router } = await renderBackOffice('/back-office/');
    await screen.findByText('Organizations from the directory remote');
    fireEvent.click(screen.getByRole('button', { name: /Account of Ana Diaz/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/back-office/login'));
  });

  it("opens the directory remote's mailbox configuration and edit signature from the user menu (issue 18)", async () => {
    gateway(staffMe);
    const { loadRemote } = await renderBackOffice('/back-office/');
    await screen.findByText('Organizations from the directory remote');
    fireEvent.click(screen.getByRole('button', { name: /Account of Ana Diaz/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mailbox configuration' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Close mailbox configuration' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Close mailbox configuration' })).toBeNull(),
    );
    fireEvent.click(screen.getByRole('button', { name: /Account of Ana Diaz/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit signature' }));
    await screen.findByRole('button', { name: 'Close signature' });
    expect(loadRemote).toHaveBeenCalledWith('directory/MailboxConfiguration', { fresh: false });
    expect(loadRemote).toHaveBeenCalledWith('directory/EditSignature', { fresh: false });
  });

  it('mounts the unmatched email page at /inbound-email, a link in the sidebar (issue 18)', async () => {
    gateway(staffMe);
    await renderBackOffice('/back-office/inbound-email');
    expect(await screen.findByText('Unmatched email of the attachments remote')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Unmatched email' }).getAttribute('href')).toBe(
      '/back-office/inbound-email',
    );
  });

  it('mounts the content template editor at /content-templates, a link in the sidebar (issue 18)', async () => {
    gateway(staffMe);
    await renderBackOffice('/back-office/content-templates');
    expect(await screen.findByText('Content templates of the attachments remote')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Content templates' }).getAttribute('href')).toBe(
      '/back-office/content-templates',
    );
  });

  it('mounts the shipments remote: the grid at /shipment/search (the universal search result too), a link in the sidebar', async () => {
    gateway(staffMe);
    const { loadRemote } = await renderBackOffice('/back-office/shipment/search?shipmentId=10005');
    expect(await screen.findByText('Shipment grid (backOffice) searching 10005')).toBeTruthy();
    expect(loadRemote).toHaveBeenCalledWith('shipments/ShipmentGridPage', { fresh: false });
    const link = screen.getByRole('link', { name: 'Shipments' });
    expect(link.getAttribute('href')).toBe('/back-office/shipment/search');
  });

  it('mounts the shipment details at /shipment/shipment-details/:shipmentId (with an optional source segment)', async () => {
    gateway({ ...staffMe, permissions: 16777216 });
    const { loadRemote } = await renderBackOffice('/back-office/shipment/shipment-details/10001/loadboard');
    expect(await screen.findByText('Shipment 10001 (backOffice, admin notes true)')).toBeTruthy();
    expect(loadRemote).toHaveBeenCalledWith('shipments/ShipmentDetailsPage', { fresh: false });
  });

  it('shows an organization with its activity log where the universal search sends staff (001 §2)', async () => {
    gateway({ ...staffMe, permissions: 16777216 });
    const { loadRemote } = await renderBackOffice('/back-office/customer/companies/details/org_acme');
    expect(await screen.findByText('Activity log of org_acme (permissions 16777216)')).toBeTruthy();
    expect(screen.getByText('Organizations from the directory remote')).toBeTruthy();
    expect(loadRemote).toHaveBeenCalledWith('directory/OrganizationsPage', { fresh: false });
    expect(loadRemote).toHaveBeenCalledWith('activity/OrganizationActivityLog', { fresh: false });
    expect(screen.getByText('Trends of org_acme')).toBeTruthy();
  });

  it('sends Quick quote to the new-shipment page with the two ZIPs, in this tab (issue 17)', async () => {
    gateway(staffMe);
    server.use(http.get('*/api/location/validateZipCodes', () => HttpResponse.json(true)));
    const { router } = await renderBackOffice('/back-office/');
    const form = await screen.findByRole('form', { name: 'Quick quote' }, { timeout: 15_000 });
    fireEvent.change(within(form).getByLabelText(/Origin zip/), { target: { value: '45414' } });
    fireEvent.change(within(form).getByLabelText(/Destination zip/), { target: { value: '60632' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Quote' }));
    expect(
      await screen.findByText(`Order (backOffice, ${staffMe.brokerId}) from 45414 to 60632`),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/back-office/shipment/new');
  });

  it('mounts the bulk email sender at /bulk-email with the shipments of ?shipments=, a link in the sidebar', async () => {
    gateway(staffMe);
    const { loadRemote } = await renderBackOffice('/back-office/bulk-email?shipments=10008,10009');
    expect(await screen.findByText('Bulk email of 10008 and 10009 (opened true)')).toBeTruthy();
    expect(loadRemote).toHaveBeenCalledWith('attachments/BulkEmailSender', { fresh: false });
    expect(screen.getByRole('link', { name: 'Bulk email' }).getAttribute('href')).toBe(
      '/back-office/bulk-email',
    );
  });

  it('a shipment id that is not a number is not found', async () => {
    gateway(staffMe);
    await renderBackOffice('/back-office/shipment/shipment-details/abc');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
