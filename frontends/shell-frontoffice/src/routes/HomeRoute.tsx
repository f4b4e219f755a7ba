import {
  type CurrentUser,
  type OrganizationsPageProps,
  RemoteModuleIds,
  RemotePage,
  useOutletContext,
} from '@loadline/ui';

/** The customer's own organization, from the directory remote. */
export function HomeRoute() {
  const user = useOutletContext<CurrentUser>();
  return (
    <RemotePage<OrganizationsPageProps>
      name="Your company"
      id={RemoteModuleIds.organizationsPage}
      props={{ organizationId: user.organizationId }}
    />
  );
}
