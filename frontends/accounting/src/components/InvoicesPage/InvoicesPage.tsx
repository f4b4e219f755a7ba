// A customer's open invoices (001 §3, §7) with Pay: the over-credit notice first, then each open invoice with
// its balance and aging bucket (002 §3.6); Pay on a row, or on the invoices picked, opens the payment modal.
// Pay is offered when the service says this user may pay for the organization (`canPay`: 002 §6.3 Pay
// Invoices or Granted Invoice Payment, or staff with AR Payments).
import { AgingBucket, formatUsd, PaymentStatus } from '@loadline/contracts';
import {
  Button,
  formatDate,
  Group,
  type InvoicesPageProps,
  LoadView,
  type Outcome,
  Stack,
  Table,
  Text,
  Title,
  useLoad,
  usePageTitle,
} from '@loadline/ui';
import { useState } from 'react';
import { useAccountingCalls } from '../../api/client.ts';
import type { Invoice, PaymentGatewayInfo } from '../../api/types.ts';
import { OverCreditNotice } from '../OverCreditNotice/index.ts';
import { PaymentModal } from '../PaymentModal/index.ts';

interface OpenInvoices {
  invoices: Invoice[];
  gateway: PaymentGatewayInfo | null;
}

export const invoicesLoadFailed = 'Unable to get invoices. Please try again.';

const balanceOf = (i: Invoice) => i.balanceCents ?? i.totalCents - i.paidCents;

export function InvoicesPage({ organizationId, office }: InvoicesPageProps) {
  usePageTitle('Invoices');
  const calls = useAccountingCalls();
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [paying, setPaying] = useState<Invoice[] | null>(null);
  // The notice is read again after a payment (the credit moved): its key changes.
  const [payments, setPayments] = useState(0);
  const load = useLoad(['open-invoices', organizationId], async (): Promise<Outcome<OpenInvoices>> => {
    const [invoices, gateway] = await Promise.all([
      calls.openInvoices(organizationId),
      calls.paymentGateway(organizationId),
    ]);
    if (!invoices.ok) return invoices;
    return {
      ok: true,
      data: {
        invoices: invoices.data.items.filter((i) => balanceOf(i) > 0),
        gateway: gateway.ok ? gateway.data : null,
      },
    };
  });
  const reread = load.reload;

  const body = (
    <LoadView
      load={load}
      loading="Loading invoices"
      loaderSize="sm"
      padding="sm"
      failed={invoicesLoadFailed}
      retry={reread}
    >
      {({ invoices, gateway }) => {
        const canPay = Boolean(gateway?.canPay);
        if (invoices.length === 0) return <Text size="sm">No open invoices.</Text>;
        const chosen = invoices.filter((i) => picked.has(i.invoiceId));
        return (
          <>
            <Table aria-label="Open invoices" striped>
              <Table.Thead>
                <Table.Tr>
                  {canPay && (
                    <Table.Th>
                      <span style={{ position: 'absolute', left: -9999 }}>Pick</span>
                    </Table.Th>
                  )}
                  <Table.Th>Invoice</Table.Th>
                  <Table.Th>Shipment</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Due</Table.Th>
                  <Table.Th>Aging</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th ta="right">Balance</Table.Th>
                  <Table.Th>Status</Table.Th>
                  {canPay && (
                    <Table.Th>
                      <span style={{ position: 'absolute', left: -9999 }}>Pay</span>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoices.map((i) => (
                  <Table.Tr key={i.invoiceId}>
                    {canPay && (
                      <Table.Td>
                        <input
                          type="checkbox"
                          aria-label={`Pick invoice ${i.invoiceNumber}`}
                          checked={picked.has(i.invoiceId)}
                          onChange={(e) => {
                            const next = new Set(picked);
                            if (e.currentTarget.checked) next.add(i.invoiceId);
                            else next.delete(i.invoiceId);
                            setPicked(next);
                          }}
                        />
                      </Table.Td>
                    )}
                    <Table.Td>{i.invoiceNumber}</Table.Td>
                    <Table.Td>{i.shipmentId ?? 'Opening balance'}</Table.Td>
                    <Table.Td>{formatDate(i.invoiceDate.slice(0, 10))}</Table.Td>
                    <Table.Td>{formatDate(i.dueDate.slice(0, 10))}</Table.Td>
                    <Table.Td>
                      {i.agingBucket == null ? '' : (AgingBucket.nameOf(i.agingBucket) ?? '')}
                    </Table.Td>
                    <Table.Td ta="right">{formatUsd(i.totalCents)}</Table.Td>
                    <Table.Td ta="right">{formatUsd(balanceOf(i))}</Table.Td>
                    <Table.Td>{PaymentStatus.nameOf(i.paymentStatus) ?? ''}</Table.Td>
                    {canPay && (
                      <Table.Td>
                        <Button
                          size="compact-xs"
                          aria-label={`Pay invoice ${i.invoiceNumber}`}
                          onClick={() => setPaying([i])}
                        >
                          Pay
                        </Button>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {canPay && (
              <Group>
                <Button disabled={chosen.length === 0} onClick={() => setPaying(chosen)}>
                  {chosen.length === 0
                    ? 'Pay selected'
                    : `Pay selected (${formatUsd(chosen.reduce((s, i) => s + balanceOf(i), 0))})`}
                </Button>
              </Group>
            )}
            {gateway && (
              <PaymentModal
                organizationId={organizationId}
                invoices={paying ?? []}
                gateway={gateway}
                opened={paying !== null}
                onClose={() => setPaying(null)}
                onPaid={() => {
                  setPicked(new Set());
                  setPayments((n) => n + 1);
                  reread();
                }}
              />
            )}
          </>
        );
      }}
    </LoadView>
  );

  return (
    <Stack>
      {/* The front office's page title; in the back office the shell's page (which picks the customer) has it. */}
      <Title order={office === 'frontOffice' ? 1 : 2} size="h3">
        {office === 'frontOffice' ? 'Invoices' : 'Open invoices'}
      </Title>
      <OverCreditNotice key={payments} organizationId={organizationId} office={office} />
      {body}
    </Stack>
  );
}
