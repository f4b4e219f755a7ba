// Stand-alone harness: `npm run dev` in this folder serves the organizations page alone, against the
// gateway's API on the same origin (proxy it in rspack's dev server, see rspack.config.ts).
import '@loadline/ui/styles.css';
import {
  ApiProvider,
  createApiClient,
  createBrowserRouter,
  type GatewayPaths,
  LoadlineProvider,
  RouterProvider,
} from '@loadline/ui';
import { createRoot } from 'react-dom/client';
import OrganizationsPage from './OrganizationsPage.tsx';

const client = createApiClient<GatewayPaths>();
const router = createBrowserRouter([{ path: '*', element: <OrganizationsPage /> }]);
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <LoadlineProvider>
      <ApiProvider client={client}>
        <RouterProvider router={router} />
      </ApiProvider>
    </LoadlineProvider>,
  );
}
