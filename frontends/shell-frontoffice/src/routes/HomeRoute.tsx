import {
  type CurrentUser,
  type CustomerTrendsProps,
  type OrganizationsPageProps,
  type OverCreditNoticeProps,
  Paper,
  QuickQuote,
  RemoteModuleIds,
  RemotePage,
  Stack,
  useApi,
  useAppNavigate,
  useOutletContext,
  validateZipCodes,
} from '@loadline/ui';

/**
 * The customer's own organization, from the directory remote, headed by the over-credit notice when its
 * account calls for one (000 §5, 001 §6: the accounting remote decides whether it shows), with Quick quote (000 §2
 * item 13: the order page with the two ZIPs, in this tab) and the customer's trends (001 §2).
 */
export function HomeRoute() {
  const user = useOutletContext<CurrentUser>();
  const navigate = useAppNavigate();
  const client = useApi();
  return (
    <Stack>
      <Paper withBorder p="sm" maw={420}>
        <QuickQuote
          openUrl={navigate}
          validateZips={(origin, destination) => validateZipCodes(client, origin, destination)}
        />
      </Paper>
      <RemotePage<CustomerTrendsProps>
        name="Customer trends"
        id={RemoteModuleIds.customerTrends}
        props={{ customerOrganizationId: user.organizationId }}
      />
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
