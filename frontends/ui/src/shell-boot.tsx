// A shell's first render (both shells' bootstraps): start the shell (session, run-time config, remotes),
// build its router, and render it under the providers every page expects. Imported by the shells'
// bootstraps only, never by what @loadline/ui exports, so React DOM's client stays out of the shared bundle.

import './styles.css';
// By the package's name: the shell's shared @loadline/ui singleton, the one its remotes use too.
import {
  ApiProvider,
  type FederationRuntime,
  LoadlineProvider,
  RouterProvider,
  type ShellRuntime,
  ShellRuntimeProvider,
  shellPathOf,
  startShell,
} from '@loadline/ui';
import { createRoot } from 'react-dom/client';

type ShellRouter = Parameters<typeof RouterProvider>[0]['router'];

export async function bootShell(
  federation: FederationRuntime,
  createRouter: (runtime: ShellRuntime) => ShellRouter,
): Promise<void> {
  // 000 §2: a hash-routed shipment page (/Backoffice/ShipmentInternational#/Details/{id}, which the gateway
  // answers with this shell) becomes the shell's own path before the router reads the address.
  const own = shellPathOf(`${window.location.pathname}${window.location.hash}`);
  if (own !== `${window.location.pathname}${window.location.hash}`)
    window.history.replaceState(null, '', own);
  const runtime = await startShell(federation);
  const router = createRouter(runtime);
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <LoadlineProvider>
      <ShellRuntimeProvider runtime={runtime}>
        <ApiProvider client={runtime.client}>
          <RouterProvider router={router} />
        </ApiProvider>
      </ShellRuntimeProvider>
    </LoadlineProvider>,
  );
}
