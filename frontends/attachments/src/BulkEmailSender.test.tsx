import '../test/setup.ts';
import { messages } from '@loadline/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw, staffMe } from '../../ui/test/msw.ts';
import { deliveryWarningsHandler, serviceWarnings } from '../test/fixtures.ts';
import type { DeliveryWarningsQuery } from './api/types.ts';
import BulkEmailSender, { STAFF_ONLY_TEXT } from './BulkEmailSender.tsx';
import { CHOOSE_DOCUMENTS } from './components/BulkEmailSenderModal/index.ts';

const server = setupMsw();

const me = (over: Partial<typeof staffMe> = {}) =>
  http.get('*/api/auth/me', () => HttpResponse.json({ ...staffMe, ...over }));

// The service's delivery warnings: none unless a test says otherwise.
beforeEach(() => server.use(deliveryWarningsHandler()));

async function open(shipmentIds?: number[]) {
  renderWithShell(<BulkEmailSender {...(shipmentIds ? { shipmentIds } : {})} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Bulk email' }));
  return screen.findByRole('dialog', { name: 'Bulk email' });
}

const badRequest = (text: string) =>
  HttpResponse.json(
    { statusCode: 400, error: 'Bad Request', message: text, errors: { 'model.invoiceIds': [text] } },
    { status: 400 },
  );

describe('BulkEmailSender (001 §2, §3 bulk email, §7, §8)', () => {
  it('is for broker staff only: a customer gets no button', async () => {
    server.use(me({ kind: 'customer', organizationType: 70 }));
    renderWithShell(<BulkEmailSender shipmentIds={[10008]} />);
    await screen.findByText(STAFF_ONLY_TEXT);
    expect(screen.queryByRole('button', { name: 'Bulk email' })).toBeNull();
  });

  it("shows the 'email required' modal to staff without an email address", async () => {
    server.use(me({ email: '' }));
    renderWithShell(<BulkEmailSender />);
    fireEvent.click(await screen.findByRole('button', { name: 'Bulk email' }));
    await screen.findByRole('dialog', { name: 'Email required' });
  });

  it('reads the shipments typed or pasted, split on commas, spaces and new lines, and says what is not an id', async () => {
    server.use(me());
    const modal = await open([10008]);
    const list = within(modal).getByLabelText('Shipments') as HTMLTextAreaElement;
    expect(list.value).toBe('10008');
    fireEvent.change(list, { target: { value: '10008, 10009 10018\n10019\n\n10008' } });
    expect(within(modal).getByText('4 shipments')).toBeTruthy();
    fireEvent.change(list, { target: { value: '10008, SHP-7 x' } });
    expect(within(modal).getByText('SHP-7, x are not shipment ids: a shipment id is a number.')).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'Send' }));
    expect(within(modal).getByRole('alert').textContent).toBe(
      'SHP-7, x are not shipment ids: a shipment id is a number.',
    );
  });

  it('sends the chosen documents to a custom address and shows the queued and skipped shipments', async () => {
    const calls: { url: string; body: unknown }[] = [];
    server.use(
      me(),
      http.post('*/api/documentsender/getBulkShipmentDocument', async ({ request }) => {
        calls.push({ url: request.url, body: await request.json() });
        return HttpResponse.json({
          queued: [{ shipmentId: 10009, messageId: 'msg_bulk_1' }],
          skipped: [{ shipmentId: 10001, reason: 'No documents to send.' }],
        });
      }),
    );
    const modal = await open([10009, 10001]);
    fireEvent.click(within(modal).getByRole('button', { name: 'Send' }));
    expect(within(modal).getByRole('alert').textContent).toBe(CHOOSE_DOCUMENTS);
    fireEvent.click(within(modal).getByLabelText('POD'));
    fireEvent.click(within(modal).getByLabelText('BOL'));
    fireEvent.click(within(modal).getByLabelText('BOL email'));
    fireEvent.change(within(modal).getByLabelText('Shipment type'), { target: { value: '4' } });
    const custom = within(modal).getByLabelText(/Custom recipient email/);
    fireEvent.change(custom, { target: { value: 'dock@acme' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Send' }));
    expect(within(modal).getByRole('alert').textContent).toBe('dock@acme is not a valid email address.');
    fireEvent.change(custom, { target: { value: 'dock@acme.test' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Send' }));
    const queued = await within(modal).findByRole('table', { name: 'Queued' });
    expect(within(queued).getByText('msg_bulk_1')).toBeTruthy();
    const skipped = within(modal).getByRole('table', { name: 'Skipped' });
    expect(within(skipped).getByText('No documents to send.')).toBeTruthy();
    expect(within(modal).getByText('Queued: 1 · Skipped: 1')).toBeTruthy();
    expect(within(modal).getByRole('status').textContent).toBe('2 of 2 shipments sent in 1 chunk.');
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]?.url ?? '').search).toBe('');
    expect(calls[0]?.body).toEqual({
      shipmentIds: [10009, 10001],
      documentTypes: ['BOLEmail'],
      attachments: [4, 5],
      filterByShipmentType: 4,
      customRecipientEmail: 'dock@acme.test',
      dismissedWarnings: [],
    });
  });

  it("adds ?invoice=true with the invoices, and warns before carrier documents go to the customers' users", async () => {
    const urls: string[] = [];
    const drafts: DeliveryWarningsQuery[] = [];
    server.use(
      me(),
      deliveryWarningsHandler(
        (draft) => (draft.attachmentTypes?.includes(7) ? [serviceWarnings.carrierDocuments] : []),
        drafts,
      ),
      http.post('*/api/documentsender/getBulkShipmentDocument', ({ request }) => {
        urls.push(request.url);
        return HttpResponse.json({ queued: [], skipped: [] });
      }),
    );
    const modal = await open([10008]);
    fireEvent.click(within(modal).getByLabelText('Carrier Bill'));
    await within(modal).findByText(serviceWarnings.carrierDocuments.message, {}, { timeout: 3000 });
    expect(drafts.at(-1)).toEqual({ documents: [], attachmentTypes: [7], toShipmentCustomers: true });
    const send = within(modal).getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.click(within(modal).getByRole('button', { name: 'Dismiss' }));
    fireEvent.click(within(modal).getByLabelText('Invoices'));
    fireEvent.click(within(modal).getByLabelText('Update invoice date'));
    await waitFor(() => expect(send.disabled).toBe(false));
    fireEvent.click(send);
    await within(modal).findByText('Queued: 0 · Skipped: 0');
    expect(new URL(urls[0] ?? '').searchParams.get('invoice')).toBe('true');
  });

  it('posts 120 invoices of an organization in chunks of 50, 50 and 20', async () => {
    const chunks: unknown[][] = [];
    server.use(
      me(),
      http.post('*/api/organization/invoiceNotification', async ({ request }) => {
        const body = (await request.json()) as { organizationId: string; invoiceIds: unknown[] };
        expect(body.organizationId).toBe('org_acme');
        chunks.push(body.invoiceIds);
        return HttpResponse.json({}, { status: 202 });
      }),
    );
    const modal = await open();
    fireEvent.click(within(modal).getByRole('tab', { name: 'Invoice notification' }));
    fireEvent.change(within(modal).getByLabelText('Organization id'), { target: { value: 'org_acme' } });
    const invoices = Array.from({ length: 120 }, (_, i) => `INV-${1001 + i}`);
    fireEvent.change(within(modal).getByLabelText('Invoices'), { target: { value: invoices.join('\n') } });
    expect(within(modal).getByText('120 invoices')).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'Send' }));
    expect((await within(modal).findByRole('status')).textContent).toBe(
      '120 of 120 invoices sent in 3 chunks.',
    );
    expect(chunks.map((c) => c.length)).toEqual([50, 50, 20]);
    expect(chunks.flat()).toEqual(invoices);
  });

  it("stops at the first failing chunk: says how many went and which failed, with the spec's text", async () => {
    const chunks: unknown[][] = [];
    server.use(
      me(),
      http.post('*/api/organization/invoiceNotification', async ({ request }) => {
        const body = (await request.json()) as { invoiceIds: unknown[] };
        chunks.push(body.invoiceIds);
        return chunks.length === 2
          ? badRequest('No email available. Contact not added')
          : HttpResponse.json({}, { status: 202 });
      }),
    );
    const modal = await open();
    fireEvent.click(within(modal).getByRole('tab', { name: 'Invoice notification' }));
    fireEvent.change(within(modal).getByLabelText('Organization id'), { target: { value: 'org_acme' } });
    const invoices = Array.from({ length: 120 }, (_, i) => String(1 + i));
    fireEvent.change(within(modal).getByLabelText('Invoices'), { target: { value: invoices.join(', ') } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Send' }));
    await screen.findByText(messages.email.documentsNotSent);
    expect(chunks.map((c) => c.length)).toEqual([50, 50]);
    expect(within(modal).getByRole('status').textContent).toBe(
      `50 of 120 invoices sent. Chunk 2 of 3 failed and the send stopped there: ${invoices.slice(50, 100).join(', ')}; the 20 after it were not sent either.`,
    );
    expect(within(modal).getByRole('alert').textContent).toBe('No email available. Contact not added');
  });
});
