// The accounting sync page (001 §3, §4, §7; 000 §4, §9): four previews with their items selected by default, the
// run's options as sent, the progress tracker polled until the end (first after 1 s, then every 500 ms, going on
// after a failed poll), test connection. HTTP through msw; real timers.
import './setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw, staffMe } from '../../ui/test/msw.ts';
import { AccountingSyncPage } from '../src/components/AccountingSyncPage/index.ts';
import { snapshot, syncItem } from './fixtures.ts';

const server = setupMsw();

function previews() {
  const asked: string[] = [];
  server.use(
    http.get('*/api/accountingsync/preview/:kind', ({ params, request }) => {
      const getFailed = new URL(request.url).searchParams.get('getFailed');
      asked.push(`${String(params.kind)}:${getFailed}`);
      const items =
        params.kind === 'invoices'
          ? getFailed === 'true'
            ? [
                syncItem({
                  id: 'inv_9',
                  number: '100009',
                  syncStatus: 'Failed',
                  message: 'The organization has no name.',
                }),
              ]
            : [syncItem(), syncItem({ id: 'inv_2', number: '100002', amountCents: 50_000 })]
          : params.kind === 'bills'
            ? [syncItem({ id: 'bil_1', kind: 'bill', number: 'B-1', organizationName: 'Old Line Freight' })]
            : [];
      return HttpResponse.json({
        kind: params.kind,
        getFailed: getFailed === 'true',
        totalCount: items.length,
        items,
      });
    }),
  );
  return asked;
}

const render = () => renderWithShell(<AccountingSyncPage />, { user: staffMe });

