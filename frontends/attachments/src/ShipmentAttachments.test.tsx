import '../test/setup.ts';
import { messages } from '@loadline/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw } from '../../ui/test/msw.ts';
import { attachment, carrierBill } from '../test/fixtures.ts';
import ShipmentAttachments from './ShipmentAttachments.tsx';

const server = setupMsw();

function list(items = [attachment(), carrierBill]) {
  let current = items;
  server.use(http.get('*/api/files/getattachments/10005/shipment', () => HttpResponse.json(current)));
  return (next: typeof items) => {
    current = next;
  };
}

describe('ShipmentAttachments and the attachments modal (000 §2 item 10)', () => {
  it('lists the attachments as download links (001 §2 /files/Attachment?i=&t=)', async () => {
    list();
    renderWithShell(<ShipmentAttachments shipmentId={10005} office="backOffice" />);
    const link = await screen.findByRole('link', { name: 'POD-10005.pdf' });
    expect(link.getAttribute('href')).toBe('/files/Attachment?i=att_1&t=4');
    expect(screen.getByText('Attachments (2)')).toBeTruthy();
  });

  it('changes the access level and deletes after a confirmation, with the spec toasts', async () => {
    const set = list();
    const calls: string[] = [];
    server.use(
      http.post('*/api/files/changeAttachmentAccessLevel/10005/att_1/1', () => {
        calls.push('private');
        set([attachment({ accessLevel: 1 }), carrierBill]);
        return HttpResponse.json(attachment({ accessLevel: 1 }));
      }),
      http.delete('*/api/files/deletedocument/shipment/10005/att_2', () => {
        calls.push('delete');
        set([attachment({ accessLevel: 1 })]);
        return HttpResponse.json({
          attachmentId: 'att_2',
          deleted: true,
          purgeAfter: '2026-12-20T00:00:00.000Z',
        });
      }),
    );
    renderWithShell(<ShipmentAttachments shipmentId={10005} office="backOffice" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage attachments' }));
    const modal = await screen.findByRole('dialog');
    fireEvent.change(within(modal).getByLabelText('Access level of POD-10005.pdf'), {
      target: { value: '1' },
    });
    await waitFor(() => expect(calls).toEqual(['private']));
    await waitFor(() =>
      expect((within(modal).getByLabelText('Access level of POD-10005.pdf') as HTMLSelectElement).value).toBe(
        '1',
      ),
    );
    fireEvent.click(within(modal).getByRole('button', { name: 'Delete bill.gif' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await screen.findByText(messages.attachments.deleted);
    expect(calls).toEqual(['private', 'delete']);
    await waitFor(() => expect(within(modal).queryByText('bill.gif')).toBeNull());
  });

  it("shows the server's first message when a delete fails, and the spec text when it has none", async () => {
    list();
    server.use(
      http.delete('*/api/files/deletedocument/shipment/10005/att_1', () =>
        HttpResponse.json(
          { statusCode: 404, error: 'Not Found', message: 'Attachment att_1 was not found.' },
          { status: 404 },
        ),
      ),
      http.delete('*/api/files/deletedocument/shipment/10005/att_2', () =>
        HttpResponse.text('bad gateway', { status: 502 }),
      ),
      http.post('*/api/files/changeAttachmentAccessLevel/10005/att_1/1', () =>
        HttpResponse.text('', { status: 500 }),
      ),
    );
    renderWithShell(<ShipmentAttachments shipmentId={10005} office="backOffice" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage attachments' }));
    const modal = await screen.findByRole('dialog');
    fireEvent.click(within(modal).getByRole('button', { name: 'Delete POD-10005.pdf' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await screen.findByText('Attachment att_1 was not found.');
    fireEvent.click(within(modal).getByRole('button', { name: 'Delete bill.gif' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await screen.findByText(messages.attachments.deleteFailed);
    fireEvent.change(within(modal).getByLabelText('Access level of POD-10005.pdf'), {
      target: { value: '1' },
    });
    await screen.findByText(messages.attachments.accessLevelChangeFailed);
  });

  it("gives a customer the list without changes, and toasts 'Unable to get uploaded documents...' when it fails", async () => {
    list([attachment()]);
    const { unmount } = renderWithShell(<ShipmentAttachments shipmentId={10005} office="frontOffice" />);
    await screen.findByRole('link', { name: 'POD-10005.pdf' });
    expect(screen.queryByRole('button', { name: 'Manage attachments' })).toBeNull();
    expect(screen.queryByLabelText('Access level of POD-10005.pdf')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add a document' })).toBeTruthy();
    unmount();
    server.use(
      http.get('*/api/files/getattachments/10005/shipment', () => HttpResponse.text('', { status: 503 })),
    );
    renderWithShell(<ShipmentAttachments shipmentId={10005} office="frontOffice" />);
    expect(
      (await screen.findAllByText(messages.attachments.uploadedDocumentsLoadFailed)).length,
    ).toBeGreaterThan(0);
  });
});
