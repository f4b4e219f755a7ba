// Test data in the shapes of the generated contract (contracts/types/attachments.ts).
import { HttpResponse, http } from 'msw';
import { staffMe } from '../../ui/test/msw.ts';
import type {
  Attachment,
  AvailableDocuments,
  Contact,
  DeliveryWarning,
  DeliveryWarningsQuery,
  OutgoingMessage,
} from '../src/api/types.ts';

export function attachment(over: Partial<Attachment> = {}): Attachment {
  return {
    attachmentId: 'att_1',
    attachmentType: 4,
    attachmentTypeCode: 'POD',
    attachmentTypeName: 'POD',
    accessLevel: 0,
    fileName: 'POD-10005.pdf',
    title: null,
    contentType: 'application/pdf',
    sizeBytes: 48_213,
    sourceType: 'shipment',
    sourceId: '10005',
    shipmentId: 10005,
    uploadedBy: 'Omar Operations',
    createdDate: '2026-11-20T14:05:00.000Z',
    isExternalAttachment: false,
    ...over,
  };
}

export const carrierBill = attachment({
  attachmentId: 'att_2',
  attachmentType: 7,
  attachmentTypeCode: 'CarrierBill',
  attachmentTypeName: 'Carrier Bill',
  accessLevel: 1,
  fileName: 'bill.gif',
  contentType: 'image/gif',
});

export function available(over: Partial<AvailableDocuments> = {}): AvailableDocuments {
  return {
    shipmentId: 10005,
    documents: [
      { document: 'BOLEmail', name: 'BOL email', fileName: 'BOL-10005.pdf', audience: 'customer' },
      {
        document: 'CarrierConfirmationTruckload',
        name: 'Carrier confirmation (truckload)',
        fileName: 'Carrier-Confirmation-10005.pdf',
        audience: 'carrier',
      },
    ],
    attachments: [attachment(), carrierBill],
    ...over,
  };
}

export const contactsList: Contact[] = [
  {
    contactId: 'usr_demo_shipper',
    name: 'Sam Shipper',
    email: 'shipper@acme.test',
    fax: null,
    kind: 'customer',
    organizationName: 'Acme Manufacturing',
  },
  {
    contactId: 'carrier:10005',
    name: 'Old Line Freight dispatch',
    email: null,
    fax: null,
    kind: 'carrier',
    organizationName: 'Old Line Freight',
  },
  {
    contactId: 'carrier:x',
    name: 'Pat Dispatcher',
    email: 'dispatch@oldline.test',
    fax: null,
    kind: 'carrier',
    organizationName: 'Old Line Freight',
  },
];

export function message(over: Partial<OutgoingMessage> = {}): OutgoingMessage {
  return {
    messageId: 'msg_1',
    messageType: 0,
    shipmentId: 10005,
    organizationId: null,
    recipients: ['shipper@acme.test'],
    cc: [],
    bcc: [],
    subject: 'Shipment 10005 documents',
    documents: ['BOLEmail'],
    attachmentIds: [],
    status: 90,
    statusName: 'Success',
    attempts: 1,
    lastError: null,
    sentBy: 'Ana Diaz',
    createdDate: '2026-11-20T15:00:00.000Z',
    sentDate: '2026-11-20T15:00:02.000Z',
    ...over,
  };
}

/** The document sender's calls with a staff user and shipment 10005. */
/** The service's delivery warnings (001 §5), as it words them. */
export const serviceWarnings = {
  carrierConfirmation: {
    code: 'carrierConfirmation',
    message: 'A carrier confirmation usually goes only to the carrier. Some recipients are not the carrier.',
  },
  carrierDocuments: {
    code: 'carrierDocuments',
    message: 'Carrier documents must not go to customers. A recipient is a customer.',
  },
} as const;

/** POST /api/documentsender/deliverywarnings answering what `decide` says for the draft it is sent. */
export const deliveryWarningsHandler = (
  decide: (draft: DeliveryWarningsQuery) => DeliveryWarning[] = () => [],
  seen: DeliveryWarningsQuery[] = [],
) =>
  http.post('*/api/documentsender/deliverywarnings', async ({ request }) => {
    const draft = (await request.json()) as DeliveryWarningsQuery;
    seen.push(draft);
    return HttpResponse.json({ warnings: decide(draft) });
  });

export function senderHandlers(
  options: { sent?: OutgoingMessage[]; email?: string; customTemplates?: unknown[] } = {},
) {
  return [
    http.get('*/api/contenttemplates/custom', () => HttpResponse.json(options.customTemplates ?? [])),
    deliveryWarningsHandler(),
    http.get('*/api/auth/me', () => HttpResponse.json({ ...staffMe, email: options.email ?? staffMe.email })),
    http.get('*/api/documentsender/getavailabledocumentsforshipment/10005', () =>
      HttpResponse.json(available()),
    ),
    http.get('*/api/documentsender/contacts', ({ request }) => {
      const q = new URL(request.url).searchParams.get('query')?.toLowerCase() ?? '';
      return HttpResponse.json(contactsList.filter((c) => c.name.toLowerCase().includes(q)));
    }),
    http.get('*/api/documentsender/messages', () => HttpResponse.json(options.sent ?? [])),
  ];
}
