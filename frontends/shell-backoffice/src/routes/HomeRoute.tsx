import { RemoteModuleIds, RemotePage } from '@loadline/ui';

/** The home page: the directory remote's organizations table. */
export function HomeRoute() {
  return <RemotePage name="Organizations" id={RemoteModuleIds.organizationsPage} props={{}} />;
}
