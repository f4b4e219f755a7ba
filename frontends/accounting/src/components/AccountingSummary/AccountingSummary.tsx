// A shipment's accounting summary (001 §3 accounting summary tables, §7): the customer's over-credit notice,
// the accounting concerns (002 §3.6), the charge lines per payer with the inline editor, the totals with the
// margin, adding and deleting charge lines and payers, the invoices and bills with their sync state, the
// commissions, the margin history, and "Invoice shipment" (the invoice shipment modal). Broker staff only (the
// service answers customers 403). What of a line may change is the service's (`locks`).
import { AccountingConcern, formatUsd, InvoiceStatus, PaymentStatus, sumCents } from '@loadline/contracts';
import {
  type AccountingSummaryProps,
  Badge,
  Button,
  formatDate,
  Group,
  LoadView,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  useLoad,
} from '@loadline/ui';
import { useState } from 'react';
import { useAccountingCalls } from '../../api/client.ts';
import type { ChargeLine, AccountingSummary as Summary } from '../../api/types.ts';
import { AddChargeLine } from '../AddChargeLine/index.ts';
import { AddPayer } from '../AddPayer/index.ts';
import { ChargeLineRow, type LineChoices } from '../ChargeLineRow/index.ts';
import { Commissions } from '../Commissions/index.ts';
import { GroupPayer } from '../GroupPayer/index.ts';
import { InvoiceShipmentModal } from '../InvoiceShipmentModal/index.ts';
import { MarginHistory } from '../MarginHistory/index.ts';
import { OverCreditNotice } from '../OverCreditNotice/index.ts';

export const summaryLoadFailed = 'Unable to get the accounting summary. Please try again.';

/** A group's totals and the shipment's, from its lines (the editor changes a line before the summary is read again). */
const totalsOf = (lines: readonly ChargeLine[]) => {
  const buyCents = sumCents(lines.map((l) => l.buyCents));
  const sellCents = sumCents(lines.map((l) => l.sellCents));
  return { buyCents, sellCents, marginCents: sellCents - buyCents };
};

/** The summary with a saved line in place, or moved to its new payer's group (until the summary is read again). */
function withLine(summary: Summary, saved: ChargeLine): Summary {
  const groups = summary.groups.map((g) => {
    const had = g.chargeLines.some((l) => l.chargeLineId === saved.chargeLineId);
    const mine = saved.groupId === g.groupId;
    const chargeLines = had
      ? mine
        ? g.chargeLines.map((l) => (l.chargeLineId === saved.chargeLineId ? saved : l))
        : g.chargeLines.filter((l) => l.chargeLineId !== saved.chargeLineId)
      : mine
        ? [...g.chargeLines, saved]
        : g.chargeLines;
    return { ...g, chargeLines, totals: totalsOf(chargeLines) };
  });
  return { ...summary, groups, totals: totalsOf(groups.flatMap((g) => g.chargeLines)) };
}

/** The summary without a deleted line, its totals with it gone (until the summary is read again). */
function withoutLine(summary: Summary, chargeLineId: string): Summary {
  const groups = summary.groups.map((g) => {
    const chargeLines = g.chargeLines.filter((l) => l.chargeLineId !== chargeLineId);
    return { ...g, chargeLines, totals: totalsOf(chargeLines) };
  });
  return { ...summary, groups, totals: totalsOf(groups.flatMap((g) => g.chargeLines)) };
}

