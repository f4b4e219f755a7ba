// Stand-alone harness: `npm run dev` in this folder serves the shipment pages alone, against the gateway's
// API on the same origin (proxied by rspack's dev server, see ../ui/build/federation.ts). Sign in through
// a shell first: the session cookie is the gateway's.
import '@loadline/ui/styles.css';
import {
  ApiProvider,
  createApiClient,
  createBrowserRouter,
  type GatewayPaths,
  LoadlineProvider,
  RouterProvider,
  useParams,
} from '@loadline/ui';
import { createRoot } from 'react-dom/client';
import ShipmentDetailsPage from './ShipmentDetailsPage.tsx';
import ShipmentGridPage from './ShipmentGridPage.tsx';

function Details() {
  const { shipmentId } = useParams();
  return <ShipmentDetailsPage shipmentId={Number(shipmentId)} office="backOffice" />;
}

const client = createApiClient<GatewayPaths>();
const router = createBrowserRouter(
  [
    { path: '/shipment/shipment-details/:shipmentId', element: <Details /> },
    { path: '*', element: <ShipmentGridPage office="backOffice" /> },
  ],
  { basename: '/back-office' },
);
const root = document.getElementById('root');
if (root) {
  if (!window.location.pathname.startsWith('/back-office'))
    window.history.replaceState(null, '', '/back-office/');
  createRoot(root).render(
    <LoadlineProvider>
      <ApiProvider client={client}>
        <RouterProvider router={router} />
      </ApiProvider>
    </LoadlineProvider>,
  );
}
