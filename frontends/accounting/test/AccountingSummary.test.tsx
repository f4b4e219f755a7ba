// The accounting summary on the shipment page (001 §3, §4, §7): the inline editor's states, the PUT of the
// whole model, 'Error: Unable to save changes.', and the invoice shipment modal. HTTP through msw.
import './setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw, staffMe } from '../../ui/test/msw.ts';
import type { ChargeLine } from '../src/api/types.ts';
import { AccountingSummary } from '../src/components/AccountingSummary/index.ts';
import { chargeLine, globexCredit, invoice, summary } from './fixtures.ts';

const server = setupMsw();
const noNotice = http.get('*/api/accountingSummary/creditInfo/:organizationId', () =>
  HttpResponse.json(globexCredit({ showOverCreditNotice: false })),
);

function serve(lines: ChargeLine[], more: Parameters<typeof summary>[1] = {}) {
  let current = summary(lines, more);
  server.use(
    noNotice,
    http.get('*/api/accountingSummary/:shipmentId', () => HttpResponse.json(current)),
  );
  return {
    set: (next: ReturnType<typeof summary>) => {
      current = next;
    },
  };
}

const render = () => renderWithShell(<AccountingSummary shipmentId={10008} />, { user: staffMe });
const row = (name: RegExp) => screen.getByRole('row', { name });

