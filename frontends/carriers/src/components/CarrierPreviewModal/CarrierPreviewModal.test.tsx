import '../../../test/setup.ts';
import { messages } from '@loadline/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../../ui/test/helpers.tsx';
import { setupMsw } from '../../../../ui/test/msw.ts';
import { details, notFound, previewHandlers } from '../../../test/fixtures.ts';
import type { CarrierDetails } from '../../api/types.ts';
import { CarrierPreviewModal } from './CarrierPreviewModal.tsx';

const server = setupMsw();

async function open(d: CarrierDetails = details()) {
  server.use(...previewHandlers(d));
  const view = renderWithShell(
    <CarrierPreviewModal carrierMasterId={d.carrierMasterId} opened onClose={() => {}} />,
    { remotes: {} },
  );
  await screen.findByRole('heading', { name: d.carrierMasterName });
  return view;
}

function recordPuts(path: string, answer: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.put(`*${path}`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return answer(body);
    }),
  );
  return bodies;
}

describe('CarrierPreviewModal (000 §2 item 11, 001 §2)', () => {
  it('shows the carrier, its compliance info, insurances not yet expired, contacts, score and regions', async () => {
    await open();
    const dialog = screen.getByRole('dialog', { name: /Carrier details/ });
    expect(within(dialog).getByText('MC-590264')).toBeTruthy();
    expect(within(dialog).getByText('1987342')).toBeTruthy();
    expect(within(dialog).getByText(messages.shipment.noCarrierPhone)).toBeTruthy();
    const compliance = screen.getByRole('region', { name: 'Compliance' });
    expect(within(compliance).getByText('Out of compliance')).toBeTruthy();
    expect(within(compliance).getByText("The carrier's insurance has expired.")).toBeTruthy();
    expect(within(compliance).getByText('Non Compliant')).toBeTruthy();
    const insurances = screen.getByRole('region', { name: 'Insurances' });
    expect(within(insurances).getByText('Cargo')).toBeTruthy();
    expect(within(insurances).getByText('03/23/2027')).toBeTruthy();
    expect(within(insurances).getByText('$100,000')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Contacts' })).getByText('Owen Bright')).toBeTruthy();
    expect(await screen.findByRole('row', { name: 'Overall score' })).toBeTruthy();
    const regions = screen.getByRole('region', { name: 'Preferred regions' });
    expect(within(regions).getByText('Both', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(within(regions).getByText('Inbound', { selector: '.mantine-Badge-label' })).toBeTruthy();
    // Without LSP Carrier Add/Edit: no editing.
    expect(screen.queryByLabelText('Carrier status')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit regions' })).toBeNull();
  });

  it('mounts the carrier activity log of the activity remote with the carrier', async () => {
    const { container } = await open();
    await waitFor(() =>
      expect(
        container.ownerDocument.querySelector('[data-remote="activity/CarrierActivityLog"]'),
      ).toBeTruthy(),
    );
    const log = container.ownerDocument.querySelector('[data-remote="activity/CarrierActivityLog"]')!;
    expect(JSON.parse(log.getAttribute('data-props')!)).toEqual({
      carrierMasterId: 'car_demo_summit',
      permissions: 0,
    });
  });

  it("refuses a favorite on an inherited carrier with the spec's text, without asking the server", async () => {
    const puts = recordPuts('/api/brokerCarrier/favorite', () => HttpResponse.json({}));
    await open(details({ inherited: true }));
    fireEvent.click(screen.getByRole('button', { name: '☆ Favorite' }));
    expect(await screen.findByText('Cannot set favorites for inherited carriers.')).toBeTruthy();
    expect(puts).toEqual([]);
  });

  it('sets a favorite; a refusal shows the server message in the spec’s text', async () => {
    const puts = recordPuts('/api/brokerCarrier/favorite', (body) => HttpResponse.json(body));
    await open();
    fireEvent.click(screen.getByRole('button', { name: '☆ Favorite' }));
    await screen.findByRole('button', { name: '★ Favorite' });
    expect(puts).toEqual([{ brokerCarrierId: 'bcr_demo_summit', favorite: true }]);
    server.use(
      http.put('*/api/brokerCarrier/favorite', () =>
        HttpResponse.json(
          { statusCode: 404, error: 'Not Found', message: 'Broker carrier x was not found.' },
          { status: 404 },
        ),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: '★ Favorite' }));
    expect(
      await screen.findByText('Unable to update favorite. Error: Broker carrier x was not found.'),
    ).toBeTruthy();
  });

  it("opens the carrier portal, or says 'Carrier portal link does not exist!'", async () => {
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
    server.use(
      http.get('*/api/brokerCarrierPortalLink/:id', () => notFound(messages.carrier.portalLinkMissing)),
    );
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Carrier portal' }));
    expect(await screen.findByText('Carrier portal link does not exist!')).toBeTruthy();
    server.use(
      http.get('*/api/brokerCarrierPortalLink/:id', () =>
        HttpResponse.json({ brokerCarrierId: 'bcr_demo_summit', portalLink: 'https://portal.example/x' }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Carrier portal' }));
    await waitFor(() =>
      expect(opened).toHaveBeenCalledWith('https://portal.example/x', '_blank', 'noopener'),
    );
    opened.mockRestore();
  });

  it("says 'Unable to Get Compliance Info' when compliance cannot be read", async () => {
    server.use(...previewHandlers());
    server.use(
      http.get('*/api/brokerCarrier/compliance/:id/:broker', () => HttpResponse.json({}, { status: 500 })),
    );
    renderWithShell(<CarrierPreviewModal carrierMasterId="car_demo_summit" opened onClose={() => {}} />);
    expect((await screen.findAllByText('Unable to Get Compliance Info')).length).toBeGreaterThan(0);
  });

  it('with LSP Carrier Add/Edit: changes the status and the preferred regions', async () => {
    const editable = details({ canEdit: true });
    const statusPuts = recordPuts('/api/brokerCarrier/status', (body) =>
      HttpResponse.json({
        ...editable,
        status: body.status as 2,
        statusName: 'Blocked',
        complianceInfo: {
          ...editable.complianceInfo,
          reasons: [{ code: 'Blocked', message: 'The carrier is blocked.' }],
        },
      }),
    );
    const regionPuts = recordPuts('/api/brokerCarrier/preferredRegions', () =>
      HttpResponse.json({
        ...editable,
        brokerCarrierPreferredRegions: [
          { regionId: 1, regionName: 'New England', type: 2, typeName: 'Outbound' },
        ],
      }),
    );
    await open(editable);
    fireEvent.change(screen.getByLabelText('Carrier status'), { target: { value: '2' } });
    expect(await screen.findByText('The carrier is blocked.')).toBeTruthy();
    expect(screen.getByLabelText('Status Blocked')).toBeTruthy();
    expect(statusPuts).toEqual([{ brokerCarrierId: 'bcr_demo_summit', status: 2 }]);

    fireEvent.click(screen.getByRole('button', { name: 'Edit regions' }));
    fireEvent.change(screen.getByLabelText('New England direction'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Rocky Mountain direction'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save regions' }));
    await screen.findByRole('button', { name: 'Edit regions' });
    expect(regionPuts).toEqual([
      {
        brokerCarrierId: 'bcr_demo_summit',
        regions: [
          { regionId: 1, type: 2 },
          { regionId: 512, type: 1 },
        ],
      },
    ]);
    expect(
      within(screen.getByRole('region', { name: 'Preferred regions' })).getByText('Outbound', {
        selector: '.mantine-Badge-label',
      }),
    ).toBeTruthy();
  });

  it('says so when the carrier cannot be loaded', async () => {
    server.use(...previewHandlers());
    server.use(http.get('*/api/brokerCarrier/:id/:broker', () => notFound('Carrier x was not found.')));
    renderWithShell(<CarrierPreviewModal carrierMasterId="car_x" opened onClose={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Unable to load the carrier.');
  });
});
