// Stand-alone harness: `npm run dev` in this folder serves the accounting screens alone on :3107, against the
// gateway's API on the same origin (proxied by rspack's dev server, see ../ui/build/federation.ts). Sign in
// through a shell first: the session cookie is the gateway's. /back-office/shipment/:id (the accounting
// summary), /back-office/organization/:id (the over-credit notice), /back-office/accounting/sync,
// /front-office/invoices/:organizationId (open invoices with Pay).
import '@loadline/ui/styles.css';
import { createBrowserRouter, RouterProvider, useParams } from '@loadline/ui';
import { mountRemoteHarness } from '@loadline/ui/harness';
import { AccountingSummary } from './components/AccountingSummary/index.ts';
import { AccountingSyncPage } from './components/AccountingSyncPage/index.ts';
import { InvoicesPage } from './components/InvoicesPage/index.ts';
import { OverCreditNotice } from './components/OverCreditNotice/index.ts';

function Shipment() {
  const { id } = useParams();
  return <AccountingSummary shipmentId={Number(id)} />;
}
function Organization({ office }: { office: 'backOffice' | 'frontOffice' }) {
  const { id } = useParams();
  return <OverCreditNotice organizationId={id ?? ''} office={office} />;
}

function Invoices() {
  const { id } = useParams();
  return <InvoicesPage organizationId={id ?? ''} office="frontOffice" />;
}

// Before the router is made: it reads the address once.
if (window.location.pathname === '/') window.history.replaceState(null, '', '/back-office/shipment/10008');
const router = createBrowserRouter([
  { path: '/back-office/shipment/:id', element: <Shipment /> },
  { path: '/back-office/organization/:id', element: <Organization office="backOffice" /> },
  { path: '/front-office/organization/:id', element: <Organization office="frontOffice" /> },
  { path: '/front-office/invoices/:id', element: <Invoices /> },
  { path: '/back-office/accounting/sync', element: <AccountingSyncPage /> },
  { path: '*', element: <Shipment /> },
]);
mountRemoteHarness(<RouterProvider router={router} />);
