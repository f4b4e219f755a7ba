// The unmatched email page (decisions 0071, 0076): each message shows the service's suggestion (type and
// shipment, each with its reason) filed in one click, 'Error. Unable to get suggestions.' (001 §8) when the
// call fails, and the documents that came with it, each attached to a shipment on its own.
import '../test/setup.ts';
import { messages } from '@loadline/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw } from '../../ui/test/msw.ts';
import type { InboundEmail } from './api/types.ts';
import InboundEmailPage, { INBOUND_TEXTS } from './InboundEmailPage.tsx';

const server = setupMsw();

const email = (id: string, subject: string, over: Record<string, unknown> = {}) => ({
  emailAutomationDetailId: id,
  status: 'Unmatched',
  type: 'Attachment',
  name: 'Dana Dispatch',
  fromAddress: 'dana@carrier.example',
  subject,
  body: `About ${subject}`,
  date: '2026-11-25T14:00:00.000Z',
  shipmentId: null,
  attachmentIds: [],
  ...over,
});

const document = (emailId: string, place: number, fileName: string) => ({
  documentId: `${emailId}.${place}`,
  emailAutomationDetailId: emailId,
  fileName,
  contentType: 'application/pdf',
  sizeBytes: 2048,
  name: 'Dana Dispatch',
  fromAddress: 'dana@carrier.example',
  subject: 'Paperwork',
  date: '2026-11-25T14:00:00.000Z',
});

