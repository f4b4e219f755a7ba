// The invoice PDF (issue 16): what an invoice the accounting service issued says — bill-to, shipment, its
// charges and total, when it is due — laid out by the PDF adapter (adapters/pdf.ts). Amounts arrive in cents
// and are written as dollars digit by digit.
import { formatUsDate, formatUsd } from '@loadline/contracts/catalogue';
import type { InvoiceCreatedV1 } from '@loadline/contracts/events';
import type { DocumentContent, Field } from './documents.ts';

/** 000 §5: MM/DD/YYYY. */

export const invoiceFileName = (invoice: Pick<InvoiceCreatedV1, 'invoiceNumber'>): string =>
  `Invoice-${invoice.invoiceNumber}.pdf`;

export function invoiceContent(invoice: InvoiceCreatedV1): DocumentContent {
  const b = invoice.billTo;
  const billTo = b
    ? [
        b.companyName ?? invoice.payerName,
        [b.streetAddress, b.streetAddressTwo].filter(Boolean).join(', '),
        [b.city, [b.state, b.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
        b.country ?? '',
      ]
        .filter((line) => line && line.trim() !== '')
        .join('\n')
    : invoice.payerName;
  return {
    title: 'Invoice',
    subtitle: `Invoice ${invoice.invoiceNumber} · ${invoice.shipmentId ? `Shipment ${invoice.shipmentId} · ` : ''}dated ${formatUsDate(invoice.invoiceDate)}`,
    blocks: [
      { kind: 'boxes', heading: 'Bill to', boxes: [{ heading: 'Bill to', lines: billTo.split('\n') }] },
      {
        kind: 'fields',
        heading: 'Shipment',
        rows: [
          ...(invoice.shipmentId ? ([['Shipment', String(invoice.shipmentId)]] as Field[]) : []),
          ...(invoice.proNumber ? ([['Pro number', invoice.proNumber]] as Field[]) : []),
          ...(invoice.pickupDate ? ([['Picked up', formatUsDate(invoice.pickupDate)]] as Field[]) : []),
          ...(invoice.deliveryDate ? ([['Delivered', formatUsDate(invoice.deliveryDate)]] as Field[]) : []),
        ],
      },
      {
        kind: 'table',
        heading: 'Charges',
        columns: [
          { header: 'Charge', width: 3 },
          { header: 'Amount', width: 1, align: 'right' },
        ],
        rows: invoice.lines.map((l) => [l.description, formatUsd(l.amountCents)]),
        totals: ['Total', formatUsd(invoice.totalCents)],
      },
      {
        kind: 'fields',
        heading: 'Amount due',
        rows: [
          ['Total', formatUsd(invoice.totalCents)],
          ['Invoice date', formatUsDate(invoice.invoiceDate)],
          ['Due date', formatUsDate(invoice.dueDate)],
        ],
      },
    ],
    footer: `Please pay ${formatUsd(invoice.totalCents)} by ${formatUsDate(invoice.dueDate)}, quoting invoice ${invoice.invoiceNumber}. ${invoice.brokerName}.`,
  };
}
