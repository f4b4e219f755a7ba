import { RemoteComponent } from '@loadline/ui';
import { loadOrganizationsPage } from '../remotes.ts';

/** The home page: the directory remote's organizations table. */
export function HomeRoute() {
  return <RemoteComponent name="Organizations" load={loadOrganizationsPage} props={{}} />;
}
