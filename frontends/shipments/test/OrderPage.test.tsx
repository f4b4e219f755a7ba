import './setup.ts';
import { HAZARDOUS_ACCESSORIAL_ID } from '@loadline/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentPath, renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw } from '../../ui/test/msw.ts';
import OrderPage from '../src/order/OrderPage.tsx';
import { shipment } from './fixtures.ts';

const server = setupMsw();

const checklist = [
  {
    accessorialType: 1,
    name: 'Shipment',
    accessorials: [
      {
        accessorialId: HAZARDOUS_ACCESSORIAL_ID,
        name: 'Hazardous Materials',
        selected: false,
        required: false,
        hazardous: true,
      },
    ],
  },
  {
    accessorialType: 3,
    name: 'Delivery',
    accessorials: [
      { accessorialId: 12, name: 'Residential Delivery', selected: false, required: false, hazardous: false },
    ],
  },
  {
    accessorialType: 4,
    name: 'Fuel',
    accessorials: [
      { accessorialId: 30, name: 'Fuel Surcharge', selected: true, required: true, hazardous: false },
    ],
  },
];

let posted: Record<string, unknown>[];
let checklistQueries: URLSearchParams[];
let createAnswer: () => Response;

beforeEach(() => {
  posted = [];
  checklistQueries = [];
  createAnswer = () => HttpResponse.json(shipment({ shipmentId: 100123 }), { status: 201 });
  server.use(
    http.get('*/api/location/searchZipCodes', ({ request }) => {
      const q = new URL(request.url).searchParams.get('query');
      const known: Record<string, object> = {
        '45414': {
          zip: '45414',
          city: 'Dayton',
          state: 'OH',
          country: 'USA',
          latitude: null,
          longitude: null,
          timeZone: null,
        },
        '60632': {
          zip: '60632',
          city: 'Chicago',
          state: 'IL',
          country: 'USA',
          latitude: null,
          longitude: null,
          timeZone: null,
        },
      };
      return HttpResponse.json(q && known[q] ? [known[q]] : []);
    }),
    http.get('*/api/shipments/accessorials', ({ request }) => {
      checklistQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json(checklist);
    }),
    http.post('*/api/shipments', async ({ request }) => {
      posted.push((await request.json()) as Record<string, unknown>);
      return createAnswer();
    }),
    http.get('*/api/featureFlags', () => HttpResponse.json({ flags: [], densityScale: 'standard' })),
    http.get('*/api/organization/billToOrganizations', () =>
      HttpResponse.json([{ id: 'org_demo_acme', name: 'Acme Manufacturing' }]),
    ),
  );
});

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

async function fillLine() {
  const line = screen.getByRole('group', { name: 'Commodity 1' });
  fireEvent.change(within(line).getByLabelText('Description'), { target: { value: 'Paint, in pails' } });
  fireEvent.change(within(line).getByLabelText('Pieces'), { target: { value: '2' } });
  fireEvent.change(within(line).getByLabelText('Weight (lbs)'), { target: { value: '1000' } });
  fireEvent.change(within(line).getByLabelText('Length (in)'), { target: { value: '48' } });
  fireEvent.change(within(line).getByLabelText('Width (in)'), { target: { value: '40' } });
  fireEvent.change(within(line).getByLabelText('Height (in)'), { target: { value: '48' } });
}