export function AccountingSummary({ shipmentId, refreshKey }: AccountingSummaryProps) {
  const calls = useAccountingCalls();
  const load = useLoad(['accounting-summary', shipmentId, refreshKey ?? 0], () => calls.summary(shipmentId));
  const [invoicing, setInvoicing] = useState(false);
  const reread = load.reload;

  return (
    <LoadView
      load={load}
      loading="Loading the accounting summary"
      loaderSize="sm"
      padding="sm"
      failed={summaryLoadFailed}
      retry={reread}
    >
      {(summary) => {
        const onSaved = (line: ChargeLine) => {
          load.set((s) => withLine(s, line));
          // The concerns, the commissions and the margin history are the server's: read them again.
          reread();
        };
        const onDeleted = (chargeLineId: string) => {
          load.set((s) => withoutLine(s, chargeLineId));
          reread();
        };
        const save = calls.saveChargeLine;
        const remove = calls.deleteChargeLine;
        // What the inline editor may pick from: the summary's (the server's) payers, carrier and billing statuses.
        const choices: LineChoices = {
          groups: summary.groups.map((g) => ({
            groupId: g.groupId,
            name: g.payerName ?? g.payerOrganizationId,
          })),
          carrier: summary.carrierMasterId
            ? {
                carrierMasterId: summary.carrierMasterId,
                name: summary.carrierMasterName ?? summary.carrierMasterId,
              }
            : null,
          billingStatuses: summary.billingStatusChoices,
        };

        return (
          <Paper withBorder p="sm" component="section" aria-label="Accounting summary">
            <Stack gap="sm">
              <OverCreditNotice organizationId={summary.customerOrganizationId} office="backOffice" />
              <Group justify="space-between">
                <Title order={2} size="h4">
                  Accounting
                </Title>
                <Button size="xs" onClick={() => setInvoicing(true)}>
                  Invoice shipment
                </Button>
              </Group>
              {summary.concerns.length > 0 && (
                <Group gap="xs" aria-label="Accounting concerns">
                  {summary.concerns.map((c) => (
                    <Badge key={c} color="orange" variant="light">
                      {AccountingConcern.nameOf(c) ?? c}
                    </Badge>
                  ))}
                </Group>
              )}
              {summary.groups.length === 0 && <Text size="sm">No charge lines yet.</Text>}
              {summary.groups.map((group) => (
                <Stack key={group.groupId} gap={4}>
                  <GroupPayer group={group} onChanged={reread} />
                  <Table
                    aria-label={`Charges billed to ${group.payerName ?? group.payerOrganizationId}`}
                    striped
                  >
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Type</Table.Th>
                        <Table.Th>Description</Table.Th>
                        <Table.Th ta="right">Buy</Table.Th>
                        <Table.Th ta="right">Sell</Table.Th>
                        <Table.Th>Billing</Table.Th>
                        <Table.Th>Invoice</Table.Th>
                        <Table.Th>
                          <span style={{ position: 'absolute', left: -9999 }}>Actions</span>
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {group.chargeLines.map((line) => (
                        <ChargeLineRow
                          key={`${line.chargeLineId}:${line.version}`}
                          line={line}
                          choices={choices}
                          save={save}
                          onSaved={onSaved}
                          remove={remove}
                          onDeleted={onDeleted}
                        />
                      ))}
                      <Table.Tr>
                        <Table.Td colSpan={2} fw={600}>
                          {`Total · ${group.payerName ?? group.payerOrganizationId}`}
                        </Table.Td>
                        <Table.Td ta="right" fw={600}>
                          {formatUsd(group.totals.buyCents)}
                        </Table.Td>
                        <Table.Td ta="right" fw={600}>
                          {formatUsd(group.totals.sellCents)}
                        </Table.Td>
                        <Table.Td colSpan={3}>{`Margin ${formatUsd(group.totals.marginCents)}`}</Table.Td>
                      </Table.Tr>
                    </Table.Tbody>
                  </Table>
                  <AddChargeLine
                    shipmentId={shipmentId}
                    groupId={group.groupId}
                    payerName={group.payerName ?? group.payerOrganizationId}
                    onAdded={reread}
                  />
                </Stack>
              ))}
              <AddPayer shipmentId={shipmentId} onAdded={reread} />
              <Group gap="xl" aria-label="Shipment totals">
                <Text size="sm">{`Buy ${formatUsd(summary.totals.buyCents)}`}</Text>
                <Text size="sm">{`Sell ${formatUsd(summary.totals.sellCents)}`}</Text>
                <Text size="sm" fw={600} c={summary.totals.marginCents < 0 ? 'red' : undefined}>
                  {`Margin ${formatUsd(summary.totals.marginCents)}`}
                </Text>
              </Group>
              {summary.invoices.length > 0 && (
                <Table aria-label="Invoices">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Invoice</Table.Th>
                      <Table.Th>Date</Table.Th>
                      <Table.Th>Payer</Table.Th>
                      <Table.Th ta="right">Amount</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th>Sync</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {summary.invoices.map((i) => (
                      <Table.Tr key={i.invoiceId}>
                        <Table.Td>{i.invoiceNumber}</Table.Td>
                        <Table.Td>{formatDate(i.invoiceDate.slice(0, 10))}</Table.Td>
                        <Table.Td>{i.payerName ?? i.payerOrganizationId}</Table.Td>
                        <Table.Td ta="right">{formatUsd(i.totalCents)}</Table.Td>
                        <Table.Td>
                          {`${InvoiceStatus.nameOf(i.status) ?? i.status} · ${PaymentStatus.nameOf(i.paymentStatus) ?? i.paymentStatus}`}
                        </Table.Td>
                        <Table.Td>
                          {i.syncDate
                            ? `${i.syncStatus} ${formatDate(i.syncDate.slice(0, 10))}`
                            : i.syncStatus}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
              {summary.bills.length > 0 && (
                <Table aria-label="Carrier bills">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Bill</Table.Th>
                      <Table.Th>Vendor</Table.Th>
                      <Table.Th ta="right">Amount</Table.Th>
                      <Table.Th>Sync</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {summary.bills.map((b) => (
                      <Table.Tr key={b.billId}>
                        <Table.Td>{b.billNumber}</Table.Td>
                        <Table.Td>{b.vendorName ?? ''}</Table.Td>
                        <Table.Td ta="right">{formatUsd(b.totalCents)}</Table.Td>
                        <Table.Td>{b.syncStatus}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
              <Commissions
                shipmentId={shipmentId}
                commissions={summary.commissions}
                addLock={summary.addCommissionLock}
                onChanged={reread}
              />
              <MarginHistory changes={summary.marginHistory} />
            </Stack>
            <InvoiceShipmentModal
              shipmentId={shipmentId}
              opened={invoicing}
              onClose={() => setInvoicing(false)}
              onInvoiced={reread}
            />
          </Paper>
        );
      }}
    </LoadView>
  );
}
