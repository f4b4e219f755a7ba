// The back office's Carriers page (decision 0118): GET /api/brokerCarrier/list, the rows with their status,
// compliance reasons and insurance status, the search and filters, the pager, and a name opening the
// carrier's details page; the search, filters and page kept in the address (read, written in place, bad
// values ignored), and Back or the details page's "‹ Carriers" link returning to them; the headers sorting
// (aria-sort, the sort in the address too) and "Export CSV" downloading with the same search, filters, order.
import './setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentPath, renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw } from '../../ui/test/msw.ts';
import type { CarrierListItem } from '../src/api/types.ts';
import CarrierDetailsPage from '../src/CarrierDetailsPage.tsx';
import CarriersPage, { carrierListAddressOf } from '../src/CarriersPage.tsx';
import { details, previewHandlers } from './fixtures.ts';

const server = setupMsw();

function carrier(over: Partial<CarrierListItem> = {}): CarrierListItem {
  return {
    brokerCarrierId: 'bcr_demo_oldline',
    carrierMasterId: 'car_demo_oldline',
    name: 'Old Line Freight',
    scac: 'OLFT',
    mcNumber: 'MC-612407',
    dotNumber: '2214570',
    city: 'Dayton',
    state: 'OH',
    status: 1,
    statusName: 'Enabled',
    favorite: true,
    inherited: false,
    inCompliance: true,
    complianceReasons: [],
    insuranceStatus: 'Current',
    insuranceStatusName: 'Current',
    insuranceState: 'Pass',
    ...over,
  };
}

const summit = carrier({
  brokerCarrierId: 'bcr_demo_summit',
  carrierMasterId: 'car_demo_summit',
  name: 'Summit Carriers',
  scac: 'SMCR',
  mcNumber: 'MC-590264',
  dotNumber: '1987342',
  city: 'Denver',
  state: 'CO',
  favorite: false,
  inCompliance: false,
  complianceReasons: [
    {
      code: 'InsuranceExpired',
      message: "The carrier's insurance has expired.",
      detail: 'Auto Liability expired 11/18/2026.',
    },
  ],
  insuranceStatus: 'Expired',
  insuranceStatusName: 'Expired',
  insuranceState: 'Expired',
});

let queries: URLSearchParams[];
let answer: (query: URLSearchParams) => Response;

beforeEach(() => {
  queries = [];
  answer = (query) =>
    HttpResponse.json({
      items:
        query.get('page') === '2'
          ? [carrier({ brokerCarrierId: 'bcr_2', name: 'Zenith Haul' })]
          : [carrier(), summit],
      page: Number(query.get('page') ?? 1),
      pageSize: 100,
      totalCount: 150,
      asOf: '2026-11-23',
    });
  server.use(
    http.get('*/api/brokerCarrier/list', ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      return answer(query);
    }),
  );
});

const table = () => screen.findByRole('table', { name: 'Carriers' });
const lastQuery = () => Object.fromEntries(queries.at(-1)!.entries());

