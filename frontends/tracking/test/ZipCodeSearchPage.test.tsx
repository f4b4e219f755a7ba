import './setup.ts';
import {
  MAP_DEFAULT_CENTER,
  MAP_DEFAULT_ZOOM,
  MAP_LOCATED_ADDRESS_ZOOM,
  messages,
  ZIP_SEARCH_LIMIT,
} from '@loadline/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw } from '../../ui/test/msw.ts';
import { ZipCodeSearchPage } from '../src/ZipCodeSearchPage.tsx';
import { trackingHandlers } from './fixtures.ts';

const server = setupMsw();
const zips = Array.from({ length: ZIP_SEARCH_LIMIT }, (_, i) => ({
  zip: `606${String(i).padStart(2, '0')}`,
  city: 'Chicago',
  state: 'IL',
  country: 'USA',
  latitude: 41.8,
  longitude: -87.7,
}));

describe('ZipCodeSearchPage (000 §2 items 1 and 13)', () => {
  it('searches as one types: 25 results at most, with the search messages', async () => {
    const queries: string[] = [];
    server.use(...trackingHandlers());
    server.use(
      http.get('*/api/location/searchZipCodes', ({ request }) => {
        const q = new URL(request.url).searchParams.get('query')!;
        queries.push(q);
        return HttpResponse.json(q === '606' ? zips : []);
      }),
    );
    renderWithShell(<ZipCodeSearchPage />);
    fireEvent.change(screen.getByLabelText('ZIP code or city'), { target: { value: '606' } });
    expect(await screen.findByText(messages.search.resultsFound(ZIP_SEARCH_LIMIT))).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'ZIP codes' })).getAllByRole('row')).toHaveLength(
      ZIP_SEARCH_LIMIT + 1,
    );
    fireEvent.change(screen.getByLabelText('ZIP code or city'), { target: { value: 'zzz' } });
    expect(await screen.findByText(messages.search.noResults)).toBeTruthy();
    expect(queries).toEqual(['606', 'zzz']);
  });

  it('the address map starts on the middle of the US at zoom 4 and zooms to 16 on a located address', async () => {
    server.use(...trackingHandlers());
    server.use(
      http.get('*/api/location', ({ request }) => {
        const zip = new URL(request.url).searchParams.get('zipCode');
        return zip === '80216'
          ? HttpResponse.json({
              latitude: 39.78,
              longitude: -104.96,
              city: 'Denver',
              state: 'CO',
              zipCode: '80216',
              country: 'USA',
              precision: 'zip',
            })
          : HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'No place' }, { status: 404 });
      }),
    );
    renderWithShell(<ZipCodeSearchPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Locate an address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Address location' });
    const map = await within(dialog).findByRole('region', { name: /^Address map/ });
    expect(map.getAttribute('data-center')).toBe(
      `${MAP_DEFAULT_CENTER.latitude},${MAP_DEFAULT_CENTER.longitude},${MAP_DEFAULT_ZOOM}`,
    );
    fireEvent.change(within(dialog).getByLabelText('ZIP code'), { target: { value: '80216' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Locate' }));
    expect(await within(dialog).findByLabelText('Located address')).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('region', { name: /^Address map/ })
        .getAttribute('data-center'),
    ).toBe(`39.78,-104.96,${MAP_LOCATED_ADDRESS_ZOOM}`);
  });
});
