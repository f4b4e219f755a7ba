import '../test/setup.ts';
import { messages } from '@loadline/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw } from '../../ui/test/msw.ts';
import { deliveryWarningsHandler, message, senderHandlers, serviceWarnings } from '../test/fixtures.ts';
import type { DeliveryWarningsQuery } from './api/types.ts';
import { QUEUED_TEXT } from './components/DocumentSenderModal/index.ts';
import DocumentSender from './DocumentSender.tsx';

const server = setupMsw();

async function open(office: 'backOffice' | 'frontOffice' = 'backOffice') {
  renderWithShell(<DocumentSender shipmentId={10005} office={office} />);
  fireEvent.click(screen.getByRole('button', { name: 'Send documents' }));
  const modal = await screen.findByRole('dialog', { name: /^Send documents/ });
  await within(modal).findByText('BOL email (BOL-10005.pdf)');
  return modal;
}

describe('DocumentSender (000 §2 item 12, 001 §5)', () => {
  it("shows the 'email required' modal to a user without an email address", async () => {
    server.use(...senderHandlers({ email: '' }));
    renderWithShell(<DocumentSender shipmentId={10005} office="backOffice" />);
    fireEvent.click(screen.getByRole('button', { name: 'Send documents' }));
    const modal = await screen.findByRole('dialog', { name: 'Email required' });
    expect(within(modal).getByRole('link', { name: 'Edit my email address' }).getAttribute('href')).toBe(
      '/back-office/lsp/broker-staff/edit/usr_1',
    );
  });

  it('needs a recipient, refuses a contact without email, then sends and shows the mail send status', async () => {
    const bodies: unknown[] = [];
    let sent = [] as ReturnType<typeof message>[];
    server.use(
      // before senderHandlers: msw takes the first matching handler
      http.get('*/api/documentsender/messages', () => HttpResponse.json(sent)),
      ...senderHandlers(),
      http.post('*/api/documentsender/sendshipmentdocuments', async ({ request }) => {
        bodies.push(await request.json());
        sent = [message({ status: 10, statusName: 'Ready To Send' })];
        return HttpResponse.json(sent[0], { status: 202 });
      }),
    );
    const modal = await open();
    fireEvent.click(within(modal).getByLabelText(/BOL email/));
    fireEvent.click(within(modal).getByRole('button', { name: 'Send' }));
    expect(within(modal).getByRole('alert').textContent).toBe(messages.email.recipientRequired);
    fireEvent.click(await within(modal).findByRole('button', { name: 'Add Old Line Freight dispatch' }));
    expect(within(modal).getByRole('alert').textContent).toBe(messages.email.contactWithoutEmail);
    fireEvent.click(within(modal).getByRole('button', { name: 'Add Sam Shipper' }));
    fireEvent.change(within(modal).getByLabelText('Email addresses'), {
      target: { value: 'dock@acme.test; ap@acme.test' },
    });
    fireEvent.click(within(modal).getByRole('checkbox', { name: 'Copy me' }));
    fireEvent.click(within(modal).getByRole('button', { name: 'Send' }));
    await screen.findByText(QUEUED_TEXT);
    expect(bodies[0]).toEqual({
      shipmentId: 10005,
      contactType: 0,
      recipients: ['shipper@acme.test', 'dock@acme.test', 'ap@acme.test'],
      cc: null,
      ccTrue: true,
      privateActivityLog: false,
      subject: 'Shipment 10005 documents',
      body: '',
      documents: ['BOLEmail'],
      attachmentIds: [],
      dismissedWarnings: [],
    });
    const table = await within(modal).findByRole('table', { name: 'Sent messages' });
    expect(within(table).getByText('Ready To Send')).toBeTruthy();
  });

  it('fills the subject and message from a custom email template, its placeholders left for the service', async () => {
    const bodies: { subject?: string; body?: string }[] = [];
    server.use(
      ...senderHandlers({
        customTemplates: [
          {
            templateNumber: 3,
            name: 'Delivery paperwork',
            subject: 'Paperwork for shipment {{shipmentId}}',
            body: 'The paperwork for {{shipmentId}} is attached.',
            updatedBy: 'Avery Admin',
            updatedAt: '2026-11-26T10:00:00Z',
          },
        ],
      }),
      http.post('*/api/documentsender/sendshipmentdocuments', async ({ request }) => {
        bodies.push((await request.json()) as { subject?: string; body?: string });
        return HttpResponse.json(message({ status: 10, statusName: 'Ready To Send' }), { status: 202 });
      }),
    );
    const modal = await open();
    const choice = await within(modal).findByLabelText('Custom email template');
    fireEvent.change(choice, { target: { value: '3' } });
    expect((within(modal).getByLabelText('Subject') as HTMLInputElement).value).toBe(
      'Paperwork for shipment {{shipmentId}}',
    );
    fireEvent.click(within(modal).getByLabelText(/BOL email/));
    fireEvent.change(within(modal).getByLabelText('Email addresses'), {
      target: { value: 'dock@acme.test' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Send' }));
    await screen.findByText(QUEUED_TEXT);
    expect(bodies[0]).toMatchObject({
      subject: 'Paperwork for shipment {{shipmentId}}',
      body: 'The paperwork for {{shipmentId}} is attached.',
    });
  });

  it('offers no template choice when the broker has written none', async () => {
    server.use(...senderHandlers());
    const modal = await open();
    expect(within(modal).queryByLabelText('Custom email template')).toBeNull();
  });

  it('shows the delivery warnings the service decides, to dismiss before sending (issue 14 item 14)', async () => {
    const drafts: DeliveryWarningsQuery[] = [];
    const bodies: { dismissedWarnings?: string[] }[] = [];
    server.use(
      // The service decides from who the address belongs to: a customer's, however it was entered.
      deliveryWarningsHandler(
        (draft) =>
          [draft.recipients].flat().includes('shipper@acme.test') &&
          draft.documents?.includes('CarrierConfirmationTruckload')
            ? [serviceWarnings.carrierConfirmation, serviceWarnings.carrierDocuments]
            : [],
        drafts,
      ),
      ...senderHandlers(),
      http.get('*/api/carrierCompliance/10005', () =>
        HttpResponse.json({ carrierConfirmationAvailable: true, message: null }),
      ),
      http.post('*/api/documentsender/sendshipmentdocuments', async ({ request }) => {
        bodies.push((await request.json()) as { dismissedWarnings?: string[] });
        return HttpResponse.json(message(), { status: 202 });
      }),
    );
    const modal = await open();
    fireEvent.click(within(modal).getByLabelText(/Carrier confirmation \(truckload\)/));
    await waitFor(() =>
      expect(
        (within(modal).getByLabelText(/Carrier confirmation \(truckload\)/) as HTMLInputElement).checked,
      ).toBe(true),
    );
    // Typed, not picked: the warning still comes.
    fireEvent.change(within(modal).getByLabelText('Email addresses'), {
      target: { value: 'shipper@acme.test' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Add' }));
    await within(modal).findByText(serviceWarnings.carrierConfirmation.message, {}, { timeout: 3000 });
    expect(within(modal).getByText(serviceWarnings.carrierDocuments.message)).toBeTruthy();
    expect(drafts.at(-1)).toMatchObject({
      shipmentId: 10005,
      recipients: ['shipper@acme.test'],
      documents: ['CarrierConfirmationTruckload'],
    });
    const send = within(modal).getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    for (const button of within(modal).getAllByRole('button', { name: 'Dismiss' })) fireEvent.click(button);
    await waitFor(() => expect(send.disabled).toBe(false));
    fireEvent.click(send);
    await screen.findByText(QUEUED_TEXT);
    expect(bodies[0]?.dismissedWarnings).toEqual(['carrierConfirmation', 'carrierDocuments']);
  });

  it('shows the warnings of a send the service refused (409) instead of failing it', async () => {
    server.use(
      ...senderHandlers(),
      http.post('*/api/documentsender/sendshipmentdocuments', () =>
        HttpResponse.json(
          {
            statusCode: 409,
            error: 'Conflict',
            message: serviceWarnings.carrierDocuments.message,
            errors: { 'warning.carrierDocuments': [serviceWarnings.carrierDocuments.message] },
          },
          { status: 409 },
        ),
      ),
    );
    const modal = await open();
    fireEvent.click(within(modal).getByLabelText(/BOL email/));
    fireEvent.change(within(modal).getByLabelText('Email addresses'), { target: { value: 'ap@acme.test' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Send' }));
    await within(modal).findByText(serviceWarnings.carrierDocuments.message);
    expect(screen.queryByText(messages.email.documentsNotSent)).toBeNull();
    // the warnings render before the send's busy state ends: Send stays disabled once it has
    await waitFor(() =>
      expect((within(modal).getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true),
    );
  });

  it('checks the copies with the multiple-emails rule before sending, beside the CC field (issue 14 item 13)', async () => {
    let posted = 0;
    server.use(
      ...senderHandlers(),
      http.post('*/api/documentsender/sendshipmentdocuments', () => {
        posted++;
        return HttpResponse.json(message(), { status: 202 });
      }),
    );
    const modal = await open();
    fireEvent.click(within(modal).getByLabelText(/BOL email/));
    fireEvent.change(within(modal).getByLabelText('Email addresses'), { target: { value: 'ap@acme.test' } });
    fireEvent.change(within(modal).getByLabelText('CC'), { target: { value: 'ok@acme.test, dock@acme' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Send' }));
    const cc = within(modal).getByLabelText('CC');
    await waitFor(() => expect(cc.getAttribute('aria-invalid')).toBe('true'));
    expect(within(modal).getByText('dock@acme is not a valid email address.')).toBeTruthy();
    expect(posted).toBe(0);
  });

  it('blocks the carrier confirmation of a carrier out of compliance, with the spec text', async () => {
    server.use(
      ...senderHandlers(),
      http.get('*/api/carrierCompliance/10005', () =>
        HttpResponse.json({
          carrierConfirmationAvailable: false,
          message: messages.carrier.confirmationSheetOutOfCompliance,
        }),
      ),
    );
    const modal = await open();
    fireEvent.click(within(modal).getByLabelText(/Carrier confirmation \(truckload\)/));
    expect((await within(modal).findByRole('alert')).textContent).toBe(
      messages.carrier.confirmationSheetOutOfCompliance,
    );
    expect(
      (within(modal).getByLabelText(/Carrier confirmation \(truckload\)/) as HTMLInputElement).checked,
    ).toBe(false);
  });

  it("says 'There was an error checking carrier compliance.' when the check fails", async () => {
    server.use(
      ...senderHandlers(),
      http.get('*/api/carrierCompliance/10005', () => HttpResponse.text('', { status: 503 })),
    );
    const modal = await open();
    fireEvent.click(within(modal).getByLabelText(/Carrier confirmation \(truckload\)/));
    await screen.findByText(messages.carrier.complianceCheckFailed);
  });

  it('faxes only the files a fax can carry; the front office has no copies', async () => {
    server.use(...senderHandlers());
    const modal = await open('frontOffice');
    expect(within(modal).queryByLabelText('CC')).toBeNull();
    fireEvent.click(within(modal).getByRole('tab', { name: 'Fax' }));
    expect((within(modal).getByLabelText(/bill\.gif/) as HTMLInputElement).disabled).toBe(true);
    expect((within(modal).getByLabelText(/POD-10005\.pdf/) as HTMLInputElement).disabled).toBe(false);
    fireEvent.change(within(modal).getByLabelText('Fax number'), { target: { value: '555-0101' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Add' }));
    expect(within(modal).getByRole('alert').textContent).toBe(
      '555-0101 is not a fax number: a fax number is a phone number of at least 10 characters, such as (555) 010-2001.',
    );
    // The usual way to write a fax number, spaces and all, is one number.
    fireEvent.change(within(modal).getByLabelText('Fax number'), { target: { value: '(555) 010-2001' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Add' }));
    expect(within(modal).getByText('(555) 010-2001')).toBeTruthy();
  });

  it("toasts 'Error. Documents not sent. Please try again' with the server's reasons", async () => {
    server.use(
      ...senderHandlers(),
      http.post('*/api/documentsender/sendshipmentdocuments', () =>
        HttpResponse.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'x',
            errors: { 'model.documents': ['Choose at least one document or attachment to send.'] },
          },
          { status: 400 },
        ),
      ),
    );
    const modal = await open();
    fireEvent.change(within(modal).getByLabelText('Email addresses'), {
      target: { value: 'dock@acme.test' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Send' }));
    await screen.findByText(messages.email.documentsNotSent);
    expect(within(modal).getByRole('alert').textContent).toBe(
      'Choose at least one document or attachment to send.',
    );
  });

  it("shows the service's message for a field beside that field, with the spec's toast", async () => {
    server.use(
      ...senderHandlers(),
      http.post('*/api/documentsender/sendshipmentdocuments', () =>
        HttpResponse.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'x',
            errors: { 'model.cc': ['dock@acme.test.invalid is not a valid email address.'] },
          },
          { status: 400 },
        ),
      ),
    );
    const modal = await open();
    fireEvent.click(within(modal).getByLabelText(/BOL email/));
    fireEvent.change(within(modal).getByLabelText('Email addresses'), { target: { value: 'ap@acme.test' } });
    fireEvent.change(within(modal).getByLabelText('CC'), { target: { value: 'dock@acme.test' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Send' }));
    await screen.findByText(messages.email.documentsNotSent);
    const cc = within(modal).getByLabelText('CC');
    expect(cc.getAttribute('aria-invalid')).toBe('true');
    expect(within(modal).getByText('dock@acme.test.invalid is not a valid email address.')).toBeTruthy();
  });
});
