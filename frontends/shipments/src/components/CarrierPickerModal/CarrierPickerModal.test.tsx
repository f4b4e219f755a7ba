import '../../../test/setup.ts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../../ui/test/helpers.tsx';
import { setupMsw } from '../../../../ui/test/msw.ts';
import { shipment } from '../../../test/fixtures.ts';
import { CarrierPickerModal, carrierPickerTexts } from './CarrierPickerModal.tsx';

const server = setupMsw();

const choice = (name: string, scac: string, refusal: string | null = null) => ({
  carrierMasterId: `car_${scac.toLowerCase()}`,
  name,
  scac,
  phone: '6155550142',
  status: refusal === 'The carrier is blocked.' ? 'Blocked' : 'Enabled',
  inCompliance: refusal === null,
  refusal,
});
const listed = [
  choice('Old Line Freight', 'OLDL'),
  choice('Prairie Express', 'PRXP'),
  choice('Rogue Transport', 'RGTR', 'The carrier is blocked.'),
];

function render(
  current: { carrierMasterId: string | null; carrierMasterName: string | null } = {
    carrierMasterId: 'car_prxp',
    carrierMasterName: 'Prairie Express',
  },
  carrierReferences: { referenceTypeCode: string; value: string }[] = [],
  status = 10,
) {
  const onClose = vi.fn();
  const onChanged = vi.fn();
  renderWithShell(
    <CarrierPickerModal
      opened
      shipmentId={10001}
      transitLegId="leg_10001_1"
      current={current}
      status={status}
      carrierReferences={carrierReferences}
      onClose={onClose}
      onChanged={onChanged}
    />,
  );
  return { onClose, onChanged };
}

