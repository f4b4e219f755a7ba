import {
  type CurrentUser,
  type CustomerTrendsProps,
  type OrganizationActivityLogProps,
  type OrganizationsPageProps,
  type OverCreditNoticeProps,
  Paper,
  RemoteModuleIds,
  RemotePage,
  Stack,
  useOutletContext,
  useParams,
} from '@loadline/ui';

/**
 * An organization as staff see it, where the universal search sends them (001 §2:
 * /back-office/customer/companies/details/{id}, /back-office/lsp/organizations/details/{id}): the directory's
 * row for it and its activity log (000 §2 item 9, the activity remote), whose Admin option follows the staff
 * member's permissions (000 §6). A customer over its credit heads it with the over-credit notice (000 §5, 001 §6;
 * the accounting remote decides whether it shows). A customer's page shows its trends (001 §2, issue 17).
 */
export function OrganizationRoute({ customer = false }: { customer?: boolean }) {
  const { organizationId = '' } = useParams();
  const user = useOutletContext<CurrentUser>();
  return (
    <Stack>
      <RemotePage<OverCreditNoticeProps>
        name="Over-credit notice"
        id={RemoteModuleIds.overCreditNotice}
        props={{ organizationId, office: 'backOffice' }}
      />
      <RemotePage<OrganizationsPageProps>
        name="Organization"
        id={RemoteModuleIds.organizationsPage}
        props={{ organizationId }}
      />
      {customer && (
        <RemotePage<CustomerTrendsProps>
          name="Customer trends"
          id={RemoteModuleIds.customerTrends}
          props={{ customerOrganizationId: organizationId }}
        />
      )}
      <Paper withBorder p="sm">
        <RemotePage<OrganizationActivityLogProps>
          name="Organization activity log"
          id={RemoteModuleIds.organizationActivityLog}
          props={{ organizationId, permissions: user.permissions }}
        />
      </Paper>
    </Stack>
  );
}
