// The carriers remote's plug-in of the carrier card (000 §2 item 2), as the shipments remote mounts it:
// the score, the carrier details preview, the terminal information and the leg audits (000 §4).
import './setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw } from '../../ui/test/msw.ts';
import CarrierCardPlugin from '../src/CarrierCardPlugin.tsx';
import { AUDIT_SAVED_TEXT } from '../src/components/AuditModal/index.ts';
import { audits, previewHandlers, questions, score } from './fixtures.ts';

const server = setupMsw();

function serve(legs = audits()) {
  // The specific paths first: /api/brokerCarrier/audits/{id} also fits /api/brokerCarrier/{carrier}/{broker}.
  server.use(
    http.get('*/api/brokerCarrier/audits/:shipmentId', () => HttpResponse.json(legs)),
    http.get('*/api/brokerCarrier/auditQuestions', () => HttpResponse.json(questions)),
    ...previewHandlers(),
  );
}

describe('CarrierCardPlugin', () => {
  it("shows the carrier's score on one line and opens the carrier details preview", async () => {
    serve();
    renderWithShell(<CarrierCardPlugin shipmentId={10006} carrierMasterId="car_demo_summit" />);
    const line = await screen.findByRole('group', { name: 'Carrier score' });
    expect(within(line).getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Carrier details' }));
    expect(await screen.findByRole('heading', { name: 'Summit Carriers' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Preferred regions' })).toBeTruthy();
    expect(await screen.findByRole('row', { name: 'Overall score' })).toBeTruthy();
  });

  it('opens the terminal information page of the shipment in a frame (000 §2 item 7)', async () => {
    serve();
    renderWithShell(<CarrierCardPlugin shipmentId={10006} carrierMasterId="car_demo_summit" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Terminal information' }));
    const frame = (await screen.findByTitle('Terminal information')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('/Order/Terminals?shipmentId=10006');
  });

  it('offers the audits 000 §4 shows, and records one: the score moves at once', async () => {
    serve();
    const posted: unknown[] = [];
    server.use(
      http.post('*/api/brokerCarrier/audit', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({
          auditId: 'aud_1',
          score: 4.67,
          carrierScore: score({ starScore: 4.5, actualScore: 4.41, totalAuditCount: 4 }),
        });
      }),
    );
    renderWithShell(<CarrierCardPlugin shipmentId={10006} carrierMasterId="car_demo_summit" />);
    const group = await screen.findByRole('group', { name: 'Leg audits' });
    // In transit: the pickup audit only.
    expect(within(group).queryByRole('button', { name: 'Add delivery audit' })).toBeNull();
    fireEvent.click(within(group).getByRole('button', { name: 'Add pickup audit' }));
    const dialog = await screen.findByRole('dialog', { name: /Pickup audit/ });
    const save = within(dialog).getByRole('button', { name: 'Save audit' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(
      within(within(dialog).getByRole('radiogroup', { name: 'Arrived on time for pickup' })).getByLabelText(
        'Yes',
      ),
    );
    fireEvent.click(within(dialog).getByLabelText('4 stars'));
    fireEvent.change(within(dialog).getByLabelText('Equipment condition'), { target: { value: 'Good' } });
    fireEvent.click(save);
    expect(await screen.findByText(AUDIT_SAVED_TEXT)).toBeTruthy();
    expect(posted).toEqual([
      {
        shipmentId: 10006,
        transitLegId: 'leg_1',
        category: 'Pickup',
        answers: { 'pickup-on-time': true, 'pickup-driver': 4, 'pickup-equipment': 'Good' },
      },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Carrier score' }).textContent).toContain('4.41 · 4 audits'),
    );
  });

  it('shows a recorded audit by its stars and lists no leg where 000 §4 shows no audit', async () => {
    serve(
      audits({
        pickupAudit: {
          auditId: 'aud_1',
          category: 'Pickup',
          answers: { 'pickup-on-time': true },
          score: 4.67,
          recordedBy: 'Omar Operations',
          recordedDate: '2026-11-22T10:00:00.000Z',
        },
      }),
    );
    const first = renderWithShell(<CarrierCardPlugin shipmentId={10006} carrierMasterId="car_demo_summit" />);
    const group = await screen.findByRole('group', { name: 'Leg audits' });
    expect(within(group).getByRole('img', { name: '4.5 out of 5 stars' })).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'Edit' })).toBeTruthy();
    first.unmount();
    serve(audits({ status: 300, pickupAuditShown: false }));
    renderWithShell(<CarrierCardPlugin shipmentId={10006} carrierMasterId="car_demo_summit" />);
    await screen.findByRole('group', { name: 'Carrier score' });
    expect(screen.queryByRole('group', { name: 'Leg audits' })).toBeNull();
  });

  it('a refused audit shows the server’s reasons', async () => {
    serve();
    server.use(
      http.post('*/api/brokerCarrier/audit', () =>
        HttpResponse.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'A pickup audit is recorded once the leg is In Transit or beyond.',
            errors: {
              'model.category': ['A pickup audit is recorded once the leg is In Transit or beyond.'],
            },
          },
          { status: 400 },
        ),
      ),
    );
    renderWithShell(<CarrierCardPlugin shipmentId={10006} carrierMasterId="car_demo_summit" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add pickup audit' }));
    const dialog = await screen.findByRole('dialog', { name: /Pickup audit/ });
    fireEvent.click(
      within(within(dialog).getByRole('radiogroup', { name: 'Arrived on time for pickup' })).getByLabelText(
        'No',
      ),
    );
    fireEvent.click(within(dialog).getByLabelText('2 stars'));
    fireEvent.change(within(dialog).getByLabelText('Equipment condition'), { target: { value: 'Poor' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save audit' }));
    expect(
      await screen.findByText('Error: A pickup audit is recorded once the leg is In Transit or beyond.'),
    ).toBeTruthy();
  });

  it('adds nothing to a card without a carrier', () => {
    const { container } = renderWithShell(<CarrierCardPlugin shipmentId={10001} carrierMasterId={null} />);
    expect(container.querySelector('[data-plugin]')).toBeNull();
  });
});
