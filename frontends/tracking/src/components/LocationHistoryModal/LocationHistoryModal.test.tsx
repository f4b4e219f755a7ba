import '../../../test/setup.ts';
import { messages } from '@loadline/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http, ws } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../../ui/test/helpers.tsx';
import { setupMsw } from '../../../../ui/test/msw.ts';
import { history, location, serverError, trackingHandlers } from '../../../test/fixtures.ts';
import { LocationHistoryModal } from './LocationHistoryModal.tsx';

const server = setupMsw();
const live = ws.link('ws://localhost:3000/api/live');

function open(office: 'backOffice' | 'frontOffice' = 'backOffice', onLocationsChanged = vi.fn()) {
  renderWithShell(
    <LocationHistoryModal
      shipmentId={10017}
      office={office}
      opened
      onClose={() => {}}
      onLocationsChanged={onLocationsChanged}
    />,
  );
  return onLocationsChanged;
}
const list = (title: string) => screen.getByRole('region', { name: `${title} locations` });

describe('LocationHistoryModal (000 §2 item 3)', () => {
  it('shows the map and the origin, destination and other lists, newest first, in the wide layout above 2', async () => {
    server.use(
      ...trackingHandlers(),
      live.addEventListener('connection', () => {}),
    );
    open();
    await screen.findByRole('region', { name: 'Origin locations' });
    expect(within(list('Origin')).getByText('Acme Plant 2, Dayton, OH 45414')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add location' })).toBeTruthy();
    expect(within(list('Destination')).getByText(messages.locations.noLocationData)).toBeTruthy();
    const others = within(list('Other'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(others[0]).toContain('Gary, IN 46402 (most recent)');
    expect(others[1]).toContain('Indianapolis, IN 46201');
    expect(document.querySelector('[data-history-layout]')?.getAttribute('data-history-layout')).toBe('wide');
    expect(
      await screen.findByRole(
        'region',
        { name: 'Shipment locations map: 3 located points' },
        { timeout: 8000 },
      ),
    ).toBeTruthy();
  });

  it('switches between location-local time and UTC (MM/DD HH:mm A)', async () => {
    server.use(
      ...trackingHandlers(),
      live.addEventListener('connection', () => {}),
    );
    open();
    await screen.findByRole('region', { name: 'Origin locations' });
    expect(within(list('Origin')).getByText(/^11\/22 09:15 AM/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'UTC' }));
    expect(within(list('Origin')).getByText(/^11\/22 14:15 PM UTC/)).toBeTruthy();
  });

  it('keeps the narrow layout with 2 locations or fewer', async () => {
    server.use(
      ...trackingHandlers({ locations: history.slice(0, 2) }),
      live.addEventListener('connection', () => {}),
    );
    open();
    await screen.findByRole('region', { name: 'Origin locations' });
    expect(document.querySelector('[data-history-layout]')?.getAttribute('data-history-layout')).toBe(
      'narrow',
    );
  });

  it('offers the archive for a year-old shipment and loads it on request', async () => {
    server.use(
      ...trackingHandlers({ yearOld: true, createdDate: '2024-01-01T00:00:00.000Z' }),
      live.addEventListener('connection', () => {}),
      http.get('*/api/shipmentLocationsArchive/:id', () =>
        HttpResponse.json([
          location({ locationId: 99, isArchived: true, locationStringFull: 'Archived, OH 45414' }),
        ]),
      ),
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Load archived locations' }));
    expect(await screen.findByText('Archived, OH 45414 (archived)')).toBeTruthy();
  });

  it('offers no archive for a younger shipment', async () => {
    server.use(
      ...trackingHandlers({ yearOld: false }),
      live.addEventListener('connection', () => {}),
    );
    open();
    await screen.findByRole('region', { name: 'Origin locations' });
    expect(screen.queryByRole('button', { name: 'Load archived locations' })).toBeNull();
  });

  it('toasts the archive failure', async () => {
    server.use(
      ...trackingHandlers({ yearOld: true }),
      live.addEventListener('connection', () => {}),
      http.get('*/api/shipmentLocationsArchive/:id', serverError),
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Load archived locations' }));
    expect(await screen.findByText(messages.locations.loadArchivedFailed)).toBeTruthy();
  });

  it('toasts a failed load, and Refresh loads again', async () => {
    let calls = 0;
    server.use(
      ...trackingHandlers(),
      live.addEventListener('connection', () => {}),
    );
    server.use(
      http.get('*/api/location/:shipmentId', () =>
        ++calls === 1 ? serverError() : HttpResponse.json(history),
      ),
    );
    open();
    expect((await screen.findAllByText(messages.locations.loadFailed)).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('region', { name: 'Origin locations' })).toBeTruthy();
  });

  it('joins the shipment’s live group and shows a check call posted elsewhere without reload', async () => {
    const joined: unknown[] = [];
    server.use(
      ...trackingHandlers(),
      live.addEventListener('connection', ({ client }) => {
        client.addEventListener('message', (event) => {
          const message = JSON.parse(String(event.data));
          joined.push(message);
          if (message.type === 'join')
            client.send(
              JSON.stringify({
                type: 'event',
                groupName: '10017',
                subject: 'tms.tracking.location.added.v1',
                data: {
                  ...location({
                    locationId: 50,
                    mostRecentLocation: true,
                    locationStringFull: 'Hammond, IN 46320',
                    locationDateTime: '2026-11-23T16:00:00.000Z',
                  }),
                  addedBy: { userId: 'u', name: 'Omar' },
                },
              }),
            );
        });
      }),
    );
    const changed = open();
    expect(await screen.findByText('Hammond, IN 46320 (most recent)')).toBeTruthy();
    expect(joined[0]).toMatchObject({ type: 'join', groupName: '10017' });
    expect(screen.getByText('Gary, IN 46402')).toBeTruthy();
    expect(changed).toHaveBeenCalled();
  });

  it('the front office sees the reduced variant: no add location; it follows check calls live without presence', async () => {
    const sent: { type: string }[] = [];
    server.use(
      ...trackingHandlers(),
      live.addEventListener('connection', ({ client }) => {
        client.addEventListener('message', (event) => {
          const message = JSON.parse(String(event.data));
          sent.push(message);
          if (message.type === 'follow')
            client.send(
              JSON.stringify({
                type: 'event',
                groupName: '10017',
                subject: 'tms.tracking.location.added.v1',
                data: location({
                  locationId: 51,
                  mostRecentLocation: true,
                  locationStringFull: 'Hammond, IN 46320',
                  locationDateTime: '2026-11-23T16:00:00.000Z',
                }),
              }),
            );
        });
      }),
    );
    open('frontOffice');
    await screen.findByRole('region', { name: 'Origin locations' });
    expect(screen.queryByRole('button', { name: 'Add location' })).toBeNull();
    expect(await screen.findByText('Hammond, IN 46320 (most recent)')).toBeTruthy();
    expect(sent).toEqual([{ type: 'follow', groupName: '10017' }]);
  });

  it('adds a location with the ZIP code filling city and state', async () => {
    const bodies: unknown[] = [];
    server.use(
      ...trackingHandlers(),
      live.addEventListener('connection', () => {}),
    );
    server.use(
      http.get('*/api/location/zipCodes', () =>
        HttpResponse.json({
          zip: '60435',
          city: 'Joliet',
          state: 'IL',
          country: 'USA',
          latitude: 41.5,
          longitude: -88.1,
        }),
      ),
      http.post('*/api/location', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          location({
            locationId: 70,
            mostRecentLocation: true,
            locationDateTime: '2026-11-23T18:00:00.000Z',
          }),
          { status: 201 },
        );
      }),
    );
    const changed = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add location' }));
    const form = screen.getByRole('form', { name: 'Add location' });
    const zip = within(form).getByLabelText('ZIP code');
    fireEvent.change(zip, { target: { value: '60435' } });
    fireEvent.blur(zip);
    await waitFor(() =>
      expect((within(form).getByLabelText('City') as HTMLInputElement).value).toBe('Joliet'),
    );
    fireEvent.change(within(form).getByLabelText('Date and time at the place'), {
      target: { value: '2026-11-23T12:00' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save location' }));
    expect(await screen.findByText(messages.shipment.informationUpdated)).toBeTruthy();
    expect(bodies[0]).toMatchObject({
      shipmentId: 10017,
      locationType: 30,
      locationDateTime: '2026-11-23T12:00',
      zipCode: '60435',
      city: 'Joliet',
      state: 'IL',
      country: 'USA',
    });
    await waitFor(() => expect(changed).toHaveBeenCalled());
  });
});