describe('attachments/InboundEmailPage', () => {
  it('shows the suggested type and shipment with their reasons, and files the email in one click', async () => {
    const asked: unknown[] = [];
    const assigned: unknown[] = [];
    server.use(
      http.get('*/api/inboundemail', () => HttpResponse.json([email('ie_1', 'Load BOL for PRO SMCR155433')])),
      http.get('*/api/externaldocumentlist', () =>
        HttpResponse.json([document('ie_1', 0, 'BOL.pdf'), document('ie_1', 1, 'photo.jpg')]),
      ),
      http.post('*/api/emailai/getsuggestion', async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({
          emailAutomationType: 'Attachment',
          reason: 'It carries files.',
          shipmentId: 10008,
          shipmentReason: 'It names shipment 10008.',
        });
      }),
      http.put('*/api/inboundemail/:id/assign', async ({ request, params }) => {
        assigned.push([params.id, await request.json()]);
        return HttpResponse.json(email('ie_1', 'Load BOL', { status: 'Filed', shipmentId: 10008 }));
      }),
    );
    renderWithShell(<InboundEmailPage />);
    const suggestion = await screen.findByRole('group', { name: 'Suggestion' });
    expect(suggestion.textContent).toContain(`${INBOUND_TEXTS.suggested('Attachment')} It carries files.`);
    expect(suggestion.textContent).toContain(
      `${INBOUND_TEXTS.suggestedShipment(10008)} It names shipment 10008.`,
    );
    // The email as read: its subject, text, sender and the two files that came with it.
    expect(asked).toEqual([
      {
        subject: 'Load BOL for PRO SMCR155433',
        body: 'About Load BOL for PRO SMCR155433',
        fromAddress: 'dana@carrier.example',
        attachmentCount: 2,
      },
    ]);
    fireEvent.click(within(suggestion).getByRole('button', { name: INBOUND_TEXTS.applySuggestion(10008) }));
    expect(await screen.findByText(INBOUND_TEXTS.filed(10008))).toBeTruthy();
    expect(assigned).toEqual([['ie_1', { shipmentId: 10008 }]]);
    await waitFor(() => expect(screen.queryByRole('article')).toBeNull());
    expect(screen.getByText(INBOUND_TEXTS.none)).toBeTruthy();
  });

  it("says 'Error. Unable to get suggestions.' when the suggestion fails, and offers nothing to apply without a shipment", async () => {
    server.use(
      http.get('*/api/inboundemail', () =>
        HttpResponse.json([email('ie_1', 'First'), email('ie_2', 'Out of office', { type: 'Operations' })]),
      ),
      http.get('*/api/externaldocumentlist', () => HttpResponse.json([])),
      http.post('*/api/emailai/getsuggestion', async ({ request }) => {
        const body = (await request.json()) as { subject: string };
        if (body.subject === 'First') return new HttpResponse(null, { status: 500 });
        return HttpResponse.json({
          emailAutomationType: 'Other',
          reason: 'No person wrote it (an automatic reply or a delivery report).',
          shipmentId: null,
          shipmentReason: 'It names none of your shipments.',
        });
      }),
    );
    renderWithShell(<InboundEmailPage />);
    const first = await screen.findByRole('article', { name: 'First' });
    expect((await within(first).findByRole('alert')).textContent).toBe(messages.email.suggestionsFailed);
    expect(messages.email.suggestionsFailed).toBe('Error. Unable to get suggestions.');
    const second = screen.getByRole('article', { name: 'Out of office' });
    const suggestion = await within(second).findByRole('group', { name: 'Suggestion' });
    expect(suggestion.textContent).toContain(
      `${INBOUND_TEXTS.noShipmentSuggested} It names none of your shipments.`,
    );
    expect(within(suggestion).queryByRole('button')).toBeNull();
  });

  it('attaches a document that came by email to the shipment entered, and shows a refusal', async () => {
    const attached: unknown[] = [];
    let refuse = true;
    server.use(
      http.get('*/api/inboundemail', () => HttpResponse.json([email('ie_1', 'Paperwork')])),
      http.get('*/api/externaldocumentlist', () =>
        HttpResponse.json([
          document('ie_1', 0, 'BOL.pdf'),
          document('ie_1', 1, 'photo.jpg'),
          document('ie_9', 0, 'other-email.pdf'),
        ]),
      ),
      http.post('*/api/emailai/getsuggestion', () =>
        HttpResponse.json({
          emailAutomationType: 'Attachment',
          reason: 'It carries files.',
          shipmentId: null,
          shipmentReason: 'It names none of your shipments.',
        }),
      ),
      http.put('*/api/addexternaldocumenttoshipment/:documentId/:shipmentId', ({ params }) => {
        attached.push([params.documentId, params.shipmentId]);
        if (refuse) {
          refuse = false;
          return HttpResponse.json(
            { statusCode: 404, error: 'Not Found', message: 'Not found' },
            { status: 404 },
          );
        }
        return HttpResponse.json({
          documentId: params.documentId,
          attachmentId: 'att_ie_1_1',
          shipmentId: Number(params.shipmentId),
          fileName: 'BOL.pdf',
        });
      }),
    );
    renderWithShell(<InboundEmailPage />);
    const card = await screen.findByRole('article', { name: 'Paperwork' });
    const files = within(card).getByRole('table', { name: INBOUND_TEXTS.documents });
    // Only this email's files.
    expect(within(files).getByText('BOL.pdf')).toBeTruthy();
    expect(within(files).getByText('photo.jpg')).toBeTruthy();
    expect(within(files).getAllByText('2 KB')).toHaveLength(2);
    expect(within(files).queryByText('other-email.pdf')).toBeNull();
    const attach = within(files).getByRole('button', { name: 'Attach BOL.pdf to the shipment' });
    fireEvent.click(attach);
    expect((await within(card).findByRole('alert')).textContent).toBe(INBOUND_TEXTS.notANumber);
    expect(attached).toEqual([]);

    fireEvent.change(within(card).getByLabelText('Shipment'), { target: { value: '10008' } });
    fireEvent.click(attach);
    await waitFor(() => expect(within(card).getByRole('alert').textContent).toBe(INBOUND_TEXTS.attachFailed));
    fireEvent.click(attach);
    expect(await screen.findByText(INBOUND_TEXTS.attached('BOL.pdf', 10008))).toBeTruthy();
    await waitFor(() => expect(within(files).queryByText('BOL.pdf')).toBeNull());
    expect(within(files).getByText('photo.jpg')).toBeTruthy();
    expect(attached).toEqual([
      ['ie_1.0', '10008'],
      ['ie_1.0', '10008'],
    ]);
    // The email itself stays to be filed or dismissed.
    expect(screen.getByRole('article', { name: 'Paperwork' })).toBeTruthy();
  });
});

