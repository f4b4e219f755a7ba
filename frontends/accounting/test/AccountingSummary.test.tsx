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
import { chargeLine, commission, globexCredit, invoice, invoicedLocks, summary } from './fixtures.ts';

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

  it('offers what the service says may change: a locked sell shows its reason, a locked line no Delete', async () => {
    serve([chargeLine({ invoiceId: 'inv_1', invoiceStatus: 1, locks: invoicedLocks })]);
    render();
    expect(await screen.findByText('Shipment Invoiced')).toBeTruthy();
    const del = screen.getByRole('button', { name: 'Delete Linehaul Linehaul' }) as HTMLButtonElement;
    expect(del.disabled).toBe(true);
    expect(del.title).toBe(invoicedLocks.delete);
    expect((screen.getByRole('button', { name: 'Change payer' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Linehaul Linehaul' }));
    expect((screen.getByLabelText('Sell of Linehaul Linehaul') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(invoicedLocks.sell)).toBeTruthy();
    expect((screen.getByLabelText('Buy of Linehaul Linehaul') as HTMLInputElement).disabled).toBe(false);
  });

  it('follows the service, not the line’s ids: a line the service leaves open is editable and deletable', async () => {
    // invoiceId set, yet the service sends no lock (its rule, not the screen's, decides)
    serve([chargeLine({ invoiceId: 'inv_1', billId: 'bil_1' })]);
    render();
    const del = (await screen.findByRole('button', {
      name: 'Delete Linehaul Linehaul',
    })) as HTMLButtonElement;
    expect(del.disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Linehaul Linehaul' }));
    expect((screen.getByLabelText('Sell of Linehaul Linehaul') as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByLabelText('Buy of Linehaul Linehaul') as HTMLInputElement).disabled).toBe(false);
  });

  it('adds a charge line to the payer’s group: the POST as sent, the summary read again', async () => {
    const posts: unknown[] = [];
    const { set } = serve([chargeLine()]);
    server.use(
      http.post('*/api/accountingSummary/transitChargeline', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posts.push(body);
        const added = chargeLine({
          chargeLineId: 'chl_9',
          chargeLineType: 'Lumper',
          description: 'Lumper at receiver',
          buyCents: 15_000,
          sellCents: 20_000,
        });
        set(
          summary([chargeLine(), added], {
            marginHistory: [
              {
                chargeLineId: 'chl_9',
                chargeLineType: 'Lumper',
                change: 'added',
                field: 'sell',
                oldCents: null,
                newCents: 20_000,
                changedBy: 'Omar Operations',
                changedDate: '2026-11-25T14:03:00.000Z',
              },
            ],
          }),
        );
        return HttpResponse.json(added, { status: 201 });
      }),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Add charge billed to Acme Manufacturing' }));
    const form = screen.getByRole('group', { name: 'New charge billed to Acme Manufacturing' });
    // Nothing chosen: the form says what is missing and sends nothing.
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(within(form).getByText('Choose a charge line type.')).toBeTruthy();
    expect(within(form).getAllByText('Enter an amount in dollars and cents, e.g. 1250.00.')).toHaveLength(2);
    expect(posts).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('Type'), { target: { value: 'Lumper' } });
    fireEvent.change(within(form).getByLabelText('Description'), {
      target: { value: ' Lumper at receiver ' },
    });
    fireEvent.change(within(form).getByLabelText('Buy'), { target: { value: '150' } });
    fireEvent.change(within(form).getByLabelText('Sell'), { target: { value: '200.00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(row(/Lumper Lumper at receiver \$150\.00 \$200\.00/)).toBeTruthy());
    expect(posts).toEqual([
      {
        shipmentId: 10008,
        groupId: 'grp_1',
        chargeLineType: 'Lumper',
        description: 'Lumper at receiver',
        buyCents: 15_000,
        sellCents: 20_000,
      },
    ]);
    expect(screen.getByText('Margin $300.00', { selector: 'p' })).toBeTruthy();
    const history = screen.getByRole('table', { name: 'Margin history changes' });
    expect(
      within(history).getByRole('row', {
        name: '11/25/2026 14:03 UTC Omar Operations Lumper Added sell $200.00',
      }),
    ).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'New charge billed to Acme Manufacturing' })).toBeNull();
  });

  it('a refused new line toasts the spec’s text with the reason and keeps the form', async () => {
    serve([chargeLine()]);
    server.use(
      http.post('*/api/accountingSummary/transitChargeline', () =>
        HttpResponse.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'Some fields are not valid.',
            errors: { 'model.sellCents': ['Enter an amount in whole cents, at most 9999999999 either way.'] },
          },
          { status: 400 },
        ),
      ),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Add charge billed to Acme Manufacturing' }));
    const form = screen.getByRole('group', { name: 'New charge billed to Acme Manufacturing' });
    fireEvent.change(within(form).getByLabelText('Type'), { target: { value: 'Fuel' } });
    fireEvent.change(within(form).getByLabelText('Buy'), { target: { value: '1' } });
    fireEvent.change(within(form).getByLabelText('Sell'), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(/^Error: Unable to save changes\. .*whole cents/)).toBeTruthy();
    expect((within(form).getByLabelText('Sell') as HTMLInputElement).value).toBe('2');
  });

  it('deletes a line after the confirm dialog; Cancel deletes nothing', async () => {
    const deletes: string[] = [];
    const fuel = chargeLine({
      chargeLineId: 'chl_2',
      chargeLineType: 'Fuel',
      description: 'Fuel surcharge',
      buyCents: 28_000,
      sellCents: 35_000,
    });
    const { set } = serve([chargeLine(), fuel]);
    server.use(
      http.delete('*/api/accountingSummary/transitChargeline/:id', ({ params }) => {
        deletes.push(String(params.id));
        set(summary([chargeLine()]));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Fuel Fuel surcharge' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete charge line' });
    expect(within(dialog).getByText('Delete Fuel Fuel surcharge (buy $280.00, sell $350.00)?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete charge line' })).toBeNull());
    expect(deletes).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Fuel Fuel surcharge' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete charge line' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Fuel Fuel surcharge/ })).toBeNull());
    expect(deletes).toEqual(['chl_2']);
    expect(screen.getByText('Margin $250.00', { selector: 'p' })).toBeTruthy();
  });

  it('a refused delete toasts the spec’s text with the server’s reason and keeps the line', async () => {
    serve([chargeLine()]);
    server.use(
      http.delete('*/api/accountingSummary/transitChargeline/:id', () =>
        HttpResponse.json(
          { statusCode: 409, error: 'Conflict', message: invoicedLocks.delete },
          { status: 409 },
        ),
      ),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Linehaul Linehaul' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete charge line' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(`Error: Unable to save changes. ${invoicedLocks.delete}`)).toBeTruthy();
    expect(row(/Linehaul Linehaul \$1,000\.00 \$1,250\.00/)).toBeTruthy();
  });

  it('adds a payer with the organization select and its transit organization type', async () => {
    const posts: unknown[] = [];
    serve([chargeLine()]);
    server.use(
      http.get('*/api/organization/billToOrganizations', () =>
        HttpResponse.json([
          { id: 'org_acme', name: 'Acme Manufacturing' },
          { id: 'org_factor', name: 'Fast Factoring' },
        ]),
      ),
      http.post('*/api/accountingSummary/insertChargeLineGroupOrganization', async ({ request }) => {
        posts.push(await request.json());
        const base = summary([chargeLine()]);
        const factor = {
          ...base.groups[0]!,
          groupId: 'grp_2',
          payerOrganizationId: 'org_factor',
          payerName: 'Fast Factoring',
          transitOrganizationType: 3,
          chargeLines: [],
          totals: { buyCents: 0, sellCents: 0, marginCents: 0 },
          payerLock: null,
        };
        server.use(
          http.get('*/api/accountingSummary/:shipmentId', () =>
            HttpResponse.json({ ...base, groups: [...base.groups, factor] }),
          ),
        );
        return HttpResponse.json(
          { ...factor, chargeLines: undefined, totals: undefined, payerLock: undefined },
          { status: 201 },
        );
      }),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Add payer' }));
    const form = screen.getByRole('group', { name: 'New payer' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(within(form).getByText('Choose the payer to add.')).toBeTruthy();
    await within(form).findByRole('option', { name: 'Fast Factoring' });
    fireEvent.change(within(form).getByLabelText('Payer to add'), { target: { value: 'org_factor' } });
    fireEvent.change(within(form).getByLabelText('Transit organization type'), { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Billed to Fast Factoring')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add charge billed to Fast Factoring' })).toBeTruthy();
    expect(posts).toEqual([
      { shipmentId: 10008, payerOrganizationId: 'org_factor', transitOrganizationType: 3 },
    ]);
  });

  it('shows the commissions (type, rate, min, max, amount, status) and the margin history', async () => {
    serve([chargeLine()], {
      commissions: [
        commission({ status: 5, approvedCents: 3_125, statusChangedBy: 'Abe Approver' }),
        commission({
          commissionId: 'com_2',
          payeeName: 'Agent Ann',
          calculationType: 0,
          rate: 5_000,
          minCents: null,
          amountCents: 5_000,
        }),
      ],
      marginHistory: [
        {
          chargeLineId: 'chl_1',
          chargeLineType: 'Linehaul',
          change: 'changed',
          field: 'buy',
          oldCents: 95_000,
          newCents: 100_000,
          changedBy: 'Avery Admin',
          changedDate: '2026-11-24T09:30:00.000Z',
        },
      ],
    });
    render();
    const commissions = await screen.findByRole('table', { name: 'Commission amounts' });
    expect(
      within(commissions).getByRole('row', {
        name: 'Sam Sales Percentage Margin 12.50% $25.00 — $31.25 Approved Delete',
      }),
    ).toBeTruthy();
    expect(
      within(commissions).getByRole('row', {
        name: 'Agent Ann Flat $50.00 — — $50.00 Not Approved Delete',
      }),
    ).toBeTruthy();
    const history = screen.getByRole('table', { name: 'Margin history changes' });
    expect(
      within(history).getByRole('row', {
        name: '11/24/2026 09:30 UTC Avery Admin Linehaul Changed buy $950.00 $1,000.00',
      }),
    ).toBeTruthy();
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
