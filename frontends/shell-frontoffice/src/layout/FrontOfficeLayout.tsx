import {
  Anchor,
  AppShellLayout,
  type CurrentUser,
  Group,
  LogoutButton,
  Outlet,
  RouterNavLink,
  type ShellRuntime,
  SystemAlerts,
  Text,
} from '@loadline/ui';

/** The front office's links: the customer's company, its shipments, its invoices and a new order (no sidebar here). */
function FrontOfficeNav() {
  return (
    <Group gap="md" component="nav" aria-label="Navigation">
      <Anchor component={RouterNavLink} to="/" end size="sm" fw={500}>
        Company
      </Anchor>
      <Anchor component={RouterNavLink} to="/shipments" size="sm" fw={500}>
        My shipments
      </Anchor>
      <Anchor component={RouterNavLink} to="/invoices" size="sm" fw={500}>
        Invoices
      </Anchor>
      <Anchor component={RouterNavLink} to="/order" size="sm" fw={500}>
        New order
      </Anchor>
    </Group>
  );
}

/** The front office's frame: the customer's organization, its links and logout in the header; no sidebar. */
export function FrontOfficeLayout({ runtime, user }: { runtime: ShellRuntime; user: CurrentUser }) {
  return (
    <AppShellLayout
      brand="Loadline"
      headerCenter={<FrontOfficeNav />}
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