describe('carriers/CarriersPage', () => {
  it('lists the broker’s carriers with status, compliance and its reasons, insurance and favorite', async () => {
    renderWithShell(<CarriersPage />);
    const rows = within(await table());
    expect(lastQuery()).toEqual({ page: '1', pageSize: '100' });
    expect(screen.getByText('150 results found.')).toBeTruthy();
    const oldLine = within(rows.getByRole('row', { name: 'Old Line Freight' }));
    expect(oldLine.getByText('OLFT')).toBeTruthy();
    expect(oldLine.getByText('MC-612407')).toBeTruthy();
    expect(oldLine.getByText('DOT 2214570')).toBeTruthy();
    expect(oldLine.getByText('Dayton, OH')).toBeTruthy();
    expect(oldLine.getByText('Enabled')).toBeTruthy();
    expect(oldLine.getByText('In compliance')).toBeTruthy();
    expect(oldLine.getByRole('img', { name: 'Favorite' })).toBeTruthy();
    const summitRow = within(rows.getByRole('row', { name: 'Summit Carriers' }));
    expect(summitRow.getByText('Out of compliance')).toBeTruthy();
    const reasons = summitRow.getByRole('list', { name: 'Why Summit Carriers is out of compliance' });
    expect(
      within(reasons).getByText("The carrier's insurance has expired. Auto Liability expired 11/18/2026."),
    ).toBeTruthy();
    expect(summitRow.getByText('Expired')).toBeTruthy();
    expect(summitRow.queryByRole('img', { name: 'Favorite' })).toBeNull();
  });

  it('searches, filters by status and out of compliance only, each from the first page', async () => {
    renderWithShell(<CarriersPage />);
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('row', { name: 'Zenith Haul' });
    expect(lastQuery().page).toBe('2');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '  sum ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', pageSize: '100', search: 'sum' }));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '2' } });
    await waitFor(() => expect(lastQuery().status).toBe('2'));
    fireEvent.click(screen.getByLabelText('Out of compliance only'));
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        page: '1',
        pageSize: '100',
        search: 'sum',
        status: '2',
        outOfCompliance: 'true',
      }),
    );
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } });
    await waitFor(() => expect(lastQuery().status).toBeUndefined());
  });

  it('pages with the pager: two pages of 150 carriers', async () => {
    renderWithShell(<CarriersPage />);
    await table();
    const pager = within(screen.getByRole('navigation', { name: 'Pages' }));
    expect(pager.getAllByRole('button', { name: /^Page / }).map((b) => b.textContent)).toEqual(['1', '2']);
    fireEvent.click(pager.getByRole('button', { name: 'Next page' }));
    await screen.findByRole('row', { name: 'Zenith Haul' });
    expect(pager.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });

  it("opens a carrier's details page from its name", async () => {
    const { router } = renderWithShell(<CarriersPage />, {
      routes: [{ path: '/lsp/carriers/details/:id', element: <div data-testid="details" /> }],
    });
    const link = within(await table()).getByRole('link', { name: 'Summit Carriers' });
    expect(link.getAttribute('href')).toBe('/back-office/lsp/carriers/details/car_demo_summit');
    fireEvent.click(link);
    await screen.findByTestId('details');
    expect(currentPath(router)).toBe('/back-office/lsp/carriers/details/car_demo_summit');
  });

  it('says when nothing matches, and when the list cannot be read', async () => {
    answer = () =>
      HttpResponse.json({ items: [], page: 1, pageSize: 100, totalCount: 0, asOf: '2026-11-23' });
    renderWithShell(<CarriersPage />);
    expect(await screen.findByText('No Results Found')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    answer = () =>
      HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'x' }, { status: 500 });
    fireEvent.click(screen.getByLabelText('Out of compliance only'));
    expect((await screen.findByRole('alert')).textContent).toContain('Error: Unable to get results');
  });
});

function DetailsRoute() {
  const { id = '' } = useParams();
  return <CarrierDetailsPage carrierMasterId={id} />;
}

/** The list at the back office's lsp/carriers and the real details page, as the shell routes them. */
function renderListAndDetails(path: string) {
  server.use(...previewHandlers(details()));
  return renderWithShell(<div data-testid="home" />, {
    path,
    remotes: {},
    routes: [
      { path: '/lsp/carriers', element: <CarriersPage /> },
      { path: '/lsp/carriers/details/:id', element: <DetailsRoute /> },
    ],
  });
}

const searchBox = () => screen.getByLabelText('Search') as HTMLInputElement;
const statusSelect = () => screen.getByLabelText('Status') as HTMLSelectElement;
const complianceBox = () => screen.getByLabelText('Out of compliance only') as HTMLInputElement;
const currentPage = () =>
  within(screen.getByRole('navigation', { name: 'Pages' }))
    .getAllByRole('button', { name: /^Page / })
    .find((b) => b.getAttribute('aria-current') === 'page')?.textContent;

