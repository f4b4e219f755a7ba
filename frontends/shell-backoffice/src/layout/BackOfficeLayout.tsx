import { StaffPermission } from '@loadline/contracts';
import { mayImportShipments } from '@loadline/contracts/rules/bulk-import';
import {
  AppShellLayout,
  BACK_OFFICE_NEW_SHIPMENT_PATH,
  Button,
  ClassCalculator,
  type CurrentUser,
  Divider,
  Menu,
  NavLink,
  Outlet,
  PresenceAvatars,
  QuickQuote,
  RemoteModuleIds,
  RemotePage,
  RouterNavLink,
  ShellPaths,
  type ShellRuntime,
  Stack,
  SupportRequestDialog,
  SystemAlerts,
  sha1Hex,
  UniversalSearch,
  UserMenu,
  type UserMenuModalProps,
  useAppNavigate,
  useDensityScale,
  useDocumentTitle,
  useLocation,
  usePresence,
  validateZipCodes,
} from '@loadline/ui';
import { useEffect, useState } from 'react';

/** Presence group names are at most 200 characters (the gateway's limit). */
const GROUP_NAME_MAX = 200;

function Sidebar({ user, runtime }: { user: CurrentUser; runtime: ShellRuntime }) {
  const scale = useDensityScale(user.brokerId);
  const navigate = useAppNavigate();
  return (
    <Stack gap="md">
      <NavLink component={RouterNavLink} to="/" end label="Organizations" />
      <NavLink component={RouterNavLink} to="/shipment/search" label="Shipments" />
      {/* decision 0118: the broker's carriers; /lsp/carriers/details/… is a carrier of it */}
      <NavLink component={RouterNavLink} to="/lsp/carriers" label="Carriers" />
      <NavLink component={RouterNavLink} to="/zip-code-search" label="Zip code search" />
      <NavLink component={RouterNavLink} to="/bulk-email" label="Bulk email" />
      {/* issue 18: mail read from staff mailboxes that named no shipment */}
      <NavLink component={RouterNavLink} to="/inbound-email" label="Unmatched email" />
      <NavLink component={RouterNavLink} to="/content-templates" label="Content templates" />
      {/* issue 16: customers' open invoices, and the accounting sync, for staff who may run it (002 §6.2 Accounting Sync; IT support admins) */}
      <NavLink component={RouterNavLink} to="/accounting/invoices" label="Invoices" />
      {(StaffPermission.has(user.permissions, 'AccountingSync') ||
        StaffPermission.has(user.permissions, 'ITSupportAdmin')) && (
        <NavLink component={RouterNavLink} to="/accounting/sync" label="Accounting sync" />
      )}
      {/* issue 17: the onboarding guide for staff; its import only for who may import (001 §2) */}
      <NavLink component={RouterNavLink} to="/onboarding" end label="Onboarding guide" />
      {mayImportShipments(user) && (
        <NavLink component={RouterNavLink} to="/onboarding/import" label="Import shipments" />
      )}
      {runtime.config?.environment !== 'production' && (
        <NavLink component={RouterNavLink} to="/dev/text-messages" label="Text messages (development)" />
      )}
      <Divider />
      <ClassCalculator scale={scale} />
      <Divider />
      {/* Staff order on the back office's new-shipment page (issue 17), in this tab. */}
      <QuickQuote
        validateZips={(origin, destination) => validateZipCodes(runtime.client, origin, destination)}
        orderPath={BACK_OFFICE_NEW_SHIPMENT_PATH}
        openUrl={navigate}
      />
    </Stack>
  );
}

/** The back office's frame: search, alerts, presence, support and the sidebar around the routed page. */
export function BackOfficeLayout({ runtime, user }: { runtime: ShellRuntime; user: CurrentUser }) {
  const location = useLocation();
  const pageTitle = useDocumentTitle();
  const [self, setSelf] = useState<string>();
  const [supportOpen, setSupportOpen] = useState(false);
  // The user menu's modals of the directory remote (000 §2 item 12, 001 §2), mounted while open.
  const [userModal, setUserModal] = useState<'mailbox' | 'signature' | null>(null);

  useEffect(() => {
    void sha1Hex(user.email.toLowerCase()).then(setSelf);
  }, [user.email]);

  const { users } = usePresence({
    groupName: `${ShellPaths.backOffice}${location.pathname}`.slice(0, GROUP_NAME_MAX),
    pageTitle,
    uri: `${ShellPaths.backOffice}${location.pathname}${location.search}`,
    // 001 §6: only authenticated back-office users join; this layout renders for them only.
    enabled: user.kind === 'staff',
    ...(self ? { selfUserNameSha1: self } : {}),
  });

  return (
    <AppShellLayout
      brand="Loadline"
      headerCenter={<UniversalSearch />}
      headerRight={
        <>
          <PresenceAvatars users={users} />
          <Button variant="default" size="xs" onClick={() => setSupportOpen(true)}>
            Support
          </Button>
          <UserMenu user={user} onLogout={() => void runtime.session.logout(runtime.client)}>
            <Menu.Item onClick={() => setUserModal('mailbox')}>Mailbox configuration</Menu.Item>
            <Menu.Item onClick={() => setUserModal('signature')}>Edit signature</Menu.Item>
            <Menu.Divider />
          </UserMenu>
        </>
      }
      navbar={<Sidebar user={user} runtime={runtime} />}
      banner={<SystemAlerts area="backoffice" />}
    >
      <Outlet context={user} />
      <SupportRequestDialog opened={supportOpen} onClose={() => setSupportOpen(false)} />
      {userModal && (
        <RemotePage<UserMenuModalProps>
          key={userModal}
          name={userModal === 'mailbox' ? 'Mailbox configuration' : 'Edit signature'}
          id={userModal === 'mailbox' ? RemoteModuleIds.mailboxConfiguration : RemoteModuleIds.editSignature}
          props={{ opened: true, onClose: () => setUserModal(null) }}
        />
      )}
    </AppShellLayout>
  );
}
