// A remote's stand-alone harness (`npm run dev` in its folder): the page under the providers a shell
// gives it (the design system, the one API client on the gateway's origin; sign in through a shell first,
// the session cookie is the gateway's). Imported by remotes' bootstraps only, never by what they expose,
// so React DOM's client stays out of @loadline/ui's shared bundle.

// By the package's name: the remote's shared @loadline/ui singleton, the same one its exposed modules use.
import { ApiProvider, createApiClient, type GatewayPaths, LoadlineProvider } from '@loadline/ui';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

export function mountRemoteHarness(page: ReactNode): void {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <LoadlineProvider>
      <ApiProvider client={createApiClient<GatewayPaths>()}>{page}</ApiProvider>
    </LoadlineProvider>,
  );
}
