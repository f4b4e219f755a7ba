// Renders a component as a shell would: Loadline's providers, a gateway client and a data router
// (react-router's blocker needs one). HTTP goes through msw.

import { type RenderResult, render } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { ApiProvider, type GatewayClient } from '../src/api/ApiContext.tsx';
import { createApiClient } from '../src/api/client.ts';
import { createSessionStore } from '../src/api/session.ts';
import type { CurrentUser, GatewayPaths } from '../src/api/types.ts';
import { LoadlineProvider } from '../src/components/LoadlineProvider/index.ts';
import { UnsavedChangesBlocker } from '../src/feedback/unsavedChanges.tsx';
import { ShellRuntimeProvider } from '../src/shell/ShellRuntimeContext.tsx';
import type { ShellRuntime } from '../src/shell/startShell.ts';

export interface RenderOptions {
  /** Full path of the first location, under the basename. */
  path?: string;
  basename?: string;
  client?: GatewayClient;
  /** Extra routes, e.g. the destinations of a navigation. */
  routes?: { path: string; element: ReactNode }[];
  /**
   * Renders inside a shell runtime whose remotes are these modules by id (what `RemotePage` mounts); a module
   * not given renders a marker `<div data-remote="<id>" data-props="<json>">`, so the test sees what was
   * mounted with which props without that remote's code. Left out: no shell runtime (as in a remote's own
   * harness), and `RemotePage` shows its error panel.
   */
  remotes?: Record<string, ComponentType<never>>;
  /** Renders inside a shell runtime whose session is this signed-in user (implies `remotes`, {} if not given). */
  user?: CurrentUser;
}

/** The shell runtime of a test: the test's client, and the remotes it names (else markers). */
export function testShellRuntime(
  client: GatewayClient,
  remotes: RenderOptions['remotes'] = {},
  user?: CurrentUser,
): ShellRuntime {
  const session = createSessionStore();
  if (user) session.signIn(user);
  return {
    client,
    session,
    config: undefined,
    loadRemote: async <T,>(id: string) => {
      const given = remotes[id];
      const marker = (props: object) => <div data-remote={id} data-props={JSON.stringify(props)} />;
      return { default: given ?? marker } as T;
    },
  };
}

export function renderWithShell(
  ui: ReactNode,
  options: RenderOptions = {},
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const basename = options.basename ?? '/back-office';
  const client = options.client ?? createApiClient<GatewayPaths>();
  const router = createMemoryRouter(
    [
      {
        // As ShellGate does: the router's one unsaved-changes blocker around every page.
        element: (
          <>
            <Outlet />
            <UnsavedChangesBlocker />
          </>
        ),
        children: [
          { path: '/', element: ui },
          ...(options.routes ?? []),
          { path: '*', element: <div data-testid="elsewhere" /> },
        ],
      },
    ],
    { basename, initialEntries: [options.path ?? `${basename}/`] },
  );
  const result = render(
    <LoadlineProvider env="test">
      <ApiProvider client={client}>
        {options.remotes || options.user ? (
          <ShellRuntimeProvider runtime={testShellRuntime(client, options.remotes, options.user)}>
            <RouterProvider router={router} />
          </ShellRuntimeProvider>
        ) : (
          <RouterProvider router={router} />
        )}
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