describe('carriers/CarriersPage: the search, filters and page in the address', () => {
  it('reads them from the address on load', async () => {
    renderWithShell(<CarriersPage />, {
      path: '/back-office/?search=sum&status=2&outOfCompliance=true&page=2',
    });
    await screen.findByRole('row', { name: 'Zenith Haul' });
    expect(lastQuery()).toEqual({
      page: '2',
      pageSize: '100',
      search: 'sum',
      status: '2',
      outOfCompliance: 'true',
    });
    expect(queries).toHaveLength(1);
    expect(searchBox().value).toBe('sum');
    expect(statusSelect().value).toBe('2');
    expect(complianceBox().checked).toBe(true);
    expect(currentPage()).toBe('2');
  });

  it('writes them back in place (history replace), leaving out the defaults', async () => {
    const { router } = renderListAndDetails('/back-office/lsp/carriers');
    await table();
    expect(currentPath(router)).toBe('/back-office/lsp/carriers');
    fireEvent.change(searchBox(), { target: { value: '  acme ' } });
    // Typing alone neither searches nor changes the address.
    expect(currentPath(router)).toBe('/back-office/lsp/carriers');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(currentPath(router)).toBe('/back-office/lsp/carriers?search=acme'));
    expect(router.state.historyAction).toBe('REPLACE');
    fireEvent.change(statusSelect(), { target: { value: '3' } });
    await waitFor(() => expect(currentPath(router)).toBe('/back-office/lsp/carriers?search=acme&status=3'));
    // A search typed but not run stays in the box while a filter changes.
    fireEvent.change(searchBox(), { target: { value: 'acm' } });
    fireEvent.click(complianceBox());
    // Shown at once, before the router's update (a browser's click would otherwise see it unchanged).
    expect(complianceBox().checked).toBe(true);
    await waitFor(() =>
      expect(currentPath(router)).toBe('/back-office/lsp/carriers?search=acme&status=3&outOfCompliance=true'),
    );
    expect(searchBox().value).toBe('acm');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(currentPath(router)).toBe(
        '/back-office/lsp/carriers?search=acme&status=3&outOfCompliance=true&page=2',
      ),
    );
    expect(lastQuery()).toEqual({
      page: '2',
      pageSize: '100',
      search: 'acme',
      status: '3',
      outOfCompliance: 'true',
    });
    expect(router.state.historyAction).toBe('REPLACE');
    // A filter returns to page 1, which the address leaves out; so does "All statuses".
    fireEvent.change(statusSelect(), { target: { value: '' } });
    await waitFor(() =>
      expect(currentPath(router)).toBe('/back-office/lsp/carriers?search=acme&outOfCompliance=true'),
    );
    // Nothing was pushed: there is no entry to go back to.
    expect(router.state.historyAction).toBe('REPLACE');
    await router.navigate(-1);
    expect(currentPath(router)).toBe('/back-office/lsp/carriers?search=acme&outOfCompliance=true');
  });

  it.each([
    ['an unknown status, page 0, a yes', '?status=9&page=0&outOfCompliance=yes'],
    ['a page and a status that are not numbers', '?page=abc&status=Blocked'],
    ['a negative page', '?page=-2'],
    ['a page past the safe integers', '?page=99999999999999999999'],
    ['a fractional page', '?page=1.5'],
    ['a status 0 and a padded page', '?status=0&page=02'],
    ['a search longer than the limit', `?search=${'a'.repeat(101)}`],
    ['a search of spaces only, broken escapes', '?search=%20%20&status=%E0%A4%A&page=%'],
  ])('falls back to the defaults for %s', async (_what, search) => {
    renderWithShell(<CarriersPage />, { path: `/back-office/${search}` });
    await table();
    expect(lastQuery()).toEqual({ page: '1', pageSize: '100' });
    expect(searchBox().value).toBe('');
    expect(statusSelect().value).toBe('');
    expect(complianceBox().checked).toBe(false);
  });

  it('keeps the valid values beside invalid ones, and a search of exactly the limit', () => {
    const longest = 'b'.repeat(100);
    expect(carrierListAddressOf(new URLSearchParams(`search=${longest}&status=abc&page=3`))).toEqual({
      search: longest,
      status: null,
      outOfCompliance: false,
      sort: 'name',
      direction: 'asc',
      page: 3,
    });
    expect(carrierListAddressOf(new URLSearchParams('search=+Old+&status=1&outOfCompliance=true'))).toEqual({
      search: 'Old',
      status: 1,
      outOfCompliance: true,
      sort: 'name',
      direction: 'asc',
      page: 1,
    });
  });

  it('turns a page past the last into the last', async () => {
    const { router } = renderListAndDetails('/back-office/lsp/carriers?search=sum&page=9');
    await screen.findByRole('row', { name: 'Zenith Haul' });
    expect(currentPath(router)).toBe('/back-office/lsp/carriers?search=sum&page=2');
    expect(lastQuery()).toEqual({ page: '2', pageSize: '100', search: 'sum' });
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('opens a carrier as a new entry: Back returns to the same search, filters, page and list', async () => {
    const { router } = renderListAndDetails(
      '/back-office/lsp/carriers?search=sum&status=1&outOfCompliance=true&page=2',
    );
    fireEvent.click(await screen.findByRole('link', { name: 'Zenith Haul' }));
    await screen.findByRole('heading', { name: 'Summit Carriers' });
    expect(router.state.historyAction).toBe('PUSH');
    expect(currentPath(router)).toBe('/back-office/lsp/carriers/details/car_demo_oldline');
    const back = screen.getByRole('link', { name: '‹ Carriers' });
    expect(back.getAttribute('href')).toBe(
      '/back-office/lsp/carriers?search=sum&status=1&outOfCompliance=true&page=2',
    );
    // The browser's Back.
    await router.navigate(-1);
    await screen.findByRole('row', { name: 'Zenith Haul' });
    expect(currentPath(router)).toBe(
      '/back-office/lsp/carriers?search=sum&status=1&outOfCompliance=true&page=2',
    );
    expect(searchBox().value).toBe('sum');
    expect(statusSelect().value).toBe('1');
    expect(complianceBox().checked).toBe(true);
    expect(currentPage()).toBe('2');
    expect(lastQuery()).toEqual({
      page: '2',
      pageSize: '100',
      search: 'sum',
      status: '1',
      outOfCompliance: 'true',
    });
  });

  it('the details page’s "‹ Carriers" link returns to the list it was opened from', async () => {
    const { router } = renderListAndDetails('/back-office/lsp/carriers?search=sum');
    fireEvent.click(within(await table()).getByRole('link', { name: 'Summit Carriers' }));
    fireEvent.click(await screen.findByRole('link', { name: '‹ Carriers' }));
    await table();
    expect(currentPath(router)).toBe('/back-office/lsp/carriers?search=sum');
    expect(searchBox().value).toBe('sum');
    expect(lastQuery()).toEqual({ page: '1', pageSize: '100', search: 'sum' });
  });

  it('opened directly (the universal search, a typed address), the link goes to the plain list', async () => {
    const { router } = renderListAndDetails('/back-office/lsp/carriers/details/car_demo_summit');
    await screen.findByRole('heading', { name: 'Summit Carriers' });
    const back = screen.getByRole('link', { name: '‹ Carriers' });
    expect(back.getAttribute('href')).toBe('/back-office/lsp/carriers');
    fireEvent.click(back);
    await table();
    expect(currentPath(router)).toBe('/back-office/lsp/carriers');
    expect(lastQuery()).toEqual({ page: '1', pageSize: '100' });
  });
});

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
const sortButton = (name: string) => within(header(name)).getByRole('button');

