import '../../../test/setup.ts';
import { screen } from '@testing-library/react';
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

  it("says 'No Carrier' and 'No Carrier Phone' when they are missing", () => {
    renderWithShell(
      <CarrierCard leg={{ ...leg, carrierMasterName: ' ', carrierPhone: null }} references={[]} />,
    );
    expect(screen.getByText('No Carrier')).toBeTruthy();
    expect(screen.getByText('No Carrier Phone')).toBeTruthy();
  });

  it('without a leg at all', () => {
    renderWithShell(<CarrierCard leg={null} references={[]} />);
    expect(screen.getByText('No Carrier')).toBeTruthy();
    expect(screen.getByText('No Carrier Phone')).toBeTruthy();
  });
});
