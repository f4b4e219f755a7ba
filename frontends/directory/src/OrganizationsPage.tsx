import {
  messages,
  OrganizationType,
  PaymentPreference,
  UniversalSearchResultType,
  UniversalSearchRoutes,
} from '@loadline/contracts';
import {
  Anchor,
  Badge,
  LoadView,
  type Organization,
  type OrganizationsPageProps,
  outcomeOf,
  Stack,
  Table,
  Text,
  Title,
  useApi,
  useAppNavigate,
  useLoad,
  usePageTitle,
} from '@loadline/ui';

/** 001 §2's page of an organization: the broker's own (LSP) or a company (customer, factor). */
const detailsPath = (o: Organization) =>
  UniversalSearchRoutes[
    o.organizationType === OrganizationType.values.LSP
      ? UniversalSearchResultType.values.LSP
      : UniversalSearchResultType.values.Customer
  ](o.organizationId);

const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/**
 * The directory's organizations table (exposed as `directory/OrganizationsPage`): GET /api/organizations,
 * which answers what the caller may see (a broker's customers and factors; a customer its own company).
 */
export default function OrganizationsPage({ organizationId, linkToDetails = false }: OrganizationsPageProps) {
  const client = useApi();
  const navigate = useAppNavigate();
  usePageTitle(organizationId ? 'Company' : 'Organizations');

  const load = useLoad('organizations', () => outcomeOf(client.GET('/api/organizations')));

  return (
    <LoadView
      load={load}
      loading="Loading organizations"
      failed={messages.organizationSelect.loadFailed}
      padding="xl"
    >
      {(organizations) => {
        const rows = organizationId
          ? organizations.filter((o) => o.organizationId === organizationId)
          : organizations;
        return (
          <Stack>
            <Title order={1} size="h2">
              {organizationId ? (rows[0]?.name ?? 'Company') : 'Organizations'}
            </Title>
            {rows.length === 0 ? (
              <Text c="dimmed">{messages.search.noResults}</Text>
            ) : (
              <Table striped highlightOnHover aria-label="Organizations">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Type</Table.Th>
                    <Table.Th>Payment preference</Table.Th>
                    <Table.Th ta="right">Credit limit</Table.Th>
                    <Table.Th>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((o) => (
                    <Table.Tr key={o.organizationId}>
                      <Table.Td>
                        {linkToDetails ? (
                          <Anchor
                            href={detailsPath(o)}
                            onClick={(e) => {
                              e.preventDefault();
                              navigate(detailsPath(o));
                            }}
                          >
                            {o.name}
                          </Anchor>
                        ) : (
                          o.name
                        )}
                      </Table.Td>
                      <Table.Td>{OrganizationType.nameOf(o.organizationType) ?? o.organizationType}</Table.Td>
                      <Table.Td>
                        {o.paymentPreference === null
                          ? '—'
                          : (PaymentPreference.nameOf(o.paymentPreference) ?? o.paymentPreference)}
                      </Table.Td>
                      <Table.Td ta="right">
                        {o.creditLimit === null ? '—' : money.format(o.creditLimit)}
                      </Table.Td>
                      <Table.Td>
                        <Badge color={o.active ? 'green' : 'gray'} variant="light">
                          {o.active ? 'Active' : 'Inactive'}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        );
      }}
    </LoadView>
  );
}
