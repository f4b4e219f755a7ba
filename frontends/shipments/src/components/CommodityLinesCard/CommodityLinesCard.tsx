import { PackingGroup, WeightUnit } from '@loadline/contracts';
import { Badge, Group, Paper, Stack, Table, Text, Title } from '@loadline/ui';
import type { Shipment } from '../../api/types.ts';
import { hazardClassLabel } from '../../rules/format.ts';

export interface CommodityLinesCardProps {
  commodities: Shipment['commodities'];
  accessorials: Shipment['accessorials'];
  weightUnit: number;
}

/**
 * What the shipment carries (issue 17 items 1 and 2): its commodity lines, a hazardous line with the details
 * of the back office's hazmat modal (UN number, proper shipping name, hazard class, packing group, emergency
 * contact), and its accessorials.
 */
export function CommodityLinesCard({ commodities, accessorials, weightUnit }: CommodityLinesCardProps) {
  if (commodities.length === 0 && accessorials.length === 0) return null;
  const unit = WeightUnit.nameOf(weightUnit) ?? '';
  return (
    <Stack gap="xs">
      {commodities.length > 0 && (
        <Table aria-label="Commodities" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Commodity</Table.Th>
              <Table.Th>Pieces</Table.Th>
              <Table.Th>Weight</Table.Th>
              <Table.Th>Class</Table.Th>
              <Table.Th>NMFC</Table.Th>
              <Table.Th>Hazmat</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {commodities.map((c) => (
              <Table.Tr key={c.commodityId}>
                <Table.Td>{c.description}</Table.Td>
                <Table.Td>{c.pieces}</Table.Td>
                <Table.Td>{`${c.weight.toLocaleString('en-US')} ${unit}`}</Table.Td>
                <Table.Td>{c.freightClass ?? ''}</Table.Td>
                <Table.Td>{c.nmfc ?? ''}</Table.Td>
                <Table.Td>{c.hazardous && <Badge color="red">Hazardous</Badge>}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {commodities.map(
        (c) =>
          c.hazmat && (
            <Paper
              key={c.commodityId}
              withBorder
              p="sm"
              role="region"
              aria-label={`Hazardous materials: ${c.description}`}
            >
              <Title order={5}>{`Hazardous materials: ${c.description}`}</Title>
              <Table variant="vertical" maw={520}>
                <Table.Tbody>
                  {(
                    [
                      ['UN number', c.hazmat.unNumber],
                      ['Proper shipping name', c.hazmat.properShippingName],
                      ['Hazard class', hazardClassLabel(c.hazmat.hazardClass)],
                      ['Packing group', PackingGroup.nameOf(c.hazmat.packingGroup) ?? ''],
                      ['Emergency contact', c.hazmat.emergencyContactName ?? ''],
                      ['Emergency phone', c.hazmat.emergencyContactPhone ?? ''],
                    ] as const
                  ).map(([label, value]) => (
                    <Table.Tr key={label}>
                      <Table.Th w={200}>{label}</Table.Th>
                      <Table.Td>{value}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          ),
      )}
      {accessorials.length > 0 && (
        <Group gap="xs" align="baseline">
          <Text size="sm" c="dimmed">
            Accessorials:
          </Text>
          <Group
            gap="xs"
            component="ul"
            aria-label="Accessorials"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {accessorials.map((a) => (
              <li key={a.accessorialId}>
                <Badge variant="light">{a.name}</Badge>
              </li>
            ))}
          </Group>
        </Group>
      )}
    </Stack>
  );
}
