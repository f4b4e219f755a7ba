// Stand-alone harness: `npm run dev` in this folder serves the shipment pages alone, against the gateway's
// API on the same origin (proxied by rspack's dev server, see ../ui/build/federation.ts). Sign in through
// a shell first: the session cookie is the gateway's.
import '@loadline/ui/styles.css';
import { createBrowserRouter, RouterProvider, useParams } from '@loadline/ui';
import { mountRemoteHarness } from '@loadline/ui/harness';
import ShipmentDetailsPage from './ShipmentDetailsPage.tsx';
import ShipmentGridPage from './ShipmentGridPage.tsx';

function Details() {
  const { shipmentId } = useParams();
  return <ShipmentDetailsPage shipmentId={Number(shipmentId)} office="backOffice" />;
}

// Before the router is made: it reads the address once.
if (!window.location.pathname.startsWith('/back-office'))
  window.history.replaceState(null, '', '/back-office/');
const router = createBrowserRouter(
  [
    { path: '/shipment/shipment-details/:shipmentId', element: <Details /> },
    { path: '*', element: <ShipmentGridPage office="backOffice" /> },
  ],
  { basename: '/back-office' },
);
mountRemoteHarness(<RouterProvider router={router} />);
