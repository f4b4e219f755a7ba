import './setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentPath, renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw } from '../../ui/test/msw.ts';
import ShipmentGridPage from '../src/ShipmentGridPage.tsx';
import { allGridColumns, defaultGridColumns, gridColumn, listItem } from './fixtures.ts';

const server = setupMsw();

const items = [
  listItem(),
  listItem({ shipmentId: 10005, status: 300, carrierName: 'Summit Carriers', proNumber: 'SMCR100001' }),
  listItem({ shipmentId: 10007, status: 10, shipmentType: 32 }),
];

let queries: URLSearchParams[];
let savedColumns: unknown[];
let userColumns: string[] | null;

const columnsAnswer = () => ({
  columns: userColumns ?? defaultGridColumns.map((c) => c.code),
  saved: userColumns !== null,
  defaultColumns: defaultGridColumns.map((c) => c.code),
  available: allGridColumns,
});

beforeEach(() => {
  queries = [];
  savedColumns = [];
  userColumns = null;
  server.use(
    http.get('*/api/shipments', ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const page = Number(query.get('page') ?? 1);
      return HttpResponse.json({
        columns: columnsAnswer().columns.map(gridColumn),
        items: page === 1 ? items : [listItem({ shipmentId: 10101 })],
        totalCount: 250,
        page,
        pageSize: 100,
      });
    }),
    http.get('*/api/shipments/gridColumns', () => HttpResponse.json(columnsAnswer())),
    http.put('*/api/shipments/gridColumns', async ({ request }) => {
      const body = (await request.json()) as { columns: string[] };
      savedColumns.push(body);
      userColumns = body.columns;
      return HttpResponse.json(columnsAnswer());
    }),
    http.get('*/api/featureFlags', () => HttpResponse.json({ flags: [] })),
  );
});

const grid = () => screen.findByRole('table', { name: 'Shipments' });

