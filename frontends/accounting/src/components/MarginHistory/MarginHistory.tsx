// The margin history of the accounting summary: every change of a buy or a sell, with who made it and when,
// newest first (the service keeps each change; the summary carries the latest 25).
import { formatUsd } from '@loadline/contracts';
import { formatDate, Table, Text, Title } from '@loadline/ui';
import type { MarginChange } from '../../api/types.ts';

const changeText: Record<MarginChange['change'], string> = {
  added: 'Added',
  changed: 'Changed',
  deleted: 'Deleted',
};

const amount = (cents: number | null) => (cents === null ? '' : formatUsd(cents));

/** "11/25/2026 14:03 UTC": the service's instant, in UTC as stored (no local-time guess), in 000 §5's format. */
export const changedAt = (iso: string): string => `${formatDate(iso.slice(0, 10))} ${iso.slice(11, 16)} UTC`;

export function MarginHistory({ changes }: { changes: readonly MarginChange[] }) {
  return (
    <section aria-label="Margin history">
      <Title order={3} size="h5">
        Margin history
      </Title>
      {changes.length === 0 ? (
        <Text size="sm">No buy or sell has changed yet.</Text>
      ) : (
        <Table aria-label="Margin history changes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>Charge</Table.Th>
              <Table.Th>Change</Table.Th>
              <Table.Th ta="right">From</Table.Th>
              <Table.Th ta="right">To</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.map((c) => (
              <Table.Tr key={`${c.chargeLineId}:${c.field}:${c.changedDate}:${c.change}`}>
                <Table.Td>{changedAt(c.changedDate)}</Table.Td>
                <Table.Td>{c.changedBy}</Table.Td>
                <Table.Td>{c.chargeLineType}</Table.Td>
                <Table.Td>{`${changeText[c.change]} ${c.field}`}</Table.Td>
                <Table.Td ta="right">{amount(c.oldCents)}</Table.Td>
                <Table.Td ta="right">{amount(c.newCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </section>
  );
}
