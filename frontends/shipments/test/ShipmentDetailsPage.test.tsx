import './setup.ts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http, ws } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw } from '../../ui/test/msw.ts';
import type { Shipment } from '../src/api/types.ts';
import ShipmentDetailsPage from '../src/ShipmentDetailsPage.tsx';
import { editStatusHandlers, shipment, statusDetails, updateAnswer } from './fixtures.ts';

const server = setupMsw();
const live = ws.link('ws://localhost:3000/api/live');
let alerts: unknown[] = [];
let shipmentReads = 0;

let shipmentStatus: number;
let hazardousShipment = false;
let withoutBillTo = false;
const line = (over: Partial<Shipment['commodities'][number]>): Shipment['commodities'][number] => ({
  commodityId: 'cmd_1',
  sequence: 0,
  description: 'Pallets of resin',
  pieces: 2,
  packageType: null,
  handlingUnits: null,
  handlingUnitType: null,
  weight: 1200,
  length: null,
  width: null,
  height: null,
  freightClass: 70,
  nmfc: null,
  hazardous: false,
  hazmat: null,
  ...over,
});
/** a back-office order: one hazardous line with the hazmat modal's details, one not */
const withLines = (): Partial<Shipment> => ({
  specialInstructions: 'Call 30 min before arrival.\nDock 4 only.',
  commodities: [
    line({
      commodityId: 'cmd_2',
      description: 'Paint, flammable',
      pieces: 4,
      weight: 800,
      freightClass: 100,
      hazardous: true,
      hazmat: {
        unNumber: 'UN1263',
        properShippingName: 'Paint',
        hazardClass: '3',
        packingGroup: 2,
        emergencyContactName: 'ChemTrec',
        emergencyContactPhone: '(800) 424-9300',
      },
    }),
    line({}),
  ],
  accessorials: [
    { accessorialId: 46, name: 'Hazardous Materials' },
    { accessorialId: 12, name: 'Liftgate Delivery' },
  ],
});
beforeEach(() => {
  shipmentStatus = 10;
  hazardousShipment = false;
  withoutBillTo = false;
  alerts = [];
  shipmentReads = 0;
  server.use(...editStatusHandlers(statusDetails({ shipmentId: 10001 })));
  server.use(
    live.addEventListener('connection', () => {}),
    http.get('*/api/shipmentAlerts/:id', () => HttpResponse.json(alerts)),
    http.get('*/api/shipments/:id', ({ params }) => {
      if (Number(params.id) !== 10001)
        return HttpResponse.json(
          { statusCode: 404, error: 'Not Found', message: `Shipment ${params.id} was not found.` },
          { status: 404 },
        );
      shipmentReads++;
      return HttpResponse.json(
        shipment({
          status: shipmentStatus,
          // as the service answers a delivered shipment (decision 0117)
          carrierChangeRefusal:
            shipmentStatus >= 1000 ? 'The carrier of a Delivered shipment cannot be changed.' : null,
          ...(hazardousShipment ? withLines() : {}),
          ...(withoutBillTo ? { billTo: null } : {}),
        }),
      );
    }),
    http.put('*/api/ShipmentUpdateStatus/updatestatus', async ({ request }) => {
      const body = (await request.json()) as { status: number };
      shipmentStatus = body.status;
      return HttpResponse.json(updateAnswer({ status: body.status }));
    }),
  );
});

function renderStaff(shipmentId = 10001) {
  return renderWithShell(<p>start</p>, {
    path: `/back-office/shipment/shipment-details/${shipmentId}`,
    routes: [
      {
        path: '/shipment/shipment-details/:shipmentId',
        element: <ShipmentDetailsPage shipmentId={shipmentId} office="backOffice" />,
      },
    ],
  });
}

