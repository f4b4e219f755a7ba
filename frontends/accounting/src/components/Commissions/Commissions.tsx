// The shipment's commissions on the accounting summary (002 §3.6): who is paid, the calculation type, the
// rate (a percent for the percentage types, dollars for Flat and Transaction Fee), the minimum and maximum,
// the amount the service computed from the current buy and sell, and the status.
import { CommissionCalculationType, CommissionStatus, formatPercent, formatUsd } from '@loadline/contracts';
import { Table, Text, Title } from '@loadline/ui';
import type { Commission } from '../../api/types.ts';

/** Flat 0 and TransactionFee 10 pay the rate in cents; the others a rate in basis points (decision 0050). */
export const rateText = (c: Pick<Commission, 'calculationType' | 'rate'>): string =>
  c.calculationType === CommissionCalculationType.values.Flat ||
  c.calculationType === CommissionCalculationType.values.TransactionFee
    ? formatUsd(c.rate)
    : `${formatPercent(c.rate)}%`;

const limit = (cents: number | null) => (cents === null ? '—' : formatUsd(cents));

export function Commissions({ commissions }: { commissions: readonly Commission[] }) {
  return (
    <section aria-label="Commissions">
      <Title order={3} size="h5">
        Commissions
      </Title>
      {commissions.length === 0 && <Text size="sm">No commissions on this shipment.</Text>}
      {commissions.length > 0 && (
        <Table aria-label="Commission amounts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Payee</Table.Th>
              <Table.Th>Calculation</Table.Th>
              <Table.Th ta="right">Rate</Table.Th>
              <Table.Th ta="right">Min</Table.Th>
              <Table.Th ta="right">Max</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {commissions.map((c) => (
              <Table.Tr key={c.commissionId}>
                <Table.Td>{c.payeeName}</Table.Td>
                <Table.Td>
                  {CommissionCalculationType.nameOf(c.calculationType) ?? c.calculationType}
                </Table.Td>
                <Table.Td ta="right">{rateText(c)}</Table.Td>
                <Table.Td ta="right">{limit(c.minCents)}</Table.Td>
                <Table.Td ta="right">{limit(c.maxCents)}</Table.Td>
                <Table.Td ta="right">{formatUsd(c.amountCents)}</Table.Td>
                <Table.Td>{CommissionStatus.nameOf(c.status) ?? c.status}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </section>
  );
}
