// Stand-alone harness: `npm run dev` in this folder serves the organizations page alone, against the
// gateway's API on the same origin (proxy it in rspack's dev server, see rspack.config.ts).
import '@loadline/ui/styles.css';
import { createBrowserRouter, RouterProvider } from '@loadline/ui';
import { mountRemoteHarness } from '@loadline/ui/harness';
import OrganizationsPage from './OrganizationsPage.tsx';

const router = createBrowserRouter([{ path: '*', element: <OrganizationsPage /> }]);
mountRemoteHarness(<RouterProvider router={router} />);