describe('AccountingSyncPage', () => {
  it("says who may sync when the service refuses the caller's role, not 'try again'", async () => {
    const refusal = 'You need the Accounting Sync permission to sync with the ledger.';
    server.use(
      http.get('*/api/accountingsync/preview/:kind', () =>
        HttpResponse.json({ statusCode: 403, error: 'Forbidden', message: refusal }, { status: 403 }),
      ),
    );
    render();
    await waitFor(() => expect(screen.getAllByText(refusal)).toHaveLength(4));
  });

  it('shows the four previews with every item selected, and a failed-only view', async () => {
    const asked = previews();
    render();
    const invoices = await screen.findByRole('table', { name: 'Invoices to sync' });
    expect((within(invoices).getByLabelText('Sync invoice 100001') as HTMLInputElement).checked).toBe(true);
    expect((within(invoices).getByLabelText('Sync invoice 100002') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Invoices (2 of 2 selected)')).toBeTruthy();
    expect(await screen.findByText('Bills (1 of 1 selected)')).toBeTruthy();
    expect(await screen.findByText('Invoice payments (0 of 0 selected)')).toBeTruthy();
    expect(await screen.findByText('Bill payments (0 of 0 selected)')).toBeTruthy();
    expect(asked.sort()).toEqual([
      'billpayments:false',
      'bills:false',
      'invoicepayments:false',
      'invoices:false',
    ]);

    fireEvent.click(within(screen.getByRole('region', { name: 'Invoices' })).getByLabelText('Failed only'));
    expect(await screen.findByText('Failed: The organization has no name.')).toBeTruthy();
    expect(asked).toContain('invoices:true');
  });

  it('a test run sends the selection and follows the progress bar to the end', async () => {
    previews();
    const posted: unknown[] = [];
    const polls: number[] = [];
    let started = 0;
    server.use(
      http.get('*/api/accountingsync/CreateTracker', () =>
        HttpResponse.json(snapshot({ traceLogId: 'trc_7' })),
      ),
      http.post('*/api/accountingsync/runSync', async ({ request }) => {
        posted.push(await request.json());
        started = Date.now();
        return HttpResponse.json(
          {
            runId: 'run_1',
            traceLogId: 'trc_7',
            activityId: 'trc_7',
            trackerType: 'AccountingSync',
            total: 2,
            isTestRun: true,
          },
          { status: 202 },
        );
      }),
      http.get('*/api/progressTracker/GetProgress', ({ request }) => {
        const query = new URL(request.url).searchParams;
        expect(query.get('traceLogId')).toBe('trc_7');
        expect(query.get('trackerType')).toBe('AccountingSync');
        polls.push(Date.now() - started);
        // The second poll fails: the tracker says so and polls again.
        if (polls.length === 2) return HttpResponse.json({ message: 'busy' }, { status: 503 });
        if (polls.length === 1)
          return HttpResponse.json(snapshot({ traceLogId: 'trc_7', progress: 50, done: 1, total: 2 }));
        return HttpResponse.json(
          snapshot({
            traceLogId: 'trc_7',
            progress: 100,
            done: 2,
            total: 2,
            isFinished: true,
            message: 'Sync finished: 2 Complete, 0 Failed.',
          }),
        );
      }),
    );
    render();
    const invoices = await screen.findByRole('table', { name: 'Invoices to sync' });
    await screen.findByRole('table', { name: 'Bills to sync' });
    // One bill left out.
    fireEvent.click(screen.getByLabelText('Sync bill B-1'));
    fireEvent.click(screen.getByRole('button', { name: 'Test run' }));
    // The product's progress tracker (@loadline/ui), polled for the run's tracker.
    const bar = () => screen.getByRole('progressbar', { name: 'Test run progress' });
    await waitFor(() => expect(bar().getAttribute('aria-valuenow')).toBe('0'));
    await waitFor(() => expect(bar().getAttribute('aria-valuenow')).toBe('50'), { timeout: 3000 });
    expect(
      await screen.findByText('Unable to get the progress. Still trying…', {}, { timeout: 3000 }),
    ).toBeTruthy();
    await waitFor(() => expect(bar().getAttribute('aria-valuenow')).toBe('100'), { timeout: 3000 });
    expect(
      await screen.findByText(
        'Sync finished: 2 Complete, 0 Failed. Test run finished: nothing was sent to the ledger.',
      ),
    ).toBeTruthy();
    expect(posted).toEqual([
      {
        activityId: 'trc_7',
        isTestRun: true,
        doRetreiveCheckNumbers: false,
        enableLogger: false,
        doInvoices: true,
        doInvoicePayments: false,
        doBills: false,
        doBillPayments: false,
        invoices: ['inv_1', 'inv_2'],
        invoicePayments: [],
        bills: [],
        billPayments: [],
      },
    ]);
    // 000 §9: the first poll after 1 s, then every 500 ms; none after the end.
    expect(polls).toHaveLength(3);
    expect(polls[0]).toBeGreaterThanOrEqual(950);
    expect(polls[1]! - polls[0]!).toBeGreaterThanOrEqual(450);
    expect(polls[1]! - polls[0]!).toBeLessThan(1000);
    expect(within(invoices).getAllByRole('checkbox').length).toBe(3);
  });

  it('says what the connection test answers', async () => {
    previews();
    server.use(
      http.get('*/api/accountingsync/testConnection', () =>
        HttpResponse.json({
          syncType: 'DailyExportSyncARAP',
          connected: true,
          message: 'The export folder is writable.',
        }),
      ),
    );
    render();
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Connection: DailyExportSyncARAP');
    expect(status.textContent).toContain('The export folder is writable.');
  });

  it('does not start with nothing selected', async () => {
    previews();
    let started = false;
    server.use(
      http.get('*/api/accountingsync/CreateTracker', () => {
        started = true;
        return HttpResponse.json(snapshot());
      }),
    );
    render();
    await screen.findByRole('table', { name: 'Invoices to sync' });
    await screen.findByRole('table', { name: 'Bills to sync' });
    fireEvent.click(screen.getByLabelText('Select all invoices'));
    fireEvent.click(screen.getByLabelText('Sync bill B-1'));
    fireEvent.click(screen.getByRole('button', { name: 'Run sync' }));
    expect(await screen.findByText('Select at least one item to sync.')).toBeTruthy();
    expect(started).toBe(false);
  });
});
