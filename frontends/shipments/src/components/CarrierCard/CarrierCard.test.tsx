import '../../../test/setup.ts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../../../ui/test/helpers.tsx';
import { CarrierCard } from './CarrierCard.tsx';

const leg = {
  transitLegId: 'leg_1',
  transitType: 1,
  carrierMasterName: 'Prairie Express',
  carrierPhone: '(555) 010-2002',
  scac: 'PRXP',
};
const refs = [
  {
    referenceId: 'r1',
    referenceType: null,
    referenceTypeCode: 'DriverName',
    transitLegId: 'leg_1',
    value: 'Lee Park',
  },
  {
    referenceId: 'r2',
    referenceType: 31,
    referenceTypeCode: 'TruckNumber',
    transitLegId: 'leg_1',
    value: 'T211',
  },
];

describe('CarrierCard (000 §2 item 2)', () => {
  it('shows the carrier, phone, leg type, SCAC and the driver and equipment references', () => {
    renderWithShell(<CarrierCard leg={leg} references={refs} />);
    expect(screen.getByText('Prairie Express')).toBeTruthy();
    expect(screen.getByText('(555) 010-2002')).toBeTruthy();
    expect(screen.getByText('Linehaul · PRXP')).toBeTruthy();
    expect(screen.getByText('Lee Park')).toBeTruthy();
    expect(screen.getByText('T211')).toBeTruthy();
  });

  it('shows phones as (AAA) BBB-CCCC ext N however they were written (001 §5, issue 14 item 13)', () => {
    renderWithShell(
      <CarrierCard
        leg={{ ...leg, carrierPhone: '5550102003x12' }}
        references={[
          {
            referenceId: 'r3',
            referenceType: 11,
            referenceTypeCode: 'DriverCellPhoneNumber',
            transitLegId: 'leg_1',
            value: '555.020.3004',
          },
        ]}
      />,
    );
    expect(screen.getByText('(555) 010-2003 ext 12')).toBeTruthy();
    expect(screen.getByText('(555) 020-3004')).toBeTruthy();
    expect(screen.queryByText('5550102003x12')).toBeNull();
  });

  it("says 'No Carrier' and 'No Carrier Phone' when they are missing", () => {
    renderWithShell(
      <CarrierCard leg={{ ...leg, carrierMasterName: ' ', carrierPhone: null }} references={[]} />,
    );
    expect(screen.getByText('No Carrier')).toBeTruthy();
    expect(screen.getByText('No Carrier Phone')).toBeTruthy();
  });

  it("plugs in the carriers remote for staff (the shipment given), with the leg's carrier", async () => {
    const { container } = renderWithShell(
      <CarrierCard
        leg={{ ...leg, carrierMasterId: 'car_demo_prairie' }}
        references={refs}
        shipmentId={10002}
      />,
      { remotes: {} },
    );
    await waitFor(() =>
      expect(container.querySelector('[data-remote="carriers/CarrierCardPlugin"]')).toBeTruthy(),
    );
    const mounted = container.querySelector('[data-remote="carriers/CarrierCardPlugin"]')!;
    expect(JSON.parse(mounted.getAttribute('data-props')!)).toEqual({
      shipmentId: 10002,
      carrierMasterId: 'car_demo_prairie',
    });
  });

  it('plugs in nothing without the shipment (customers), without a carrier or outside a shell', async () => {
    const customer = renderWithShell(
      <CarrierCard leg={{ ...leg, carrierMasterId: 'car_demo_prairie' }} references={refs} />,
      { remotes: {} },
    );
    const none = renderWithShell(
      <CarrierCard leg={{ ...leg, carrierMasterId: null }} references={refs} shipmentId={1} />,
      { remotes: {} },
    );
    const noShell = renderWithShell(
      <CarrierCard leg={{ ...leg, carrierMasterId: 'car_demo_prairie' }} references={refs} shipmentId={1} />,
    );
    await screen.findAllByText('Prairie Express');
    for (const view of [customer, none, noShell]) {
      expect(view.container.querySelector('[data-remote]')).toBeNull();
      expect(view.container.querySelector('[role=alert]')).toBeNull();
    }
  });

  it('without a leg at all', () => {
    renderWithShell(<CarrierCard leg={null} references={[]} />);
    expect(screen.getByText('No Carrier')).toBeTruthy();
    expect(screen.getByText('No Carrier Phone')).toBeTruthy();
  });
});
