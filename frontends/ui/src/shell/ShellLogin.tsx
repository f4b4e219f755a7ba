import { type Location, Navigate, useLocation, useNavigate } from 'react-router';
import type { CurrentUser } from '../api/types.ts';
import { LoginPage } from '../components/LoginPage/index.ts';
import { usePageTitle } from '../hooks/usePageTitle.ts';
import { useSession } from '../hooks/useSession.ts';
import { RedirectToShell } from './ShellGate.tsx';
import type { ShellRuntime } from './startShell.ts';

export interface ShellLoginProps {
  runtime: ShellRuntime;
  /** The kind of user this shell is for; the other kind is sent to `otherShellUrl` after login. */
  kind: CurrentUser['kind'];
  otherShellUrl: string;
  title: string;
}

/**
 * A shell's /login route: the login page (single sign-on only when GET /api/config says so); once signed
 * in, back to where the user was going, or to the other shell for the other kind of user.
 */
export function ShellLogin({ runtime, kind, otherShellUrl, title }: ShellLoginProps) {
  usePageTitle(`Sign in · ${title}`);
  const state = useSession(runtime.session);
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: Location } | null)?.from;
  const target = from ? `${from.pathname}${from.search}` : '/';

  if (state.status === 'authenticated') {
    return state.user.kind === kind ? (
      <Navigate to={target} replace />
    ) : (
      <RedirectToShell url={otherShellUrl} />
    );
  }
  const onLoggedIn = (me: CurrentUser) => {
    runtime.session.signIn(me);
    if (me.kind === kind) navigate(target, { replace: true });
  };
  const ssoUrl = runtime.config?.ssoLoginUrl;
  return (
    <LoginPage
      title={title}
      onLoggedIn={onLoggedIn}
      ssoEnabled={runtime.config?.ssoEnabled ?? false}
      {...(ssoUrl ? { ssoUrl } : {})}
    />
  );
}
