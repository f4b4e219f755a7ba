import './setup.ts';
import { messages } from '@loadline/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw } from '../../ui/test/msw.ts';
import { ShipmentTracking } from '../src/ShipmentTracking.tsx';
import { driverModel, lastLocation, serverError, trackingHandlers } from './fixtures.ts';

const server = setupMsw();
const line = async () => (await screen.findByLabelText('Last known location')).textContent;

describe('ShipmentTracking (000 §2 items 2 and 3, §3, §4, §6)', () => {
  it('shows the last known location at the place’s time, MM/DD HH:mm A', async () => {
    server.use(...trackingHandlers());
    renderWithShell(<ShipmentTracking shipmentId={10017} office="backOffice" />);
    expect(await line()).toBe('Gary, IN 46402 (11/23 09:00 AM)');
  });

  it('falls back to the spec’s texts: no data with tracking on, no tracking without', async () => {
    server.use(...trackingHandlers());
    server.use(
      http.get('*/api/Lastlocation/:id', () =>
        HttpResponse.json(lastLocation({ locationStringFull: null, locationDateTime: null })),
      ),
    );
    const view = renderWithShell(<ShipmentTracking shipmentId={10017} office="backOffice" tracking />);
    expect(await line()).toBe(messages.locations.noLocationData);
    view.unmount();
    renderWithShell(<ShipmentTracking shipmentId={10017} office="backOffice" />);
    expect(await line()).toBe(messages.locations.noLocationTracking);
  });

  it('runs the tracking test on open when tracking is on and a pro number exists: success updates the location', async () => {
    const tests: unknown[] = [];
    let last = lastLocation({ locationStringFull: 'Old place, OH 45414' });
    server.use(...trackingHandlers());
    server.use(
      http.get('*/api/Lastlocation/:id', () => HttpResponse.json(last)),
      http.post('*/api/integrationsource/testtrackingfull', async ({ request }) => {
        tests.push(await request.json());
        last = lastLocation({ locationStringFull: 'Kokomo, IN 46901' });
        return HttpResponse.json({ result: true, upToDate: true, message: null, location: null });
      }),
    );
    renderWithShell(
      <ShipmentTracking
        shipmentId={10017}
        office="backOffice"
        tracking
        proNumber="OLFT123456"
        integrationSourceId={110}
        runTrackingTest
      />,
    );
    expect(await screen.findByText(messages.locations.trackingTestUpdated)).toBeTruthy();
    await waitFor(async () => expect(await line()).toMatch(/^Kokomo, IN 46901/));
    expect(tests).toEqual([{ integrationSourceId: 110, shipmentId: 10017, proNumber: 'OLFT123456' }]);
  });

  it('a tracking test with nothing new (or a load no longer moving) says nothing and loads the last location (issue 14 item 9)', async () => {
    let tested = 0;
    server.use(...trackingHandlers());
    server.use(
      http.post('*/api/integrationsource/testtrackingfull', () => {
        tested++;
        return HttpResponse.json({
          result: false,
          upToDate: true,
          message:
            'Shipment 10019 is Complete: the carrier’s tracking adds locations only while the load is moving.',
          location: null,
        });
      }),
    );
    renderWithShell(
      <ShipmentTracking shipmentId={10017} office="backOffice" tracking proNumber="X1" runTrackingTest />,
    );
    expect(await line()).toMatch(/^Gary, IN 46402/);
    expect(tested).toBe(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByText(messages.locations.trackingTestUpdateFailed)).toBeNull();
    expect(screen.queryByText(messages.locations.trackingTestUpdated)).toBeNull();
  });

  it('a failed tracking test warns and just loads the last location; none runs without a pro number', async () => {
    let tested = 0;
    server.use(...trackingHandlers());
    server.use(
      http.post('*/api/integrationsource/testtrackingfull', () => {
        tested++;
        return HttpResponse.json({ result: false, upToDate: false, message: 'no position', location: null });
      }),
    );
    const view = renderWithShell(
      <ShipmentTracking shipmentId={10017} office="backOffice" tracking proNumber="X1" runTrackingTest />,
    );
    expect(await screen.findByText(messages.locations.trackingTestUpdateFailed)).toBeTruthy();
    expect(await line()).toMatch(/^Gary, IN 46402/);
    view.unmount();
    renderWithShell(
      <ShipmentTracking shipmentId={10017} office="backOffice" tracking proNumber="" runTrackingTest />,
    );
    expect(await line()).toMatch(/^Gary/);
    expect(tested).toBe(1);
  });

  it('front office: request driver location sends at once with the success toast', async () => {
    const bodies: unknown[] = [];
    server.use(...trackingHandlers());
    server.use(
      http.post('*/api/requestDriverLocation', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          {
            requestId: 'drq_1',
            shipmentId: 10017,
            driverCellPhoneNumber: '(555) 020-3016',
            expiresAt: '2026-11-23T20:00:00Z',
          },
          { status: 201 },
        );
      }),
    );
    renderWithShell(<ShipmentTracking shipmentId={10017} office="frontOffice" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Request driver location' }));
    expect(await screen.findByText(messages.driverLocation.requestSent)).toBeTruthy();
    expect(bodies).toEqual([{ shipmentId: 10017, driverCellPhoneNumber: '(555) 020-3016' }]);
  });

  it('back office: through a dialog; a failure shows its toast', async () => {
    server.use(...trackingHandlers());
    server.use(http.post('*/api/requestDriverLocation', serverError));
    renderWithShell(<ShipmentTracking shipmentId={10017} office="backOffice" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Request driver location' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request driver location' });
    expect((within(dialog).getByLabelText('Driver cell phone') as HTMLInputElement).value).toBe(
      '(555) 020-3016',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(messages.driverLocation.requestFailed)).toBeTruthy();
  });

  it('hides request driver location without a driver cell phone', async () => {
    server.use(...trackingHandlers());
    server.use(
      http.get('*/api/requestDriverLocation/getRequestDriverLocationModel/:id', () =>
        HttpResponse.json(driverModel({ driverCellPhoneNumber: null })),
      ),
    );
    renderWithShell(<ShipmentTracking shipmentId={10017} office="frontOffice" />);
    await line();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Request driver location' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Location history' })).toBeTruthy();
  });
});
