import { type CurrentUser, type OrganizationsPageProps, RemoteModuleIds, RemotePage } from '@loadline/ui';
import { useOutletContext } from 'react-router';

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
