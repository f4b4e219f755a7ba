import {
  type CurrentUser,
  type OrganizationsPageProps,
  type OverCreditNoticeProps,
  RemoteModuleIds,
  RemotePage,
  Stack,
  useOutletContext,
} from '@loadline/ui';

/**
 * The customer's own organization, from the directory remote, headed by the over-credit notice when its
 * account calls for one (000 §5, 001 §6: the accounting remote decides whether it shows).
 */
export function HomeRoute() {
  const user = useOutletContext<CurrentUser>();
  return (
    <Stack>
      <RemotePage<OverCreditNoticeProps>
        name="Over-credit notice"
        id={RemoteModuleIds.overCreditNotice}
        props={{ organizationId: user.organizationId, office: 'frontOffice' }}
      />
      <RemotePage<OrganizationsPageProps>
        name="Your company"
        id={RemoteModuleIds.organizationsPage}
        props={{ organizationId: user.organizationId }}
      />
    </Stack>
  );
}
