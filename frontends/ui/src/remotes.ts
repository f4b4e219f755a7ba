// The contract between the shells and the remotes they mount: module ids and the props each exposed
// component takes. Both sides import these from the shared @loadline/ui, so they cannot drift apart.

/** Module Federation ids (`<remote name>/<exposed module>`). */
export const RemoteModuleIds = Object.freeze({
  organizationsPage: 'directory/OrganizationsPage',
} as const);

/** directory/OrganizationsPage */
export interface OrganizationsPageProps {
  /** Show only this organization (the front office: the customer's own). */
  organizationId?: string | null;
}
