import { type CurrentUser, RemoteComponent } from '@loadline/ui';
import { useOutletContext } from 'react-router';
import { loadOrganizationsPage } from '../remotes.ts';

/** The customer's own organization, from the directory remote. */
export function HomeRoute() {
  const user = useOutletContext<CurrentUser>();
  return <RemoteComponent name="Your company" load={loadOrganizationsPage} props={{ organizationId: user.organizationId }} />;
}