describe('shipments/ShipmentDetailsPage', () => {
  it('shows the shipment with its status bar, carrier, stops, references and bill-to; the title gets the id', async () => {
    renderStaff();
    expect(await screen.findByRole('heading', { name: 'Shipment 10001' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Shipment details - 10001'));
    const bar = screen.getByRole('list', { name: 'Shipment status bar' });
    expect(within(bar).getAllByRole('listitem')[1]?.getAttribute('aria-current')).toBe('step');
    expect(
      within(screen.getByRole('region', { name: 'Carrier' })).getByText('Old Line Freight'),
    ).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Pickup' })).getByText('Ready:')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Bill to' })).getByText('1 Acme Way')).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Reference numbers' })).getByText('PO-70000'),
    ).toBeTruthy();
  });

  it('shows what the shipment carries: its commodity lines, a hazardous one with its hazmat details, and its accessorials', async () => {
    hazardousShipment = true;
    renderStaff();
    const lines = await screen.findByRole('table', { name: 'Commodities' });
    const row = within(lines).getByRole('row', { name: /Paint, flammable/ });
    expect(within(row).getByText('Hazardous')).toBeTruthy();
    expect(within(row).getByText('800 lbs')).toBeTruthy();
    expect(within(lines).getByRole('row', { name: /Pallets of resin/ }).textContent).not.toContain(
      'Hazardous',
    );
    const hazmat = screen.getByRole('region', { name: 'Hazardous materials: Paint, flammable' });
    for (const text of ['UN1263', 'Paint', '3 Liquids', 'II', 'ChemTrec', '(800) 424-9300'])
      expect(within(hazmat).getByText(text)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Hazardous materials: Pallets of resin' })).toBeNull();
    const accessorials = screen.getByRole('list', { name: 'Accessorials' });
    expect(
      within(accessorials)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Hazardous Materials', 'Liftgate Delivery']);
    // the order's special instructions, as entered (issue 17)
    expect(screen.getByRole('note', { name: 'Special instructions' }).textContent).toContain(
      'Call 30 min before arrival.\nDock 4 only.',
    );
  });

  it('staff edit the status: the modal opens extra large, the update toasts and the page reloads', async () => {
    renderStaff();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit status' }));
    const modal = await screen.findByRole('dialog', { name: 'Edit shipment status - 10001' });
    fireEvent.click(await within(modal).findByRole('button', { name: 'Ready' }));
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Information updated successfully')).toBeTruthy();
    expect(await screen.findByText('Electronic dispatch is not available for this shipment.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Edit shipment status/ })).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Shipment 10001' }).parentElement?.textContent).toContain(
        'Ready',
      ),
    );
  });

  it('reads the edit-status view with the page: the modal opens on it, and on a new one once the shipment is read again', async () => {
    let detailsReads = 0;
    server.use(
      http.get('*/api/ShipmentUpdateStatus/shipmentdetails/:id', () => {
        detailsReads++;
        const status = shipmentStatus;
        const details = statusDetails({ shipmentId: 10001, status });
        return HttpResponse.json({
          ...details,
          activeTransitLeg: details.activeTransitLeg && { ...details.activeTransitLeg, status },
        });
      }),
    );
    renderStaff();
    await screen.findByRole('heading', { name: 'Shipment 10001' });
    await waitFor(() => expect(detailsReads).toBe(1));
    const openModal = async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Edit status' }));
      return screen.findByRole('dialog', { name: 'Edit shipment status - 10001' });
    };
    // Opened, closed and opened again: no request, the answer read with the page.
    let modal = await openModal();
    expect(within(modal).getByRole('region', { name: 'Pickup' })).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Edit shipment status/ })).toBeNull());
    modal = await openModal();
    expect(within(modal).getByRole('region', { name: 'Pickup' })).toBeTruthy();
    expect(detailsReads).toBe(1);
    // An update: the view is read again as the modal closes, and with the page's next read of the shipment;
    // the next opening shows Ready.
    fireEvent.click(within(modal).getByRole('button', { name: 'Ready' }));
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Edit shipment status/ })).toBeNull());
    await waitFor(() => expect(detailsReads).toBe(3));
    modal = await openModal();
    await within(modal).findByRole('region', { name: 'Pickup' });
    expect(
      within(modal).getByRole('list', { name: 'Shipment status bar' }).querySelector('[aria-current=step]')
        ?.textContent,
    ).toContain('Ready');
    expect(detailsReads).toBe(3);
  });

  it("staff change an open shipment's carrier, not one the service says keeps it (decision 0117)", async () => {
    renderStaff();
    const card = await screen.findByRole('region', { name: 'Carrier' });
    // opening the picker reads the shipment again: it lists the references the leg has now
    const reads = shipmentReads;
    fireEvent.click(within(card).getByRole('button', { name: 'Change carrier' }));
    await screen.findByRole('dialog', { name: 'Carrier - 10001' });
    await waitFor(() => expect(shipmentReads).toBe(reads + 1));
    cleanup();
    shipmentStatus = 1000;
    renderStaff();
    const delivered = await screen.findByRole('region', { name: 'Carrier' });
    await within(delivered).findByText('Old Line Freight');
    expect(within(delivered).queryByRole('button', { name: 'Change carrier' })).toBeNull();
  });

  it('customers see it read-only: no status change, no bill-to editing', async () => {
    renderWithShell(<ShipmentDetailsPage shipmentId={10001} office="frontOffice" />, {
      basename: '/front-office',
    });
    expect(await screen.findByRole('heading', { name: 'Shipment 10001' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit status' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit bill to' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change carrier' })).toBeNull();
    expect(screen.getByRole('link', { name: '‹ My shipments' }).getAttribute('href')).toBe(
      '/front-office/shipments',
    );
  });

  it('mounts the activity log of the activity remote in both offices, reading again after a status update', async () => {
    const mounted = () =>
      [...document.querySelectorAll('[data-remote="activity/ShipmentActivityLog"]')].map((el) =>
        JSON.parse(el.getAttribute('data-props') ?? '{}'),
      );
    const staff = renderWithShell(
      <ShipmentDetailsPage shipmentId={10001} office="backOffice" canUseAdminAccessLevel />,
      { remotes: {} },
    );
    await screen.findByRole('heading', { name: 'Shipment 10001' });
    await waitFor(() =>
      expect(mounted()).toEqual([
        { shipmentId: 10001, office: 'backOffice', canUseAdminAccessLevel: true, refreshKey: 0 },
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit status' }));
    const modal = await screen.findByRole('dialog', { name: 'Edit shipment status - 10001' });
    // The edit-status modal's operation notes (000 §2 item 2).
    await waitFor(() =>
      expect(mounted()).toContainEqual({
        shipmentId: 10001,
        office: 'backOffice',
        canUseAdminAccessLevel: true,
        operationNotes: true,
      }),
    );
    fireEvent.click(await within(modal).findByRole('button', { name: 'Ready' }));
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mounted()).toEqual([expect.objectContaining({ refreshKey: 1 })]));
    staff.unmount();

    renderWithShell(<ShipmentDetailsPage shipmentId={10001} office="frontOffice" />, {
      basename: '/front-office',
      remotes: {},
    });
    await screen.findByRole('heading', { name: 'Shipment 10001' });
    await waitFor(() =>
      expect(mounted()).toEqual([
        { shipmentId: 10001, office: 'frontOffice', canUseAdminAccessLevel: false, refreshKey: 0 },
      ]),
    );
  });

  it('mounts the staff favorite toggle of the activity remote for staff, on the page and in the edit-status modal; not for customers', async () => {
    const toggles = () =>
      [...document.querySelectorAll('[data-remote="activity/StaffFavoriteToggle"]')].map((el) =>
        JSON.parse(el.getAttribute('data-props') ?? '{}'),
      );
    const staff = renderWithShell(<ShipmentDetailsPage shipmentId={10001} office="backOffice" />, {
      remotes: {},
    });
    await screen.findByRole('heading', { name: 'Shipment 10001' });
    // 001 §7: the shipment's customer organization goes with the toggle.
    await waitFor(() => expect(toggles()).toEqual([{ shipmentId: 10001, organizationId: 'org_demo_acme' }]));
    // Beside it, the attachments remote's tracking status request sender for this shipment (001 §2).
    expect(
      document
        .querySelector('[data-remote="attachments/TrackingStatusRequestSender"]')
        ?.getAttribute('data-props'),
    ).toBe(JSON.stringify({ shipmentIds: [10001] }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit status' }));
    const modal = await screen.findByRole('dialog', { name: 'Edit shipment status - 10001' });
    await waitFor(() =>
      expect(
        modal.querySelector('[data-remote="activity/StaffFavoriteToggle"]')?.getAttribute('data-props'),
      ).toBe(JSON.stringify({ shipmentId: 10001 })),
    );
    expect(toggles()).toHaveLength(2);
    staff.unmount();

    renderWithShell(<ShipmentDetailsPage shipmentId={10001} office="frontOffice" />, {
      basename: '/front-office',
      remotes: {},
    });
    await screen.findByRole('heading', { name: 'Shipment 10001' });
    await waitFor(() =>
      expect(document.querySelector('[data-remote="activity/ShipmentActivityLog"]')).not.toBeNull(),
    );
    expect(toggles()).toEqual([]);
    expect(document.querySelector('[data-remote="attachments/TrackingStatusRequestSender"]')).toBeNull();
  });

  it('opens the bill-to modal', async () => {
    server.use(
      http.get('*/api/shipmentdomestic/shipmentbillto', () =>
        HttpResponse.json({ ...shipment().billTo, exists: true }),
      ),
    );
    renderStaff();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit bill to' }));
    expect(((await screen.findByLabelText('City')) as HTMLInputElement).value).toBe('Kansas City');
  });

  it('names the customer as the bill-to when the shipment has none of its own, as accounting bills it', async () => {
    withoutBillTo = true;
    renderStaff();
    const card = await screen.findByRole('region', { name: 'Bill to' });
    expect(await within(card).findByText('Acme Manufacturing (the customer)')).toBeTruthy();
    // the customer reads its own name
    cleanup();
    renderWithShell(<ShipmentDetailsPage shipmentId={10001} office="frontOffice" />, {
      basename: '/front-office',
    });
    const own = await screen.findByRole('region', { name: 'Bill to' });
    expect(await within(own).findByText('Acme Manufacturing', { exact: true })).toBeTruthy();
  });

  it("says once, in the service's words, that a shipment is not there, without the catalogue's retry toast", async () => {
    renderStaff(99999);
    expect((await screen.findByRole('alert')).textContent).toBe('Shipment 99999 was not found.');
    expect(screen.queryByText('Unable to load shipment. Please try again.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it("says 'Unable to load shipment. Please try again.' (000 §8) for a load that failed, and Try again loads it", async () => {
    let failures = 1;
    server.use(
      http.get('*/api/shipments/:id', () =>
        failures-- > 0
          ? HttpResponse.json(
              { statusCode: 503, error: 'Service Unavailable', message: 'Down.' },
              { status: 503 },
            )
          : HttpResponse.json(shipment({ status: shipmentStatus })),
      ),
    );
    renderStaff(10001);
    // the toast and the page's alert
    await waitFor(() =>
      expect(screen.getAllByText('Unable to load shipment. Please try again.')).toHaveLength(2),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: /Shipment 10001/ });
  });
});

describe('shipments/ShipmentDetailsPage: alerts and live updates (issue 14 items 8 and 12)', () => {
  it('shows each open alert in the colour and with the icon of its settings (000 §3, 002 §3.4), the lost quote too', async () => {
    alerts = [
      {
        alertId: 'lost-quote-10001',
        type: null,
        code: 'LostQuote',
        displayName: 'Lost quote',
        settings: { color: 'red', icon: 'receipt-off' },
        systemRaised: true,
        resolved: false,
        createdDate: '2026-11-23T12:00:00.000Z',
        resolvedDate: null,
      },
      {
        alertId: 'alr_1',
        type: 270,
        code: null,
        displayName: 'Cargo insurance insufficient',
        settings: { color: 'amber', icon: 'shield-half' },
        systemRaised: true,
        resolved: false,
        createdDate: '2026-11-23T12:00:00.000Z',
        resolvedDate: null,
      },
      {
        alertId: 'alr_2',
        type: 265,
        code: null,
        displayName: 'Hold',
        settings: { color: 'red', icon: 'hand-stop' },
        systemRaised: false,
        resolved: true,
        createdDate: '2026-11-23T12:00:00.000Z',
        resolvedDate: '2026-11-23T13:00:00.000Z',
      },
    ];
    renderStaff();
    const list = await screen.findByRole('list', { name: 'Alerts' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['Lost quote', 'Cargo insurance insufficient']);
    const lost = items[0]!.querySelector('[data-alert-color]')!;
    expect(lost.getAttribute('data-alert-color')).toBe('red');
    expect(lost.querySelector('svg')?.getAttribute('data-icon')).toBe('receipt-off');
    const insurance = items[1]!.querySelector('[data-alert-color]')!;
    expect(insurance.getAttribute('data-alert-color')).toBe('amber');
    expect(insurance.querySelector('svg')?.getAttribute('data-icon')).toBe('shield-half');
    // Different colours, not one orange for all.
    expect(lost.getAttribute('style')).not.toBe(insurance.getAttribute('style'));
  });

  it("follows the shipment's live group: a status change made elsewhere reads the shipment again (000 §7)", async () => {
    const sent: { type: string; groupName?: string }[] = [];
    server.use(
      live.addEventListener('connection', ({ client }) => {
        client.addEventListener('message', (event) => {
          const message = JSON.parse(String(event.data));
          sent.push(message);
          if (message.type === 'follow') {
            shipmentStatus = 300;
            client.send(
              JSON.stringify({
                type: 'event',
                groupName: '10001',
                subject: 'tms.activity.activity.changed.v1',
                data: { activityId: 77, shipmentId: 10001, change: 'added', activityType: 6, accessLevel: 0 },
              }),
            );
          }
        });
      }),
    );
    renderStaff();
    await screen.findByRole('heading', { name: 'Shipment 10001' });
    await waitFor(() => expect(sent).toContainEqual({ type: 'follow', groupName: '10001' }));
    await waitFor(() => expect(shipmentReads).toBeGreaterThanOrEqual(2));
    const bar = screen.getByRole('list', { name: 'Shipment status bar' });
    await waitFor(() => expect(bar.querySelector('[aria-current=step]')?.textContent).toBe('Dispatched'));
  });
});
