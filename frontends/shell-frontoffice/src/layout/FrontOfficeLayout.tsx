import {
  AppShellLayout,
  type CurrentUser,
  LogoutButton,
  Outlet,
  type ShellRuntime,
  SystemAlerts,
  Text,
} from '@loadline/ui';

/** The front office's frame: the customer's organization and logout in the header; no sidebar. */
export function FrontOfficeLayout({ runtime, user }: { runtime: ShellRuntime; user: CurrentUser }) {
  return (
    <AppShellLayout
      brand="Loadline"
      headerRight={
        <>
          <Text size="sm" fw={500} aria-label="Organization">
            {user.organizationName}
          </Text>
          <Text size="sm" c="dimmed" visibleFrom="sm">
            {user.displayName}
          </Text>
          <LogoutButton onLogout={() => void runtime.session.logout(runtime.client)} />
        </>
      }
      banner={<SystemAlerts area="frontoffice" />}
    >
      <Outlet context={user} />
    </AppShellLayout>
  );
}
