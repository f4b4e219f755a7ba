// Commissions on the accounting summary (001 §3; 002 §3.6; decision 0057): "Add commission" with the rate as a
// percent or dollars by type, min and max, the POST as sent; Approve, Decline, Reopen and Delete offered
// only as the service's locks say; a refusal in 001 §8's words. HTTP through msw.
import './setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw, staffMe } from '../../ui/test/msw.ts';
import type { Commission } from '../src/api/types.ts';
import { AccountingSummary } from '../src/components/AccountingSummary/index.ts';
import { commissionMessages } from '../src/rules/commissions.ts';
import { chargeLine, commission, globexCredit, summary } from './fixtures.ts';

const server = setupMsw();

function serve(commissions: Commission[], addCommissionLock: string | null = null) {
  let current = summary([chargeLine()], { commissions, addCommissionLock });
  server.use(
    http.get('*/api/accountingSummary/creditInfo/:organizationId', () =>
      HttpResponse.json(globexCredit({ showOverCreditNotice: false })),
    ),
    http.get('*/api/accountingSummary/:shipmentId', () => HttpResponse.json(current)),
  );
  return (next: Commission[]) => {
    current = summary([chargeLine()], { commissions: next, addCommissionLock });
  };
}

const render = () => renderWithShell(<AccountingSummary shipmentId={10008} />, { user: staffMe });
const field = (name: string) =>
  within(screen.getByRole('group', { name: 'New commission' })).getByLabelText(name);

describe('Commissions', () => {
  it('adds a commission: checks what is typed, sends the rate in basis points and the limits in cents', async () => {
    const posts: unknown[] = [];
    const set = serve([]);
    server.use(
      http.post('*/api/accountingSummary/commission', async ({ request }) => {
        const body = (await request.json()) as Commission;
        posts.push(body);
        const added = commission({ ...body, amountCents: 3_125 });
        set([added]);
        return HttpResponse.json(added, { status: 201 });
      }),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Add commission' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(commissionMessages.payeeName)).toBeTruthy();
    expect(screen.getByText(commissionMessages.calculationType)).toBeTruthy();
    expect(posts).toEqual([]);
    fireEvent.change(field('Payee'), { target: { value: ' Sam Sales ' } });
    fireEvent.change(field('Calculation'), { target: { value: '1' } });
    fireEvent.change(field('Rate (%)'), { target: { value: '12.5' } });
    fireEvent.change(field('Min ($)'), { target: { value: '25' } });
    fireEvent.change(field('Max ($)'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(commissionMessages.maxBelowMin)).toBeTruthy();
    fireEvent.change(field('Max ($)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      shipmentId: 10008,
      payeeName: 'Sam Sales',
      calculationType: 1,
      rate: 1250,
      minCents: 2500,
      maxCents: null,
    });
    const table = await screen.findByRole('table', { name: 'Commission amounts' });
    expect(
      within(table).getByRole('row', { name: /Sam Sales Percentage Margin 12\.50% \$25\.00 — \$31\.25/ }),
    ).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'New commission' })).toBeNull();
  });

  it('takes a flat rate in dollars', async () => {
    const posts: unknown[] = [];
    serve([]);
    server.use(
      http.post('*/api/accountingSummary/commission', async ({ request }) => {
        posts.push(await request.json());
        return HttpResponse.json(commission(), { status: 201 });
      }),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Add commission' }));
    fireEvent.change(field('Payee'), { target: { value: 'Agent Ann' } });
    fireEvent.change(field('Calculation'), { target: { value: '0' } });
    fireEvent.change(field('Rate ($)'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ calculationType: 0, rate: 5000 });
  });

  it('offers no adding when the service says the caller may not, with its reason', async () => {
    serve([], 'You need the Commissions Admin permission to add, change or delete commissions.');
    render();
    const add = (await screen.findByRole('button', { name: 'Add commission' })) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(add.title).toMatch(/Commissions Admin/);
  });

  it('approves with the actions the service sent: the whole commission with its new status', async () => {
    const puts: Commission[] = [];
    const open = commission({
      locks: {
        terms: 'You need the Commissions Admin permission to add, change or delete commissions.',
        delete: 'You need the Commissions Admin permission to add, change or delete commissions.',
        actions: [
          { action: 'Approve', status: 5 },
          { action: 'Decline', status: 3 },
        ],
      },
    });
    const set = serve([open]);
    server.use(
      http.put('*/api/accountingSummary/commission', async ({ request }) => {
        const body = (await request.json()) as Commission;
        puts.push(body);
        const approved = commission({
          status: 5,
          approvedCents: 3_125,
          statusChangedBy: 'Abe Approver',
          version: 2,
          locks: { ...open.locks, actions: [{ action: 'Reopen', status: 0 }] },
        });
        set([approved]);
        return HttpResponse.json(approved);
      }),
    );
    render();
    const del = (await screen.findByRole('button', {
      name: 'Delete commission of Sam Sales',
    })) as HTMLButtonElement;
    expect(del.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Reopen commission of Sam Sales' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Approve commission of Sam Sales' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ ...open, status: 5 });
    expect(await screen.findByText('Commission of Sam Sales approved.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Reopen commission of Sam Sales' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve commission of Sam Sales' })).toBeNull();
    expect(screen.getByText('Approved').getAttribute('title')).toBe('Approved by Abe Approver');
  });

  it('shows no status action to a caller the service gave none, and a refusal in the spec’s words', async () => {
    serve([
      commission({ commissionId: 'com_mine', payeeName: 'Mia Manager' }),
      commission({
        commissionId: 'com_2',
        payeeName: 'Agent Ann',
        locks: { terms: null, delete: null, actions: [{ action: 'Decline', status: 3 }] },
      }),
    ]);
    server.use(
      http.put('*/api/accountingSummary/commission', () =>
        HttpResponse.json(
          { statusCode: 409, error: 'Conflict', message: 'A commission Approved cannot become Declined.' },
          { status: 409 },
        ),
      ),
    );
    render();
    await screen.findByRole('table', { name: 'Commission amounts' });
    expect(
      screen.queryByRole('button', { name: /(Approve|Decline|Reopen) commission of Mia Manager/ }),
    ).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Decline commission of Agent Ann' }));
    expect(
      await screen.findByText('Error: Unable to save changes. A commission Approved cannot become Declined.'),
    ).toBeTruthy();
  });
});
