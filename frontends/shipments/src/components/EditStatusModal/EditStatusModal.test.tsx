import '../../../test/setup.ts';
import { ShipmentStatus, ShipmentType } from '@loadline/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../../ui/test/helpers.tsx';
import { setupMsw } from '../../../../ui/test/msw.ts';
import { editStatusHandlers, notFound, statusDetails, updateAnswer } from '../../../test/fixtures.ts';
import type { StatusDetails } from '../../api/types.ts';
import { wallClockOf } from '../../rules/dateTime.ts';
import { EditStatusModal } from './EditStatusModal.tsx';

const server = setupMsw();
const S = ShipmentStatus.values;

beforeEach(() => server.use(...editStatusHandlers()));

/** Records the bodies of PUT updatestatus, answering `answer` (or a status derived from the body). */
function recordUpdates(answer?: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.put('*/api/ShipmentUpdateStatus/updatestatus', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      if (answer) return answer(body);
      const status = body.status === -1 ? S.Canceled : Number(body.status);
      return HttpResponse.json(updateAnswer({ status, shipmentStatus: status, transitLegStatus: status }));
    }),
  );
  return bodies;
}

async function open(details?: StatusDetails, props: { canUseAdminAccessLevel?: boolean } = {}) {
  if (details) server.use(editStatusHandlers(details)[0]!);
  const shipmentId = details?.shipmentId ?? 10002;
  const onUpdated = vi.fn();
  const onClose = vi.fn();
  renderWithShell(
    <EditStatusModal opened shipmentId={shipmentId} onClose={onClose} onUpdated={onUpdated} {...props} />,
  );
  await screen.findByRole('region', { name: 'Pickup' });
  return { onUpdated, onClose };
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const chooseInPicker = (value: number) =>
  fireEvent.change(screen.getByLabelText('Custom status'), { target: { value: String(value) } });

describe('EditStatusModal (000 §2 item 2)', () => {
  it('shows the carrier card, the pickup and delivery cards, the last location and the plug-in places', async () => {
    await open();
    const carrier = screen.getByRole('region', { name: 'Carrier' });
    expect(within(carrier).getByText('Old Line Freight')).toBeTruthy();
    expect(within(carrier).getByText('(555) 010-2001')).toBeTruthy();
    expect(within(carrier).getByText('Dana Reyes')).toBeTruthy();
    expect((screen.getByLabelText('Pickup ready date') as HTMLInputElement).value).toBe('2099-11-24');
    expect((screen.getByLabelText('Delivery estimated time') as HTMLInputElement).value).toBe('08:00');
    expect(screen.getByRole('region', { name: 'Activity log' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Attachments' })).toBeTruthy();
    // No tracking on the leg's tariff and no location: 000 §3's fallback.
    expect((await screen.findByLabelText('Last known location')).textContent).toBe(
      'No Location Tracking Available',
    );
    // The suggestions for Committed: Quote, Ready, Dispatched; the picker starts at '--Select--'.
    const suggested = screen.getByRole('group', { name: 'Suggested statuses' });
    for (const name of ['Quote', 'Ready', 'Dispatched']) {
      expect(within(suggested).getByRole('button', { name })).toBeTruthy();
    }
    const picker = screen.getByLabelText('Custom status') as HTMLSelectElement;
    expect([...picker.options].map((o) => o.textContent)).toEqual([
      '--Select--',
      'Quote',
      'Committed',
      'Ready',
      'Sent',
      'Dispatched',
      'In Transit',
      'Out for Delivery',
      'Delivered',
      'Canceled',
    ]);
  });

  it("says 'No Carrier' and 'No Carrier Phone' when the leg has none", async () => {
    const details = statusDetails();
    await open(
      statusDetails({
        activeTransitLeg: details.activeTransitLeg && {
          ...details.activeTransitLeg,
          carrierMasterId: null,
          carrierMasterName: null,
          carrierPhone: null,
        },
      }),
    );
    const carrier = screen.getByRole('region', { name: 'Carrier' });
    expect(within(carrier).getByText('No Carrier')).toBeTruthy();
    expect(within(carrier).getByText('No Carrier Phone')).toBeTruthy();
  });

  it('shows the last known location with its time when there is one', async () => {
    server.use(
      http.get('*/api/Lastlocation/:id', () =>
        HttpResponse.json({ locationStringFull: 'Toledo, OH', locationDateTime: '2099-11-24T14:30:00' }),
      ),
    );
    renderWithShell(<EditStatusModal opened shipmentId={10002} onClose={() => {}} onUpdated={() => {}} />);
    await waitFor(() =>
      expect(screen.getByLabelText('Last known location').textContent).toBe('Toledo, OH (11/24 14:30 PM)'),
    );
  });

  it("moves Committed → Ready: PUT updatestatus, 'Information updated successfully' and the dispatch warning", async () => {
    const bodies = recordUpdates();
    const { onUpdated } = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Ready' }));
    save();
    expect(await screen.findByText('Information updated successfully')).toBeTruthy();
    expect(await screen.findByText('Electronic dispatch is not available for this shipment.')).toBeTruthy();
    expect(bodies).toEqual([{ shipmentId: 10002, status: S.Ready }]);
    expect(onUpdated).toHaveBeenCalledWith(expect.objectContaining({ status: S.Ready }));
  });

  it('shows each dispatch outcome (000 §8)', async () => {
    recordUpdates(() =>
      HttpResponse.json(
        updateAnswer({
          status: S.Dispatched,
          shipmentDispatchTried: true,
          shipmentDispatchErrors: [{ errorMessage: 'Carrier refused the tender.' }],
        }),
      ),
    );
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Dispatched' }));
    save();
    expect(await screen.findByText('Shipment dispatch failed. Carrier refused the tender.')).toBeTruthy();
  });

  it("says 'Shipment has been dispatched. View activity log for details.' when dispatched", async () => {
    recordUpdates(() =>
      HttpResponse.json(
        updateAnswer({ status: S.Dispatched, shipmentDispatchTried: true, shipmentDispatched: true }),
      ),
    );
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Dispatched' }));
    save();
    expect(
      await screen.findByText('Shipment has been dispatched. View activity log for details.'),
    ).toBeTruthy();
  });

  it("cancel asks first in the shipment-canceled modal (a lost quote from Committed); dismissed, it toasts 'Shipment was not set to canceled.' and sends nothing", async () => {
    const bodies = recordUpdates();
    const { onUpdated } = await open();
    chooseInPicker(-1);
    save();
    const dialog = await screen.findByRole('dialog', { name: 'Cancel shipment 10002' });
    expect(dialog.textContent).toContain(
      'Shipment 10002 will be set to Canceled and marked as a lost quote: a Lost quote alert is added to it.',
    );
    expect(dialog.textContent).not.toContain('Are you sure you want to continue?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep shipment' }));
    expect(await screen.findByText('Shipment was not set to canceled.')).toBeTruthy();
    expect(bodies).toEqual([]);
    expect(onUpdated).not.toHaveBeenCalled();
  });

  it('cancel confirmed sends status -1 with the lost-quote alert', async () => {
    const bodies = recordUpdates();
    const { onUpdated } = await open();
    chooseInPicker(-1);
    save();
    const dialog = await screen.findByRole('dialog', { name: 'Cancel shipment 10002' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel shipment' }));
    expect(await screen.findByText('Information updated successfully')).toBeTruthy();
    expect(bodies).toEqual([{ shipmentId: 10002, status: -1, addSystemAlertLostQuote: true }]);
    expect(onUpdated).toHaveBeenCalled();
  });

  it('a cancel from Dispatched is no lost quote: the modal says only that it cancels', async () => {
    recordUpdates();
    const dispatched = statusDetails({ status: S.Dispatched });
    dispatched.activeTransitLeg = { ...dispatched.activeTransitLeg!, status: S.Dispatched };
    await open(dispatched);
    chooseInPicker(-1);
    save();
    const dialog = await screen.findByRole('dialog', { name: /^Cancel shipment/ });
    expect(dialog.textContent).toContain('will be set to Canceled.');
    expect(dialog.textContent).not.toContain('lost quote');
  });

  it("Esc, the X and Cancel ask before unsaved data is discarded ('Warning: Unsaved Data', 000 §2, §8)", async () => {
    const { onClose } = await open();
    // Clean: Cancel closes at once.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Driver called in' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const warning = await screen.findByRole('dialog', { name: 'Warning: Unsaved Data' });
    fireEvent.click(within(warning).getByRole('button', { name: 'No, Stay On Page' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Warning: Unsaved Data' })).toBeNull());
    expect(onClose).toHaveBeenCalledTimes(1);
    // Esc on the modal asks too; discarding closes it.
    const modal = screen.getByRole('dialog', { name: /^Edit shipment status/ });
    fireEvent.keyDown(modal, { key: 'Escape' });
    const again = await screen.findByRole('dialog', { name: 'Warning: Unsaved Data' });
    fireEvent.click(within(again).getByRole('button', { name: 'Yes, Discard My Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
  });

  it('the credit-hold check refusing opens the warning modal offering Committed or Quote (000 §4)', async () => {
    const checks: unknown[] = [];
    const bodies = recordUpdates();
    await open();
    server.use(
      http.post('*/api/creditHoldShipment/canUpdateTransitLegStatus', async ({ request }) => {
        checks.push(await request.json());
        return HttpResponse.json(false);
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Dispatched' }));
    save();
    const warning = await screen.findByRole('dialog', { name: 'Warning' });
    expect(warning.textContent).toContain('Committed or Quote');
    expect(checks).toEqual([{ shipmentId: 10002, newtransitLegStatus: S.Dispatched, trainsitType: 1 }]);
    fireEvent.click(within(warning).getByRole('button', { name: 'Quote' }));
    await screen.findByText('Information updated successfully');
    expect(bodies).toEqual([{ shipmentId: 10002, status: S.Quote }]);
  });

  it('closing the credit-hold modal sends nothing', async () => {
    const bodies = recordUpdates();
    await open();
    server.use(
      http.post('*/api/creditHoldShipment/canUpdateTransitLegStatus', () => HttpResponse.json(false)),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Ready' }));
    save();
    const warning = await screen.findByRole('dialog', { name: 'Warning' });
    fireEvent.click(within(warning).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Warning' })).toBeNull());
    expect(bodies).toEqual([]);
  });

  it('goes on when the credit-hold check is not answered (route missing or failing)', async () => {
    const bodies = recordUpdates();
    await open();
    server.use(http.post('*/api/creditHoldShipment/canUpdateTransitLegStatus', notFound));
    fireEvent.click(screen.getByRole('button', { name: 'Ready' }));
    save();
    await screen.findByText('Information updated successfully');
    expect(bodies).toHaveLength(1);
  });

  describe('pickup-date-passed modal (LTL moved to Ready, pickup less than 2 hours ahead at the origin)', () => {
    const soon = () => {
      const origin = wallClockOf(new Date(Date.now() + 30 * 60_000), -5);
      return `${origin.date}T${origin.time}:00`;
    };
    const ltlSoon = () => {
      const d = statusDetails({ shipmentType: ShipmentType.values.LTL });
      const [pick, drop] = d.shipmentTransitStops;
      return {
        ...d,
        shipmentTransitStops: [
          { ...pick!, scheduledReadyDateTime: soon(), scheduledCloseDateTime: '2099-01-01T16:00:00' },
          drop!,
        ],
      };
    };

    it('dismissed: the update is sent unchanged', async () => {
      const bodies = recordUpdates();
      await open(ltlSoon());
      fireEvent.click(screen.getByRole('button', { name: 'Ready' }));
      save();
      const modal = await screen.findByRole('dialog', { name: 'Pickup date passed' });
      expect(modal.textContent).toContain('less than 2 hours away');
      fireEvent.click(within(modal).getByRole('button', { name: 'Keep the pickup time' }));
      await screen.findByText('Information updated successfully');
      expect(bodies).toEqual([{ shipmentId: 10002, status: S.Ready }]);
    });

    it('accepted: the update carries the pickup 2 hours ahead', async () => {
      const bodies = recordUpdates();
      await open(ltlSoon());
      fireEvent.click(screen.getByRole('button', { name: 'Ready' }));
      save();
      const modal = await screen.findByRole('dialog', { name: 'Pickup date passed' });
      const before = wallClockOf(new Date(Date.now() + 2 * 3_600_000), -5);
      fireEvent.click(within(modal).getByRole('button', { name: /^Pickup at / }));
      await screen.findByText('Information updated successfully');
      const ready = String(bodies[0]?.pickupReadyDateTime);
      expect(bodies[0]?.status).toBe(S.Ready);
      expect(ready >= `${before.date}T${before.time}:00`).toBe(true);
    });

    it('not for a truckload shipment', async () => {
      const bodies = recordUpdates();
      await open({ ...ltlSoon(), shipmentType: ShipmentType.values.Truckload });
      fireEvent.click(screen.getByRole('button', { name: 'Ready' }));
      save();
      await screen.findByText('Information updated successfully');
      expect(screen.queryByRole('dialog', { name: 'Pickup date passed' })).toBeNull();
      expect(bodies).toHaveLength(1);
    });
  });

  it("toasts 'Error: ' and the model errors of a refused update, else the generic text", async () => {
    recordUpdates(() =>
      HttpResponse.json(
        {
          statusCode: 400,
          error: 'Bad Request',
          message: 'refused',
          errors: { 'model.status': ['A shipment cannot move from Committed to Delivered.'] },
        },
        { status: 400 },
      ),
    );
    const { onUpdated } = await open();
    chooseInPicker(S.Delivered);
    save();
    expect(
      await screen.findByText('Error: A shipment cannot move from Committed to Delivered.'),
    ).toBeTruthy();
    expect(onUpdated).not.toHaveBeenCalled();

    recordUpdates(() =>
      HttpResponse.json(
        { statusCode: 500, error: 'Internal Server Error', message: 'boom' },
        { status: 500 },
      ),
    );
    save();
    expect(
      await screen.findByText('Error: An error occured updating shipment information. Please try again.'),
    ).toBeTruthy();
  });

  it('applies the date rules live: ready after close moves the close date; the flagged form does not save', async () => {
    const bodies = recordUpdates();
    await open();
    fireEvent.change(screen.getByLabelText('Pickup ready date'), { target: { value: '2099-11-26' } });
    expect((screen.getByLabelText('Pickup close date') as HTMLInputElement).value).toBe('2099-11-26');
    // The delivery follows the new pickup date (1 transit day, weekdays only: Thursday → Friday).
    expect((screen.getByLabelText('Delivery estimated date') as HTMLInputElement).value).toBe('2099-11-27');
    fireEvent.change(screen.getByLabelText('Pickup ready time'), { target: { value: '17:00' } });
    expect(await screen.findByText('Pickup close must not be before pickup ready.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Pickup close time'), { target: { value: '18:00' } });
    save();
    await screen.findByText('Information updated successfully');
    expect(bodies[0]).toMatchObject({
      pickupReadyDateTime: '2099-11-26T17:00:00',
      pickupCloseDateTime: '2099-11-26T18:00:00',
      deliveryEstimatedDateTime: '2099-11-27T08:00:00',
      deliveryCloseDateTime: '2099-11-27T16:00:00',
    });
  });

  it('sends the note with its access level (Private by default) and pin', async () => {
    const bodies = recordUpdates();
    await open(undefined, { canUseAdminAccessLevel: true });
    const access = screen.getByLabelText('Access level') as HTMLSelectElement;
    expect([...access.options].map((o) => o.textContent)).toEqual(['Public', 'Private', 'Admin']);
    expect(access.value).toBe('1');
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Driver checked in.' } });
    fireEvent.click(screen.getByLabelText('Pin note'));
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Dayton, OH' } });
    save();
    await screen.findByText('Information updated successfully');
    expect(bodies[0]).toEqual({
      shipmentId: 10002,
      status: S.Committed,
      location: 'Dayton, OH',
      activity: 'Driver checked in.',
      accessLevel: 1,
      pinActivity: true,
    });
  });

  describe('pro-number duplicate check (000 §5)', () => {
    it('asks 500 ms after the last keystroke with the carrier and the leg’s pro-number type, and warns', async () => {
      const asked: URLSearchParams[] = [];
      await open();
      server.use(
        http.get('*/api/ShipmentUpdateStatus/proNumberHasDuplicates', ({ request }) => {
          asked.push(new URL(request.url).searchParams);
          return HttpResponse.json(true);
        }),
      );
      const input = screen.getByLabelText('Pro number');
      fireEvent.change(input, { target: { value: 'OLF' } });
      fireEvent.change(input, { target: { value: 'OLFT12' } });
      fireEvent.change(input, { target: { value: 'OLFT123' } });
      expect(await screen.findByText('This pro number is already used on another shipment.')).toBeTruthy();
      expect(asked).toHaveLength(1);
      expect(Object.fromEntries(asked[0]!)).toEqual({
        shipmentId: '10002',
        carrierId: 'car_demo_oldline',
        proNumber: 'OLFT123',
        referenceType: 'LinehaulCarrierProNumber',
      });
    });

    it("toasts 'Error: Unable to validate pro number.' when the check fails", async () => {
      await open();
      server.use(
        http.get('*/api/ShipmentUpdateStatus/proNumberHasDuplicates', () =>
          HttpResponse.json({ statusCode: 500, error: 'x', message: 'x' }, { status: 500 }),
        ),
      );
      fireEvent.change(screen.getByLabelText('Pro number'), { target: { value: 'OLFT123' } });
      expect(await screen.findByText('Error: Unable to validate pro number.')).toBeTruthy();
    });

    it('does not ask without a carrier', async () => {
      const details = statusDetails();
      const asked = vi.fn();
      await open(
        statusDetails({
          activeTransitLeg: details.activeTransitLeg && {
            ...details.activeTransitLeg,
            carrierMasterId: null,
          },
        }),
      );
      server.use(
        http.get('*/api/ShipmentUpdateStatus/proNumberHasDuplicates', () => {
          asked();
          return HttpResponse.json(true);
        }),
      );
      fireEvent.change(screen.getByLabelText('Pro number'), { target: { value: 'OLFT123' } });
      await new Promise((r) => setTimeout(r, 700));
      expect(asked).not.toHaveBeenCalled();
    });
  });

  it('reads the view before it is opened; a read ahead that failed is read again on opening, its failure not toasted', async () => {
    let reads = 0;
    server.use(
      http.get('*/api/ShipmentUpdateStatus/shipmentdetails/:id', () => {
        reads++;
        return reads === 1
          ? HttpResponse.json({ statusCode: 503, error: 'x', message: 'x' }, { status: 503 })
          : HttpResponse.json(statusDetails());
      }),
    );
    function Page() {
      const [opened, setOpened] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpened(true)}>
            Open
          </button>
          <EditStatusModal opened={opened} shipmentId={10002} onClose={() => {}} onUpdated={() => {}} />
        </>
      );
    }
    renderWithShell(<Page />);
    await waitFor(() => expect(reads).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('region', { name: 'Pickup' })).toBeTruthy();
    expect(reads).toBe(2);
    // A toast of the failure would still be shown (000 §8's toasts stay for seconds).
    expect(screen.queryByText('Unable to load shipment information. Please try again.')).toBeNull();
  });

  it("says 'Unable to load shipment information. Please try again.' when the view does not load", async () => {
    server.use(
      http.get('*/api/ShipmentUpdateStatus/shipmentdetails/:id', () =>
        HttpResponse.json({ statusCode: 500, error: 'x', message: 'x' }, { status: 500 }),
      ),
    );
    renderWithShell(<EditStatusModal opened shipmentId={10002} onClose={() => {}} onUpdated={() => {}} />);
    // The toast of 000 §8, and the same text in the modal's body.
    await waitFor(() =>
      expect(screen.getAllByText('Unable to load shipment information. Please try again.')).toHaveLength(2),
    );
  });
});