describe('AccountingSummary', () => {
  it('shows the charge lines per payer with totals, margin and concerns', async () => {
    serve(
      [
        chargeLine(),
        chargeLine({
          chargeLineId: 'chl_2',
          chargeLineType: 'Fuel',
          description: 'Fuel surcharge',
          buyCents: 28_000,
          sellCents: 35_000,
        }),
      ],
      {
        concerns: ['NegativeMargin'],
      },
    );
    render();
    const table = await screen.findByRole('table', { name: 'Charges billed to Acme Manufacturing' });
    expect(within(table).getByRole('row', { name: /Fuel Fuel surcharge \$280\.00 \$350\.00/ })).toBeTruthy();
    expect(within(table).getByText('Total · Acme Manufacturing')).toBeTruthy();
    expect(within(table).getByText('Margin $320.00')).toBeTruthy();
    expect(screen.getByText('Negative Margin')).toBeTruthy();
  });

  it('viewing → editing → save: PUTs the whole model and shows the answer', async () => {
    const puts: unknown[] = [];
    const { set } = serve([chargeLine()]);
    server.use(
      http.put('*/api/accountingSummary/transitChargeline', async ({ request }) => {
        const body = (await request.json()) as ChargeLine;
        puts.push(body);
        const saved = { ...chargeLine(), ...body, version: 2 };
        set(summary([saved]));
        return HttpResponse.json(saved);
      }),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Linehaul Linehaul' }));
    const sell = screen.getByLabelText('Sell of Linehaul Linehaul') as HTMLInputElement;
    expect(sell.value).toBe('1250.00');
    fireEvent.change(sell, { target: { value: '1,300.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(row(/Linehaul Linehaul \$1,000\.00 \$1,300\.50/)).toBeTruthy());
    // The whole model, as read, with the change (and its version).
    expect(puts).toEqual([{ ...chargeLine(), sellCents: 130_050 }]);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(await screen.findByText('Margin $300.50', { selector: 'p' })).toBeTruthy();
  });

  it('cancel puts the row back as it was, without a call', async () => {
    serve([chargeLine()]);
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Linehaul Linehaul' }));
    fireEvent.change(screen.getByLabelText('Buy of Linehaul Linehaul'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(row(/Linehaul Linehaul \$1,000\.00 \$1,250\.00/)).toBeTruthy();
  });

  it('a failed save toasts the spec’s text and stays in editing; a bad amount is not sent', async () => {
    let calls = 0;
    serve([chargeLine()]);
    server.use(
      http.put('*/api/accountingSummary/transitChargeline', () => {
        calls += 1;
        return HttpResponse.json(
          { statusCode: 409, error: 'Conflict', message: 'This charge line was changed since you read it.' },
          { status: 409 },
        );
      }),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Linehaul Linehaul' }));
    fireEvent.change(screen.getByLabelText('Buy of Linehaul Linehaul'), { target: { value: 'twelve' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter an amount in dollars and cents, e.g. 1250.00.')).toBeTruthy();
    expect(calls).toBe(0);
    fireEvent.change(screen.getByLabelText('Buy of Linehaul Linehaul'), { target: { value: '990' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Error: Unable to save changes. This charge line was changed since you read it.',
      ),
    ).toBeTruthy();
    expect(calls).toBe(1);
    expect((screen.getByLabelText('Buy of Linehaul Linehaul') as HTMLInputElement).value).toBe('990');
  });

  it('an invoiced sell is not offered for editing', async () => {
    serve([chargeLine({ invoiceId: 'inv_1', invoiceStatus: 1 })]);
    render();
    expect(await screen.findByText('Shipment Invoiced')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Linehaul Linehaul' }));
    expect((screen.getByLabelText('Sell of Linehaul Linehaul') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Buy of Linehaul Linehaul') as HTMLInputElement).disabled).toBe(false);
  });

  it('invoices the shipment: Today by default, the request as sent, the invoice listed after', async () => {
    const bodies: unknown[] = [];
    const { set } = serve([chargeLine()]);
    server.use(
      http.put('*/api/accountingsynchistory/CreateInvoice', async ({ request }) => {
        bodies.push(await request.json());
        const created = invoice({ payerName: 'Acme Manufacturing', invoiceNumber: 100007 });
        set(
          summary([chargeLine({ invoiceId: created.invoiceId, invoiceStatus: 1 })], { invoices: [created] }),
        );
        return HttpResponse.json({ shipmentId: 10008, invoices: [created], bills: [] });
      }),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Invoice shipment' }));
    const modal = await screen.findByRole('dialog', { name: 'Invoice shipment 10008' });
    expect((within(modal).getByLabelText('Invoice date') as HTMLSelectElement).value).toBe('Today');
    fireEvent.change(within(modal).getByLabelText('Invoice date'), { target: { value: 'Delivery' } });
    fireEvent.change(within(modal).getByLabelText('PRO number'), { target: { value: 'PRO-8' } });
    fireEvent.click(within(modal).getByLabelText('Approve the carrier bill with the invoice'));
    fireEvent.click(within(modal).getByRole('button', { name: 'Create invoice' }));
    expect(await screen.findByText('Invoice 100007 created.')).toBeTruthy();
    expect(bodies).toEqual([
      { shipmentId: 10008, invoiceDateType: 'Delivery', approveBillWithInvoice: true, proNumber: 'PRO-8' },
    ]);
    const invoices = await screen.findByRole('table', { name: 'Invoices' });
    expect(within(invoices).getByText('100007')).toBeTruthy();
  });

  it('a refused invoice shows the server’s reason in the modal', async () => {
    serve([], { groups: [] });
    server.use(
      http.put('*/api/accountingsynchistory/CreateInvoice', () =>
        HttpResponse.json(
          { statusCode: 409, error: 'Conflict', message: 'There is nothing to bill on shipment 10008.' },
          { status: 409 },
        ),
      ),
    );
    render();
    expect(await screen.findByText('No charge lines yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Invoice shipment' }));
    const modal = await screen.findByRole('dialog', { name: 'Invoice shipment 10008' });
    fireEvent.click(within(modal).getByRole('button', { name: 'Create invoice' }));
    expect((await within(modal).findByRole('alert')).textContent).toBe(
      'There is nothing to bill on shipment 10008.',
    );
  });

  it('changes a group’s payer with the organization select of the payers', async () => {
    const puts: unknown[] = [];
    const { set } = serve([chargeLine()]);
    server.use(
      http.get('*/api/organization/billToOrganizations', () =>
        HttpResponse.json([
          { id: 'org_acme', name: 'Acme Manufacturing' },
          { id: 'org_globex', name: 'Globex Foods' },
        ]),
      ),
      http.put('*/api/accountingSummary/updateChargeLineGroupOrganization', async ({ request }) => {
        puts.push(await request.json());
        const moved = summary([chargeLine({ payerOrganizationId: 'org_globex' })]);
        set({
          ...moved,
          groups: moved.groups.map((g) => ({
            ...g,
            payerOrganizationId: 'org_globex',
            payerName: 'Globex Foods',
          })),
        });
        return HttpResponse.json({
          groupId: 'grp_1',
          shipmentId: 10008,
          brokerId: 'org_1',
          payerOrganizationId: 'org_globex',
          payerName: 'Globex Foods',
          transitOrganizationType: 0,
        });
      }),
    );
    render();
    expect(await screen.findByText('Billed to Acme Manufacturing')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change payer' }));
    await screen.findByRole('option', { name: 'Globex Foods' });
    fireEvent.change(screen.getByLabelText('Payer of the charges billed to Acme Manufacturing'), {
      target: { value: 'org_globex' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Billed to Globex Foods')).toBeTruthy();
    expect(puts).toEqual([{ groupId: 'grp_1', payerOrganizationId: 'org_globex' }]);
  });

  it('says so when the summary cannot be read, and tries again', async () => {
    let fail = true;
    server.use(
      noNotice,
      http.get('*/api/accountingSummary/:shipmentId', () =>
        fail ? HttpResponse.json({ message: 'down' }, { status: 503 }) : HttpResponse.json(summary()),
      ),
    );
    render();
    expect(await screen.findByText('Unable to get the accounting summary. Please try again.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table', { name: 'Charges billed to Acme Manufacturing' });
  });
});