describe('CarrierPickerModal (decision 0117)', () => {
  it("lists the broker's carriers as the service answers, searches by name, and puts the chosen one on the leg", async () => {
    const asked: string[] = [];
    let saved: unknown;
    server.use(
      http.get('*/api/shipments/carrierChoices', ({ request }) => {
        const search = new URL(request.url).searchParams.get('search') ?? '';
        asked.push(search);
        return HttpResponse.json({
          carriers: listed.filter((c) => c.name.toLowerCase().startsWith(search.toLowerCase())),
        });
      }),
      http.put('*/api/shipments/:id/carrier', async ({ request, params }) => {
        saved = { id: params.id, body: await request.json() };
        return HttpResponse.json(shipment());
      }),
    );
    const { onClose, onChanged } = render();
    const list = await screen.findByRole('list', { name: 'Your carriers' });
    // the leg has no pro number or driver of its carrier: nothing to clear, nothing said
    expect(screen.queryByText(carrierPickerTexts.referencesGo, { exact: false })).toBeNull();
    expect((screen.getByLabelText('Carrier name or SCAC') as HTMLInputElement).maxLength).toBe(100);
    await within(list).findByText('Old Line Freight · OLDL');
    // the current carrier is marked, not offered
    const current = within(list).getByRole('listitem', { name: 'Prairie Express' });
    expect(within(current).getByText('Current')).toBeTruthy();
    expect(within(current).queryByRole('button')).toBeNull();
    // a refused carrier shows the service's reason and cannot be chosen
    const rogue = within(list).getByRole('listitem', { name: 'Rogue Transport' });
    expect(within(rogue).getByText('The carrier is blocked.')).toBeTruthy();
    expect((within(rogue).getByRole('button', { name: 'Choose' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Carrier name or SCAC'), { target: { value: 'old' } });
    await waitFor(() => expect(asked).toContain('old'));
    await waitFor(() => expect(within(list).queryByText('Rogue Transport · RGTR')).toBeNull());
    fireEvent.click(
      within(within(list).getByRole('listitem', { name: 'Old Line Freight' })).getByRole('button', {
        name: 'Choose',
      }),
    );
    expect(await screen.findByText('Information updated successfully')).toBeTruthy();
    expect(saved).toEqual({
      id: '10001',
      body: { transitLegId: 'leg_10001_1', carrierMasterId: 'car_oldl', keepCarrierReferences: false },
    });
    expect(onChanged).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the service's refusal and keeps the picker open", async () => {
    server.use(
      http.get('*/api/shipments/carrierChoices', () => HttpResponse.json({ carriers: listed })),
      http.put('*/api/shipments/:id/carrier', () =>
        HttpResponse.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'carrierMasterId: The carrier of a Delivered shipment cannot be changed.',
            errors: { carrierMasterId: ['The carrier of a Delivered shipment cannot be changed.'] },
          },
          { status: 400 },
        ),
      ),
    );
    const { onClose, onChanged } = render();
    const oldLine = await screen.findByRole('listitem', { name: 'Old Line Freight' });
    fireEvent.click(within(oldLine).getByRole('button', { name: 'Choose' }));
    expect(await screen.findByText('The carrier of a Delivered shipment cannot be changed.')).toBeTruthy();
    expect(onChanged).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('takes the carrier off after asking', async () => {
    let saved: unknown;
    server.use(
      http.get('*/api/shipments/carrierChoices', () => HttpResponse.json({ carriers: listed })),
      http.put('*/api/shipments/:id/carrier', async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json(shipment());
      }),
    );
    const { onChanged } = render();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove carrier' }));
    let confirm = await screen.findByRole('dialog', { name: 'Warning' });
    expect(confirm.textContent).toContain('Take Prairie Express off this shipment?');
    // Esc closes the confirmation alone; the picker stays
    fireEvent.keyDown(confirm, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Warning' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Carrier - 10001' })).toBeTruthy();
    expect(saved).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Remove carrier' }));
    confirm = await screen.findByRole('dialog', { name: 'Warning' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(saved).toEqual({
      transitLegId: 'leg_10001_1',
      carrierMasterId: null,
      keepCarrierReferences: false,
    });
  });

  it('offers to take off a carrier the leg knows by its name alone (as the importer writes it)', async () => {
    server.use(http.get('*/api/shipments/carrierChoices', () => HttpResponse.json({ carriers: listed })));
    render({ carrierMasterId: null, carrierMasterName: 'Imported Co' });
    await screen.findByRole('listitem', { name: 'Old Line Freight' });
    expect(screen.getByRole('button', { name: 'Remove carrier' })).toBeTruthy();
  });

  it('offers no removal when the leg has no carrier', async () => {
    server.use(http.get('*/api/shipments/carrierChoices', () => HttpResponse.json({ carriers: listed })));
    render({ carrierMasterId: null, carrierMasterName: null });
    await screen.findByRole('listitem', { name: 'Old Line Freight' });
    expect(screen.queryByRole('button', { name: 'Remove carrier' })).toBeNull();
  });

  it("says which of the previous carrier's pro numbers and driver details go with it, and sends whether staff keep them", async () => {
    const saved: unknown[] = [];
    server.use(
      http.get('*/api/shipments/carrierChoices', () => HttpResponse.json({ carriers: listed })),
      http.put('*/api/shipments/:id/carrier', async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json(shipment());
      }),
    );
    render(undefined, [
      { referenceTypeCode: 'LinehaulCarrierProNumber', value: 'PRX-1001' },
      { referenceTypeCode: 'DriverName', value: 'Dale Cooper' },
    ]);
    const oldLine = await screen.findByRole('listitem', { name: 'Old Line Freight' });
    expect(screen.getByText(carrierPickerTexts.referencesGo, { exact: false }).textContent).toBe(
      `${carrierPickerTexts.referencesGo} Linehaul Carrier Pro Number PRX-1001, Driver Name Dale Cooper`,
    );
    const keep = screen.getByLabelText(carrierPickerTexts.keepReferences) as HTMLInputElement;
    expect(keep.checked).toBe(false);
    fireEvent.click(within(oldLine).getByRole('button', { name: 'Choose' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    fireEvent.click(keep);
    fireEvent.click(within(oldLine).getByRole('button', { name: 'Choose' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved).toEqual([
      { transitLegId: 'leg_10001_1', carrierMasterId: 'car_oldl', keepCarrierReferences: false },
      { transitLegId: 'leg_10001_1', carrierMasterId: 'car_oldl', keepCarrierReferences: true },
    ]);
  });

  it('warns that a carrier chosen on a tendered shipment is not tendered, and only then', async () => {
    server.use(http.get('*/api/shipments/carrierChoices', () => HttpResponse.json({ carriers: listed })));
    render(undefined, [], 300);
    await screen.findByRole('listitem', { name: 'Old Line Freight' });
    expect(screen.getByText(carrierPickerTexts.notTendered(10001, 'Dispatched'))).toBeTruthy();
    cleanup();
    render(undefined, [], 10);
    await screen.findByRole('listitem', { name: 'Old Line Freight' });
    expect(screen.queryByText(carrierPickerTexts.notTendered(10001, 'Committed'))).toBeNull();
  });

  it('says nothing of references on a leg without a carrier: they were typed for the carrier to come', async () => {
    server.use(http.get('*/api/shipments/carrierChoices', () => HttpResponse.json({ carriers: listed })));
    render({ carrierMasterId: null, carrierMasterName: null }, [
      { referenceTypeCode: 'DriverName', value: 'Dale Cooper' },
    ]);
    await screen.findByRole('listitem', { name: 'Old Line Freight' });
    expect(screen.queryByText(carrierPickerTexts.referencesGo, { exact: false })).toBeNull();
    expect(screen.queryByLabelText(carrierPickerTexts.keepReferences)).toBeNull();
  });
});
