// The back office's Carriers page (decision 0118): GET /api/brokerCarrier/list, the rows with their status,
// compliance reasons and insurance status, the search and filters, the pager, and a name opening the
// carrier's details page.
import './setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentPath, renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw } from '../../ui/test/msw.ts';
import type { CarrierListItem } from '../src/api/types.ts';
import CarriersPage from '../src/CarriersPage.tsx';

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
  complianceReasons: [{ code: 'InsuranceExpired', message: "The carrier's insurance has expired." }],
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
    expect(within(reasons).getByText("The carrier's insurance has expired.")).toBeTruthy();
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
