import '../../../test/setup.ts';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../../../ui/test/helpers.tsx';
import { setupMsw } from '../../../../ui/test/msw.ts';
import { score } from '../../../test/fixtures.ts';
import { CarrierScoreWidget, SCORE_UNAVAILABLE_TEXT } from './CarrierScoreWidget.tsx';

const server = setupMsw();
const answer = (body: unknown, status = 200) =>
  server.use(
    http.get('*/api/brokercarrier/carrierScore/:id', () => HttpResponse.json(body as object, { status })),
  );

describe('CarrierScoreWidget (000 §2 item 8, 000 §3 carrier score)', () => {
  it('shows overall, pickup and delivery in 5 stars with the actual scores and audit counts', async () => {
    answer(score());
    renderWithShell(<CarrierScoreWidget carrierMasterId="car_demo_summit" />);
    const overall = await screen.findByRole('row', { name: 'Overall score' });
    expect(within(overall).getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
    expect(overall.textContent).toContain('3.83');
    expect(overall.textContent).toContain('3 audits');
    const pickup = screen.getByRole('row', { name: 'Pickup score' });
    expect(within(pickup).getByRole('img', { name: '3.5 out of 5 stars' })).toBeTruthy();
    expect(pickup.textContent).toContain('3.25');
    expect(pickup.querySelectorAll('[data-fill="half"]')).toHaveLength(1);
    const delivery = screen.getByRole('row', { name: 'Delivery score' });
    expect(delivery.textContent).toContain('1 audit');
  });

  it('says Not rated for a carrier without audits', async () => {
    answer(
      score({
        totalAuditCount: 0,
        pickupAuditCount: 0,
        deliveryAuditCount: 0,
        starScore: null,
        actualScore: null,
        pickupStarScore: null,
        actualPickupScore: null,
        deliveryStarScore: null,
        actualDeliveryScore: null,
      }),
    );
    renderWithShell(<CarrierScoreWidget carrierMasterId="car_new" compact />);
    const line = await screen.findByRole('group', { name: 'Carrier score' });
    expect(within(line).getByRole('img', { name: 'Not rated' })).toBeTruthy();
    expect(line.textContent).toContain('Not rated · 0 audits');
  });

  it('compact: the overall stars and the audit count on one line', async () => {
    answer(score());
    renderWithShell(<CarrierScoreWidget carrierMasterId="car_demo_summit" compact />);
    const line = await screen.findByRole('group', { name: 'Carrier score' });
    expect(line.textContent).toContain('3.83 · 3 audits');
  });

  it('says the score is unavailable when it cannot be read', async () => {
    answer({ statusCode: 500, error: 'x', message: 'x' }, 500);
    renderWithShell(<CarrierScoreWidget carrierMasterId="car_demo_summit" />);
    expect(await screen.findByText(SCORE_UNAVAILABLE_TEXT)).toBeTruthy();
  });
});