const inbound = (over: Partial<InboundEmail>): InboundEmail => ({
  emailAutomationDetailId: 'ie_1',
  status: 'Unmatched',
  type: 'Operations',
  name: 'Dock Office',
  fromAddress: 'dock@acme.test',
  subject: 'Paperwork',
  body: 'See the BOL attached.',
  date: '2026-11-25T14:00:00.000Z',
  shipmentId: null,
  attachmentIds: ['att_1'],
  ...over,
});

describe('attachments/InboundEmailPage: filing and dismissing', () => {
  it('files an email on a shipment and dismisses another; the service refusal shows on its card', async () => {
    const calls: unknown[] = [];
    server.use(
      http.get('*/api/externaldocumentlist', () => HttpResponse.json([])),
      http.post('*/api/emailai/getsuggestion', () =>
        HttpResponse.json({
          emailAutomationType: 'Operations',
          reason: 'It is about a load and carries no files.',
          shipmentId: null,
          shipmentReason: 'It names none of your shipments.',
        }),
      ),
      http.get('*/api/inboundemail', () =>
        HttpResponse.json([inbound({}), inbound({ emailAutomationDetailId: 'ie_2', subject: 'Newsletter' })]),
      ),
      http.put('*/api/inboundemail/:id/assign', async ({ params, request }) => {
        const body = (await request.json()) as { shipmentId: number };
        calls.push(['assign', params.id, body]);
        if (body.shipmentId === 99999)
          return HttpResponse.json(
            {
              statusCode: 400,
              error: 'Bad Request',
              message: 'x',
              errors: { 'model.shipmentId': ['No such shipment.'] },
            },
            { status: 400 },
          );
        return HttpResponse.json(inbound({ status: 'Filed', shipmentId: body.shipmentId }));
      }),
      http.put('*/api/inboundemail/:id/dismiss', ({ params }) => {
        calls.push(['dismiss', params.id]);
        return HttpResponse.json(inbound({ emailAutomationDetailId: 'ie_2', status: 'Dismissed' }));
      }),
    );
    renderWithShell(<InboundEmailPage />);
    const first = await screen.findByRole('article', { name: 'Paperwork' });
    expect(within(first).getByText(/Dock Office <dock@acme.test>.*1 file/)).toBeTruthy();
    fireEvent.change(within(first).getByLabelText('Shipment'), { target: { value: 'SHP' } });
    fireEvent.click(within(first).getByRole('button', { name: 'File on shipment' }));
    expect(within(first).getByRole('alert').textContent).toBe(INBOUND_TEXTS.notANumber);
    fireEvent.change(within(first).getByLabelText('Shipment'), { target: { value: '99999' } });
    fireEvent.click(within(first).getByRole('button', { name: 'File on shipment' }));
    expect((await within(first).findByRole('alert')).textContent).toBe('No such shipment.');
    fireEvent.change(within(first).getByLabelText('Shipment'), { target: { value: '10008' } });
    fireEvent.click(within(first).getByRole('button', { name: 'File on shipment' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Paperwork' })).toBeNull());

    const second = screen.getByRole('article', { name: 'Newsletter' });
    fireEvent.click(within(second).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText(INBOUND_TEXTS.none)).toBeTruthy();
    await act(async () => {});
    expect(calls).toEqual([
      ['assign', 'ie_1', { shipmentId: 99999 }],
      ['assign', 'ie_1', { shipmentId: 10008 }],
      ['dismiss', 'ie_2'],
    ]);
  });
});