describe('carriers/CarriersPage: sorting by column', () => {
  it('sorts by a header: a click sorts A to Z from page 1, the next one Z to A; aria-sort says which', async () => {
    const { router } = renderListAndDetails('/back-office/lsp/carriers?search=sum&page=2');
    await screen.findByRole('row', { name: 'Zenith Haul' });
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    for (const other of ['City', 'Status', 'Insurance'])
      expect(header(other).getAttribute('aria-sort')).toBeNull();
    // not sortable: a plain header
    expect(within(header('SCAC')).queryByRole('button')).toBeNull();

    fireEvent.click(sortButton('Insurance'));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ page: '1', pageSize: '100', search: 'sum', sort: 'insuranceExpiry' }),
    );
    expect(currentPath(router)).toBe('/back-office/lsp/carriers?search=sum&sort=insuranceExpiry');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(header('Insurance').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Name').getAttribute('aria-sort')).toBeNull();

    fireEvent.click(sortButton('Insurance'));
    await waitFor(() => expect(lastQuery().direction).toBe('desc'));
    expect(lastQuery()).toEqual({
      page: '1',
      pageSize: '100',
      search: 'sum',
      sort: 'insuranceExpiry',
      direction: 'desc',
    });
    expect(header('Insurance').getAttribute('aria-sort')).toBe('descending');
    expect(currentPath(router)).toBe(
      '/back-office/lsp/carriers?search=sum&sort=insuranceExpiry&direction=desc',
    );

    // another column starts A to Z; name A to Z, the default, leaves the address
    fireEvent.click(sortButton('Status'));
    await waitFor(() => expect(currentPath(router)).toBe('/back-office/lsp/carriers?search=sum&sort=status'));
    expect(header('Status').getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(sortButton('City'));
    await waitFor(() => expect(lastQuery().sort).toBe('city'));
    fireEvent.click(sortButton('Name'));
    await waitFor(() => expect(currentPath(router)).toBe('/back-office/lsp/carriers?search=sum'));
    expect(lastQuery()).toEqual({ page: '1', pageSize: '100', search: 'sum' });
    fireEvent.click(sortButton('Name'));
    await waitFor(() =>
      expect(currentPath(router)).toBe('/back-office/lsp/carriers?search=sum&direction=desc'),
    );
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('reads the sort from the address, and keeps it through a filter and a page', async () => {
    const { router } = renderListAndDetails('/back-office/lsp/carriers?sort=city&direction=desc');
    await table();
    expect(lastQuery()).toEqual({ page: '1', pageSize: '100', sort: 'city', direction: 'desc' });
    expect(header('City').getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(complianceBox());
    await waitFor(() =>
      expect(currentPath(router)).toBe(
        '/back-office/lsp/carriers?outOfCompliance=true&sort=city&direction=desc',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery().page).toBe('2'));
    expect(lastQuery()).toMatchObject({ sort: 'city', direction: 'desc', outOfCompliance: 'true' });
  });

  it.each([
    ['an unknown sort and direction', '?sort=scac&direction=up'],
    ['a sort and direction in another case', '?sort=Name&direction=DESC'],
    ['empty ones', '?sort=&direction='],
  ])('falls back to name A to Z for %s', async (_what, search) => {
    renderWithShell(<CarriersPage />, { path: `/back-office/${search}` });
    await table();
    expect(lastQuery()).toEqual({ page: '1', pageSize: '100' });
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
  });

  it('keeps a valid sort beside an invalid direction, and the other way round', () => {
    expect(carrierListAddressOf(new URLSearchParams('sort=status&direction=sideways'))).toMatchObject({
      sort: 'status',
      direction: 'asc',
    });
    expect(carrierListAddressOf(new URLSearchParams('sort=mc&direction=desc'))).toMatchObject({
      sort: 'name',
      direction: 'desc',
    });
  });
});

describe('carriers/CarriersPage: Export CSV', () => {
  let exports: URLSearchParams[];
  let saved: { name: string; href: string }[];
  let files: Blob[];
  let csvAnswer: () => Response;
  beforeEach(() => {
    exports = [];
    saved = [];
    files = [];
    csvAnswer = () =>
      new HttpResponse('\uFEFF"Name"\r\n"Old Line Freight"\r\n', {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="carriers.csv"',
          'x-total-count': '1',
          'x-exported-count': '1',
        },
      });
    server.use(
      http.get('*/api/brokerCarrier/list.csv', ({ request }) => {
        exports.push(new URL(request.url).searchParams);
        return csvAnswer();
      }),
    );
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn((file: Blob) => {
          files.push(file);
          return 'blob:carriers-test';
        }),
        revokeObjectURL: vi.fn(),
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.getAttribute('href') ?? '' });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('downloads carriers.csv with the search, filters and order shown, not the page', async () => {
    renderWithShell(<CarriersPage />, {
      path: '/back-office/?search=sum&status=1&outOfCompliance=true&sort=status&direction=desc&page=2',
    });
    await screen.findByRole('row', { name: 'Zenith Haul' });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(Object.fromEntries(exports[0]!.entries())).toEqual({
      search: 'sum',
      status: '1',
      outOfCompliance: 'true',
      sort: 'status',
      direction: 'desc',
    });
    expect(saved[0]).toEqual({ name: 'carriers.csv', href: 'blob:carriers-test' });
    expect(await files[0]!.text()).toContain('Old Line Freight');
    // by name A to Z, the default: the export leaves the order out, as the list does
    fireEvent.click(sortButton('Name'));
    await waitFor(() => expect(lastQuery().sort).toBeUndefined());
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(exports).toHaveLength(2));
    expect(Object.fromEntries(exports[1]!.entries())).toEqual({
      search: 'sum',
      status: '1',
      outOfCompliance: 'true',
    });
  });

  it('says when the file was cut at the limit, and the service’s words when it refuses', async () => {
    csvAnswer = () =>
      new HttpResponse('\uFEFF"Name"\r\n', {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'x-total-count': '6200',
          'x-exported-count': '5000',
        },
      });
    renderWithShell(<CarriersPage />);
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText(/The file holds the first 5,000 of 6,200 carriers/)).toBeTruthy();
    expect(saved).toHaveLength(1);
    csvAnswer = () =>
      HttpResponse.json(
        { statusCode: 403, error: 'Forbidden', message: 'Exporting is turned off for your account.' },
        { status: 403 },
      );
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exporting is turned off for your account.')).toBeTruthy();
    expect(saved).toHaveLength(1);
  });
});
