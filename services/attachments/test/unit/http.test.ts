// The attachments service's HTTP shape with every server stopped: who is calling comes first (401, 403 before
// the input is read), then what is sent (400 naming the field, 415 for an upload that is not a form). The
// checks a use case makes before it reads anything (the source type, the access level, the chunk of
// invoices, the bulk sender's addresses) answer here too. Built offline: no PostgreSQL, NATS, Redis or SMTP.
import { buildService, demoCallers, type TestService } from '@loadline/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AttachmentsAdapters,
  type AttachmentsSettings,
  type AttachmentsTables,
  attachmentsService,
} from '../../src/service.ts';

let t: TestService<AttachmentsTables, AttachmentsSettings, AttachmentsAdapters>;
beforeAll(async () => {
  t = await buildService(attachmentsService, {
    offline: true,
    settings: { dataDir: '/nonexistent/attachments-offline', smtpUrl: 'smtp://127.0.0.1:9' },
  });
});
afterAll(async () => t?.cleanup());

const inject = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  who?: object,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { ...(who ? t.as(who) : {}), ...headers },
    ...(payload ? { payload } : {}),
  });

describe('the attachments service’s HTTP shape, no server running', () => {
  it('answers 401 without a signed identity, on every door', async () => {
    for (const [method, url] of [
      ['POST', '/api/files/fileUpload'],
      ['GET', '/api/files/getattachments/10008/shipment'],
      ['DELETE', '/api/files/deletedocument/shipment/10008/att_1'],
      ['POST', '/api/files/changeAttachmentAccessLevel/10008/att_1/1'],
      ['GET', '/api/invoicedelivery/attachmentcount/10008'],
      ['GET', '/files/Attachment?i=att_1'],
      ['GET', '/Files/Download?s=10008&t=1'],
      ['GET', '/Files/Print?s=10008&t=BOL'],
      ['GET', '/Files/AutoPrint?s=10008&t=BOL'],
      ['POST', '/api/documentsender/sendshipmentdocuments'],
      ['POST', '/api/documentsender/senddocuments'],
      ['POST', '/api/documentsender/deliverywarnings'],
      ['GET', '/api/documentsender/getavailabledocumentsforshipment/10008'],
      ['GET', '/api/documentsender/contacts'],
      ['GET', '/api/documentsender/messages?shipmentId=10008'],
      ['GET', '/api/documentsender/messages/msg_1'],
      ['POST', '/api/documentsender/getBulkShipmentDocument'],
      ['POST', '/api/organization/invoiceNotification'],
    ] as const) {
      const res = await inject(method, url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe('Please log in to continue.');
    }
  });

  it('answers 403 to a customer on a staff door before reading its input', async () => {
    for (const [method, url] of [
      ['DELETE', '/api/files/deletedocument/shipment/10008/att_1'],
      ['POST', '/api/files/changeAttachmentAccessLevel/10008/att_1/nonsense'],
      ['POST', '/api/documentsender/getBulkShipmentDocument'],
      ['POST', '/api/organization/invoiceNotification'],
    ] as const) {
      const res = await inject(method, url, demoCallers.shipper, { nonsense: true });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('answers 415 to an upload that is not multipart/form-data', async () => {
    const res = await inject('POST', '/api/files/fileUpload', demoCallers.ops, { file: 'x' });
    expect(res.statusCode).toBe(415);
  });

  it('refuses an unknown source type and access level, naming the field', async () => {
    const list = await inject('GET', '/api/files/getattachments/10008/spaceship', demoCallers.ops);
    expect(list.statusCode).toBe(400);
    expect(Object.keys(list.json().errors)).toEqual(['model.sourceType']);
    const level = await inject(
      'POST',
      '/api/files/changeAttachmentAccessLevel/10008/att_1/7',
      demoCallers.ops,
    );
    expect(level.statusCode).toBe(400);
    expect(Object.keys(level.json().errors)).toHaveLength(1);
  });

  it('refuses a bad send body naming each field, and a shipment send without its shipment', async () => {
    const bad = await inject('POST', '/api/documentsender/senddocuments', demoCallers.ops, {
      recipients: 42,
      documents: 'BOL',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['model.documents', 'model.recipients']);
    const noShipment = await inject('POST', '/api/documentsender/sendshipmentdocuments', demoCallers.ops, {
      recipients: ['shipper@acme.test'],
      documents: ['BOL'],
    });
    expect(noShipment.statusCode).toBe(400);
    expect(noShipment.json().errors).toEqual({ 'model.shipmentId': ['shipmentId is required.'] });
  });

  it('sends invoice notifications in chunks of at most 50, and checks the bulk sender’s addresses first', async () => {
    const chunk = await inject('POST', '/api/organization/invoiceNotification', demoCallers.ops, {
      organizationId: 'org_demo_acme',
      invoiceIds: Array.from({ length: 51 }, (_, i) => `inv_${i}`),
    });
    expect(chunk.statusCode).toBe(400);
    expect(Object.keys(chunk.json().errors)).toEqual(['model.invoiceIds']);
    const bulk = await inject('POST', '/api/documentsender/getBulkShipmentDocument', demoCallers.ops, {
      shipmentIds: [10008],
      customRecipientEmail: 'not an address',
    });
    expect(bulk.statusCode).toBe(400);
    expect(Object.keys(bulk.json().errors)).toEqual(['model.customRecipientEmail']);
  });
});
