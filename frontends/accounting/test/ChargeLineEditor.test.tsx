// The inline editor of a charge line beyond its amounts (001 §7 inline editor, 002 §3.5; decision 0057): the
// type, the billing status (the service's choices), the payer (another group of the shipment) and the
// carrier (the shipment's or none), sent in the PUT of the whole model; each locked one disabled with the
// service's reason. HTTP through msw.
import './setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw, staffMe } from '../../ui/test/msw.ts';
import type { ChargeLine } from '../src/api/types.ts';
import { AccountingSummary } from '../src/components/AccountingSummary/index.ts';
import { chargeLine, globexCredit, summary } from './fixtures.ts';

const server = setupMsw();

/** Two payers: Acme (the line's) and Globex (a pass-through payer with no line yet). */
function twoPayers(lines: ChargeLine[]) {
  const base = summary(lines);
  return {
    ...base,
    groups: [
      ...base.groups,
      {
        ...base.groups[0]!,
        groupId: 'grp_2',
        payerOrganizationId: 'org_globex',
        payerName: 'Globex Foods',
        transitOrganizationType: 1,
        chargeLines: [],
        totals: { buyCents: 0, sellCents: 0, marginCents: 0 },
        payerLock: null,
      },
    ],
  };
}

function serve(lines: ChargeLine[]) {
  let current = twoPayers(lines);
  const puts: ChargeLine[] = [];
  server.use(
    http.get('*/api/accountingSummary/creditInfo/:organizationId', () =>
      HttpResponse.json(globexCredit({ showOverCreditNotice: false })),
    ),
    http.get('*/api/accountingSummary/:shipmentId', () => HttpResponse.json(current)),
    http.put('*/api/accountingSummary/transitChargeline', async ({ request }) => {
      const body = (await request.json()) as ChargeLine;
      puts.push(body);
      const saved = {
        ...body,
        payerOrganizationId: body.groupId === 'grp_2' ? 'org_globex' : 'org_acme',
        carrierMasterName: body.carrierMasterId ? 'Old Line Freight' : null,
        version: body.version + 1,
      };
      current = twoPayers([saved]);
      current.groups[0]!.chargeLines = saved.groupId === 'grp_1' ? [saved] : [];
      current.groups[1]!.chargeLines = saved.groupId === 'grp_2' ? [saved] : [];
      return HttpResponse.json(saved);
    }),
  );
  return puts;
}

const render = () => renderWithShell(<AccountingSummary shipmentId={10008} />, { user: staffMe });
const select = (name: string) => screen.getByLabelText(name) as HTMLSelectElement;

describe('the charge line editor: type, billing status, payer, carrier', () => {
  it('edits them all and PUTs the whole model with them; the line moves to its new payer', async () => {
    const puts = serve([
      chargeLine({ carrierMasterId: 'car_oldline', carrierMasterName: 'Old Line Freight' }),
    ]);
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Linehaul Linehaul' }));
    expect(select('Type of Linehaul Linehaul').value).toBe('Linehaul');
    // The billing statuses are the service's choices (Created and Has Variance are not offered).
    const billing = select('Billing status of Linehaul Linehaul');
    expect([...billing.options].map((o) => o.text)).toEqual([
      'Not Ready',
      'Ready',
      'No Accounting',
      'Pass Through',
    ]);
    expect([...select('Payer of Linehaul Linehaul').options].map((o) => o.text)).toEqual([
      'Billed to Acme Manufacturing',
      'Billed to Globex Foods',
    ]);
    expect([...select('Carrier of Linehaul Linehaul').options].map((o) => o.text)).toEqual([
      'No carrier',
      'Old Line Freight',
    ]);
    fireEvent.change(select('Type of Linehaul Linehaul'), { target: { value: 'Fuel' } });
    fireEvent.change(billing, { target: { value: 'Ready' } });
    fireEvent.change(select('Payer of Linehaul Linehaul'), { target: { value: 'grp_2' } });
    fireEvent.change(select('Carrier of Linehaul Linehaul'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      ...chargeLine({ carrierMasterId: 'car_oldline', carrierMasterName: 'Old Line Freight' }),
      chargeLineType: 'Fuel',
      billingStatus: 'Ready',
      groupId: 'grp_2',
      carrierMasterId: null,
    });
    const globex = await screen.findByRole('table', { name: 'Charges billed to Globex Foods' });
    expect(
      within(globex).getByRole('row', { name: /Fuel Linehaul \$1,000\.00 \$1,250\.00 Ready/ }),
    ).toBeTruthy();
    const acme = screen.getByRole('table', { name: 'Charges billed to Acme Manufacturing' });
    expect(within(acme).queryByRole('row', { name: /Fuel Linehaul/ })).toBeNull();
  });

  it('shows what the service locked, disabled with its reason, and keeps a status only the service sets', async () => {
    const locks = {
      sell: 'This charge is invoiced: its sell cannot change.',
      buy: 'This charge is on an approved bill: its buy cannot change.',
      chargeLineType: 'This charge is invoiced: its type cannot change.',
      payer: 'This charge is invoiced: it cannot move to another payer.',
      billingStatus: 'This charge is invoiced: its billing status is the invoice’s.',
      vendor: 'This charge is on an approved bill: its carrier and vendor cannot change.',
      delete: 'This charge is invoiced: it cannot be deleted.',
    };
    const puts = serve([
      chargeLine({
        invoiceId: 'inv_1',
        billId: 'bil_1',
        invoiceStatus: 1,
        billingStatus: 'Created',
        carrierMasterId: 'car_oldline',
        carrierMasterName: 'Old Line Freight',
        vendorOrganizationId: 'org_lumpers',
        vendorName: 'Lumpers Inc',
        locks,
      }),
    ]);
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Linehaul Linehaul' }));
    for (const [name, reason] of [
      ['Type of Linehaul Linehaul', locks.chargeLineType],
      ['Payer of Linehaul Linehaul', locks.payer],
      ['Carrier of Linehaul Linehaul', locks.vendor],
      ['Billing status of Linehaul Linehaul', locks.billingStatus],
    ] as const) {
      const field = select(name);
      expect(field.disabled).toBe(true);
      expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(reason);
    }
    expect(select('Billing status of Linehaul Linehaul').value).toBe('Created');
    expect(screen.getByText('Vendor: Lumpers Inc')).toBeTruthy();
    // The description is still the editor's; the rest goes back as read.
    fireEvent.change(screen.getByLabelText('Description of Linehaul Linehaul'), {
      target: { value: 'Linehaul, per contract' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({
      chargeLineType: 'Linehaul',
      billingStatus: 'Created',
      groupId: 'grp_1',
      carrierMasterId: 'car_oldline',
      description: 'Linehaul, per contract',
    });
  });

  it('a refused change toasts the spec’s text with the service’s reason and stays in editing', async () => {
    serve([chargeLine()]);
    server.use(
      http.put('*/api/accountingSummary/transitChargeline', () =>
        HttpResponse.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'The carrier of a charge is the shipment’s carrier (Old Line Freight) or none.',
          },
          { status: 400 },
        ),
      ),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Linehaul Linehaul' }));
    fireEvent.change(select('Type of Linehaul Linehaul'), { target: { value: 'Lumper' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Error: Unable to save changes. The carrier of a charge is the shipment’s carrier (Old Line Freight) or none.',
      ),
    ).toBeTruthy();
    expect(select('Type of Linehaul Linehaul').value).toBe('Lumper');
  });
});
