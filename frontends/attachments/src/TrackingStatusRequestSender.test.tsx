// The tracking status request sender (001 §2, §7, §8; decision 0072): what it sends, what it shows of the
// service's answers, and the unsaved-changes guard. (The unmatched email page's tests: InboundEmailPage.test.tsx.)
import '../test/setup.ts';
import { messages } from '@loadline/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw } from '../../ui/test/msw.ts';
import type { TrackingSplit } from './api/types.ts';
import TrackingStatusRequestSender, { TRACKING_REQUEST_TEXTS } from './TrackingStatusRequestSender.tsx';

const server = setupMsw();

const split: TrackingSplit = {
  withCarrierEmail: [
    {
      carrierMasterId: 'cm_oldline',
      carrierName: 'Old Line Freight',
      email: 'dispatch@oldline.example',
      shipments: [
        { shipmentId: 10005, proNumber: 'OLF-5' },
        { shipmentId: 10006, proNumber: null },
      ],
    },
    {
      carrierMasterId: 'cm_prairie',
      carrierName: 'Prairie Express',
      email: 'ops@prairie-express.example',
      shipments: [{ shipmentId: 10007, proNumber: 'PX-7' }],
    },
  ],
  withoutCarrierEmail: [{ shipmentId: 10009, carrierMasterId: null, carrierName: null, proNumber: null }],
  notTruckload: [10008],
};
const template = {
  contentTemplateType: 317,
  subject: 'Tracking status request: shipments {{shipmentIds}}',
  body: 'Hello {{carrierName}},\n{{shipments}}',
};

function handlers(sent: unknown[], asked: unknown[] = []) {
  return [
    http.post('*/api/truckloadTrackingStatusRequest', async ({ request }) => {
      asked.push(await request.json());
      return HttpResponse.json(split);
    }),
    http.get('*/api/contentTemplates/emailTruckloadShipmentTrackingStatusUpdate', () =>
      HttpResponse.json(template),
    ),
    // The sent request, followed: it has gone.
    http.get('*/api/documentsender/messages', () =>
      HttpResponse.json([
        {
          messageId: 'msg_0',
          messageType: 0,
          shipmentId: 10005,
          organizationId: null,
          recipients: ['dispatch@oldline.example'],
          cc: [],
          bcc: [],
          subject: 'x',
          documents: [],
          attachmentIds: [],
          status: 90,
          statusName: 'Success',
          attempts: 1,
          lastError: null,
          sentBy: 'Omar Operations',
          createdDate: '2026-11-26T10:00:00.000Z',
          sentDate: '2026-11-26T10:00:01.000Z',
        },
      ]),
    ),
    http.post('*/api/shipmentmanagement/emailTrackingStatusRequest', async ({ request }) => {
      const body = (await request.json()) as { emails: { email: string; shipmentIds: number[] }[] };
      sent.push(body);
      return HttpResponse.json(
        body.emails.map((e, i) => ({
          messageId: `msg_${i}`,
          recipients: [e.email],
          subject: 'x',
          status: 10,
          statusName: 'Ready To Send',
          shipmentIds: e.shipmentIds,
        })),
        { status: 201 },
      );
    }),
  ];
}

const ids = [10005, 10006, 10007, 10008, 10009];

describe('attachments/TrackingStatusRequestSender', () => {
  it('splits the shipments by carrier email and sends one request per chosen carrier with the template', async () => {
    const sent: unknown[] = [];
    const asked: unknown[] = [];
    server.use(...handlers(sent, asked));
    renderWithShell(<TrackingStatusRequestSender shipmentIds={ids} defaultOpened />);
    const dialog = await screen.findByRole('dialog', { name: TRACKING_REQUEST_TEXTS.title });
    const withEmail = await within(dialog).findByRole('table', { name: 'With carrier email' });
    expect(asked).toEqual([{ shipmentIds: ids }]);
    expect(within(withEmail).getByText('10005 (PRO OLF-5), 10006')).toBeTruthy();
    const without = within(dialog).getByRole('table', { name: 'Without carrier email' });
    expect(within(without).getByText('No Carrier')).toBeTruthy();
    expect(within(dialog).getByText(TRACKING_REQUEST_TEXTS.notTruckload([10008]))).toBeTruthy();
    expect((within(dialog).getByLabelText('Subject') as HTMLInputElement).value).toBe(template.subject);

    // Prairie left out; the subject edited.
    fireEvent.click(within(dialog).getByLabelText('Send to Prairie Express'));
    fireEvent.change(within(dialog).getByLabelText('Subject'), {
      target: { value: 'Where are loads {{shipmentIds}}?' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send 1 request' }));
    const sentTable = await within(dialog).findByRole('table', { name: 'Sent tracking status requests' });
    expect(await within(sentTable).findByText('Success')).toBeTruthy();
    expect(sent).toEqual([
      {
        emails: [
          {
            email: 'dispatch@oldline.example',
            shipmentIds: [10005, 10006],
            subject: 'Where are loads {{shipmentIds}}?',
            body: template.body,
          },
        ],
      },
    ]);
  });

  it("says 'Content template for tracking status request was not found.' and sends nothing (001 §8)", async () => {
    server.use(
      http.get('*/api/contentTemplates/emailTruckloadShipmentTrackingStatusUpdate', () =>
        HttpResponse.json(
          { statusCode: 404, error: 'Not Found', message: messages.email.trackingStatusTemplateMissing },
          { status: 404 },
        ),
      ),
      ...handlers([]),
    );
    renderWithShell(<TrackingStatusRequestSender shipmentIds={[10005]} defaultOpened />);
    const dialog = await screen.findByRole('dialog', { name: TRACKING_REQUEST_TEXTS.title });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      messages.email.trackingStatusTemplateMissing,
    );
    expect(within(dialog).queryByRole('button', { name: /^Send/ })).toBeNull();
  });

  it('asks before an edited request is discarded (000 §8)', async () => {
    server.use(...handlers([]));
    renderWithShell(<TrackingStatusRequestSender shipmentIds={[10005]} defaultOpened />);
    const dialog = await screen.findByRole('dialog', { name: TRACKING_REQUEST_TEXTS.title });
    fireEvent.change(await within(dialog).findByLabelText('Subject'), { target: { value: 'Where?' } });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await screen.findByRole('dialog', { name: messages.dialogs.unsavedChanges.title });
    fireEvent.click(screen.getByRole('button', { name: messages.dialogs.unsavedChanges.confirm }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: TRACKING_REQUEST_TEXTS.title })).toBeNull(),
    );
  });
});