describe('shipments/ShipmentGridPage', () => {
  it('lists GET /api/shipments with the default 14 columns and each status in its colour', async () => {
    renderWithShell(<ShipmentGridPage office="backOffice" />);
    const table = await grid();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Shipment Id',
      'Customer Name',
      'Ship Date',
      'Delivery Date',
      'From City',
      'From State',
      'To City',
      'To State',
      'Carrier Name',
      'Pro Number',
      'Tariff Name',
      'Alerts',
      'Status',
      'Last Ops Update',
    ]);
    expect(within(table).getByText('SMCR100001')).toBeTruthy();
    expect(within(table).getByText('Dispatched').closest('[data-status]')?.getAttribute('style')).toContain(
      'yellow',
    );
    expect(screen.getByText('250 results found.')).toBeTruthy();
    expect(Object.fromEntries(queries[0]!)).toEqual({ page: '1', pageSize: '100' });
  });

  it('opens a domestic shipment at /back-office/shipment/shipment-details/{id}, an ocean one by its type', async () => {
    const { router } = renderWithShell(<ShipmentGridPage office="backOffice" />, {
      routes: [{ path: '/shipment/shipment-details/:id', element: <p>Details page</p> }],
    });
    const table = await grid();
    expect(within(table).getByRole('link', { name: '10007' }).getAttribute('href')).toBe(
      '/Backoffice/ShipmentInternational#/Details/10007',
    );
    fireEvent.click(within(table).getByRole('link', { name: '10001' }));
    expect(await screen.findByText('Details page')).toBeTruthy();
    expect(currentPath(router)).toBe('/back-office/shipment/shipment-details/10001');
  });

  it('opens the ocean page when its feature flag is on', async () => {
    server.use(
      http.get('*/api/featureFlags', () => HttpResponse.json({ flags: ['InternationalOceanPage'] })),
    );
    renderWithShell(<ShipmentGridPage office="backOffice" />);
    const table = await grid();
    await waitFor(() =>
      expect(within(table).getByRole('link', { name: '10007' }).getAttribute('href')).toBe(
        '/back-office/shipment/international-ocean/details/10007',
      ),
    );
  });

  it("a customer's row opens its read-only page in the front office", async () => {
    const { router } = renderWithShell(<ShipmentGridPage office="frontOffice" />, {
      basename: '/front-office',
      routes: [{ path: '/shipments/:id', element: <p>My shipment</p> }],
    });
    expect(await screen.findByRole('heading', { name: 'My shipments' })).toBeTruthy();
    fireEvent.click(within(await grid()).getByText('Summit Carriers'));
    expect(await screen.findByText('My shipment')).toBeTruthy();
    expect(currentPath(router)).toBe('/front-office/shipments/10005');
  });

  it('filters by status and text, sorts and pages', async () => {
    renderWithShell(<ShipmentGridPage office="backOffice" />);
    await grid();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '300' } });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'Dayton' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queries.at(-1)?.get('text')).toBe('Dayton'));
    expect(queries.at(-1)?.getAll('status')).toEqual(['300']);
    fireEvent.click(within(await grid()).getByRole('button', { name: 'Carrier Name' }));
    await waitFor(() => expect(queries.at(-1)?.get('sortBy')).toBe('CarrierName'));
    expect(queries.at(-1)?.get('sortDirection')).toBe('asc');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: '10101' })).toBeTruthy();
    expect(queries.at(-1)?.get('page')).toBe('2');
    const csv = screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href') ?? '';
    expect(csv).toContain('/api/shipments/export.csv?');
    expect(new URL(csv, 'http://x').searchParams.get('text')).toBe('Dayton');
    expect(new URL(csv, 'http://x').searchParams.getAll('status')).toEqual(['300']);
    expect(new URL(csv, 'http://x').searchParams.get('sortBy')).toBe('CarrierName');
  });

  it('starts from a universal-search shipment id (?shipmentId=) as its search', async () => {
    renderWithShell(<ShipmentGridPage office="backOffice" initialSearch="10005" />);
    await grid();
    expect(queries[0]?.get('text')).toBe('10005');
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('10005');
  });

  it('shows the columns the user saved and saves a new choice (PUT /api/shipments/gridColumns)', async () => {
    userColumns = ['ShipmentId', 'Status', 'LastKnownLocation'];
    renderWithShell(<ShipmentGridPage office="backOffice" />);
    expect(
      within(await grid())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Shipment Id', 'Status', 'Last Known Location']);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Columns' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    fireEvent.click(await screen.findByLabelText('Customer Name'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(savedColumns).toEqual([
        { columns: ['ShipmentId', 'CustomerName', 'Status', 'LastKnownLocation'] },
      ]),
    );
    // The grid asks again and shows the new columns.
    await waitFor(async () => expect(within(await grid()).getAllByRole('columnheader')).toHaveLength(4));
  });

  it('staff select rows and the page, keep them across paging and sorting, see the count and clear them', async () => {
    renderWithShell(<ShipmentGridPage office="backOffice" />, { remotes: {} });
    const table = await grid();
    const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
    const pageBox = () => box('Select all shipments on this page');
    // The selection column is not one of the grid's columns: the 14 headers are as before.
    expect(within(table).getAllByRole('columnheader')).toHaveLength(14);
    expect(screen.queryByText(/selected$/)).toBeNull();
    expect((screen.getByRole('button', { name: 'Bulk email' }) as HTMLButtonElement).disabled).toBe(true);

    // Ticking a row's box selects it and does not open the shipment.
    fireEvent.click(box('Select shipment 10005'));
    expect(screen.getByText('1 selected')).toBeTruthy();
    expect(screen.queryByTestId('elsewhere')).toBeNull();
    expect(pageBox().checked).toBe(false);
    expect(pageBox().indeterminate).toBe(true);

    // The header box selects the rest of the page, then clears the page.
    fireEvent.click(pageBox());
    expect(screen.getByText('3 selected')).toBeTruthy();
    expect([box('Select shipment 10001'), box('Select shipment 10007')].map((b) => b.checked)).toEqual([
      true,
      true,
    ]);
    expect(pageBox().checked).toBe(true);
    fireEvent.click(pageBox());
    expect(screen.queryByText(/selected$/)).toBeNull();
    fireEvent.click(box('Select shipment 10001'));
    fireEvent.click(box('Select shipment 10007'));

    // Page 2 shows its own rows unselected; the count still holds the first page's.
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('link', { name: '10101' });
    expect(box('Select shipment 10101').checked).toBe(false);
    expect(pageBox().indeterminate).toBe(false);
    fireEvent.click(box('Select shipment 10101'));
    expect(screen.getByText('3 selected')).toBeTruthy();

    // Sorting goes back to page 1: the picks there are still ticked.
    fireEvent.click(within(await grid()).getByRole('button', { name: 'Carrier Name' }));
    await screen.findByRole('link', { name: '10005' });
    await waitFor(() => expect(queries.at(-1)?.get('sortBy')).toBe('CarrierName'));
    expect(box('Select shipment 10001').checked).toBe(true);
    expect(box('Select shipment 10005').checked).toBe(false);
    expect(box('Select shipment 10007').checked).toBe(true);
    expect(screen.getByText('3 selected')).toBeTruthy();

    // The CSV export is the grid's, not the selection's.
    const csv = new URL(
      screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href') ?? '',
      'http://x',
    );
    expect([...csv.searchParams.keys()].sort()).toEqual(['sortBy', 'sortDirection']);

    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByText(/selected$/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear selection' })).toBeNull();
    expect(box('Select shipment 10001').checked).toBe(false);
    expect((screen.getByRole('button', { name: 'Bulk email' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("'Bulk email' mounts the attachments remote's bulk email sender, opened, with exactly the selected shipments", async () => {
    const senders = () =>
      [...document.querySelectorAll('[data-remote="attachments/BulkEmailSender"]')].map((el) =>
        JSON.parse(el.getAttribute('data-props') ?? '{}'),
      );
    renderWithShell(<ShipmentGridPage office="backOffice" />, { remotes: {} });
    await grid();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select shipment 10007' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select shipment 10001' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select shipment 10101' }));
    // Nothing is mounted before the click.
    expect(senders()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Bulk email' }));
    await waitFor(() =>
      expect(senders()).toEqual([{ shipmentIds: [10007, 10001, 10101], defaultOpened: true }]),
    );
    // The sender follows the selection (its own button opens it again with it) until the selection is cleared.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select shipment 10101' }));
    await waitFor(() => expect(senders()).toEqual([{ shipmentIds: [10007, 10001], defaultOpened: true }]));
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    await waitFor(() => expect(senders()).toEqual([]));
    expect((screen.getByRole('button', { name: 'Bulk email' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("'Tracking status request' mounts the attachments remote's sender, opened, with the selected shipments", async () => {
    const mounted = () =>
      [...document.querySelectorAll('[data-remote="attachments/TrackingStatusRequestSender"]')].map((el) =>
        JSON.parse(el.getAttribute('data-props') ?? '{}'),
      );
    renderWithShell(<ShipmentGridPage office="backOffice" />, { remotes: {} });
    await grid();
    const button = () => screen.getByRole('button', { name: 'Tracking status request' }) as HTMLButtonElement;
    expect(button().disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select shipment 10005' }));
    fireEvent.click(button());
    await waitFor(() => expect(mounted()).toEqual([{ shipmentIds: [10005], defaultOpened: true }]));
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    await waitFor(() => expect(mounted()).toEqual([]));
  });

  it('customers have no row selection and no bulk email', async () => {
    renderWithShell(<ShipmentGridPage office="frontOffice" />, { basename: '/front-office', remotes: {} });
    await screen.findByRole('link', { name: '10005' });
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Bulk email' })).toBeNull();
    expect(document.querySelector('[data-remote]')).toBeNull();
  });

  it("says 'Error: Unable to get results' when the list fails and 'No Results Found' when empty", async () => {
    server.use(
      http.get('*/api/shipments', () =>
        HttpResponse.json({ statusCode: 500, error: 'x', message: 'x' }, { status: 500 }),
      ),
    );
    const { unmount } = renderWithShell(<ShipmentGridPage office="backOffice" />);
    // The toast of 000 §8 and the same text in place of the grid.
    await waitFor(() => expect(screen.getAllByText('Error: Unable to get results')).toHaveLength(2));
    unmount();
    server.use(
      http.get('*/api/shipments', () =>
        HttpResponse.json({ items: [], totalCount: 0, page: 1, pageSize: 100 }),
      ),
    );
    renderWithShell(<ShipmentGridPage office="backOffice" />);
    expect(await screen.findByText('No Results Found')).toBeTruthy();
  });
});