describe('shipments/OrderPage', () => {
  it('front office: Quick quote’s ZIPs looked up, the class inline, 46 sets the hazmat flag, save opens the shipment', async () => {
    const { router } = renderWithShell(
      <OrderPage office="frontOffice" brokerId="org_demo_broker" originZip="45414" destinationZip="60632" />,
      { basename: '/front-office' },
    );
    await waitFor(() => expect(value('Origin city')).toBe('Dayton'), { timeout: 15_000 });
    expect(value('Destination state')).toBe('IL');
    expect(screen.queryByLabelText('Customer')).toBeNull();
    // a customer orders the domestic types only (the service's checkCustomerShipmentType)
    const types = () =>
      [...(screen.getByLabelText('Shipment type') as HTMLSelectElement).options].map((o) => o.textContent);
    expect(types()).toEqual(['Small Package', 'LTL', 'Truckload', 'Domestic Freight', 'Cartage', 'Drayage']);

    await fillLine();
    expect(screen.getByTestId('class-0').textContent).toMatch(/^Class 100 \(density 9\.38/);

    const accessorials = await screen.findByRole('region', { name: 'Accessorials' }, { timeout: 15_000 });
    await within(accessorials).findByText('Fuel', {}, { timeout: 15_000 });
    expect((within(accessorials).getByLabelText('Fuel Surcharge') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(accessorials).getByLabelText('Hazardous Materials'));
    expect(screen.queryByRole('dialog')).toBeNull();
    const line = screen.getByRole('group', { name: 'Commodity 1' });
    expect((within(line).getByLabelText('Hazardous') as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(checklistQueries.at(-1)?.get('originZip')).toBe('45414'));

    fireEvent.click(screen.getByRole('button', { name: 'Save shipment' }));
    await waitFor(() => expect(posted).toHaveLength(1), { timeout: 15_000 });
    expect(posted[0]).not.toHaveProperty('customerOrganizationId');
    expect(posted[0]).toMatchObject({
      accessorials: [HAZARDOUS_ACCESSORIAL_ID],
      commodities: [
        {
          description: 'Paint, in pails',
          pieces: 2,
          weight: 1000,
          freightClass: 100,
          hazardous: true,
          hazmat: null,
        },
      ],
      stops: [
        { stopType: 'FirstPick', zipCode: '45414', city: 'Dayton', state: 'OH' },
        { stopType: 'LastDrop', zipCode: '60632', city: 'Chicago', state: 'IL' },
      ],
    });
    await waitFor(() => expect(currentPath(router)).toBe('/front-office/shipments/100123'), {
      timeout: 15_000,
    });
  });

  it('back office: a customer is required, 46 opens the hazmat modal, and the service’s field errors show by their fields', async () => {
    renderWithShell(
      <OrderPage office="backOffice" brokerId="org_demo_broker" originZip="45414" destinationZip="60632" />,
    );
    await waitFor(() => expect(value('Origin city')).toBe('Dayton'), { timeout: 15_000 });
    // staff enter international freight too
    expect(
      [...(screen.getByLabelText('Shipment type') as HTMLSelectElement).options].map((o) => o.textContent),
    ).toEqual([
      'Small Package',
      'LTL',
      'Truckload',
      'Domestic Freight',
      'Air House',
      'Ocean',
      'Air Master',
      'Ocean Combined',
      'Cartage',
      'Drayage',
    ]);
    await fillLine();
    const accessorials = await screen.findByRole('region', { name: 'Accessorials' }, { timeout: 15_000 });
    fireEvent.click(
      await within(accessorials).findByLabelText('Hazardous Materials', {}, { timeout: 15_000 }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Hazardous materials: Paint, in pails/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('button', { name: 'Save shipment' }));
    expect(await screen.findByText('Choose the customer.')).toBeTruthy();
    expect(screen.getByText('Enter the hazmat details.')).toBeTruthy();
    expect(posted).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Hazmat details' }));
    const modal = await screen.findByRole('dialog');
    fireEvent.change(within(modal).getByLabelText(/UN number/), { target: { value: 'UN1263' } });
    fireEvent.change(within(modal).getByLabelText(/Proper shipping name/), { target: { value: 'Paint' } });
    fireEvent.change(within(modal).getByLabelText('Hazard class'), { target: { value: '3' } });
    fireEvent.change(within(modal).getByLabelText(/Emergency contact phone/), {
      target: { value: '800-255-3924' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Save hazmat details' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Hazmat UN1263' })).toBeTruthy());

    fireEvent.change(await screen.findByLabelText('Customer'), { target: { value: 'org_demo_acme' } });
    createAnswer = () =>
      HttpResponse.json(
        {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Bad input',
          errors: {
            'model.commodities.0.weight': ['Weight must be more than 0.'],
            'model.stops.0.companyName': ['stops.0.companyName must be at most 200 characters.'],
          },
        },
        { status: 400 },
      );
    fireEvent.click(screen.getByRole('button', { name: 'Save shipment' }));
    await waitFor(() => expect(posted).toHaveLength(1), { timeout: 15_000 });
    expect(posted[0]).toMatchObject({
      customerOrganizationId: 'org_demo_acme',
      commodities: [{ hazardous: true, hazmat: { unNumber: 'UN1263', hazardClass: '3', packingGroup: 0 } }],
    });
    expect(await screen.findAllByText('Weight must be more than 0.')).not.toHaveLength(0);
    // a limit of the service's lands under its own field, in words that need no field path
    const origin = screen.getByRole('region', { name: 'Origin' });
    expect(within(origin).getByText('Must be at most 200 characters.')).toBeTruthy();
  });
});
