// The carrier details page (carriers/CarrierDetailsPage): its Compliance region names why the carrier is out
// of compliance, each reason's message with the service's detail after it, which for an expired insurance
// says which coverage expired and when (the Insurances table lists only insurances not yet expired,
// 000 §2 item 11).
import './setup.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw } from '../../ui/test/msw.ts';
import CarrierDetailsPage from '../src/CarrierDetailsPage.tsx';
import { compliance, details, previewHandlers } from './fixtures.ts';

const server = setupMsw();

describe('carriers/CarrierDetailsPage: compliance', () => {
  it('shows after the expired-insurance message which coverage expired and when; the table keeps the current one', async () => {
    server.use(
      ...previewHandlers(
        details({
          complianceInfo: compliance({
            reasons: [
              {
                code: 'InsuranceExpired',
                message: "The carrier's insurance has expired.",
                detail: 'Auto Liability expired 11/18/2026.',
              },
            ],
          }),
        }),
      ),
    );
    renderWithShell(<CarrierDetailsPage carrierMasterId="car_demo_summit" />);
    await screen.findByRole('heading', { name: 'Summit Carriers' });
    const region = within(screen.getByRole('region', { name: 'Compliance' }));
    expect(await region.findByText('Out of compliance')).toBeTruthy();
    expect(
      region.getByText("The carrier's insurance has expired. Auto Liability expired 11/18/2026."),
    ).toBeTruthy();
    const insurances = within(screen.getByRole('region', { name: 'Insurances' }));
    expect(insurances.getByText('Cargo')).toBeTruthy();
    expect(insurances.queryByText('Auto Liability')).toBeNull();
  });

  it('shows a reason without a detail as its message alone', async () => {
    server.use(
      ...previewHandlers(
        details({
          brokerCarrierInsurances: [],
          complianceInfo: compliance({
            reasons: [{ code: 'InsuranceNotOnFile', message: 'No insurance is on file for the carrier.' }],
            insuranceStatus: 'NotOnFile',
            insuranceStatusName: 'Not on File',
          }),
        }),
      ),
    );
    renderWithShell(<CarrierDetailsPage carrierMasterId="car_demo_summit" />);
    await screen.findByRole('heading', { name: 'Summit Carriers' });
    const region = within(screen.getByRole('region', { name: 'Compliance' }));
    expect(await region.findByText('No insurance is on file for the carrier.')).toBeTruthy();
  });
});
