import '../../../test/setup.ts';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../../../ui/test/helpers.tsx';
import { setupMsw } from '../../../../ui/test/msw.ts';
import { notFound } from '../../../test/fixtures.ts';
import { LastKnownLocation } from './LastKnownLocation.tsx';

const server = setupMsw();
const line = () => screen.getByLabelText('Last known location').textContent;

describe('LastKnownLocation (000 §3)', () => {
  it('GET /api/Lastlocation/{id}: the location and its time', async () => {
    server.use(
      http.get('*/api/Lastlocation/10004', () =>
        HttpResponse.json({ locationStringFull: 'Gary, IN 46402', locationDateTime: '2026-11-24T07:05:00' }),
      ),
    );
    renderWithShell(<LastKnownLocation shipmentId={10004} tracking />);
    await waitFor(() => expect(line()).toBe('Gary, IN 46402 (11/24 07:05 AM)'));
  });

  it("'No Location Data Available' with tracking on, 'No Location Tracking Available' without", async () => {
    server.use(http.get('*/api/Lastlocation/:id', notFound));
    const { unmount } = renderWithShell(<LastKnownLocation shipmentId={10004} tracking />);
    await waitFor(() => expect(line()).toBe('No Location Data Available'));
    unmount();
    renderWithShell(<LastKnownLocation shipmentId={10004} tracking={false} />);
    await waitFor(() => expect(line()).toBe('No Location Tracking Available'));
  });
});
