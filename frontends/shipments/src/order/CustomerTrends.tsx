// The customer trends widget (001 §2): the customer's shipments and spend for Last 7 Days, This Month and
// Last Month, on the front office's home page and the back office's customer page (remote
// `shipments/CustomerTrends`).
import { formatUsd } from '@loadline/contracts';
import { type CustomerTrendsProps, LoadView, Paper, Stack, Table, Text, Title, useLoad } from '@loadline/ui';
import { useShipmentsApi } from '../api/client.ts';
import { getCustomerTrends } from './orderApi.ts';

export default function CustomerTrends({ customerOrganizationId }: CustomerTrendsProps) {
  const client = useShipmentsApi();
  const trends = useLoad(['customerTrends', customerOrganizationId], (signal) =>
    getCustomerTrends(client, customerOrganizationId, signal),
  );
  return (
    <Paper withBorder p="sm" role="region" aria-label="Customer trends">
      <Stack gap="xs">
        <Title order={5}>Customer trends</Title>
        <LoadView
          load={trends}
          loading="Loading customer trends"
          loaderSize="sm"
          padding="inline"
          failed="The customer trends could not be loaded."
        >
          {({ ranges }) => (
            <Table aria-label="Customer trends figures">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Range</Table.Th>
                  <Table.Th>Shipments</Table.Th>
                  <Table.Th>Spend</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ranges.map((r) => (
                  <Table.Tr key={r.range}>
                    <Table.Td>
                      <Text size="sm">{r.name}</Text>
                    </Table.Td>
                    <Table.Td>{r.shipmentCount}</Table.Td>
                    <Table.Td>{formatUsd(r.spendCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </LoadView>
      </Stack>
    </Paper>
  );
}
