// Stand-alone harness: `npm run dev` in this folder serves the activity logs alone, against the gateway's API on
// the same origin (proxied by rspack's dev server, see ../ui/build/federation.ts). Sign in through a shell first:
// the session cookie is the gateway's. /back-office/shipment/:id, /back-office/organization/:id,
// /back-office/carrier/:id; /front-office/shipment/:id shows the customer's view.
import '@loadline/ui/styles.css';
import { StaffPermission } from '@loadline/contracts';
import { createBrowserRouter, RouterProvider, useParams } from '@loadline/ui';
import { mountRemoteHarness } from '@loadline/ui/harness';
import { CarrierActivityLog } from './CarrierActivityLog.tsx';
import { ShipmentActivityLog } from './components/ShipmentActivityLog/index.ts';
import { OrganizationActivityLog } from './OrganizationActivityLog.tsx';
import { StaffFavoriteToggle } from './StaffFavoriteToggle.tsx';

/** The harness has no session: it shows what an IT support admin (002 §6.2) is offered. */
const HARNESS_PERMISSIONS = StaffPermission.values.ITSupportAdmin;

function Shipment({ office }: { office: 'backOffice' | 'frontOffice' }) {
  const { id } = useParams();
  return (
    <>
      {office === 'backOffice' && <StaffFavoriteToggle shipmentId={Number(id)} />}
      <ShipmentActivityLog shipmentId={Number(id)} office={office} canUseAdminAccessLevel />
    </>
  );
}
function Organization() {
  const { id } = useParams();
  return <OrganizationActivityLog organizationId={id ?? ''} permissions={HARNESS_PERMISSIONS} />;
}
function Carrier() {
  const { id } = useParams();
  return <CarrierActivityLog carrierMasterId={id ?? ''} permissions={HARNESS_PERMISSIONS} />;
}

// Before the router is made: it reads the address once.
if (window.location.pathname === '/') window.history.replaceState(null, '', '/back-office/shipment/10005');
const router = createBrowserRouter([
  { path: '/back-office/shipment/:id', element: <Shipment office="backOffice" /> },
  { path: '/front-office/shipment/:id', element: <Shipment office="frontOffice" /> },
  { path: '/back-office/organization/:id', element: <Organization /> },
  { path: '/back-office/carrier/:id', element: <Carrier /> },
  { path: '*', element: <Shipment office="backOffice" /> },
]);
mountRemoteHarness(<RouterProvider router={router} />);
