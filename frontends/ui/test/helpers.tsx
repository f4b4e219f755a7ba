// Renders a component as a shell would: Loadline's providers, a gateway client and a data router
// (react-router's blocker needs one). HTTP goes through msw.

import { type RenderResult, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ApiProvider, type GatewayClient } from '../src/api/ApiContext.tsx';
import { createApiClient } from '../src/api/client.ts';
import type { GatewayPaths } from '../src/api/types.ts';
import { LoadlineProvider } from '../src/components/LoadlineProvider/index.ts';

export interface RenderOptions {
  /** Full path of the first location, under the basename. */
  path?: string;
  basename?: string;
  client?: GatewayClient;
  /** Extra routes, e.g. the destinations of a navigation. */
  routes?: { path: string; element: ReactNode }[];
}

export function renderWithShell(
  ui: ReactNode,
  options: RenderOptions = {},
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const basename = options.basename ?? '/back-office';
  const client = options.client ?? createApiClient<GatewayPaths>();
  const router = createMemoryRouter(
    [
      { path: '/', element: ui },
      ...(options.routes ?? []),
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { basename, initialEntries: [options.path ?? `${basename}/`] },
  );
  const result = render(
    <LoadlineProvider env="test">
      <ApiProvider client={client}>
        <RouterProvider router={router} />
      </ApiProvider>
    </LoadlineProvider>,
  );
  return Object.assign(result, { router });
}

/** The router's current full path (basename included) with its query. */
export function currentPath(router: ReturnType<typeof createMemoryRouter>): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}
