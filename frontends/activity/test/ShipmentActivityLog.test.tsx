// The shipment activity log as the shells and the shipments remote mount it (000 §2 items 2 and 9, §4, §8):
// HTTP through msw, texts from the catalogue.
import './setup.ts';
import { AccessLevel, messages, ShipmentActivityType } from '@loadline/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw } from '../../ui/test/msw.ts';
import {
  ShipmentActivityLog,
  ShipmentActivityLogModal,
} from '../src/components/ShipmentActivityLog/index.ts';
import { entries, entry, queryOf, serverError, shipmentLogHandlers } from './fixtures.ts';

const server = setupMsw();
const A = AccessLevel.values;
const T = ShipmentActivityType.values;

const articles = () => screen.queryAllByRole('article');
const selectByLabel = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;

describe('ShipmentActivityLog: loading', () => {
  it('loads the latest 50 first, then the remaining with getRemaining from where it stopped', async () => {
    const { handlers, recorded } = shipmentLogHandlers({ page: entries(50), remaining: entries(12, 51) });
    server.use(...handlers);
    renderWithShell(<ShipmentActivityLog shipmentId={10005} office="backOffice" />);
    expect(await screen.findByText(messages.search.resultsFound(50))).toBeTruthy();
    expect(articles()).toHaveLength(50);
    expect(recorded.logQueries).toEqual([{ shipmentId: '10005', recordCount: '50', startIndex: '0' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Load remaining activities' }));
    expect(await screen.findByText(messages.search.resultsFound(62))).toBeTruthy();
    expect(recorded.logQueries[1]).toEqual({
      shipmentId: '10005',
      recordCount: '50',
      startIndex: '50',
      getRemaining: 'true',
    });
    expect(articles()).toHaveLength(62);
    expect(screen.queryByRole('button', { name: 'Load remaining activities' })).toBeNull();
  });

  it('offers no remaining load when fewer than 50 came back (all retrieved)', async () => {
    server.use(...shipmentLogHandlers({ page: entries(49) }).handlers);
    renderWithShell(<ShipmentActivityLog shipmentId={10005} office="backOffice" />);
    expect(await screen.findByText(messages.search.resultsFound(49))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load remaining activities' })).toBeNull();
  });

  it('a failed load toasts and shows 000 §8’s text as the search message', async () => {
    server.use(...shipmentLogHandlers().handlers);
    server.use(http.get('*/api/activitylog', serverError));
    renderWithShell(<ShipmentActivityLog shipmentId={10005} office="backOffice" />);
    await waitFor(() => expect(screen.getAllByText(messages.activities.loadFailed)).toHaveLength(2));
    expect(screen.getByRole('status').textContent).toBe(messages.activities.loadFailed);
  });

  it('says No Results Found for an empty log', async () => {
    server.use(...shipmentLogHandlers({ page: [] }).handlers);
    renderWithShell(<ShipmentActivityLog shipmentId={10005} office="backOffice" />);
    expect(await screen.findByText(messages.search.noResults)).toBeTruthy();
  });

  it('filters through the server: type, System Note, pinned only, non-system notes', async () => {
    const { handlers, recorded } = shipmentLogHandlers({ page: entries(3) });
    server.use(...handlers);
    renderWithShell(<ShipmentActivityLog shipmentId={10005} office="backOffice" />);
    await screen.findByText(messages.search.resultsFound(3));
    fireEvent.change(selectByLabel('Type'), { target: { value: String(T.Payable) } });
    await waitFor(() => expect(recorded.logQueries).toHaveLength(2));
    expect(recorded.logQueries[1]).toMatchObject({ activityType: String(T.Payable) });

    fireEvent.change(selectByLabel('Type'), { target: { value: 'SystemNote' } });
    await waitFor(() => expect(recorded.logQueries).toHaveLength(3));
    expect(recorded.logQueries[2]).toMatchObject({ systemNotes: 'true' });
    expect(recorded.logQueries[2]?.activityType).toBeUndefined();

    fireEvent.click(screen.getByLabelText('Pinned only'));
    await waitFor(() => expect(recorded.logQueries).toHaveLength(4));
    fireEvent.click(screen.getByLabelText('Non-system notes'));
    await waitFor(() => expect(recorded.logQueries).toHaveLength(5));
    expect(recorded.logQueries[4]).toMatchObject({
      pinnedOnly: 'true',
      nonSystemOnly: 'true',
      systemNotes: 'true',
    });
  });

  it('loads archived entries on demand, marked archived and left as they were', async () => {
    server.use(...shipmentLogHandlers({ page: entries(2) }).handlers);
    server.use(
      http.get('*/api/shipmentActivityLogArchive/:shipmentId', () =>
        HttpResponse.json([entry({ id: 900, description: 'Delivered last year', isArchived: true })]),
      ),
    );
    renderWithShell(<ShipmentActivityLog shipmentId={10005} office="backOffice" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Load archived activities' }));
    const archive = await screen.findByRole('region', { name: 'Archived activities' });
    const row = within(archive).getByRole('article');
    expect(within(row).getByText('Archived')).toBeTruthy();
    expect(within(row).getByText('Delivered last year')).toBeTruthy();
    expect(within(row).queryByRole('button')).toBeNull();
  });
});

describe('ShipmentActivityLog: changes by staff', () => {
  it('cycles the access level Public → Private → Admin → Public through the server, the row from the answer', async () => {
    const { handlers, recorded } = shipmentLogHandlers({ page: [entry({ id: 7, accessLevel: A.Public })] });
    server.use(...handlers);
    renderWithShell(<ShipmentActivityLog shipmentId={10005} office="backOffice" canUseAdminAccessLevel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Access level Public: change' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Access level Private: change' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Access level Admin: change' }));
    await screen.findByRole('button', { name: 'Access level Public: change' });
    expect(recorded.bodies.map((b) => b.path)).toEqual([
      'setaccesslevel/7/1',
      'setaccesslevel/7/2',
      'setaccesslevel/7/0',
    ]);
    expect(screen.getAllByText(messages.activities.accessLevelUpdated).length).toBeGreaterThan(0);
  });

  it('without the Admin permission the cycle is Public ↔ Private', async () => {
    const { handlers, recorded } = shipmentLogHandlers({ page: [entry({ id: 7, accessLevel: A.Private })] });
    server.use(...handlers);
    renderWithShell(<ShipmentActivityLog shipmentId={10005} office="backOffice" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Access level Private: change' }));
    await screen.findByRole('button', { name: 'Access level Public: change' });
    expect(recorded.bodies.map((b) => b.path)).toEqual(['setaccesslevel/7/0']);
  });

  it('a refused access-level change toasts 000 §8’s text and leaves the row', async () => {
    server.use(...shipmentLogHandlers({ page: [entry({ id: 7, accessLevel: A.Private })] }).handlers);
    server.use(http.post('*/api/activitylog/setaccesslevel/:id/:accessLevel', serverError));
    renderWithShell(<ShipmentActivityLog shipmentId={10005} office="backOffice" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Access level Private: change' }));
    expect(await screen.findByText(messages.activities.accessLevelChangeFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Access level Private: change' })).toBeTruthy();
  });

  it('toggles the pin of an entry', async () => {
    const { handlers, recorded } = shipmentLogHandlers({ page: [entry({ id: 7 })] });
    server.use(...handlers);
    renderWithShell(<ShipmentActivityLog shipmentId={10005} office="backOffice" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Pin' }));
    const pinned = await screen.findByRole('button', { name: 'Pinned' });
    expect(pinned.getAttribute('aria-pressed')).toBe('true');
    expect(recorded.bodies).toEqual([
      { path: 'togglePinned', body: { shipmentActivityLogId: 7, shipmentId: 10005, pinned: true } },
    ]);
    fireEvent.click(pinned);
    await screen.findByRole('button', { name: 'Pin' });
    expect(recorded.bodies[1]?.body).toEqual({ shipmentActivityLogId: 7, shipmentId: 10005, pinned: false });
  });

  it('adds an entry: preset first, then the form resets to Private with an empty description and closes', async () => {
    server.use(...shipmentLogHandlers({ page: entries(2) }).handlers);
    const posted: unknown[] = [];
    server.use(
      http.post('*/api/activitylog', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posted.push(body);
        return HttpResponse.json(
          entry({ id: 99, description: String(body.description), accessLevel: Number(body.accessLevel) }),
          { status: 201 },
        );
      }),
    );
    renderWithShell(<ShipmentActivityLog shipmentId={10005} office="backOffice" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add activity' }));
    const form = screen.getByRole('form', { name: 'Add activity' });
    const field = (label: string) => within(form).getByLabelText(label) as HTMLSelectElement;
    // 000 §3, §5: General and Private by default.
    expect(field('Type').value).toBe(String(T.General));
    expect(field('Access level').value).toBe(String(A.Private));
    expect(within(form).queryByLabelText('Preset note')).toBeNull();

    fireEvent.change(field('Type'), { target: { value: String(T.Payable) } });
    fireEvent.change(field('Description'), { target: { value: 'Carrier billed twice' } });
    fireEvent.change(field('Preset note'), { target: { value: '4' } });
    expect(field('Description').value).toBe('Duplicate bill. Carrier billed twice');
    fireEvent.change(field('Preset note'), { target: { value: '10' } });
    expect(field('Description').value).toBe('Not our bill. Carrier billed twice');
    // Another type clears the preset and its text.
    fireEvent.change(field('Type'), { target: { value: String(T.Claims) } });
    expect(field('Description').value).toBe('Carrier billed twice');
    expect(within(form).queryByLabelText('Preset note')).toBeNull();
    fireEvent.change(field('Type'), { target: { value: String(T.Payable) } });
    fireEvent.change(field('Preset note'), { target: { value: '4' } });
    fireEvent.change(field('Access level'), { target: { value: String(A.Public) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save activity' }));

    expect(await screen.findByText(messages.activities.added)).toBeTruthy();
    expect(posted).toEqual([
      {
        shipmentId: 10005,
        activityType: T.Payable,
        accessLevel: A.Public,
        description: 'Duplicate bill. Carrier billed twice',
        presetPayableNote: 4,
        presetAuditNote: null,
        pinned: false,
      },
    ]);
    // Closed, and the new entry is first.
    expect(screen.queryByRole('form', { name: 'Add activity' })).toBeNull();
    expect(
      within(articles()[0] as HTMLElement).getByText('Duplicate bill. Carrier billed twice'),
    ).toBeTruthy();
    // Opened again: Private, empty.
    fireEvent.click(screen.getByRole('button', { name: 'Add activity' }));
    const again = screen.getByRole('form', { name: 'Add activity' });
    expect((within(again).getByLabelText('Access level') as HTMLSelectElement).value).toBe(String(A.Private));
    expect((within(again).getByLabelText('Description') as HTMLTextAreaElement).value).toBe('');
    expect((within(again).getByLabelText('Type') as HTMLSelectElement).value).toBe(String(T.General));
  });

  it('offers Admin in the add form only with canUseAdminAccessLevel', async () => {
    server.use(...shipmentLogHandlers({ page: [] }).handlers);
    const first = renderWithShell(<ShipmentActivityLog shipmentId={10005} office="backOffice" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add activity' }));
    const levels = () =>
      Array.from((screen.getByLabelText('Access level') as HTMLSelectElement).options).map((o) => o.text);
    expect(levels()).toEqual(['Public', 'Private']);
    first.unmount();
    renderWithShell(<ShipmentActivityLog shipmentId={10005} office="backOffice" canUseAdminAccessLevel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add activity' }));
    expect(levels()).toEqual(['Public', 'Private', 'Admin']);
  });

  it('assigns with the staff typeahead (8 results) and a delay', async () => {
    server.use(...shipmentLogHandlers({ page: [] }).handlers);
    const typeahead: Record<string, string>[] = [];
    const posted: Record<string, unknown>[] = [];
    server.use(
      http.get('*/api/brokerStaff/typeahead', ({ request }) => {
        typeahead.push(queryOf(request));
        return HttpResponse.json([
          { staffId: 'usr_ana', name: 'Ana Admin', email: 'admin@demo.test' },
          { staffId: 'usr_omar', name: 'Omar Operations', email: 'ops@demo.test' },
        ]);
      }),
      http.post('*/api/activitylog', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posted.push(body);
        return HttpResponse.json(
          entry({
            id: 5,
            description: String(body.description),
            isAssignment: true,
            isScheduled: true,
            assignToStaffName: 'Omar Operations',
            assignmentDueDate: '2026-11-24T15:00:00.000Z',
          }),
          { status: 201 },
        );
      }),
    );
    renderWithShell(<ShipmentActivityLog shipmentId={10005} office="backOffice" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add activity' }));
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Call the consignee' } });
    fireEvent.click(screen.getByLabelText('Assign'));
    const delays = Array.from((screen.getByLabelText('Delay') as HTMLSelectElement).options).map((o) => [
      o.value,
      o.text,
    ]);
    expect(delays).toEqual([
      ['0', 'Now'],
      ['30', '30 minutes'],
      ['60', '1 hour'],
      ['120', '2 hours'],
      ['240', '4 hours'],
      ['1440', '1 day'],
      ['2880', '2 days'],
      ['10080', '1 week'],
    ]);
    fireEvent.change(screen.getByLabelText('Assign to'), { target: { value: 'oma' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Omar Operations' }));
    expect(typeahead).toEqual([{ query: 'oma', recordCount: '8' }]);
    fireEvent.change(screen.getByLabelText('Delay'), { target: { value: '1440' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save activity' }));
    expect(await screen.findByText(/^Scheduled for Omar Operations · due /)).toBeTruthy();
    expect(posted[0]).toMatchObject({
      isAssignment: true,
      assignToStaffId: 'usr_omar',
      assignmentDelayMinutes: 1440,
      description: 'Call the consignee',
    });
  });

  it('a refused add toasts 000 §8’s text (or the server’s model errors)', async () => {
    server.use(...shipmentLogHandlers({ page: [] }).handlers);
    server.use(http.post('*/api/activitylog', serverError));
    renderWithShell(<ShipmentActivityLog shipmentId={10005} office="backOffice" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add activity' }));
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save activity' }));
    expect(await screen.findByText(messages.activities.addFailed)).toBeTruthy();
    // The form stays open with what was typed.
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('x');
  });

  it('pushes the parent’s activity to its child shipments, with 000 §8’s texts', async () => {
    server.use(...shipmentLogHandlers({ page: [], children: [10039] }).handlers);
    let pushes = 0;
    server.use(
      http.get('*/api/consolidation/activity/:shipmentId', () => {
        pushes += 1;
        return pushes === 1
          ? HttpResponse.json({ parentShipmentId: 10038, childShipmentIds: [10039], pushedCount: 4 })
          : serverError();
      }),
    );
    renderWithShell(<ShipmentActivityLog shipmentId={10038} office="backOffice" />);
    const push = await screen.findByRole('button', { name: 'Push to child shipments' });
    fireEvent.click(push);
    expect(await screen.findByText(messages.activities.pushedToChildren)).toBeTruthy();
    fireEvent.click(push);
    expect(await screen.findByText(messages.activities.pushToChildrenFailed)).toBeTruthy();
  });

  it('offers no push without children, and says so when the consolidation check fails', async () => {
    server.use(...shipmentLogHandlers({ page: [] }).handlers);
    server.use(http.get('*/api/shipmentDomestic/:shipmentId', serverError));
    renderWithShell(<ShipmentActivityLog shipmentId={10005} office="backOffice" />);
    expect(await screen.findByText(messages.shipment.consolidationCheckFailed)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Push to child shipments' })).toBeNull();
  });

  it('reassigns an email activity to another shipment, and dismisses another', async () => {
    const email = (id: number, detail: string) =>
      entry({
        id,
        activityType: T.Email,
        activityTypeName: 'Email',
        userName: 'Dispatch at Old Line',
        description: `Driver update ${id}`,
        email: {
          emailAutomationDetailId: detail,
          type: 'Operations',
          name: 'Dispatch at Old Line',
          date: '2026-11-23T12:00:00.000Z',
          body: `Driver update ${id}`,
        },
      });
    server.use(...shipmentLogHandlers({ page: [email(1, 'ead_1'), email(2, 'ead_2')] }).handlers);
    const calls: { path: string; body: unknown }[] = [];
    server.use(
      http.put('*/api/emailautomationlog/:id/reassign', async ({ params, request }) => {
        calls.push({ path: `${params.id}/reassign`, body: await request.json() });
        return HttpResponse.json({ ...email(1, 'ead_1'), shipmentId: 10006 });
      }),
      http.put('*/api/emailautomationlog/:id/dismiss', ({ params }) => {
        calls.push({ path: `${params.id}/dismiss`, body: null });
        return HttpResponse.json(email(2, 'ead_2'));
      }),
    );
    renderWithShell(<ShipmentActivityLog shipmentId={10005} office="backOffice" />);
    const first = await screen.findByText('Driver update 1');
    fireEvent.click(
      within(first.closest('article') as HTMLElement).getByRole('button', { name: 'Reassign' }),
    );
    const reassign = await screen.findByRole('dialog', { name: 'Reassign email activity' });
    fireEvent.change(within(reassign).getByLabelText('Move to shipment'), { target: { value: '10006' } });
    fireEvent.click(within(reassign).getByRole('button', { name: 'Reassign' }));
    expect(await screen.findByText('Email activity moved to shipment 10006.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Driver update 1')).toBeNull());

    const second = screen.getByText('Driver update 2');
    fireEvent.click(
      within(second.closest('article') as HTMLElement).getByRole('button', { name: 'Dismiss' }),
    );
    const dismiss = await screen.findByRole('dialog', { name: 'Dismiss email activity' });
    fireEvent.click(within(dismiss).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('Driver update 2')).toBeNull());
    expect(calls).toEqual([
      { path: 'ead_1/reassign', body: { shipmentId: 10006 } },
      { path: 'ead_2/dismiss', body: null },
    ]);
  });
});

describe('ShipmentActivityLog: front office and the edit-status modal', () => {
  it('the front office reads the entries the service gives and is offered no changes', async () => {
    // No handler for the consolidation check: a call would fail the test (msw: unhandled request).
    const { recorded } = shipmentLogHandlers();
    server.use(
      http.get('*/api/activitylog', ({ request }) => {
        recorded.logQueries.push(queryOf(request));
        return HttpResponse.json([
          entry({ id: 1, accessLevel: A.Public, description: 'Picked up', pinned: true }),
          entry({ id: 2, accessLevel: A.Public, description: 'In transit' }),
        ]);
      }),
    );
    renderWithShell(<ShipmentActivityLog shipmentId={10005} office="frontOffice" />, {
      basename: '/front-office',
    });
    expect(await screen.findByText('Picked up')).toBeTruthy();
    expect(screen.getByText('In transit')).toBeTruthy();
    expect(screen.getByText('Pinned')).toBeTruthy();
    for (const name of ['Add activity', 'Pin', 'Pinned', 'Reassign', 'Push to child shipments'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Access level/ })).toBeNull();
    expect(screen.queryByText('Public')).toBeNull();
    expect(recorded.logQueries).toEqual([{ shipmentId: '10005', recordCount: '50', startIndex: '0' }]);
  });

  it('operation notes: the edit-status modal’s list with pins, and the full log in its modal', async () => {
    const { handlers, recorded } = shipmentLogHandlers({ page: entries(3) });
    server.use(
      ...handlers,
      http.get('*/api/ShipmentUpdateStatus/getOperationNotes/:shipmentId', () =>
        HttpResponse.json([
          entry({
            id: 11,
            activityType: T.StatusChange,
            activityTypeName: 'Status Change',
            accessLevel: A.Public,
          }),
        ]),
      ),
    );
    renderWithShell(<ShipmentActivityLog shipmentId={10005} office="backOffice" operationNotes />);
    const notes = await screen.findByRole('region', { name: 'Operation notes' });
    expect(await within(notes).findByRole('button', { name: 'Pin' })).toBeTruthy();
    expect(within(notes).queryByRole('button', { name: 'Add activity' })).toBeNull();
    expect(within(notes).queryByRole('button', { name: 'Load remaining activities' })).toBeNull();
    expect(recorded.logQueries).toEqual([]);
    fireEvent.click(within(notes).getByRole('button', { name: 'Full activity log' }));
    const modal = await screen.findByRole('dialog', { name: 'Activity log · Shipment 10005' });
    expect(await within(modal).findByText(messages.search.resultsFound(3))).toBeTruthy();
    expect(recorded.logQueries).toHaveLength(1);
  });

  it('the modal loads only while open', async () => {
    const { handlers, recorded } = shipmentLogHandlers({ page: entries(1) });
    server.use(...handlers);
    const view = renderWithShell(
      <ShipmentActivityLogModal
        shipmentId={10005}
        office="backOffice"
        opened={false}
        onClose={() => undefined}
      />,
    );
    expect(recorded.logQueries).toHaveLength(0);
    view.unmount();
    renderWithShell(
      <ShipmentActivityLogModal shipmentId={10005} office="backOffice" opened onClose={() => undefined} />,
    );
    expect(await screen.findByText(messages.search.resultsFound(1))).toBeTruthy();
    expect(recorded.logQueries).toHaveLength(1);
  });
});
