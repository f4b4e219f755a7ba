import '../../../test/setup.ts';
import { fireEvent, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../../ui/test/helpers.tsx';
import { setupMsw } from '../../../../ui/test/msw.ts';
import { TrackingLinkButton } from './TrackingLinkButton.tsx';

const server = setupMsw();
afterEach(() => vi.restoreAllMocks());

function clipboard() {
  const writeText = vi.fn(async () => {});
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

describe('TrackingLinkButton (000 §7, §8)', () => {
  it("copies the link: 'Tracking link copied to clipboard!'", async () => {
    const writeText = clipboard();
    server.use(
      http.get('*/api/ShipmentUpdateStatus/getTrackingLink/10005', () =>
        HttpResponse.json({ trackingLink: 'https://track.oldline.example/shipments?pro=OLFT1' }),
      ),
    );
    renderWithShell(<TrackingLinkButton shipmentId={10005} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy tracking link' }));
    expect(await screen.findByText('Tracking link copied to clipboard!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('https://track.oldline.example/shipments?pro=OLFT1');
  });

  it("'Unable to get Tracking link!' without a link or on failure", async () => {
    clipboard();
    server.use(
      http.get('*/api/ShipmentUpdateStatus/getTrackingLink/:id', () =>
        HttpResponse.json({ trackingLink: null }),
      ),
    );
    renderWithShell(<TrackingLinkButton shipmentId={10005} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy tracking link' }));
    expect(await screen.findByText('Unable to get Tracking link!')).toBeTruthy();
  });
});
