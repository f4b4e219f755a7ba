import { Center } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { SessionStore } from '../api/session.ts';
import type { CurrentUser } from '../api/types.ts';
import { UnsavedChangesBlocker } from '../feedback/unsavedChanges.tsx';
import { useSession } from '../hooks/useSession.ts';
import { Loader } from '../mantine.ts';

export interface ShellGateProps {
  session: SessionStore;
  /** The kind of user this shell is for. */
  kind: CurrentUser['kind'];
  /** Where a user of the other kind is sent (the other shell), as a full path. */
  otherShellUrl: string;
  /** The login route inside this shell. */
  loginPath?: string;
  children: (user: CurrentUser) => ReactNode;
}

/** Leaving for the other shell is a full page load (the other shell is another build). Replaceable in tests. */
export const shellNavigation = {
  replace(url: string): void {
    window.location.replace(url);
  },
};

/** Sends a user of the other kind to the other shell (e.g. the full-page load of /front-office/). */
export function RedirectToShell({ url }: { url: string }) {
  useEffect(() => {
    shellNavigation.replace(url);
  }, [url]);
  return (
    <Center mih="50vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}

/**
 * Guards a shell's pages: a loader while GET /api/auth/me is pending, the login page when there is no
 * session (remembering where the user was going), the other shell for the other kind of user. Signed in, it
 * also holds the router's one unsaved-changes blocker.
 */
export function ShellGate({ session, kind, otherShellUrl, loginPath = '/login', children }: ShellGateProps) {
  const state = useSession(session);
  const location = useLocation();
  if (state.status === 'loading') {
    return (
      <Center mih="50vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (state.status === 'anonymous') return <Navigate to={loginPath} replace state={{ from: location }} />;
  if (state.user.kind !== kind) return <RedirectToShell url={otherShellUrl} />;
  return (
    <>
      {children(state.user)}
      {/* 000 §2: one blocker asks before leaving a page whose forms hold unsaved data. */}
      <UnsavedChangesBlocker />
    </>
  );
}
