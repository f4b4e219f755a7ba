import { type OrganizationsPageProps, RemoteModuleIds, RemotePage } from '@loadline/ui';

/** The home page: the directory remote's organizations table, each name opening its organization's page. */
export function HomeRoute() {
  return (
    <RemotePage<OrganizationsPageProps>
      name="Organizations"
      id={RemoteModuleIds.organizationsPage}
      props={{ linkToDetails: true }}
    />
  );
}
