// Stand-alone harness: `npm run dev` in this folder serves the tracking widgets alone, against the gateway's
// API on the same origin (proxied by rspack's dev server, see ../ui/build/federation.ts). Sign in through a
// shell first: the session cookie is the gateway's.
import '@loadline/ui/styles.css';
import { createBrowserRouter, RouterProvider, useParams } from '@loadline/ui';
import { mountRemoteHarness } from '@loadline/ui/harness';
import ShipmentTracking from './ShipmentTracking.tsx';
import TextMessagesPage from './TextMessagesPage.tsx';
import ZipCodeSearchPage from './ZipCodeSearchPage.tsx';

function Tracking() {
  const { shipmentId } = useParams();
  return <ShipmentTracking shipmentId={Number(shipmentId)} office="backOffice" tracking />;
}

// Before the router is made: it reads the address once.
if (!window.location.pathname.startsWith('/back-office'))
  window.history.replaceState(null, '', '/back-office/');
const router = createBrowserRouter(
  [
    { path: '/tracking/:shipmentId', element: <Tracking /> },
    { path: '/text-messages', element: <TextMessagesPage /> },
    { path: '*', element: <ZipCodeSearchPage /> },
  ],
  { basename: '/back-office' },
);
mountRemoteHarness(<RouterProvider router={router} />);
