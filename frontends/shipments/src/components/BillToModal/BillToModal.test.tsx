import '../../../test/setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../../ui/test/helpers.tsx';
import { setupMsw } from '../../../../ui/test/msw.ts';
import { shipment } from '../../../test/fixtures.ts';
import { BillToModal } from './BillToModal.tsx';

const server = setupMsw();
const billTo = { ...shipment().billTo!, exists: true };
const none = {
  shipmentId: 10001,
  transitLegId: null,
  companyName: null,
  streetAddress: null,
  streetAddressTwo: null,
  city: null,
  state: null,
  zipCode: null,
  country: null,
  exists: false,
};

function render() {
  const onClose = vi.fn();
  const onChanged = vi.fn();
  renderWithShell(<BillToModal opened shipmentId={10001} onClose={onClose} onChanged={onChanged} />);
  return { onClose, onChanged };
}

describe('BillToModal (000 §2 item 12, §7, §8)', () => {
  it('loads the bill-to (GET …/shipmentbillto?shipmentId=) and saves it with PUT', async () => {
    let asked = '';
    let saved: unknown;
    server.use(
      http.get('*/api/shipmentdomestic/shipmentbillto', ({ request }) => {
        asked = new URL(request.url).search;
        return HttpResponse.json(billTo);
      }),
      http.put('*/api/shipmentdomestic/shipmentbillto', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        saved = body;
        return HttpResponse.json({ ...body, exists: true });
      }),
    );
    const { onClose, onChanged } = render();
    const company = (await screen.findByLabelText('Company name')) as HTMLInputElement;
    expect(asked).toBe('?shipmentId=10001');
    expect(company.value).toBe('Acme Manufacturing — Accounts Payable');
    fireEvent.change(screen.getByLabelText('Street address 2'), { target: { value: 'Suite 200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Information updated successfully')).toBeTruthy();
    const { exists: _, ...address } = billTo;
    expect(saved).toEqual({ ...address, streetAddressTwo: 'Suite 200' });
    expect(onChanged).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it("asks 'Are you sure you want to delete the bill to address?', deletes, 'Shipment Bill To Deleted'", async () => {
    let deleted = '';
    server.use(
      http.get('*/api/shipmentdomestic/shipmentbillto', () => HttpResponse.json(billTo)),
      http.delete('*/api/shipmentdomestic/shipmentBillTo/:id', ({ params }) => {
        deleted = String(params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { onChanged } = render();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Warning' });
    expect(confirm.textContent).toContain('Are you sure you want to delete the bill to address?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Shipment Bill To Deleted')).toBeTruthy();
    expect(deleted).toBe('10001');
    expect(onChanged).toHaveBeenCalled();
  });

  it('keeps the bill-to when the delete is not confirmed', async () => {
    const deleteCall = vi.fn();
    server.use(
      http.get('*/api/shipmentdomestic/shipmentbillto', () => HttpResponse.json(billTo)),
      http.delete('*/api/shipmentdomestic/shipmentBillTo/:id', () => {
        deleteCall();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Warning' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Warning' })).toBeNull());
    expect(deleteCall).not.toHaveBeenCalled();
  });

  it("'Error: Unable to delete Bill To Address. Please try again.' when the delete fails", async () => {
    server.use(
      http.get('*/api/shipmentdomestic/shipmentbillto', () => HttpResponse.json(billTo)),
      http.delete('*/api/shipmentdomestic/shipmentBillTo/:id', () =>
        HttpResponse.json({ statusCode: 500, error: 'x', message: 'x' }, { status: 500 }),
      ),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Warning' })).getByRole('button', {
        name: 'Continue',
      }),
    );
    expect(
      await screen.findByText('Error: Unable to delete Bill To Address. Please try again.'),
    ).toBeTruthy();
  });

  it("the update failure: 'Error: ' and the model errors, else 'Error: An error occured updating shipment bill to. Please try again.'", async () => {
    server.use(
      http.get('*/api/shipmentdomestic/shipmentbillto', () => HttpResponse.json(none)),
      http.put('*/api/shipmentdomestic/shipmentbillto', () =>
        HttpResponse.json({ statusCode: 500, error: 'x', message: 'x' }, { status: 500 }),
      ),
    );
    render();
    // No bill-to yet: an empty form, no delete.
    expect(((await screen.findByLabelText('Company name')) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Error: An error occured updating shipment bill to. Please try again.'),
    ).toBeTruthy();
    server.use(
      http.put('*/api/shipmentdomestic/shipmentbillto', () =>
        HttpResponse.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'x',
            errors: { 'model.zipCode': ['Invalid ZIP code.'] },
          },
          { status: 400 },
        ),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error: Invalid ZIP code.')).toBeTruthy();
  });

  it("'Unable to load shipment bill to information. Please try again.' when it does not load", async () => {
    server.use(
      http.get('*/api/shipmentdomestic/shipmentbillto', () =>
        HttpResponse.json({ statusCode: 500, error: 'x', message: 'x' }, { status: 500 }),
      ),
    );
    render();
    await waitFor(() =>
      expect(
        screen.getAllByText('Unable to load shipment bill to information. Please try again.'),
      ).toHaveLength(2),
    );
  });
});
